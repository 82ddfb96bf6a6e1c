"""Retiring cards to the graveyard: at 0 defense, with everything on them ("Card Types":
equipment and upgrades go with what they are on; a vehicle takes its units with it)."""

from __future__ import annotations

from engine.deeds import stats
from engine.deeds.context import Ctx
from engine.deeds.evolve_state import player_with, state_with
from engine.deeds.state import DeedsState, InPlay


def retire(state: DeedsState, ctx: Ctx, card_id: int) -> DeedsState:
    """``card_id`` and everything attached to it (and to those) to their owners' graveyards."""
    gone = {card_id}
    grew = True
    while grew:
        more = {x.id for x in state.cards if x.attached_to in gone} - gone
        grew = bool(more)
        gone |= more
    graves = [list(p.graveyard) for p in state.players]
    for x in state.cards:
        if x.id in gone:
            graves[x.owner].append(x.card_id)
            ctx.say(
                state, x.owner, f"{ctx.name(x)} goes to {state.players[x.owner].name}'s graveyard"
            )
    players = tuple(
        player_with(p, graveyard=tuple(g)) for p, g in zip(state.players, graves, strict=True)
    )
    return state_with(
        state, players=players, cards=tuple(x for x in state.cards if x.id not in gone)
    )


def sweep(state: DeedsState, ctx: Ctx) -> DeedsState:
    """Retires every card whose defense is down to 0 ("at any time"), until none is; notes the
    battlefield it leaves as swept (ctx.swept)."""
    get = ctx.catalog.get
    while True:  # after most actions: plain loops, no calls for a card that can't be at 0
        cards = state.cards
        # Cheap first look: with no lowered defense, a card with less damage than its printed
        # defense can't be at 0 (keywords, tokens, auras and equipment only add defense;
        # damage, tokens and printed defense are never below 0). A lowered defense may lower
        # what it is on too: then every card is looked at.
        for x in cards:
            if x.defense_mod < 0 or x.damage >= get(x.card_id).defense:
                break
        else:  # (most sweeps) nobody at risk
            ctx.swept = cards
            return state
        lowered = any(x.defense_mod < 0 for x in cards)
        for x in cards:
            at_risk = lowered or x.damage >= get(x.card_id).defense
            if at_risk and _dead(state, ctx, x):
                state = retire(state, ctx, x.id)
                break
        else:
            ctx.swept = cards
            return state


def _dead(state: DeedsState, ctx: Ctx, x: InPlay) -> bool:
    return stats.can_die(ctx.catalog, x) and stats.health_of(state, ctx.catalog, x) <= 0
