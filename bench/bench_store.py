"""The command store's two costs a long game feels: one append (the SQLite commit the app makes
before every command is shown), and opening the file at start-up (quick_check, and the engine's
replay check of the game it offers to resume).

    .venv/bin/python bench/bench_store.py [--runs 5]

Append: the median per-append time of ``runs`` runs of 300 appends into a game that already
has 100, 10,000 or 50,000 commands, with synchronous=OFF so the query is timed, not the disk,
and then with the store's own synchronous=FULL (an fsync per command: the disk's number).
Target (issue 13): the same cost at command 50,000 as at command 100; met when the ratio is
at most 1.5.
Start-up: ``open_store`` on a file with a finished 50,000-command game and an unfinished real
Zeal game, with and without the Zeal replay check. No DESIGN.md target: printed for the
record beside the app's cold start (bench_app.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion_app.saves.game_record import setup_record  # noqa: E402
from companion_app.saves.replay_check import replay_check  # noqa: E402
from companion_app.saves.store import CommandStore, open_store  # noqa: E402
from engine.zeal import ZealGame  # noqa: E402
from engine.zeal import actions as za  # noqa: E402
from engine.zeal.cards import sample_catalog  # noqa: E402
from engine.zeal.kind import KIND as ZEAL_KIND  # noqa: E402
from engine.zeal.randomplay import choose, random_setup  # noqa: E402

PASS = json.dumps({"type": "Pass", "player": 0})
RATIO_TARGET = 1.5


def _fill(store: CommandStore, game_id: int, n: int) -> None:
    db = store._db
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO commands VALUES (?, ?, ?, 0.0)", [(game_id, i, PASS) for i in range(n)]
    )
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def per_append_ms(before: int, synchronous: str, runs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        store = CommandStore(os.path.join(folder, "games.sqlite"))
        store._db.execute(f"PRAGMA synchronous={synchronous}")
        game_id = store.new_game("zeal", {})
        _fill(store, game_id, before)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            for _ in range(300):
                store.append(game_id, {"type": "Pass", "player": 0})
            times.append((time.perf_counter() - start) / 300 * 1000)
            for _ in range(300):
                store.remove_last(game_id)
        store.close()
    return statistics.median(times)


def start_up_ms(runs: int) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.sqlite")
        store = CommandStore(path)
        store._db.execute("PRAGMA synchronous=OFF")
        old = store.new_game("zeal", {})
        _fill(store, old, 50_000)
        store.finish(old)
        setup = random_setup(5)
        game = ZealGame(setup)
        rnd = random.Random(5)
        game_id = store.new_game("zeal", setup_record(ZEAL_KIND, setup, (0, 1)))
        while not game.is_over() and len(game.history) < 400:
            action = choose(rnd, list(game.legal_actions()))
            game.apply(action)
            store.append(game_id, za.to_dict(action))
        store.close()
        plain, checked = [], []
        for _ in range(runs):
            for check, out in (
                (None, plain),
                (replay_check(lambda _kind: sample_catalog()), checked),
            ):
                start = time.perf_counter()
                opened, recovery = open_store(path, check)
                out.append((time.perf_counter() - start) * 1000)
                assert recovery is None
                opened.close()
    return statistics.median(plain), statistics.median(checked), len(game.history)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    for synchronous in ("OFF", "FULL"):
        at = {n: per_append_ms(n, synchronous, runs) for n in (100, 10_000, 50_000)}
        ratio = at[50_000] / at[100]
        verdict = "met" if ratio <= RATIO_TARGET else "not met"
        print(
            f"append, synchronous={synchronous}: "
            + ", ".join(f"{ms:.3f} ms at {n:,}" for n, ms in at.items())
            + f"; 50,000 / 100 = {ratio:.2f} (target <= {RATIO_TARGET}: {verdict})"
        )
    plain, checked, moves = start_up_ms(runs)
    print(
        f"open_store, 50,000-command finished game + {moves}-command game to resume: "
        f"{plain:.0f} ms (quick_check), {checked:.0f} ms with the Zeal replay check"
    )


if __name__ == "__main__":
    main()
