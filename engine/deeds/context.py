"""What the rules need beside the state: the catalog, whether hands are hidden, and the log
lines an action writes."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.records import LogEntry, log_entry
from engine.deeds.cards import Card, Catalog
from engine.deeds.state import DeedsState, InPlay


@dataclass
class Ctx:
    catalog: Catalog
    hidden: bool
    log: list[LogEntry] = field(default_factory=list)

    def say(self, state: DeedsState, player: int | None, text: str) -> None:
        self.log.append(log_entry(state.round, state.phase.label, player, text))

    def card(self, x: InPlay) -> Card:
        return self.catalog.get(x.card_id)

    def name(self, x: InPlay) -> str:
        return self.catalog.get(x.card_id).name
