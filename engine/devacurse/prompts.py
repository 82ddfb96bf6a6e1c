"""What the table should do or know now, in players' words, most urgent first."""

from __future__ import annotations

from engine.core.records import Prompt
from engine.devacurse.card_model import Catalog
from engine.devacurse.combat import forecast
from engine.devacurse.flow import actor, penalties
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    END,
    HERO_COMBAT,
    HEROES,
    PRAYERS,
    GameState,
)
from engine.devacurse.stats import name


def prompts(state: GameState, catalog: Catalog) -> list[Prompt]:
    names = tuple(p.name for p in state.players)
    if state.over:
        winner = "nobody wins" if state.winner is None else f"{names[state.winner]} wins"
        return [Prompt(None, f"Game over: {state.over_reason}; {winner}", "over")]
    seat = actor(state)
    assert seat is not None
    out = [Prompt(seat, _what(state, catalog, seat), "act")]
    out += [Prompt(None, f"Resolve by hand: {note}", "resolve") for note in state.notes]
    out += [
        Prompt(pen.seat, f"{names[pen.seat]}: {pen.words()} at the end of the turn", "reminder")
        for pen in penalties(state)
    ]
    return out


def _what(state: GameState, catalog: Catalog, seat: int) -> str:
    me = state.players[seat].name
    them = state.players[1 - seat].name
    phase = state.phase
    if phase == PRAYERS:
        return (
            f"{me}: enter the blessings your prayers made and the cards drawn (part 1), then done"
        )
    if phase == CALLING:
        return (
            f"{me} calls soldiers (rule III.A), then may equip or bolster; "
            f"{them} may play flash (!) events only"
        )
    if phase == HEROES:
        first = " (no hero can be called in the first spiral)" if state.spiral == 1 else ""
        return f"{me} sets heroes (rule III.B){first}; {them} may play flash (!) events only"
    if phase == END:
        return f"{me}: flash (!) events, then end the turn (VI)"
    combat = state.combat
    assert combat is not None
    section = "rule IV.B" if phase == HERO_COMBAT else "rule IV.A"
    fighters = "heroes" if phase == HERO_COMBAT else "soldiers"
    if combat.step == ATTACK:
        return f"{me}: attack with {fighters}, or not ({section})"
    if combat.step == BLOCK:
        attackers = ", ".join(
            name(catalog, u) for a in combat.attackers if (u := state.unit(a)) is not None
        )
        return f"{me}: block {attackers} with prompt soldiers or heroes, or not ({section})"
    if combat.step == ASSIGN:
        return f"{me}: assign each attacking hero to one blocker (rule IV.B)"
    result = "; ".join(forecast(state, catalog).words(tuple(p.name for p in state.players)))
    return f"{me}: resolve the combat ({section}), flash (!) events first: {result}"
