"""What a rules step needs besides the state: the catalog, and the log lines it writes."""

from __future__ import annotations

from typing import Final

from engine.core.records import LogEntry, log_entry
from engine.vile.card_model import Card, Catalog
from engine.vile.state import PHASE_LABELS, GameState


class News:
    """What a log line tells the whole table (LogEntry.news): a combat's result and a
    ritual's energy (Combat; Culmination; Winning)."""

    DEATH: Final = "death"
    NO_FIGHT: Final = "no fight"  # no deployed monster to block or to damage
    ENERGY: Final = "energy gained"
    NO_RITUAL: Final = "no ritual"


class Ctx:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.log: list[LogEntry] = []

    def card(self, card_id: str) -> Card:
        return self.catalog.get(card_id)

    def say(self, state: GameState, player: int | None, text: str, news: str = "") -> None:
        """A log line; ``news`` (News) when the whole table should hear of it."""
        self.log.append(log_entry(state.turn, PHASE_LABELS[state.phase], player, text, news))
