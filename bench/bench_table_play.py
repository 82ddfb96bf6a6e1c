"""A real table's tournament games through the app's session (issue 15): what reporting costs
the app's main loop, and the time from a game's end to this tablet's standings.

One table of a 4-player round robin played in the app's ``GameSession`` (no window), a host in
a thread, a real Mosquitto on loopback. Each game is played to its end by commands (both keep
their hands; the first player's six bases fall); the last command's ``command()`` call includes
the game-over hook: the outbox written with fsync and the result handed to paho. Then the
session's clock-driven ``poll`` runs until the host's standings carry the result.

Run: .venv/bin/python bench/bench_table_play.py [GAMES]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("KIVY_NO_ARGS", "1")  # the session imports Kivy's clock: no log, no args
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from companion_app.saves.store import CommandStore  # noqa: E402
from companion_app.session.game_session import GameSession  # noqa: E402
from companion_app.tournament.host import Host, HostConfig  # noqa: E402
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto  # noqa: E402
from companion_app.tournament_play.table_play import TablePlay, tournament_folder  # noqa: E402
from engine.tournament import Tournament  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from hardware.registry import TagRegistry  # noqa: E402


def measure(games: int) -> None:
    with tempfile.TemporaryDirectory(prefix="altar-bench-table-play-") as tmp:
        work = Path(tmp)
        broker = Mosquitto(work / "broker")
        broker.start()
        try:
            # One table for every match: the table always has a game due.
            t = Tournament.round_robin(("Ann", "Bo", "Cy", "Di"), tables=1)
            cfg = HostConfig.create(work / "host", t, tid="bench")
            host = Host(work / "host", cfg, ("127.0.0.1", broker.port))
            threading.Thread(target=lambda: host.run(timeout=600), daemon=True).start()
            s = GameSession(
                CommandStore(str(work / "g.sqlite")), lambda _k: TagRegistry(":memory:")
            )
            play = TablePlay.join(
                s, tournament_folder(s), cfg.join_code(0), f"127.0.0.1:{broker.port}"
            )
            last_cmd_ms, poll_ms, to_standings_ms = [], [], []
            played = 0
            while played < games:
                deadline = time.monotonic() + 20
                while play.next_slot() is None:
                    if time.monotonic() > deadline:
                        raise SystemExit("no game came due at the table")
                    play.poll()
                    time.sleep(0.005)
                slot = play.play_next()
                for seat in (0, 1):
                    assert s.command(za.KeepHand(seat))
                for base in range(5):
                    assert s.command(s.adapter.toggle_action(s.game, 0, f"base:{base}"))
                start = time.perf_counter()
                assert s.command(s.adapter.toggle_action(s.game, 0, "base:5"))  # the end
                ended = time.perf_counter()
                last_cmd_ms.append((ended - start) * 1000)
                assert play.reports == played + 1
                while (slot.match, slot.game) not in (play.tournament() or t).results:
                    p0 = time.perf_counter()
                    play.poll()
                    poll_ms.append((time.perf_counter() - p0) * 1000)
                    time.sleep(0.002)
                to_standings_ms.append((time.perf_counter() - ended) * 1000)
                played += 1
                if not play.next_slot() and play.tournament() and play.tournament().finished:
                    break
            play.stop()
        finally:
            broker.stop()

    def p(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))]

    print(f"games reported through the session: {len(last_cmd_ms)}")
    print(
        f"the game's last command, hook and outbox fsync included: "
        f"median {statistics.median(last_cmd_ms):.1f} ms, p95 {p(last_cmd_ms, 0.95):.1f} ms"
    )
    print(
        f"one poll on the app's clock (never waits): median {statistics.median(poll_ms):.3f} ms, "
        f"max {max(poll_ms):.2f} ms over {len(poll_ms)} polls"
    )
    print(
        f"game's end to this tablet's standings: median "
        f"{statistics.median(to_standings_ms):.1f} ms, p95 {p(to_standings_ms, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    if find_mosquitto() is None:
        print(INSTALL_HINT)
        sys.exit(0)
    measure(int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 12)
