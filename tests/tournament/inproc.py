"""A whole tournament in one process, for tests that attack it: the host and four tables, each
with its own paho client, on a real Mosquitto; seeded coins stand in for the players (so a run
with attacks must end exactly like a clean one). ``gate`` holds each game back until the test
says so, so attacks land mid-tournament without racing a clock."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.table import JoinCode, Table
from companion_app.tournament.view import summary
from engine.tournament import GameResult, GameSlot, Tournament, tournament_from_dict

PLAYERS = ("Alena", "Bea", "Cato", "Dara")
TIMEOUT = 120.0


def coin(slot: GameSlot) -> GameResult:
    rnd = random.Random(f"{slot.match}/{slot.game}")
    return GameResult(rnd.choice((slot.first, slot.second, None)), "coin")


def offline(tournament: dict[str, Any]) -> Tournament:
    """The same tournament played with no network: what every run must end with."""
    t = tournament_from_dict(tournament)
    while t.pending():
        slot = t.pending()[0]
        t.record(slot.match, slot.game, coin(slot))
    return t


@dataclass
class Run:
    cfg: HostConfig
    host: Host
    tables: list[Table]
    errors: list[str] = field(default_factory=list)
    played: Counter[str] = field(default_factory=Counter)  # games played, by "match/game"
    done: list[bool] = field(default_factory=lambda: [False] * 5)  # what run() returned
    _threads: list[threading.Thread] = field(default_factory=list)

    def summaries(self) -> list[dict[str, Any] | None]:
        return [summary(t.seen.state) if t.seen.state else None for t in self.tables]

    def wait(self) -> list[bool]:
        """Joins every thread; what each run() returned (host first)."""
        for th in self._threads:
            th.join(TIMEOUT + 30)
        return self.done

    @property
    def all_up(self) -> bool:
        return not self.errors and all(not th.is_alive() for th in self._threads)


def start(
    folder: Path,
    port: int,
    *,
    tid: str = "fuzz",
    gate: Callable[[int], None] | None = None,
    before: Callable[[HostConfig], None] | None = None,
) -> Run:
    """Starts the host and four tables against the broker on ``port``; ``gate(n)`` is called
    before the n-th game (0-based) any table plays, and may wait; ``before(cfg)`` runs once the
    tournament exists, before anyone connects (to start its own broker)."""
    cfg = HostConfig.create(folder / "host", Tournament.round_robin(PLAYERS, tables=4), tid=tid)
    if before is not None:
        before(cfg)
    host = Host(folder / "host", cfg, ("127.0.0.1", port))
    run = Run(cfg, host, [])
    lock = threading.Lock()

    def play(slot: GameSlot) -> GameResult:
        with lock:
            n = sum(run.played.values())
            run.played[f"{slot.match}/{slot.game}"] += 1
        if gate is not None:
            gate(n)
        return coin(slot)

    run.tables = [
        Table(folder / f"table{t}", JoinCode.parse(cfg.join_code(t)), ("127.0.0.1", port), play)
        for t in range(4)
    ]

    def guarded(i: int, target: Callable[[], bool]) -> Callable[[], None]:
        def body() -> None:
            try:
                run.done[i] = target()
            except BaseException as e:  # noqa: BLE001 - the test reports it
                run.errors.append(f"{'host' if i == 0 else f'table {i}'}: {e!r}")

        return body

    targets: list[Callable[[], bool]] = [lambda: host.run(timeout=TIMEOUT, linger=1.0)]
    targets += [lambda t=t: t.run(timeout=TIMEOUT) for t in run.tables]  # type: ignore[misc]
    run._threads = [
        threading.Thread(target=guarded(i, f), daemon=True) for i, f in enumerate(targets)
    ]
    for th in run._threads:
        th.start()
    return run
