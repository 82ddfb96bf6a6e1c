"""Tag registry: which card a tag stands for, in SQLite.

API (stable)::

    registry = TagRegistry("tags.sqlite")          # or ":memory:"
    registry.card_for(uid, card_ref=None)          # -> card id, or None for an unknown tag
    registry.enrol(uid, "zeal/ember-acolyte")      # remember a tag as a card
    registry.forget(uid)
    unknown_tag_prompt(uid)                        # the players' prompt for an unknown tag
    session = registry.enrolment(["card-a", "card-b", ...])   # a deck, one card at a time
    session.next_card      # the card the app asks the player to tap ("card-a"), None when done
    session.tap(uid)       # -> EnrolStep: what happened, in players' words, and the progress
    session.progress       # (done, total)

A card reference stored on the tag itself (``altar:<ref>`` in its NDEF, delivered as
``TagPresented.card_ref``) takes precedence over the UID table, so a friend's deck scans on any
table; references map to card ids through ``add_reference`` (a deck list's short codes), and an
unmapped reference is returned as it is. An unknown tag is ``None`` here and a clear prompt in
the app, never an error.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass


class TagRegistry:
    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False)
        with self._db:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")  # a crash mid-enrolment loses nothing
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS tag (uid BLOB PRIMARY KEY, card TEXT NOT NULL)"
            )
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS reference (ref TEXT PRIMARY KEY, card TEXT NOT NULL)"
            )

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        """The card a tag stands for: its own reference first, then the enrolled UID."""
        with self._lock:
            if card_ref:
                row = self._db.execute(
                    "SELECT card FROM reference WHERE ref = ?", (card_ref,)
                ).fetchone()
                return str(row[0]) if row else card_ref
            row = self._db.execute("SELECT card FROM tag WHERE uid = ?", (bytes(uid),)).fetchone()
        return str(row[0]) if row else None

    def enrol(self, uid: bytes, card_id: str) -> None:
        if not card_id:
            raise ValueError("a tag must be enrolled as some card")
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO tag (uid, card) VALUES (?, ?)", (bytes(uid), card_id)
            )

    def forget(self, uid: bytes) -> None:
        with self._lock, self._db:
            self._db.execute("DELETE FROM tag WHERE uid = ?", (bytes(uid),))

    def add_reference(self, ref: str, card_id: str) -> None:
        """Map a short on-tag reference (``altar:<ref>``) to a card id."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO reference (ref, card) VALUES (?, ?)", (ref, card_id)
            )

    def uids_for(self, card_id: str) -> list[bytes]:
        with self._lock:
            rows = self._db.execute("SELECT uid FROM tag WHERE card = ? ORDER BY uid", (card_id,))
            return [bytes(r[0]) for r in rows.fetchall()]

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM tag").fetchone()[0])

    def enrolment(self, deck: list[str]) -> DeckEnrolment:
        return DeckEnrolment(self, deck)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def unknown_tag_prompt(uid: bytes) -> str:
    """What the app tells players about a tag nobody enrolled: never an error, a next step."""
    short = bytes(uid).hex()[-6:]
    return (
        f"This tag (…{short}) is not a known card yet. Pick the card it belongs to to "
        "enrol it, or play the card by hand."
    )


@dataclass(frozen=True)
class EnrolStep:
    ok: bool
    message: str  # what to show the player
    done: int
    total: int


class DeckEnrolment:
    """Enrol a deck list: the app names the next card, the player taps its tag."""

    def __init__(self, registry: TagRegistry, deck: list[str]) -> None:
        self.registry = registry
        self.deck = list(deck)
        self._index = 0
        self._seen: set[bytes] = set()

    @property
    def next_card(self) -> str | None:
        return self.deck[self._index] if self._index < len(self.deck) else None

    @property
    def progress(self) -> tuple[int, int]:
        return self._index, len(self.deck)

    def skip(self) -> None:
        """Leave this card without a tag for now (its tag is missing or broken)."""
        if self._index < len(self.deck):
            self._index += 1

    def tap(self, uid: bytes) -> EnrolStep:
        card = self.next_card
        total = len(self.deck)
        if card is None:
            return EnrolStep(False, "Every card of this deck is enrolled.", total, total)
        if bytes(uid) in self._seen:
            return EnrolStep(
                False,
                f"That tag is already used in this deck: tap the tag of {card}.",
                self._index,
                total,
            )
        previous = self.registry.card_for(uid)
        self.registry.enrol(uid, card)
        self._seen.add(bytes(uid))
        self._index += 1
        moved = f" (it was {previous})" if previous and previous != card else ""
        following = self.next_card
        then = f" Next: {following}." if following else " The deck is enrolled."
        return EnrolStep(True, f"Tag enrolled as {card}{moved}.{then}", self._index, total)
