"""A store's Swiss event over MQTT (issue 39): the time from a round's last result to every
table holding the next round's pairings, and the host's CPU per result, at 8, 32 and 64 tables
(16, 64 and 128 players, every Swiss round: 4, 6 and 7), on one Mosquitto; then the 64 tables
split between two Mosquittos bridged as two stores' would be.

Everything runs in one process (companion_app/tournament/swiss_simulate.py): the Swiss host and
every table with its own paho client, seeded coins for players. So the tables' own work (each
reads and checks every state the host signs) competes with the host for one interpreter: on
real tablets each has its own CPU, and the times here are upper bounds. The host's CPU is its
loop's thread (signature checks, the log with fsync, the pairing, signing every state); the
pairing alone (networkx's maximum-weight matching over every pair) is timed apart.

Run: .venv/bin/python bench/bench_swiss.py [TABLES ...]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto  # noqa: E402
from companion_app.tournament.swiss_pairing import max_weight_pairs  # noqa: E402
from companion_app.tournament.swiss_simulate import coin, names, run_event  # noqa: E402
from engine.tournament import SwissEvent  # noqa: E402

SEED = 39


def pairing_cpu(players: int, tables: int) -> list[float]:
    """CPU seconds of each round's pairing, the event played offline with the same coins."""
    t = SwissEvent.create(names(players), tables=tables, seed=SEED)
    out = []
    while not t.finished:
        if t.next_round_due:
            start = time.process_time()
            t.pair_next(max_weight_pairs)
            out.append(time.process_time() - start)
        for slot in t.pending():
            t.record(slot.match, slot.game, coin(slot))
    return out


def measure(tables: int, *, bridged: bool) -> None:
    players = 2 * tables
    with tempfile.TemporaryDirectory(prefix="altar-bench-swiss-") as tmp:
        o = run_event(Path(tmp), players=players, tables=tables, seed=SEED, bridged=bridged)
    how = "two bridged Mosquittos" if bridged else "one Mosquitto"
    if not o.finished or o.errors:
        print(f"{tables} tables on {how}: did not finish: {o.errors}")
        return
    waits = sorted(o.next_pairing.values())
    pair = pairing_cpu(players, tables)
    rounds = len(pair) + 1
    print(
        f"{players} players, {tables} tables, {rounds} rounds, on {how}: {o.results} results "
        f"in {o.elapsed:.1f} s (duplicates the host ignored: {o.duplicates})"
    )
    print(
        f"  a round's last result -> every table's next pairing: median {statistics.median(waits):.2f} s,"
        f" max {waits[-1]:.2f} s  (rounds 2-{rounds})"
    )
    per = o.host_cpu / o.results * 1000
    rest = (o.host_cpu - sum(pair)) / o.results * 1000
    print(
        f"  host CPU per result: {per:.2f} ms with the pairings, {rest:.2f} ms without; "
        f"pairing a round: median {statistics.median(pair) * 1000:.0f} ms CPU"
    )


def main() -> int:
    if find_mosquitto() is None:
        print(INSTALL_HINT)
        return 1
    sizes = [int(a) for a in sys.argv[1:]] or [8, 32, 64]
    print("(target: none in DESIGN.md; a store reads the next pairing within seconds)")
    for tables in sizes:
        measure(tables, bridged=False)
    measure(max(sizes), bridged=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
