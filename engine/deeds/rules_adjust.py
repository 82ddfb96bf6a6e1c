"""Manual adjustments: always legal (the physical table is the truth), checked only for
values that can't exist, by any player, at any time, even after the game ended."""

from __future__ import annotations

from typing import Any

from engine.deeds import actions as da
from engine.deeds.cards import RESOURCES
from engine.deeds.context import Ctx
from engine.deeds.state import DeedsState

LIMIT = 999


def _range(name: str, value: int | None) -> str | None:
    if value is not None and not 0 <= value <= LIMIT:
        return f"{name} must be 0 to {LIMIT}, not {value}"
    return None


def explain_adjustment(state: DeedsState, ctx: Ctx, a: Any) -> str | None:
    if isinstance(a, da.SetBase):
        return _range("base health", a.value)
    if isinstance(a, da.SetResource):
        if a.resource not in RESOURCES:
            return f'"{a.resource}" is not a resource (they are: {", ".join(RESOURCES)})'
        return _range(a.resource.capitalize(), a.value)
    if isinstance(a, da.SetCounts):
        if not ctx.hidden:
            return "with open hands the tablet counts the cards itself"
        return _range("the hand size", a.hand_size) or _range("the deck size", a.deck_size)
    if isinstance(a, da.Resolve):
        if all(n.id != a.note for n in state.notes):
            return f"there is nothing numbered {a.note} waiting to be resolved"
        return None
    assert isinstance(a, da.SetCard | da.Retire)
    if state.card(a.card) is None:
        return f"there is no card number {a.card} on the battlefield"
    if isinstance(a, da.SetCard):
        for name in ("attack", "defense", "damage", "tokens"):
            problem = _range(name, getattr(a, name))
            if problem is not None:
                return problem
    return None
