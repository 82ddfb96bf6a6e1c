"""What every rules function needs besides the state: the catalog and the log being written."""

from __future__ import annotations

from typing import Final

from engine.core.records import LogEntry, log_entry
from engine.zeal.cards import Card, Catalog
from engine.zeal.state import STEP_LABELS, GameState


class News:
    """What a log line tells the whole table (LogEntry.news): what a combat or a spell did
    to the table (When a character dies; Combat: Dealing Combat Damage to Bases; "More than
    two players": eliminated players)."""

    DEATH: Final = "death"
    BASE_HIT: Final = "base hit"
    BASE_DEFEATED: Final = "base defeated"
    BASE_TAKEN: Final = "base taken"  # Assimilate
    OUT: Final = "out of the game"
    NO_TURN: Final = "no turn"  # an eliminated player's turn passed over


class Ctx:
    """Per-action scratch: the catalog, log lines written so far, characters about to die.

    Characters killed while one event happens are collected in ``dying`` and put in the discard
    together afterwards, so they all "see" each other die (When a character dies).
    """

    # One per action: slots and a plain __init__ (no dataclass default factories) make it
    # cheap to make and read.
    __slots__ = ("catalog", "log", "dying", "verbs", "stop")

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.log: list[LogEntry] = []
        self.dying: list[int] = []
        self.verbs: dict[int, str] = {}  # how a death is told ("is sacrificed")
        self.stop = False  # the rest of this ability doesn't happen (an all-or-nothing step failed)

    def card(self, card_id: str) -> Card:
        return self.catalog.get(card_id)

    def say(self, state: GameState, player: int | None, text: str, news: str = "") -> None:
        """A log line; ``news`` (News) when the whole table should hear of it."""
        self.log.append(log_entry(state.turn, STEP_LABELS[state.step], player, text, news))
