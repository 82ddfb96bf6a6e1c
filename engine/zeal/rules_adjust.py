"""Manual adjustments are always legal (the table is the truth); only nonsense is refused:
a seat, base or card that does not exist, a negative count."""

from __future__ import annotations

from engine.core.words import plain
from engine.zeal import actions as za
from engine.zeal.cards import Catalog
from engine.zeal.ops import name, not_in_play
from engine.zeal.state import GameState
from engine.zeal.turn_checks import seat_problem

ZONES = ("hand", "play", "discard", "deck")


def check_adjustment(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    """Manual adjustments are always legal (the table is the truth); only nonsense is refused."""
    if isinstance(action, za.SetDevotion):
        for v in (action.current, action.maximum):
            if v is not None and (not isinstance(v, int) or v < 0):
                return f"devotion must be 0 or more, not {plain(v)}"
    elif isinstance(action, za.SetBase):
        bases = state.players[action.player].bases
        if not 0 <= action.base_index < len(bases):
            return (
                f"{name(state, action.player)} has no base {action.base_index + 1} "
                f"(bases 1 to {len(bases)})"
            )
        if action.damage is not None and action.damage < 0:
            return "damage must be 0 or more"
    elif isinstance(action, za.SetDamage):
        if state.permanent(action.permanent_id) is None:
            return not_in_play(state, action.permanent_id)
        if action.damage < 0:
            return "damage must be 0 or more"
    elif isinstance(action, za.MoveCard):
        # No starred tuples here: mypyc 2.4.1 stops on `x in (None, *ZONES)`.
        from_zone = action.from_zone
        if action.to_zone not in ZONES or (from_zone is not None and from_zone not in ZONES):
            return f"zones are {', '.join(ZONES)}"
        if isinstance(action.card, int):
            if state.permanent(action.card) is None:
                return not_in_play(state, action.card)
        elif action.card not in catalog:
            return f'there is no card "{action.card}" in the catalog'
        elif action.from_zone and action.from_zone != "play":
            zone = getattr(state.players[action.player], action.from_zone)
            known = not state.hidden or action.from_zone == "discard"
            if known and action.card not in zone:
                return f"{catalog.get(action.card).name} is not in {name(state, action.player)}'s {action.from_zone}"
    elif isinstance(action, za.ChangeControl):
        if state.permanent(action.permanent_id) is None:
            return not_in_play(state, action.permanent_id)
        return seat_problem(state, action.new_controller)
    elif (
        isinstance(action, za.MarkResolved)
        and action.note != "*"
        and action.note not in state.notes
    ):
        return f'there is no note "{action.note}" to resolve'
    return None
