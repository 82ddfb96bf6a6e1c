"""Manual adjustments: the physical table is the truth. Each sets a tracked counter or card
state, is logged, and is undone like any action."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zg import actions as zga
from engine.zg import zones
from engine.zg.card_model import Catalog
from engine.zg.flow import check_victory, defeat_if_down, end_player_turn
from engine.zg.log import Log
from engine.zg.state import GameState

PULSE_PHASES = ("card", "act", "target", "spin", "bolster", "augment", "result", "save")


def perform_adjustment(
    state: GameState,
    catalog: Catalog,
    action: zga.SetCard | zga.SetMarkers | zga.SetTerrain,
    log: Log,
) -> GameState:
    who = state.players[action.player].name
    if isinstance(action, zga.SetTerrain):
        t = evolve(state.terrain[action.terrain], strikes=action.strikes)
        terrain = state.terrain[: action.terrain] + (t,) + state.terrain[action.terrain + 1 :]
        log.say(state, action.player, f"{who} set {t.name} to {t.strikes} strike(s) (adjustment)")
        return evolve(state, terrain=terrain)
    seat = action.seat
    p = state.players[seat]
    if isinstance(action, zga.SetCard):
        name = catalog.get(action.card).name
        if action.to == "slagged":
            if state.hidden:
                if p.deck_size:
                    state = state.with_player(seat, deck_size=p.deck_size - 1)
                else:
                    state = state.with_player(seat, hand_size=p.hand_size - 1)
            elif action.card in p.hand:
                state = zones.take_from_hand(state, seat, action.card)
            else:
                state = zones.take_from_deck(state, seat, action.card)
            state = zones.into_slag(state, seat, action.card)
            log.say(state, action.player, f"{who} set {p.name}'s {name} slagged (adjustment)")
            state = defeat_if_down(state, seat, catalog, log)
        else:
            i = p.slag.index(action.card)
            state = state.with_player(seat, slag=p.slag[:i] + p.slag[i + 1 :])
            state = zones.to_deck(state, seat, action.card)
            log.say(state, action.player, f"{who} set {p.name}'s {name} standing (adjustment)")
        return _settle(state, catalog, log)
    changes = {
        key: getattr(action, key)
        for key in (
            "stunned",
            "knocked_down",
            "stance",
            "character_used",
            "character_sacrificed",
            "defeated",
            "hand_size",
            "deck_size",
        )
        if getattr(action, key) is not None
    }
    if action.clear_targetlock:
        changes.update(lock_foe=-1, lock_card="")
    if changes.get("defeated") and not p.defeated:
        state = evolve(state, defeated_this_turn=state.defeated_this_turn + (seat,))
    state = state.with_player(seat, **changes)
    words = ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in changes.items())
    # "Alena set Alena: deck size 6" named the player twice.
    whose = "their own" if seat == action.player else f"{p.name}'s"
    log.say(state, action.player, f"{who} set {whose} {words} (adjustment)")
    if "hand_size" in changes or "deck_size" in changes:
        state = defeat_if_down(state, seat, catalog, log)
    return _settle(check_victory(state, log), catalog, log)


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _settle(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """After an adjustment puts someone out: their turn ends, a test against them stops."""
    if state.phase == "over" or state.phase not in PULSE_PHASES:
        if state.phase == "impulse" and all(p.picked or p.defeated for p in state.players):
            from engine.zg.flow import settle_order

            return settle_order(state, catalog, log)
        if state.phase == "tiebreak":
            tied = tuple(s for s in state.tied if not state.players[s].defeated)
            if not tied:
                from engine.zg.flow import settle_order

                return settle_order(evolve(state, tied=()), catalog, log)
            return evolve(state, tied=tied)
        return state
    active = state.order[state.order_index]
    if state.players[active].defeated:
        if state.pulse is not None:
            state = evolve(state, pulse=None)  # its card is out with its owner
        return end_player_turn(evolve(state, attack=None), catalog, log)
    a = state.attack
    if a is not None and a.foe >= 0 and state.players[a.foe].defeated:
        from engine.zg.flow import end_pulse

        log.say(state, None, "The test stops: the defender is out of the game")
        return end_pulse(evolve(state, attack=None), catalog, log)
    return state
