"""What every rules function needs besides the state: the catalog and the log being written."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.evolve import maker
from engine.core.records import LogEntry
from engine.zeal.cards import Card, Catalog
from engine.zeal.state import GameState


@dataclass(slots=True)  # one per action: slots make it cheaper to make and read
class Ctx:
    """Per-action scratch: the catalog, log lines written so far, characters about to die.

    Characters killed while one event happens are collected in ``dying`` and put in the discard
    together afterwards, so they all "see" each other die (When a character dies).
    """

    catalog: Catalog
    log: list[LogEntry] = field(default_factory=list)
    dying: list[int] = field(default_factory=list)
    verbs: dict[int, str] = field(default_factory=dict)  # how a death is told ("is sacrificed")
    stop: bool = False  # the rest of this ability doesn't happen (an all-or-nothing step failed)

    def card(self, card_id: str) -> Card:
        return self.catalog.get(card_id)

    def say(self, state: GameState, player: int | None, text: str) -> None:
        self.log.append(_entry(state.turn, state.step.label, player, text))


# LogEntry(turn, step, player, text), made without the frozen __init__ (a line or two per action).
_entry = maker(LogEntry)
