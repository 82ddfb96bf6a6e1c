"""A whole tournament on one machine: Mosquitto on loopback, the host and every table as
separate `altar tournament` processes, engine play-outs standing in for the players. With
``faults``, one table's process and the broker are each killed (SIGKILL) once mid-tournament
and started again. The broker is closed to strangers (broker_access.py). Used by `altar demo
--tournament` and the tests."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion_app.tournament.files import read_json, read_lines
from companion_app.tournament.host import HostConfig
from companion_app.tournament.mosquitto import Mosquitto
from companion_app.tournament.view import standings_text
from engine.tournament import GameResult, Tournament, tournament_from_dict

PLAYERS = ("Alena", "Bea", "Cato", "Dara")


@dataclass
class Run:
    tables: list[dict[str, Any]]  # each table's final view (view.summary), None if it had none
    host_log: list[dict[str, Any]]  # every result the host accepted, in order
    host_stats: dict[str, Any]
    faults: list[str] = field(default_factory=list)
    standings_text: str = ""


def _altar(*args: str) -> list[str]:
    return [sys.executable, "-m", "companion_app.cli", "tournament", *args]


def run(
    workdir: Path,
    *,
    players: tuple[str, ...] = PLAYERS,
    tables: int = 4,
    seed: int = 1,
    faults: bool = False,
    timeout: float = 240.0,
) -> Run:
    workdir.mkdir(parents=True, exist_ok=True)
    host_dir = workdir / "host"
    cfg = HostConfig.create(host_dir, Tournament.round_robin(players, tables=tables), tid="demo")
    # The tournament's own broker: its users and ACL, anonymous clients refused.
    broker = Mosquitto(workdir / "broker", access=cfg.access())
    address = f"127.0.0.1:{broker.port}"
    procs: dict[str, subprocess.Popen[bytes]] = {}
    log = open(workdir / "processes.log", "ab")  # noqa: SIM115 (closed in the finally below)
    happened: list[str] = []

    def spawn(name: str, args: list[str]) -> None:
        procs[name] = subprocess.Popen(args, stdout=log, stderr=log)

    def spawn_table(t: int) -> None:
        folder = str(workdir / f"table{t + 1}")
        spawn(
            f"table{t}",
            _altar(
                "join",
                f"--code={cfg.join_code(t)}",
                f"--folder={folder}",
                f"--broker={address}",
                f"--stand-ins={seed}",
                f"--timeout={timeout}",
            ),
        )

    broker.start()
    try:
        spawn(
            "host",
            _altar(
                "host",
                f"--folder={host_dir}",
                f"--broker={address}",
                f"--timeout={timeout}",
                f"--linger={timeout}",
            ),
        )
        for t in range(tables):
            spawn_table(t)
        killed_table = killed_broker = not faults
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            accepted = len(read_lines(host_dir / "results.jsonl"))
            if not killed_table and accepted >= 1:
                # Table 1 plays rounds 1 and 3: killed mid-round 1, with games still to play.
                procs["table0"].kill()
                procs["table0"].wait(timeout=10)
                happened.append(f"killed table 1 after {accepted} results")
                killed_table = True
                time.sleep(0.3)
                spawn_table(0)
            if not killed_broker and accepted >= 5:
                broker.kill()
                happened.append(f"killed the broker after {accepted} results")
                killed_broker = True
                time.sleep(1.0)
                broker.start()
            if procs["host"].poll() is not None:
                raise RuntimeError(f"the host stopped early; see {workdir / 'processes.log'}")
            if all(procs[f"table{t}"].poll() is not None for t in range(tables)):
                break
            time.sleep(0.05)
        else:
            raise TimeoutError(f"the tournament did not finish in {timeout} s")
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
        broker.stop()
        log.close()
    host_log = read_lines(host_dir / "results.jsonl")
    final = tournament_from_dict(cfg.tournament)
    for body in host_log:
        final.record(body["match"], body["game"], GameResult(body["winner"], body["reason"]))
    stats_path = host_dir / "host_stats.json"
    return Run(
        tables=[
            read_json(workdir / f"table{n + 1}" / "standings.json", None) for n in range(tables)
        ],
        host_log=host_log,
        host_stats=json.loads(stats_path.read_text()) if stats_path.exists() else {},
        faults=happened,
        standings_text=standings_text(final),
    )
