"""Which card each tag is, while hardware.registry.TagRegistry has not landed (no Kivy here).

A thin stand-in with the two calls the app needs (``card_for`` as the table controller asks
it, ``enrol`` as the enrol screens use it). It keeps enrolments in memory only: a restart
forgets them. Replace with ``hardware.registry.TagRegistry`` when that lands.
"""

from __future__ import annotations

from typing import Protocol


class TagBook(Protocol):
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None: ...

    def enrol(self, uid: bytes, card_id: str) -> None: ...


class MemoryTagBook:
    def __init__(self) -> None:
        self._cards: dict[bytes, str] = {}

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        # A tag written with "altar:<card id>" names its card itself.
        return self._cards.get(bytes(uid), card_ref)

    def enrol(self, uid: bytes, card_id: str) -> None:
        self._cards[bytes(uid)] = card_id
