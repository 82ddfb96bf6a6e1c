"""The tournament's host: takes signed results from the tables, records each game once, logs it
to disk before anyone sees it, and publishes the signed state (retained) for every tablet.

Its folder holds ``tournament.json`` (players, tables, key) and ``results.jsonl`` (accepted
results, one per line). A host restarted on the same folder carries on where it stopped.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion_app.tournament import signing, topics
from companion_app.tournament.files import append_line, read_json, read_lines, write_json
from companion_app.tournament.link import Link
from companion_app.tournament.table import WATCH
from engine.tournament import GameResult, Tournament, TournamentError


@dataclass
class HostConfig:
    tid: str
    key: str
    tournament: dict[str, Any]  # Tournament.to_dict() with no results

    @classmethod
    def create(cls, folder: Path, tournament: Tournament, tid: str | None = None) -> HostConfig:
        cfg = cls(
            tid=tid or signing.new_key()[:8],
            key=signing.new_key(),
            tournament=tournament.to_dict(),
        )
        folder.mkdir(parents=True, exist_ok=True)
        write_json(folder / "tournament.json", cfg.__dict__)
        return cfg

    @classmethod
    def load(cls, folder: Path) -> HostConfig | None:
        data = read_json(folder / "tournament.json", None)
        return cls(**data) if data else None

    def join_code(self, table: int) -> str:
        """What a table needs to join: the tournament, its table, its key, the standings key."""
        return ".".join(
            [
                self.tid,
                str(table),
                signing.table_key(self.key, table),
                signing.standings_key(self.key),
            ]
        )

    def watch_code(self) -> str:
        """What a watch-only tablet needs: the tournament and the standings key, no table key,
        so it can check the standings and sign nothing the host takes."""
        return ".".join([self.tid, WATCH, signing.standings_key(self.key)])


class Host:
    def __init__(self, folder: Path, config: HostConfig, broker: tuple[str, int]) -> None:
        self.folder = folder
        self.cfg = config
        self.log_path = folder / "results.jsonl"
        self.tournament = Tournament.from_dict(config.tournament)
        self.ended_at: dict[str, float] = {}
        self.refused = 0  # bad signatures, another table's match, games not due
        self.last_refusal = ""
        self.duplicates = 0
        for body in read_lines(self.log_path):
            self._apply(body)
        self._republish = True
        self.link = Link(
            f"altar-{config.tid}-host",
            broker[0],
            broker[1],
            [topics.results(config.tid)],
            on_connect=self._on_connect,
        )

    @property
    def version(self) -> int:
        return len(self.tournament.results)

    def _on_connect(self) -> None:
        self._republish = True  # on paho's thread: only a flag; the host's loop publishes

    def _apply(self, body: dict[str, Any]) -> bool:
        new = self.tournament.record(
            str(body["match"]), int(body["game"]), GameResult(body["winner"], body["reason"])
        )
        if new:
            self.ended_at[f"{body['match']}/{body['game']}"] = float(body.get("ended_at", 0))
        return new

    def state_body(self) -> dict[str, Any]:
        return {
            "tid": self.cfg.tid,
            "version": self.version,
            "tournament": self.tournament.to_dict(),
            "ended_at": dict(self.ended_at),
            "final": self.tournament.finished,
        }

    def publish_state(self) -> None:
        payload = signing.sign(self.state_body(), signing.standings_key(self.cfg.key))
        self.link.publish(topics.state(self.cfg.tid), payload, retain=True)

    def handle(self, topic: str, payload: bytes) -> bool:
        """One incoming message; True if it changed the standings."""
        try:
            table = int(topic.rsplit("/", 1)[1])
            body = signing.open_signed(payload, lambda b: signing.table_key(self.cfg.key, table))
            if int(body["table"]) != table or body.get("tid") != self.cfg.tid:
                raise signing.BadSignature("sent on another table's or tournament's topic")
            match = self.tournament.match(str(body["match"]))
            if match.table != table:
                raise TournamentError(f"table {table + 1} reported match {match.id}, not its own")
            if not self._apply(body):
                self.duplicates += 1
                return False
        except (signing.BadSignature, TournamentError, KeyError, ValueError, TypeError) as e:
            self.refused += 1
            self.last_refusal = f"{topic}: {e}"
            return False
        append_line(self.log_path, body)  # on disk before any tablet is told
        return True

    def run(self, *, timeout: float, linger: float = 1.0) -> bool:
        """Serves until the tournament is over (then lingers so the last state goes out) or the
        timeout passes; True if it finished."""
        self.link.start()
        deadline = time.monotonic() + timeout
        finished_at: float | None = None
        try:
            while time.monotonic() < deadline:
                if self._republish:
                    self._republish = False
                    self.publish_state()
                # Everything waiting is taken before one state goes out: under load, one
                # publish carries many results.
                changed = False
                try:
                    topic, payload = self.link.inbox.get(timeout=0.2)
                    changed |= self.handle(topic, payload)
                    while True:
                        topic, payload = self.link.inbox.get_nowait()
                        changed |= self.handle(topic, payload)
                except queue.Empty:
                    pass
                if changed:
                    self.publish_state()
                if self.tournament.finished:
                    finished_at = finished_at or time.monotonic()
                    if time.monotonic() - finished_at >= linger:
                        return True
            return False
        finally:
            self.link.stop()
