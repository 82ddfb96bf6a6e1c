"""What the rules need beside the state: the catalog, whether hands are hidden, and the log
lines an action writes."""

from __future__ import annotations

from typing import Final

from engine.core.records import LogEntry, log_entry
from engine.deeds.cards import Card, Catalog
from engine.deeds.state import DeedsState, InPlay


class News:
    """What a log line tells the whole table (LogEntry.news): a battle's result and Hunger's
    loss (4.4 Battle Resolution; Keywords: Hunger)."""

    BASE_HIT: Final = "base hit"
    HUNGER: Final = "hunger"
    UNIT_LOST: Final = "lost in battle"


class Ctx:
    """Made for every action (a plain slotted class: cheaper to make than a dataclass)."""

    __slots__ = ("catalog", "hidden", "log", "swept")

    def __init__(self, catalog: Catalog, hidden: bool) -> None:
        self.catalog = catalog
        self.hidden = hidden
        self.log: list[LogEntry] = []
        # A battlefield known to hold no card at 0 defense (perform's note; then the sweep's,
        # or a step's that kept it so, still_swept): perform sweeps no battlefield twice. By
        # identity: a tuple is immutable, the note can't go stale.
        self.swept: tuple[InPlay, ...] | None = None

    def still_swept(self, before: tuple[InPlay, ...], after: tuple[InPlay, ...]) -> None:
        """``after`` is ``before`` with cards readied, utilized, healed or fed only, or with a
        card added that is printed with more than 0 defense: no card's defense left is lower
        (stats.health_of reads none of that but damage, and a card coming in only adds to the
        others: auras, what it is attached to), and the new card's is at least its printed
        defense. So if ``before`` was swept, so is ``after``."""
        if self.swept is before:
            self.swept = after

    def say(self, state: DeedsState, player: int | None, text: str, news: str = "") -> None:
        """A log line; ``news`` (News) when the whole table should hear of it."""
        self.log.append(log_entry(state.round, state.phase.label, player, text, news))

    def card(self, x: InPlay) -> Card:
        return self.catalog.get(x.card_id)

    def name(self, x: InPlay) -> str:
        return self.catalog.get(x.card_id).name
