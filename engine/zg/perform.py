"""The state after a legal action (rules.py has said yes), and the log lines it writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.evolve import evolve
from engine.zg import actions as zga
from engine.zg import zones
from engine.zg.actor import attacker
from engine.zg.adjust import perform_adjustment
from engine.zg.card_model import Catalog
from engine.zg.dot_match import any_match
from engine.zg.flow import end_pulse, impulse_number, settle_order
from engine.zg.log import Log
from engine.zg.perform_attack import begin_attack, begin_terrain_attack, perform_test
from engine.zg.state import GameState, new_pulse


def perform(state: GameState, catalog: Catalog, action: zga.Action, log: Log) -> GameState:
    # Most of a game's actions (the test's steps, attacks, action cards, hands) are found by
    # their type at once; the rest are asked about one by one (distinct classes: the order of
    # the questions is not a precedence).
    step = _STEPS.get(type(action))
    if step is not None:
        return step(state, catalog, action, log)
    if isinstance(action, zga.ADJUSTMENTS):
        return perform_adjustment(state, catalog, action, log)
    name = state.players[action.player].name
    if isinstance(action, zga.ScanHand):
        scanned = state.players[action.player].scanned + (action.card,)
        if len(scanned) < 3:
            log.say(state, action.player, f"{name} scanned a hand card ({len(scanned)} of 3)")
            return state.with_player(action.player, scanned=scanned)
        return _pick(state, catalog, zga.PickHand(action.player, scanned), log)
    if isinstance(action, zga.BreakTie):
        return _break_tie(state, catalog, action, log)
    if isinstance(action, zga.Flameout):
        log.say(state, action.player, f"{name} announced flameout: each hand card twice")
        return state.with_player(action.player, flameout=True)
    if isinstance(action, zga.UsePowerup):
        p = state.players[action.player]
        text = catalog.get(p.character).powerup_text if p.character in catalog else ""
        log.say(state, action.player, f"{name} used the character's powerup: {text}".rstrip(": "))
        return state.with_player(action.player, character_used=True)
    if isinstance(action, zga.Knockdown):
        foe = state.players[action.foe].name
        log.say(state, action.player, f"{name} knocked {foe} down: 3 Move to stand up")
        return state.with_player(action.foe, knocked_down=True)
    if isinstance(action, zga.RuleOfPrime):
        return _prime(state, catalog, action, log)
    if isinstance(action, zga.Move):
        pulse = state.pulse
        assert pulse is not None
        log.say(state, action.player, f"{name} moved {action.distance} (in card lengths)")
        pulse = evolve(pulse, moved=True, move_left=pulse.move_left - action.distance)
        return evolve(state, pulse=pulse)
    if isinstance(action, zga.Stance | zga.StandUp):
        pulse = state.pulse
        assert pulse is not None
        state = evolve(state, pulse=evolve(pulse, move_left=pulse.move_left - 3))
        if isinstance(action, zga.StandUp):
            log.say(state, action.player, f"{name} stood up (3 Move)")
            return state.with_player(action.player, knocked_down=False)
        log.say(state, action.player, f"{name} took the {action.stance} stance (3 Move)")
        return state.with_player(action.player, stance=action.stance)
    if isinstance(action, zga.EndPulse):
        log.say(state, action.player, f"{name} ended the pulse without attacking")
        return end_pulse(state, catalog, log)
    assert isinstance(action, zga.AttackTerrain), action
    return begin_terrain_attack(state, catalog, action, log)


def _pick(state: GameState, catalog: Catalog, action: zga.PickHand, log: Log) -> GameState:
    seat = action.player
    p = state.players[seat]
    if action.cards:
        number = impulse_number([catalog.get(c).impulse for c in action.cards])
    else:
        number = action.impulse or 0
    if state.hidden:
        hand: zones.Changes = {"hand_size": 3, "deck_size": p.deck_size + p.hand_size - 3}
    else:
        deck = p.deck
        for card in action.cards:
            deck = zones.without(deck, card)
        hand = {"deck": deck, "deck_size": p.deck_size - 3, "hand": action.cards, "hand_size": 3}
    players = state.players_with(seat, picked=True, impulse=number, scanned=(), **hand)
    state = evolve(state, players=players)
    log.say(state, seat, f"{p.name} picked a hand: impulse {number:03d}")
    if all(q.picked or q.defeated for q in state.players):
        return settle_order(state, catalog, log)
    return state


def _break_tie(state: GameState, catalog: Catalog, action: zga.BreakTie, log: Log) -> GameState:
    seat = action.player
    p = state.players[seat]
    drawn = catalog.get(action.card).impulse
    state = state.with_player(seat, tiebreaks=p.tiebreaks + (drawn,))
    state = evolve(state, tied=tuple(s for s in state.tied if s != seat))
    log.say(state, seat, f"{p.name} drew {catalog.get(action.card).name}: impulse {drawn}")
    if state.tied:
        return state
    return settle_order(state, catalog, log)


def _play(state: GameState, catalog: Catalog, action: zga.PlayCard, log: Log) -> GameState:
    seat = action.player
    p = state.players[seat]
    card = catalog.get(action.card)
    if action.card in p.played:
        taken = zones.out_of_deck(state, seat, action.card)  # Flameout's second play
    else:
        taken = zones.out_of_hand(state, seat, action.card)
    move = card.move
    if "dash" in state.options and card.part == "footgear" and card.colour:
        # Rules Options 6: the second footgear of the same colour played this turn: +3 Move.
        earlier = [catalog.find(c) for c in p.played]
        if any(c is not None and c.part == "footgear" and c.colour == card.colour for c in earlier):
            move += 3
            log.say(state, seat, f"Dash: {_named(state, card.name)} moves 3 more")
    if state.hidden:  # Basic Rule 4: "picks (but does not reveal) 1 action card"
        log.say(state, seat, f"{p.name} played an action card, face down")
    else:
        log.say(state, seat, f"{p.name} played {card.name} (Move {move}, Range {card.range})")
    players = state.players_with(seat, played=p.played + (action.card,), **taken)
    pulse = new_pulse(action.card, move, False, -1)  # not moved yet, no "attack again"
    return evolve(state, players=players, phase="act", pulse=pulse)


def _named(state: GameState, name: str) -> str:
    """A card's name, or "the action card" while the rules keep it face down."""
    return "the action card" if state.hidden else name


def _prime(state: GameState, catalog: Catalog, action: zga.RuleOfPrime, log: Log) -> GameState:
    mine = catalog.get(action.card).end(action.end)
    theirs = catalog.get(action.foe_card).end(action.foe_end)
    me, foe = state.players[action.player].name, state.players[action.foe].name
    words = (
        f"Rule of Prime: a match, {me} decides"
        if any_match(mine, theirs)
        else f"Rule of Prime: no match, {foe} decides"
    )
    log.say(state, action.player, words)
    return evolve(state, prime=words)


_STEPS: dict[type[Any], Callable[[GameState, Catalog, Any, Log], GameState]] = {
    **dict.fromkeys(
        (zga.Spin, zga.Resolve, zga.DrawTarget, zga.Bolster, zga.Augment, zga.Retest, zga.Save),
        perform_test,  # the steps of a test (Basic Rules 5-6), half of a game's actions
    ),
    zga.Attack: begin_attack,
    zga.PlayCard: _play,
    zga.PickHand: _pick,
}

__all__ = ["attacker", "perform"]
