"""A store's Swiss event at scale, in one process: the Swiss host and every table with its own
paho client on real Mosquitto (the tournament's own, closed to strangers), seeded coins standing
in for the players so two runs of the same event must end alike. With ``bridged`` the tables
are split between two brokers, the second bridged to the host's as two stores' would be
(bridge.py). For the scale test and bench/bench_swiss.py.

What it measures: for each round after the first, the time from the round's last result (as
its table stamped it) to the moment the last table held the next round's pairings; and the
host loop's CPU time (its thread, the signature checks, the log, the pairing, the states).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion_app.tournament.bridge import BridgedAccess, add_bridge
from companion_app.tournament.host import HostConfig
from companion_app.tournament.mosquitto import Mosquitto
from companion_app.tournament.swiss_host import SwissHost
from companion_app.tournament.swiss_view import swiss_rows
from companion_app.tournament.table import JoinCode, Table
from engine.tournament import GameResult, GameSlot, SwissEvent


def coin(slot: GameSlot) -> GameResult:
    rnd = random.Random(f"{slot.match}/{slot.game}")
    return GameResult(rnd.choice((slot.first, slot.second, slot.first, slot.second, None)), "coin")


@dataclass
class Outcome:
    finished: bool
    standings: list[Any]
    pairings: list[tuple[int, int, str, str]]
    results: int
    host_cpu: float  # s, the host loop's thread
    next_pairing: dict[int, float] = field(default_factory=dict)  # round -> s (last table)
    errors: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    duplicates: int = 0
    refused: int = 0
    refusals: dict[str, int] = field(default_factory=dict)  # by kind, as the host counted them


def names(players: int) -> list[str]:
    return [f"Player{i:03d}" for i in range(players)]


def run_event(
    work: Path,
    *,
    players: int,
    tables: int,
    seed: int,
    rounds: int | None = None,
    cut: int = 0,
    bridged: bool = False,
    timeout: float = 600.0,
) -> Outcome:
    event = SwissEvent.create(names(players), tables=tables, seed=seed, rounds=rounds, cut=cut)
    cfg = HostConfig.create(work / "host", event, tid="store")
    bridged_access = BridgedAccess.of(cfg.access())
    near = Mosquitto(work / "broker-a", access=bridged_access.with_bridge())
    brokers = [near]
    if bridged:
        far = Mosquitto(work / "broker-b", access=cfg.access())
        add_bridge(far.config, cfg.tid, ("127.0.0.1", near.port), bridged_access.bridge_password)
        brokers.append(far)
    for b in brokers:
        b.start()
    try:
        return _play(work, cfg, brokers, tables, timeout)
    finally:
        for b in reversed(brokers):
            b.stop()


def _play(
    work: Path, cfg: HostConfig, brokers: list[Mosquitto], tables: int, timeout: float
) -> Outcome:
    host = SwissHost(work / "host", cfg, ("127.0.0.1", brokers[0].port))
    # The first half of the tables on the host's broker, the rest on the far one (if any).
    tabs = [
        Table(
            work / f"table{t}",
            JoinCode.parse(cfg.join_code(t)),
            ("127.0.0.1", brokers[(t * len(brokers)) // tables].port),
            coin,
        )
        for t in range(tables)
    ]
    seen_round: list[dict[int, float]] = [{} for _ in tabs]
    errors: list[str] = []
    cpu = [0.0]
    deadline = time.monotonic() + timeout

    def serve() -> None:
        start = time.thread_time()
        try:
            host.run(timeout=timeout, linger=1.0)
        except BaseException as e:  # noqa: BLE001 - reported with the outcome
            errors.append(f"host: {e!r}")
        cpu[0] = time.thread_time() - start

    def play(i: int) -> None:
        table = tabs[i]
        table.link.start()
        try:
            while time.monotonic() < deadline:
                table.step()
                state = table.seen.state
                if state is not None:
                    paired = int(state["tournament"].get("paired", 0))
                    seen_round[i].setdefault(paired, time.time())
                if table.final:
                    return
        except BaseException as e:  # noqa: BLE001
            errors.append(f"table {i + 1}: {e!r}")
        finally:
            table.link.stop()

    threads = [threading.Thread(target=serve, daemon=True)]
    threads += [threading.Thread(target=play, args=(i,), daemon=True) for i in range(tables)]
    started = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads[1:]:
        th.join(timeout + 30)
    elapsed = time.perf_counter() - started
    host.stop()
    threads[0].join(30)
    ev = host.event
    outcome = Outcome(
        finished=ev.finished and all(t.final for t in tabs),
        standings=[tuple(vars(r).values()) for r in swiss_rows(ev)],
        pairings=[(m.round, m.table, m.a, m.b) for m in ev.matches],
        results=len(ev.results),
        host_cpu=cpu[0],
        errors=errors,
        elapsed=elapsed,
        duplicates=host.duplicates,
        refused=host.refused,
        refusals=dict(host.refusals),
    )
    # A round's last result: the latest game's end among its matches, as the tables stamped it.
    for rnd in range(1, ev.paired):
        ends = [
            at
            for key, at in host.ended_at.items()
            if ev.match(key.split("/")[0]).round == rnd - 1 and at
        ]
        arrivals = [min((at for p, at in s.items() if p > rnd), default=None) for s in seen_round]
        if ends and all(a is not None for a in arrivals):
            outcome.next_pairing[rnd] = max(a for a in arrivals if a is not None) - max(ends)
    return outcome
