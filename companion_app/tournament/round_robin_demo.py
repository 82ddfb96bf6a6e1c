"""`altar demo --tournament`: a whole 4-player round robin across four simulated tables, each its
own process, against a real Mosquitto on loopback; prints the pairings and the standings."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
from companion_app.tournament.simulate import PLAYERS, run
from companion_app.tournament.view import pairings_text
from engine.tournament import GameResult, Tournament


def main(seed: int = 1) -> int:
    if find_mosquitto() is None:
        print(INSTALL_HINT)
        return 1
    print(f"Draft and round robin for {', '.join(PLAYERS)}: four tables, one broker, one host.")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="altar-tournament-") as tmp:
        result = run(Path(tmp), seed=seed, timeout=300)
    took = time.monotonic() - started
    t = Tournament.round_robin(PLAYERS, tables=4)
    for body in result.host_log:
        t.record(body["match"], body["game"], GameResult(body["winner"], body["reason"]))
    print()
    print(pairings_text(t))
    print()
    print(result.standings_text)
    agree = len({repr(v) for v in result.tables}) == 1 and result.tables[0] is not None
    print()
    print(
        f"{len(result.host_log)} games in {took:.1f} s; "
        + ("all four tablets show these standings" if agree else "the tablets DISAGREE")
    )
    return 0 if agree else 1
