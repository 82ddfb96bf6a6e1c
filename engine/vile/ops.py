"""Small state changes the rules are built from: drawing, paying devotion, energy, leaving
play, winning and losing. Each returns a new state; none checks legality (rules.py does)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.vile.card_model import Card, Catalog
from engine.vile.context import Ctx, News
from engine.vile.state import ENERGY_TO_WIN, MAX_CULTISTS, GameState, Monster, Phase, PlayerState


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    first, second = state.players
    if seat == 0:
        return evolve(state, players=(evolve(first, **changes), second))
    return evolve(state, players=(first, evolve(second, **changes)))


def with_monster(state: GameState, monster: Monster) -> GameState:
    return evolve(
        state, monsters=tuple(monster if m.id == monster.id else m for m in state.monsters)
    )


def attack_of(m: Monster, catalog: Catalog) -> int:
    return catalog.get(m.card_id).attack + m.plus  # +1/+1 Counter


def defense_of(m: Monster, catalog: Catalog) -> int:
    return catalog.get(m.card_id).defense + m.plus


def energy_potential(m: Monster, catalog: Catalog) -> int:
    return catalog.get(m.card_id).energy + 5 * m.experience  # Experience Counter: +5 each


def in_hand(player: PlayerState, card_id: str, hidden: bool) -> bool:
    """Hidden hands: any card may come from a hand that is not empty (it was just scanned)."""
    return player.hand_size > 0 if hidden else card_id in player.hand


def from_hand(player: PlayerState, card_id: str) -> dict[str, Any]:
    """The changes that take ``card_id`` out of a hand (open: that card; hidden: a count)."""
    if not player.hand:
        return {"hand_size": player.hand_size - 1}
    hand = list(player.hand)
    hand.remove(card_id)
    return {"hand": tuple(hand), "hand_size": len(hand)}


def game_over(ctx: Ctx, state: GameState, winner: int | None, reason: str) -> GameState:
    ctx.say(state, winner, reason)
    return evolve(
        state,
        phase=Phase.OVER,
        winner=winner,
        over_reason=reason,
        combat=None,
        ritual=None,
        gathers=(),
    )


def draw(ctx: Ctx, state: GameState, seat: int, count: int = 1) -> GameState:
    """Draw; a player who cannot draw loses (Setup 3, Winning)."""
    for _ in range(count):
        if state.over:
            return state
        p = state.players[seat]
        if p.deck_size <= 0:
            name = p.name
            other = state.players[1 - seat].name
            return game_over(
                ctx, state, 1 - seat, f"{name} could not draw a card and loses: {other} wins"
            )
        if p.deck:
            state = with_player(
                state,
                seat,
                hand=(*p.hand, p.deck[0]),
                hand_size=p.hand_size + 1,
                deck=p.deck[1:],
                deck_size=p.deck_size - 1,
            )
        else:
            state = with_player(state, seat, hand_size=p.hand_size + 1, deck_size=p.deck_size - 1)
    return state


def pay(state: GameState, seat: int, devotion: int) -> GameState:
    """Exhaust ``devotion`` ready cultists (Devotion: produced and spent at once)."""
    if devotion <= 0:
        return state
    return with_player(state, seat, exhausted=state.players[seat].exhausted + devotion)


def gain_energy(ctx: Ctx, state: GameState, seat: int, amount: int) -> GameState:
    """Energy up (or down, never below zero); 100 or more wins at once (Winning)."""
    p = state.players[seat]
    energy = max(0, p.energy + amount)
    state = with_player(state, seat, energy=energy)
    if amount >= 0:
        ctx.say(state, seat, f"{p.name} gains {amount} energy ({energy})", News.ENERGY)
    else:
        ctx.say(state, seat, f"{p.name} loses {-amount} energy ({energy})")
    if energy >= ENERGY_TO_WIN and not state.over:
        state = game_over(ctx, state, seat, f"{p.name} reaches {energy} energy and wins")
    return state


def recruit(ctx: Ctx, state: GameState, seat: int, count: int) -> GameState:
    """Recruit: a new cultist is ready at once; past ten, recruiting does nothing."""
    p = state.players[seat]
    cultists = min(MAX_CULTISTS, p.cultists + count)
    if cultists == p.cultists:
        ctx.say(state, seat, f"{p.name} already has ten cultists: the recruit does nothing")
        return state
    ctx.say(state, seat, f"{p.name} recruits a cultist ({cultists})")
    return with_player(state, seat, cultists=cultists)


def to_void(state: GameState, seat: int, *card_ids: str) -> GameState:
    p = state.players[seat]
    return with_player(state, seat, void=(*p.void, *card_ids))


def leave_play(state: GameState, monster: Monster) -> GameState:
    """Dies / Destroy: to its owner's void; its counters go with it."""
    state = evolve(state, monsters=tuple(m for m in state.monsters if m.id != monster.id))
    return to_void(state, monster.owner, monster.card_id)


def deaths(ctx: Ctx, state: GameState) -> GameState:
    """Monsters whose damage equals or exceeds their defense die."""
    for m in state.monsters:
        if m.damage >= defense_of(m, ctx.catalog):
            ctx.say(state, m.owner, f"{ctx.card(m.card_id).name} dies", News.DEATH)
            state = leave_play(state, m)
    return state


def note_text(state: GameState, card: Card) -> GameState:
    """Card text the vocabulary can't say: a note the table resolves with adjustments."""
    if not card.text:
        return state
    return evolve(state, notes=(*state.notes, f"{card.name}: {card.text}"))
