"""The tournament's host: takes signed results from the tables, records each game once, logs it
to disk before anyone sees it, and publishes the state, signed with its own key (retained).

Its folder holds ``tournament.json`` (players, tables, the host's private key, each table's
key and broker password: the folder is the tournament's secret), ``results.jsonl`` (accepted
results, one per line) and ``epoch`` (how many times a host started on it). A host restarted
on the same folder carries on where it stopped, in a new epoch.

Whatever arrives costs at most itself: ``handle`` never raises; every message it drops is
counted by its kind of refusal (``refusals``, by ``messages``' kinds; the last one's words in
``last_refusal``).
"""

from __future__ import annotations

import hashlib
import math
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from companion_app.tournament import binding, codes, keys, messages, topics
from companion_app.tournament.broker_access import BrokerAccess
from companion_app.tournament.codes import JoinCode
from companion_app.tournament.files import (
    NotAltars,
    append_line,
    read_json,
    read_lines,
    write_json,
)
from companion_app.tournament.messages import BadMessage
from companion_app.tournament.mqtt_link import Link
from companion_app.tournament.table_inbox import BUDGET, TableReaders
from engine.tournament import GameResult, Tournament, TournamentError, tournament_from_dict

REPUBLISH_EVERY = 0.5  # s: at most this often when someone else overwrites the retained state


@dataclass
class HostConfig:
    tid: str
    host_key: str  # the host's private key: signs the state
    table_keys: list[str]  # each table's private key: the host prints it in that table's code
    passwords: dict[str, str]  # broker user -> password
    tournament: dict[str, Any]  # Tournament.to_dict() with no results
    pin: str = ""  # the broker certificate's SHA-256, when the broker speaks TLS
    broadcast: bool = True  # tables publish their public view (docs/broadcast.md) unless off

    @classmethod
    def create(cls, folder: Path, tournament: Tournament, tid: str | None = None) -> HostConfig:
        tid = codes.check_tid(tid or codes.new_password()[:8].replace("_", "x").replace("-", "y"))
        cfg = cls(
            tid=tid,
            host_key=keys.new_private_key(),
            table_keys=[keys.new_private_key() for _ in range(tournament.tables)],
            passwords=BrokerAccess.new(tid, tournament.tables).passwords,
            tournament=tournament.to_dict(),
        )
        folder.mkdir(parents=True, exist_ok=True)
        cfg.save(folder)
        return cfg

    def save(self, folder: Path) -> None:
        write_json(folder / "tournament.json", asdict(self))
        (folder / "tournament.json").chmod(0o600)

    @classmethod
    def load(cls, folder: Path) -> HostConfig | None:
        path = folder / "tournament.json"
        data = read_json(path, {})
        if not data:
            return None
        if "host_key" not in data:
            raise ValueError(
                f"{folder} holds a tournament from an older Altar (shared keys): host it again "
                "in a new folder"
            )
        return cls(**_checked_config(data, path))

    @property
    def public_key(self) -> str:
        return keys.public_key(self.host_key)

    def access(self) -> BrokerAccess:
        return BrokerAccess(self.tid, len(self.table_keys), self.passwords)

    def join_code(self, table: int) -> str:
        """What a table needs: its own signing key, the host's public key, its broker login."""
        password = self.passwords[codes.table_user(self.tid, table)]
        key = self.table_keys[table]
        return JoinCode(self.tid, table, key, self.public_key, password, self.pin).text()

    def watch_code(self) -> str:
        """What a watch-only tablet needs: the host's public key and a read-only broker login;
        no signing key, so nothing it sends is a result the host takes."""
        password = self.passwords[codes.watch_user(self.tid)]
        return JoinCode(self.tid, -1, "", self.public_key, password, self.pin).text()


_CONFIG_TYPES = {
    "tid": str,
    "host_key": str,
    "table_keys": list,
    "passwords": dict,
    "tournament": dict,
    "pin": str,
    "broadcast": bool,
}


