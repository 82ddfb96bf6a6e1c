"""Why a step of the test is illegal (Basic Rules 5-6, Core Exceptions 4, 6-8); the phase and
the player have been checked (rules.py)."""

from __future__ import annotations

from engine.zg import actions as zga
from engine.zg.actor import attacker
from engine.zg.card_model import Catalog
from engine.zg.rules_shared import not_now, zgear_of
from engine.zg.state import GameState


def explain_draw(state: GameState, catalog: Catalog, action: zga.DrawTarget) -> str | None:
    a = state.attack
    assert a is not None
    problem = zgear_of(state, catalog, action.player, action.card)
    if problem is not None:
        return problem
    p = state.players[action.player]
    if a.foe < 0 and p.deck_size == 0:
        return "terrain is targeted with a card from your own deck, and it is empty"
    if a.foe >= 0 and p.zgear == 0:
        return f"{p.name} has no card to draw"
    return None


def explain_spin(state: GameState, catalog: Catalog, action: zga.Spin) -> str | None:
    a = state.attack
    assert a is not None
    if action.end not in (0, 1):
        return "the end facing you is 0 or 1: a card has two ends"
    if not 0 <= action.bolsters <= 3:
        return "declare 0 to 3 bolsters"
    if a.foe < 0 and action.bolsters:
        return "terrain has no one to bolster it"
    return None


def explain_dots(
    state: GameState, catalog: Catalog, action: zga.Bolster | zga.Augment
) -> str | None:
    a = state.attack
    assert a is not None
    wanted = "bolster" if isinstance(action, zga.Bolster) else "augment"
    count = a.bolsters if wanted == "bolster" else a.augments
    if len(action.dots) != count:
        return f"place {count} {wanted}{'s' if count != 1 else ''}: one dot for each"
    if any(not 0 <= d <= 2 for d in action.dots):
        return "dots are numbered 0 to 2, left to right on the card's end"
    return None


def explain_retest(state: GameState, catalog: Catalog, action: zga.Retest) -> str | None:
    """Core Exceptions 8: the attacker or the defender, once each per test."""
    a = state.attack
    if state.phase != "result" or a is None:
        return not_now(state)
    if action.card not in ("attack", "target"):
        return 'a retest respins the "attack" card or the "target" card'
    if action.end not in (0, 1):
        return "the end facing after the respin is 0 or 1"
    if action.player == attacker(state):
        # Knockdown's free retest is free of a card, not a second one (README: readings 14)
        return "each player may retest only once per test" if a.attacker_retested else None
    if action.player == a.foe:
        return "each player may retest only once per test" if a.defender_retested else None
    return "only the attacker and the defender may retest"


def explain_resolve(state: GameState, catalog: Catalog, action: zga.Resolve) -> str | None:
    return None


def explain_save(state: GameState, catalog: Catalog, action: zga.Save) -> str | None:
    p = state.players[action.player]
    if action.sacrifice and (not p.character or p.character_sacrificed):
        return f"{p.name} has no character card left to sacrifice"
    return None
