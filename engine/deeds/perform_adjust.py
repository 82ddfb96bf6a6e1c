"""Manual adjustments applied: the table says what a counter is, and so it is (logged)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import RESOURCES
from engine.deeds.context import Ctx
from engine.deeds.deaths import retire
from engine.deeds.evolve_state import set_card, set_player, state_with
from engine.deeds.state import DeedsState, Pool


def _base(state: DeedsState, ctx: Ctx, a: da.SetBase) -> DeedsState:
    state = set_player(state, a.player, base=a.value)
    ctx.say(state, a.player, f"{state.players[a.player].name}'s base health set to {a.value}")
    return state


def _resource(state: DeedsState, ctx: Ctx, a: da.SetResource) -> DeedsState:
    pool = state.players[a.player].pool
    counts = {r: pool.of(r) for r in RESOURCES} | {a.resource: a.value}
    state = set_player(state, a.player, pool=Pool(**counts))
    name = state.players[a.player].name
    ctx.say(state, a.player, f"{name}'s {a.resource.capitalize()} set to {a.value}")
    return state


def _card(state: DeedsState, ctx: Ctx, a: da.SetCard) -> DeedsState:
    """Tokens first (keywords count them), then attack and defense as shown: the difference
    from what the engine works out becomes the card's adjustment."""
    x = state.card(a.card)
    assert x is not None
    said = []
    if a.tokens is not None:
        state = set_card(state, x.id, tokens=a.tokens)
        said.append(f"{a.tokens} tokens")
    if a.attack is not None:
        x = _get(state, a.card)
        now = stats.attack_of(state, ctx.catalog, x)
        state = set_card(state, x.id, attack_mod=x.attack_mod + a.attack - now)
        said.append(f"attack {a.attack}")
    if a.defense is not None:
        x = _get(state, a.card)
        now = stats.defense_of(state, ctx.catalog, x)
        state = set_card(state, x.id, defense_mod=x.defense_mod + a.defense - now)
        said.append(f"defense {a.defense}")
    if a.damage is not None:
        state = set_card(state, x.id, damage=a.damage)
        said.append(f"{a.damage} damage")
    if a.ready is not None:
        state = set_card(state, x.id, ready=a.ready)
        said.append("ready" if a.ready else "utilized")
    ctx.say(state, a.player, f"{ctx.name(x)} set to {', '.join(said) or 'as it was'}")
    return state


def _get(state: DeedsState, card_id: int) -> Any:
    return state.card(card_id)


def _counts(state: DeedsState, ctx: Ctx, a: da.SetCounts) -> DeedsState:
    p = state.players[a.player]
    hand = p.hand_size if a.hand_size is None else a.hand_size
    deck = p.deck_size if a.deck_size is None else a.deck_size
    state = set_player(state, a.player, hand_size=hand, deck_size=deck)
    ctx.say(state, a.player, f"{p.name} has {hand} cards in hand and {deck} in the deck")
    return state


def _retire(state: DeedsState, ctx: Ctx, a: da.Retire) -> DeedsState:
    return retire(state, ctx, a.card)


def _resolve(state: DeedsState, ctx: Ctx, a: da.Resolve) -> DeedsState:
    note = next(n for n in state.notes if n.id == a.note)
    ctx.say(state, a.player, f"Resolved: {note.text}")
    return state_with(state, notes=tuple(n for n in state.notes if n.id != a.note))


ADJUST: dict[type[Any], Callable[[DeedsState, Ctx, Any], DeedsState]] = {
    da.SetBase: _base,
    da.SetResource: _resource,
    da.SetCard: _card,
    da.SetCounts: _counts,
    da.Retire: _retire,
    da.Resolve: _resolve,
}
