"""A table's side of the tournament: follows the host's signed state, plays the games the
pairings give this table, and reports each result until the host's state shows it.

Every result goes to ``outbox.json`` (synced) before it is published, and stays there until the
standings carry it: a table killed or cut off at any moment resends on its return, and the host
records a game once however often it hears of it. The game itself is played by ``play`` (an
engine play-out in tests and the demo); in the app there is no ``play``: the tablet's session
plays the game and reports its outcome (``table_play.py``), and the app's clock calls ``poll``.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion_app.tournament import signing, topics
from companion_app.tournament.files import read_json, write_json
from companion_app.tournament.link import Link
from engine.tournament import GameResult, GameSlot, Tournament

RESEND_EVERY = 1.0  # seconds between resends of results the standings don't show yet
WATCH = "watch"  # the middle word of a watcher's code (tournament.watch.key), not a table


@dataclass(frozen=True)
class JoinCode:
    tid: str
    table: int
    table_key: str
    standings_key: str

    @classmethod
    def parse(cls, code: str) -> JoinCode:
        parts = code.strip().split(".")
        if len(parts) == 3 and parts[1] == WATCH:
            raise ValueError(
                "that is a watcher's code: it shows the standings (Watch), it can't join as a table"
            )
        try:
            tid, table, tkey, skey = parts
            return cls(tid, int(table), tkey, skey)
        except ValueError:
            raise ValueError(
                "a join code is tournament.table.key.key, as the host printed it"
            ) from None

    @classmethod
    def for_watching(cls, code: str) -> JoinCode:
        """A watch-only tablet's code (table -1, no table key): from the host's watcher code,
        tournament.watch.key, or from a table's code, keeping only its standings key."""
        parts = code.strip().split(".")
        if len(parts) == 3 and parts[1] == WATCH and parts[0] and parts[2]:
            return cls(parts[0], -1, "", parts[2])
        if len(parts) == 4 and parts[0] and parts[3]:
            return cls(parts[0], -1, "", parts[3])
        raise ValueError("a watcher's code is tournament.watch.key, as the host printed it")

    @property
    def watching(self) -> bool:
        return self.table < 0


@dataclass
class Seen:
    """What this tablet knows of the tournament: the newest state, and when each result reached
    it (for the bench: the time from a game's end to this tablet's standings)."""

    version: int = -1
    state: dict[str, Any] | None = None
    arrived: dict[str, float] = field(default_factory=dict)

    def tournament(self) -> Tournament | None:
        return Tournament.from_dict(self.state["tournament"]) if self.state else None


def read_state(payload: bytes, code: JoinCode, seen: Seen) -> bool:
    """Takes a state message if it is signed and newer than what we have; True if taken."""
    try:
        body = signing.open_signed(payload, lambda _b: code.standings_key)
    except signing.BadSignature:
        return False
    if body.get("tid") != code.tid or int(body["version"]) <= seen.version:
        return False
    now = time.time()
    for key in body["ended_at"]:
        seen.arrived.setdefault(key, now)
    seen.version = int(body["version"])
    seen.state = body
    return True


PlayGame = Callable[[GameSlot], GameResult]


class Table:
    def __init__(
        self,
        folder: Path,
        code: JoinCode,
        broker: tuple[str, int],
        play: PlayGame | None = None,
    ) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.code = code
        self.play = play
        self.outbox_path = folder / "outbox.json"
        self.outbox: dict[str, dict[str, Any]] = read_json(self.outbox_path, {})
        self.seen = Seen()
        self.played = 0
        self._resend_at = 0.0
        self.link = Link(
            f"altar-{code.tid}-table-{code.table}",
            broker[0],
            broker[1],
            [topics.state(code.tid)],
            on_connect=self._on_connect,
        )

    def _on_connect(self) -> None:
        self._resend_at = 0.0  # on paho's thread: resend everything unconfirmed now

    def my_next_game(self) -> GameSlot | None:
        t = self.seen.tournament()
        if t is None:
            return None
        for slot in t.pending():
            if slot.table == self.code.table and slot_key(slot) not in self.outbox:
                return slot
        return None

    def reported(self, slot: GameSlot) -> bool:
        """Already in the outbox or in the host's results: reporting it again would be a
        resend, not a new result."""
        key = slot_key(slot)
        if key in self.outbox:
            return True
        t = self.seen.tournament()
        return t is not None and (slot.match, slot.game) in t.results

    def _confirm(self) -> None:
        t = self.seen.tournament()
        if t is None:
            return
        # Confirmed: the host recorded it. Moot: neither recorded nor due (a deciding game the
        # host no longer needs once another settled the tie), so the host would refuse it.
        due = {(s.match, s.game) for s in t.pending()}
        done = [k for k in self.outbox if _key(k) in t.results or _key(k) not in due]
        if done:
            for k in done:
                del self.outbox[k]
            write_json(self.outbox_path, self.outbox)

    def _publish(self, body: dict[str, Any]) -> None:
        payload = signing.sign(body, self.code.table_key)
        self.link.publish(topics.result(self.code.tid, self.code.table), payload)

    def report(self, slot: GameSlot, result: GameResult) -> None:
        body = {
            "tid": self.code.tid,
            "table": self.code.table,
            "match": slot.match,
            "game": slot.game,
            "winner": result.winner,
            "reason": result.reason,
            "ended_at": time.time(),
        }
        self.outbox[slot_key(slot)] = body
        write_json(self.outbox_path, self.outbox)  # on disk before it leaves the table
        self._publish(body)
        self._resend_at = time.monotonic() + RESEND_EVERY

    def step(self, wait: float = 0.2) -> None:
        """One turn of the table's loop: read the host, resend, play the next game due here."""
        self.poll(wait)
        if self.play is None:
            return
        slot = self.my_next_game()
        if slot is not None:
            self.report(slot, self.play(slot))
            self.played += 1

    def poll(self, wait: float = 0.0) -> bool:
        """Read the host's state (waiting at most ``wait`` s for it) and resend what it does not
        show yet; True if a newer state came. With ``wait=0`` it never blocks (the app's clock
        calls it)."""
        changed = False
        try:
            if wait > 0:
                _topic, payload = self.link.inbox.get(timeout=wait)
            else:
                _topic, payload = self.link.inbox.get_nowait()
            changed |= read_state(payload, self.code, self.seen)
            while True:  # take everything waiting: only the newest state matters
                _topic, payload = self.link.inbox.get_nowait()
                changed |= read_state(payload, self.code, self.seen)
        except queue.Empty:
            pass
        if changed:
            self._confirm()
        now = time.monotonic()
        if self.outbox and now >= self._resend_at:
            self._resend_at = now + RESEND_EVERY
            for body in self.outbox.values():
                self._publish(body)
        return changed

    @property
    def final(self) -> bool:
        return bool(self.seen.state and self.seen.state["final"]) and not self.outbox

    def run(self, *, timeout: float) -> bool:
        """Plays until the host's state says the tournament is over; True if it got there."""
        self.link.start()
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.step()
                if self.final:
                    return True
            return False
        finally:
            self.link.stop()


def slot_key(slot: GameSlot) -> str:
    """How a game is named in the outbox and in a saved game's record: "match/game"."""
    return f"{slot.match}/{slot.game}"


def _key(k: str) -> tuple[str, int]:
    match, game = k.rsplit("/", 1)
    return match, int(game)
