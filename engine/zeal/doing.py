"""Who is carrying out an effect, and as what: passed to every effect handler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.zeal.cards import Effect
from engine.zeal.context import Ctx
from engine.zeal.state import GameState, StackItem, Target


@dataclass(frozen=True)
class Doing:
    """Who is doing an effect, and as what (for Immune, Execute and the log)."""

    controller: int
    source: str  # keywords.SPELL / CHARACTER / DEVICE
    what: str  # the card's name, for the log
    source_id: int | None = None  # the permanent it is on, if any
    zeal: bool = False
    x: int = 0  # X chosen when the card was played
    about: StackItem | None = None  # the spell a "when you resolve a spell" action is about


Handler = Callable[[Ctx, GameState, Doing, Effect, Target | None], GameState]
