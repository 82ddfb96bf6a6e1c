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
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion_app.tournament import binding, keys, messages, topics
from companion_app.tournament.codes import WATCH, JoinCode
from companion_app.tournament.files import NotAltars, read_json, write_json
from companion_app.tournament.messages import BadMessage
from companion_app.tournament.mqtt_link import Link
from engine.tournament import GameResult, GameSlot, Tournament, tournament_from_dict

RESEND_EVERY = 1.0  # seconds between resends of results the standings don't show yet
__all__ = ["JoinCode", "Seen", "Table", "read_state", "WATCH"]


@dataclass
class Seen:
    """What this tablet knows of the tournament: the newest state, when each result reached it
    (for the bench: the time from a game's end to this tablet's standings), and what it
    dropped, by kind of refusal (``messages``' kinds; the last one's words in ``last_drop``)."""

    epoch: int = -1
    version: int = -1
    state: dict[str, Any] | None = None
    arrived: dict[str, float] = field(default_factory=dict)
    dropped: Counter[str] = field(default_factory=Counter)
    last_drop: str = ""

    _parsed: tuple[int, int, Tournament] | None = field(default=None, repr=False, compare=False)

    def tournament(self) -> Tournament | None:
        """The newest state's tournament, read once per state (not at every turn of the loop:
        a 64-table Swiss event's state is big). Read it, don't change it."""
        if not self.state:
            return None
        if self._parsed is None or self._parsed[:2] != (self.epoch, self.version):
            t = tournament_from_dict(self.state["tournament"])
            self._parsed = (self.epoch, self.version, t)
        return self._parsed[2]


def read_state(payload: bytes, code: JoinCode, seen: Seen) -> bool:
    """Takes a state message if the host signed it (its key, this tournament) and it is newer
    than what we have, by (epoch, version); True if taken. Never raises: anything else is
    counted in ``seen.dropped`` and ignored."""
    try:
        body = keys.open_signed(keys.STATE, payload, lambda _b: code.host_key, messages.STATE)
        epoch, version = body.get("epoch"), body.get("version")
        if body.get("tid") != code.tid:
            raise BadMessage(messages.MISADDRESSED, "a state of another tournament")
        if type(epoch) is not int or type(version) is not int:
            raise BadMessage(messages.MALFORMED, "a state without its epoch and version")
        if (epoch, version) <= (seen.epoch, seen.version):
            return False  # an older state (a resend, or a replay): not news
        # Signed by the host, so well formed; still, a version that is not its count of
        # results (and, in a Swiss event, of its other changes) would be a host bug, and must
        # not pass for news.
        changes = len(body["tournament"]["results"]) + body["tournament"].get("revision", 0)
        if changes != version or not isinstance(body["ended_at"], dict):
            raise BadMessage(messages.DOES_NOT_ADD_UP, "a state that does not add up")
    except Exception as e:  # noqa: BLE001 - whatever is published costs only itself
        seen.dropped[messages.kind_of(e)] += 1
        seen.last_drop = str(e)[:200]
        return False
    now = time.time()
    for key in body["ended_at"]:
        seen.arrived.setdefault(str(key), now)
    seen.epoch, seen.version = epoch, version
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
        if not all(isinstance(b, dict) for b in self.outbox.values()):
            raise NotAltars(
                f"{self.outbox_path} is not a file Altar wrote (its results are not objects)"
            )
        self.seen = Seen()
        self.played = 0
        self._resend_at = 0.0
        # This tablet's own key: the host binds the table to it at the first JOIN and takes
        # results signed with it only (binding.py). The code's key only proves the code.
        self.tablet_key = "" if code.watching else binding.tablet_key(folder)
        self.tablet_public = keys.public_key(self.tablet_key) if self.tablet_key else ""
        self._join_due = not code.watching
        self.link = Link(
            code.client_id(),
            broker[0],
            broker[1],
            [topics.state(code.tid)],
            on_connect=self._on_connect,
            username=code.username,
            password=code.password,
            pin=code.pin,
        )

    def _on_connect(self) -> None:
        self._resend_at = 0.0  # on paho's thread: resend everything unconfirmed now
        self._join_due = not self.code.watching

    @property
    def bound_here(self) -> bool:
        """The host's state names this tablet's key for this table."""
        bound = (self.seen.state or {}).get("bound") or {}
        return bool(self.tablet_public) and bound.get(str(self.code.table)) == self.tablet_public

    @property
    def bound_elsewhere(self) -> str | None:
        """The players' words when the host took this table's code from another tablet."""
        bound = (self.seen.state or {}).get("bound") or {}
        other = bound.get(str(self.code.table))
        if not other or other == self.tablet_public:
            return None
        return (
            f"Another tablet joined as table {self.code.table + 1} with this code first: the "
            "host takes no results from this one. Ask the organizer to move the table to "
            f"this tablet (its key begins {binding.short(self.tablet_public)})."
        )

    def _send_join(self) -> None:
        self._join_due = False
        payload = binding.join_message(
            self.code.tid, self.code.table, self.code.table_key, self.tablet_key
        )
        self.link.publish(topics.result(self.code.tid, self.code.table), payload)

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
        payload = keys.sign(keys.RESULT, body, self.tablet_key)
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
        if self._join_due:
            self._send_join()  # first, so the host knows this tablet before its results
        if (self.outbox or not self.bound_here) and now >= self._resend_at:
            self._resend_at = now + RESEND_EVERY
            if not self.bound_here and not self.code.watching:
                self._send_join()  # until the host's state shows it (a lost one costs a resend)
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
