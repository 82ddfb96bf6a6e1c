"""A flooding table's login while the other tables finish (issue 35): their time beside a clean
run's, on the tournament's own closed broker (a real Mosquitto on loopback).

A 4-player round robin (6 matches, best of two; each game takes the bench's players 0.2 s) on
7 tables: the matches fall on tables 1-6,
and table 7's login (its code's broker password: what a stolen code gives) has no game to
play. In the flood runs a separate process logs in as table 7 and publishes junk on its own
result topic as fast as it can (QoS 0, bounded in count and time), from before the tables start
until they finish. A seeded coin picks each winner. Note: the flooder, the broker, the host and
the tables share this machine's cores; at a store the flooder's own CPU is elsewhere.
Clean and flood runs alternate; the medians are compared. Target: the tables' time under the
flood within 10 % of the clean run's (issue 35; before it, a 32,000 messages/s flood held a
4.8 s tournament to 34 s).

Run: .venv/bin/python bench/bench_flood.py [ROUNDS]   (default 3 of each)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament_tables import play_at_tables  # noqa: E402
from companion_app.tournament import codes, topics  # noqa: E402
from companion_app.tournament.host import HostConfig  # noqa: E402
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto  # noqa: E402
from engine.tournament import GameResult, GameSlot, Tournament, tournament_from_dict  # noqa: E402

PLAYERS = ("Ann", "Bo", "Cy", "Di")
TABLES = 7  # the 6 matches use tables 1-6; table 7 only floods
FLOOD_MAX = 3_000_000  # messages at most, per flood run
FLOOD_SECONDS = 120.0  # and at most this long
TARGET = 1.10  # flood time / clean time


PACE = 0.2  # s a game takes at the bench's table (real games take minutes)


def coin(slot: GameSlot) -> GameResult:
    import random

    time.sleep(PACE)
    rnd = random.Random(f"{slot.match}/{slot.game}")
    return GameResult(rnd.choice((slot.first, slot.second)), "coin")


FLOODER = r"""
import signal, sys, time
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
host, port, user, password, topic, limit, seconds = sys.argv[1:8]
c = mqtt.Client(callback_api_version=CallbackAPIVersion.VERSION2, client_id=user + "-flood")
c.username_pw_set(user, password)
c.max_queued_messages_set(1000)
c.connect(host, int(port))
c.loop_start()
while not c.is_connected():
    time.sleep(0.01)
junk = b'{"sig":"' + b"A" * 86 + b'","body":{"tid":"x","table":6,"match":"r1m1","game":0}}'
sent = 0
stop = []
signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
start = time.monotonic()
print("flooding", flush=True)
while not stop and sent < int(limit) and time.monotonic() - start < float(seconds):
    if c.publish(topic, junk, qos=0).rc == 0:
        sent += 1
elapsed = time.monotonic() - start
print(f"{sent} {elapsed}", flush=True)
c.loop_stop()
"""


def one_run(work: Path, flood: str) -> tuple[float, float, dict[str, int]]:
    """-> (seconds until every playing table finished, flood messages per second, host counts)."""
    cfg = HostConfig.create(work / "host", Tournament.round_robin(PLAYERS, tables=TABLES), tid="f")
    playing = sorted({m.table for m in tournament_from_dict(cfg.tournament).matches})
    assert TABLES - 1 not in playing, "table 7 must have no game"
    broker = Mosquitto(work / "broker", access=cfg.access())
    broker.start()
    flooder: subprocess.Popen[str] | None = None
    rate = 0.0
    try:
        if flood:
            user = codes.table_user(cfg.tid, TABLES - 1)
            flooder = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    FLOODER,
                    "127.0.0.1",
                    str(broker.port),
                    user,
                    cfg.passwords[user],
                    # "results": on its result topic, which the host reads; "view": the same
                    # flood where nobody reads it (no broadcast page here), for the cost of
                    # the flood itself on this machine's shared cores
                    topics.result(cfg.tid, TABLES - 1)
                    if flood == "results"
                    else topics.view(cfg.tid, TABLES - 1),
                    str(FLOOD_MAX),
                    str(FLOOD_SECONDS),
                ],
                stdout=subprocess.PIPE,
                stdin=subprocess.PIPE,
                text=True,
            )
            assert flooder.stdout is not None
            assert flooder.stdout.readline().strip() == "flooding"
            time.sleep(0.5)  # the flood is in full flow before anyone starts
        host, tabs, elapsed = play_at_tables(
            work, cfg, broker.port, playing, coin, timeout=300, linger=0.2
        )
        finished = host.tournament.finished and all(t.final for t in tabs)
        if flooder is not None:
            assert flooder.stdin is not None and flooder.stdout is not None
            flooder.terminate()
            out = flooder.communicate(timeout=30)[0].strip().split()
            if len(out) == 2:
                rate = int(out[0]) / float(out[1])
        counts = {"finished": int(finished), "refused": host.refused}
        readers = getattr(host, "readers", None)  # absent before issue 35 (a before run)
        if readers is not None:
            counts["dropped unread (table 7)"] = readers.dropped.get(TABLES - 1, 0)
            counts["pauses (table 7)"] = readers.readers[TABLES - 1].pauses
        return elapsed, rate, counts
    finally:
        if flooder is not None and flooder.poll() is None:
            flooder.kill()
        broker.stop()


def main() -> int:
    if find_mosquitto() is None:
        print(INSTALL_HINT)
        return 1
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    times: dict[str, list[float]] = {"": [], "view": [], "results": []}
    rates: list[float] = []
    last: dict[str, int] = {}
    for i in range(rounds):
        for flood in ("", "view", "results"):
            with tempfile.TemporaryDirectory(prefix="altar-bench-flood-") as tmp:
                elapsed, rate, counts = one_run(Path(tmp), flood)
            name = {"": "clean", "view": "flood nobody reads", "results": "flood at the host"}
            if not counts["finished"]:
                print(f"run {i + 1} ({name[flood]}): did not finish")
                return 1
            times[flood].append(elapsed)
            if flood == "results":
                rates.append(rate)
                last = counts
            print(
                f"run {i + 1} {name[flood]}: {elapsed:.2f} s"
                + (f"  (flood {rate:,.0f} msg/s)" if flood else ""),
                flush=True,
            )
    c = statistics.median(times[""])
    v = statistics.median(times["view"])
    f = statistics.median(times["results"])
    ratio = f / c
    print(
        f"the same flood on a topic nobody reads: {v:.2f} s ({v / c:.3f} of clean): what the "
        "flooder and the broker cost this machine's shared cores, whoever it floods"
    )
    print(f"flood at the host / flood nobody reads = {f / v:.3f}: what reaching the host adds")
    print(
        f"4 players, 6 matches on tables 1-6; table 7's login floods: {statistics.median(rates):,.0f} msg/s"
    )
    print(f"the tables' time: clean {c:.2f} s, under the flood {f:.2f} s (medians of {rounds})")
    print(
        f"flood / clean = {ratio:.3f}  [target: within 10 % of a clean run: <= {TARGET}]  "
        f"{'met' if ratio <= TARGET else 'not met'}"
    )
    print(f"host, last flood run: {last}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
