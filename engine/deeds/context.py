"""What the rules need beside the state: the catalog, whether hands are hidden, and the log
lines an action writes."""

from __future__ import annotations

from engine.core.records import LogEntry, log_entry
from engine.deeds.cards import Card, Catalog
from engine.deeds.state import DeedsState, InPlay


class Ctx:
    """Made for every action (a plain slotted class: cheaper to make than a dataclass)."""

    __slots__ = ("catalog", "hidden", "log")

    def __init__(self, catalog: Catalog, hidden: bool) -> None:
        self.catalog = catalog
        self.hidden = hidden
        self.log: list[LogEntry] = []

    def say(self, state: DeedsState, player: int | None, text: str) -> None:
        self.log.append(log_entry(state.round, state.phase.label, player, text))

    def card(self, x: InPlay) -> Card:
        return self.catalog.get(x.card_id)

    def name(self, x: InPlay) -> str:
        return self.catalog.get(x.card_id).name