def _checked_config(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """tournament.json's fields, each of its type, or NotAltars naming what is wrong (issue 35:
    a file of the wrong shape was a TypeError)."""
    required = {"tid", "host_key", "table_keys", "passwords", "tournament"}
    missing = sorted(required - set(data))
    unknown = sorted(set(data) - set(_CONFIG_TYPES))
    wrong = sorted(k for k, t in _CONFIG_TYPES.items() if k in data and type(data[k]) is not t)
    if not wrong and not all(isinstance(k, str) for k in data["table_keys"]):
        wrong = ["table_keys"]
    if missing or unknown or wrong:
        said = [f"missing {', '.join(missing)}" if missing else ""]
        said += [f"unknown {', '.join(unknown)[:80]}" if unknown else ""]
        said += [f"wrong type of {', '.join(wrong)}" if wrong else ""]
        raise NotAltars(
            f"{path} is not a tournament Altar wrote ({'; '.join(x for x in said if x)}): "
            "host it in a new folder, or put the original back"
        )
    return data


def next_epoch(folder: Path) -> int:
    """This start's epoch: one more than the last start's, on disk before any state goes out."""
    last = read_json(folder / "epoch.json", {"epoch": 0})
    if type(last.get("epoch")) is not int:
        raise NotAltars(f"{folder / 'epoch.json'} is not a file Altar wrote (no epoch number)")
    epoch = int(last["epoch"]) + 1
    write_json(folder / "epoch.json", {"epoch": epoch})
    return epoch


def check_result(body: dict[str, Any], tid: str, table: int) -> tuple[str, int, GameResult]:
    """The (match, game, result) a signed result body reports, or BadMessage."""
    match, game, winner, reason = (body.get(k) for k in ("match", "game", "winner", "reason"))
    if body.get("tid") != tid or body.get("table") != table:
        raise BadMessage(messages.MISADDRESSED, "sent on another table's or tournament's topic")
    if not isinstance(match, str) or type(game) is not int or not 0 <= game < 100:
        raise BadMessage(messages.MALFORMED, "a result names its match and game")
    if not (winner is None or isinstance(winner, str)) or not isinstance(reason, str):
        raise BadMessage(messages.MALFORMED, "a result names its winner (or none) and a reason")
    return match, game, GameResult(winner, reason)


class Host:
    def __init__(
        self, folder: Path, config: HostConfig, broker: tuple[str, int], *, tls: bool = False
    ) -> None:
        self.folder = folder
        self.cfg = config
        self.log_path = folder / "results.jsonl"
        self.tournament = tournament_from_dict(config.tournament)
        self.table_public = [keys.public_key(k) for k in config.table_keys]
        self.ended_at: dict[str, float] = {}
        self.refused = 0  # every message dropped: malformed, unsigned, forged, not due ...
        self.refusals: Counter[str] = Counter()  # ... counted by kind (messages.py)
        self.last_refusal = ""
        self.duplicates = 0
        # Which tablet's key each table is bound to (binding.py): results count only when
        # signed by it. What the organizer must see (a second tablet with a table's code) is
        # said through on_notice (the command prints it).
        self.bindings = binding.Bindings(folder)
        self.notices: list[str] = []
        self.on_notice: Callable[[str], None] | None = None
        for body in read_lines(self.log_path):
            self._apply(*check_result(body, config.tid, int(body["table"])), body)
        self.epoch = next_epoch(folder)
        self._republish = True
        self._published = b""
        self._state_seen: bytes | None = None  # the last state the broker handed back
        self._stop = threading.Event()
        self._republished_at = 0.0
        user = codes.host_user(config.tid)
        self.link = Link(
            # Unguessable, and telling nothing of the key: nobody can take over our session.
            f"{user}-{hashlib.sha256(config.host_key.encode()).hexdigest()[:12]}",
            broker[0],
            broker[1],
            [topics.state(config.tid)],
            on_connect=self._on_connect,
            username=user,
            password=config.passwords[user],
            pin=config.pin,
        )
        # Each table's results on a connection of its own, read with a budget per table
        # (table_inbox.py): a flood from one table costs that table, not the round.
        self.readers = TableReaders(
            config.tid,
            len(config.table_keys),
            broker,
            username=user,
            password=config.passwords[user],
            secret=config.host_key,
            pin=config.pin,
        )

    @property
    def version(self) -> int:
        return self.tournament.version  # its results (and a Swiss event's pairings, drops ...)

    def _on_connect(self) -> None:
        self._republish = True  # on paho's thread: only a flag; the host's loop publishes

    def _apply(self, match: str, game: int, result: GameResult, body: dict[str, Any]) -> bool:
        new = self.tournament.record(match, game, result)
        if new:
            at = body.get("ended_at", 0)
            ok = isinstance(at, int | float) and not isinstance(at, bool) and math.isfinite(at)
            self.ended_at[f"{match}/{game}"] = float(at) if ok else 0.0
        return new

    def state_body(self) -> dict[str, Any]:
        return {
            "tid": self.cfg.tid,
            "epoch": self.epoch,
            "version": self.version,
            "tournament": self.tournament.to_dict(),
            "ended_at": dict(self.ended_at),
            "final": self.tournament.finished,
            # Public halves only: a broadcast page checks each table's view against these.
            "table_keys": list(self.table_public),
            "broadcast": self.cfg.broadcast,
            # The tablet key each table is bound to (public): a tablet sees whether it is
            # the one the host takes results from (binding.py).
            "bound": {str(t): k for t, k in sorted(self.bindings.bound.items())},
        }

    def signed_state(self) -> bytes:
        return keys.sign(keys.STATE, self.state_body(), self.cfg.host_key)

    def publish_state(self) -> None:
        self._published = self.signed_state()
        self.link.publish(topics.state(self.cfg.tid), self._published, retain=True)

    def _refuse(self, topic: str, kind: str, e: BaseException) -> bool:
        self.refused += 1
        self.refusals[kind] += 1
        self.last_refusal = f"{topic[:80]}: {e}"
        return False

    def handle(self, topic: str, payload: bytes) -> bool:
        """One incoming message; True if it changed the standings. Never raises."""
        try:
            if topic == topics.state(self.cfg.tid):
                # The retained state is ours alone; on a broker that lets others write it, what
                # they wrote is replaced with the truth (not at every message of a flood).
                self._state_seen = payload
                return False
            table = self._table_of(topic)
            tablet = binding.open_join(payload, self.cfg.tid, table, self.table_public[table])
            if tablet is not None:
                return self._on_join(table, tablet)
            public = self.bindings.bound.get(table)
            if public is None:
                raise BadMessage(
                    messages.NOT_JOINED, f"table {table + 1} has not joined yet: no tablet is bound"
                )
            body = keys.open_signed(keys.RESULT, payload, lambda _b: public, messages.RESULT)
            match, game, result = check_result(body, self.cfg.tid, table)
            if self.tournament.match(match).table != table:
                raise BadMessage(
                    messages.OTHER_TABLE_S_MATCH,
                    f"table {table + 1} reported match {match}, not its own",
                )
            if not self._apply(match, game, result, body):
                self.duplicates += 1
                return False
        except TournamentError as e:  # well signed, but not due, no such match ...: in words
            return self._refuse(topic, messages.TOURNAMENT_REFUSED, e)
        except Exception as e:  # noqa: BLE001 - whatever a stranger sends costs only itself
            return self._refuse(topic, messages.kind_of(e), e)
        append_line(self.log_path, body)  # on disk before any tablet is told
        return True

    def _on_join(self, table: int, tablet: str) -> bool:
        """A tablet's JOIN with this table's code: the first binds the table to its key; any
        other key is refused and shown to the organizer, who may move the table on purpose."""
        verdict = self.bindings.join(table, tablet)
        if verdict == "same":
            return False
        if verdict == "bound":
            self._notice(f"table {table + 1} joined from tablet {binding.short(tablet)}")
            return True
        self.refused += 1
        self.refusals[messages.SECOND_TABLET] += 1
        self._notice(
            f"table {table + 1}: another tablet ({binding.short(tablet)}) tried its code; the "
            f"table stays with tablet {binding.short(self.bindings.bound[table])}. If the table "
            f"really moved: altar tournament move --folder {self.folder} --table {table + 1} "
            f"--to {binding.short(tablet)}"
        )
        return False

    def _notice(self, text: str) -> None:
        if text in self.notices:
            return  # a tablet resending its join is one notice, not one per resend
        self.notices.append(text)
        if self.on_notice is not None:
            self.on_notice(text)

    def _table_of(self, topic: str) -> int:
        prefix = topics.results(self.cfg.tid)[:-1]
        word = topic[len(prefix) :] if topic.startswith(prefix) else ""
        if not word.isdigit() or not 0 <= int(word) < len(self.table_public) or len(word) > 3:
            raise BadMessage(messages.UNKNOWN_TOPIC, "not a table's result topic")
        return int(word)

    def tick(self) -> bool:
        """Once a turn of ``run``, on the host's thread: True if the state changed (a Swiss
        host takes the organizer's orders here: swiss_host.py)."""
        return False

    def _turn(self, now: float) -> list[tuple[str, bytes]]:
        """One turn's messages: at most BUDGET from each table, and from the state topic."""
        batch = self.readers.take(now)
        for _ in range(BUDGET):
            try:
                batch.append(self.link.inbox.get_nowait())
            except queue.Empty:
                break
        return batch

    def stop(self) -> None:
        """Ends ``run`` (from another thread) within its next turn."""
        self._stop.set()

    def run(self, *, timeout: float, linger: float = 1.0) -> bool:
        """Serves until the tournament is over (then lingers so the last state goes out) or the
        timeout passes; True if it finished."""
        self.link.start()
        self.readers.start()
        deadline = time.monotonic() + timeout
        finished_at: float | None = None
        try:
            while time.monotonic() < deadline and not self._stop.is_set():
                now = time.monotonic()
                if self._republish and now - self._republished_at >= REPUBLISH_EVERY:
                    self._republish = False
                    self._republished_at = now
                    self.publish_state()
                # Everything waiting is taken before one state goes out: under load, one
                # publish carries many results.
                changed = False
                batch = self._turn(now)
                if not batch:
                    self.readers.wait(0.2)
                    batch = self._turn(time.monotonic())
                for topic, payload in batch:
                    changed |= self.handle(topic, payload)
                if self.bindings.reload():
                    changed = True  # the organizer moved a table (`altar tournament move`)
                changed |= self.tick()
                if changed:
                    self.publish_state()
                elif self._state_seen is not None and self._state_seen != self._published:
                    self._republish = True  # not ours (our own come back in order)
                self._state_seen = None
                if self.tournament.finished:
                    finished_at = finished_at or time.monotonic()
                    if time.monotonic() - finished_at >= linger:
                        return True
            return False
        finally:
            self.readers.stop()
            self.link.stop()
