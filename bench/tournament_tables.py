"""A tournament played to its end by its host and its tables, each in a thread of this process,
over a broker already running (bench_tournament.py, bench_flood.py): the set-up both measure."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.table import JoinCode, Table
from engine.tournament import GameResult, GameSlot


def play_at_tables(
    work: Path,
    cfg: HostConfig,
    port: int,
    tables: Iterable[int],
    play: Callable[[GameSlot], GameResult],
    *,
    timeout: float,
    linger: float,
) -> tuple[Host, list[Table], float]:
    """-> (the host, the tables, seconds until every table had finished)."""
    host = Host(work / "host", cfg, ("127.0.0.1", port))
    tabs = [
        Table(work / f"table{t}", JoinCode.parse(cfg.join_code(t)), ("127.0.0.1", port), play)
        for t in tables
    ]
    threads = [threading.Thread(target=host.run, kwargs={"timeout": timeout, "linger": linger})]
    threads += [threading.Thread(target=t.run, kwargs={"timeout": timeout}) for t in tabs]
    started = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads[1:]:
        th.join(timeout=timeout + 20)
    elapsed = time.perf_counter() - started
    threads[0].join(timeout=30)
    return host, tabs, elapsed
