"""Tournament over MQTT: results per second through a real Mosquitto on loopback, and the time
from a game's end to every tablet's standings (issue 15; issue 21: Ed25519 signatures, size and
nesting limits on every message, the tournament's own broker with passwords and an ACL).

A round robin of P players on T tables (default 16 on 8: 240 games in 15 rounds, best of two)
runs in one process: the host and every table each with their own paho client, the broker a
real Mosquitto. The players are instant (a seeded coin picks each winner) so the numbers are the
pipeline's: sign (Ed25519), publish QoS 1, verify, log with fsync, publish the retained state
(signed by the host), verify it on every tablet, confirm.
Each tablet notes when each result first reaches its standings; the latency of a result is the
latest tablet's arrival minus the game's end as the table stamped it.

Run: .venv/bin/python bench/bench_tournament.py [PLAYERS] [TABLES]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament_tables import play_at_tables  # noqa: E402
from companion_app.tournament.host import HostConfig  # noqa: E402
from companion_app.tournament.mosquitto import INSTALL_HINT, Mosquitto, find_mosquitto  # noqa: E402
from engine.tournament import GameResult, GameSlot, Tournament  # noqa: E402


def coin(slot: GameSlot) -> GameResult:
    rnd = random.Random(f"{slot.match}/{slot.game}")
    return GameResult(rnd.choice((slot.first, slot.second)), "coin")


def measure(players: int, tables: int) -> None:
    names = [f"P{i:02d}" for i in range(players)]
    with tempfile.TemporaryDirectory(prefix="altar-bench-tournament-") as tmp:
        work = Path(tmp)
        cfg = HostConfig.create(
            work / "host", Tournament.round_robin(names, tables=tables), tid="bench"
        )
        broker = Mosquitto(work / "broker", access=cfg.access())  # closed: logins and an ACL
        broker.start()
        try:
            host, tabs, elapsed = play_at_tables(
                work, cfg, broker.port, range(tables), coin, timeout=600, linger=0.5
            )
        finally:
            broker.stop()
    results = len(host.tournament.results)
    ended = host.ended_at
    lat = sorted(
        max(t.seen.arrived[key] for t in tabs) - ended[key]
        for key in ended
        if all(key in t.seen.arrived for t in tabs)
    )
    ms = [x * 1000 for x in lat]
    print(f"round robin: {players} players, {tables} tables, {results} games, best of two")
    print(f"results per second through the broker (whole flow): {results / elapsed:8.1f}")
    print(f"  ({elapsed:.2f} s; duplicates the host ignored: {host.duplicates})")
    print(f"game end -> every tablet's standings ({len(ms)} results, {tables} tablets):")
    print(
        f"  p50 {statistics.median(ms):6.1f} ms   p99 {ms[int(0.99 * (len(ms) - 1))]:6.1f} ms"
        f"   max {ms[-1]:6.1f} ms"
    )
    print("  (target: none in DESIGN.md; a standings board that feels live: well under 1 s)")
    print(
        "  before issue 21 (HMAC, open broker, 16 players on 8 tables): 264 results/s; "
        "p50 24 ms, p99 49 ms"
    )


def main() -> int:
    if find_mosquitto() is None:
        print(INSTALL_HINT)
        return 1
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    tables = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    measure(players, tables)
    return 0


if __name__ == "__main__":
    sys.exit(main())
