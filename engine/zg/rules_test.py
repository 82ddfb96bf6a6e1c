"""Why a step of the test is illegal now (Basic Rules 5-6, Core Exceptions 4, 6-8)."""

from __future__ import annotations

from engine.zg import actions as za
from engine.zg.actor import attacker
from engine.zg.card_model import Catalog
from engine.zg.state import GameState


def explain_test(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    from engine.zg.rules import _wrong, zgear_of

    a = state.attack
    phase = state.phase
    if isinstance(action, za.DrawTarget):
        if phase != "target" or a is None:
            return _wrong(state)
        problem = zgear_of(state, catalog, action.player, action.card)
        if problem is not None:
            return problem
        p = state.players[action.player]
        if a.foe < 0 and p.deck_size == 0:
            return "terrain is targeted with a card from your own deck, and it is empty"
        if a.foe >= 0 and p.zgear == 0:
            return f"{p.name} has no card to draw"
        return None
    if isinstance(action, za.Spin):
        if phase != "spin" or a is None:
            return _wrong(state)
        if action.end not in (0, 1):
            return "the end facing you is 0 or 1: a card has two ends"
        if not 0 <= action.bolsters <= 3:
            return "declare 0 to 3 bolsters"
        if a.foe < 0 and action.bolsters:
            return "terrain has no one to bolster it"
        return None
    if isinstance(action, za.Bolster | za.Augment):
        wanted = "bolster" if isinstance(action, za.Bolster) else "augment"
        if phase != wanted or a is None:
            return _wrong(state)
        count = a.bolsters if wanted == "bolster" else a.augments
        if len(action.dots) != count:
            return f"place {count} {wanted}{'s' if count != 1 else ''}: one dot for each"
        if any(not 0 <= d <= 2 for d in action.dots):
            return "dots are numbered 0 to 2, left to right on the card's end"
        return None
    if isinstance(action, za.Retest):
        if phase != "result" or a is None:
            return _wrong(state)
        if action.card not in ("attack", "target"):
            return 'a retest respins the "attack" card or the "target" card'
        if action.end not in (0, 1):
            return "the end facing after the respin is 0 or 1"
        if action.player == attacker(state):
            if a.attacker_retested and a.free_retests == 0:
                return "each player may retest only once per test"
            return None
        if action.player == a.foe:
            return "each player may retest only once per test" if a.defender_retested else None
        return "only the attacker and the defender may retest"
    if isinstance(action, za.Resolve):
        return None if phase == "result" and a is not None else _wrong(state)
    if isinstance(action, za.Save):
        if phase != "save" or a is None:
            return _wrong(state)
        p = state.players[action.player]
        if action.sacrifice and (not p.character or p.character_sacrificed):
            return f"{p.name} has no character card left to sacrifice"
        return None
    return f"{type(action).__name__} is not an action Z-G knows"
