"""Retiring cards to the graveyard: at 0 defense, with everything on them ("Card Types":
equipment and upgrades go with what they are on; a vehicle takes its units with it)."""

from __future__ import annotations

from engine.deeds import stats
from engine.deeds.cards import Catalog
from engine.deeds.context import Ctx, News
from engine.deeds.evolve_state import player_with, state_with
from engine.deeds.state import DEFEND, TACTICS, DeedsState, InPlay


def retire(state: DeedsState, ctx: Ctx, card_id: int) -> DeedsState:
    """``card_id`` and everything attached to it (and to those) to their owners' graveyards."""
    cards = state.cards
    gone = {card_id}
    grew = True
    while grew:
        more = {x.id for x in cards if x.attached_to in gone} - gone
        grew = bool(more)
        gone |= more
    players = list(state.players)
    # A card lost in the battle is its result (4.4); one retired by a card's text, news to no one.
    news = News.UNIT_LOST if state.phase is DEFEND or state.phase is TACTICS else ""
    for x in cards:
        if x.id in gone:
            p = players[x.owner]
            players[x.owner] = player_with(p, graveyard=(*p.graveyard, x.card_id))
            ctx.say(state, x.owner, f"{ctx.name(x)} goes to {p.name}'s graveyard", news)
    kept = tuple([x for x in cards if x.id not in gone])
    return state_with(state, players=tuple(players), cards=kept)


def at_risk(cards: tuple[InPlay, ...], catalog: Catalog) -> bool:
    """Whether any card may be at 0 defense. With no lowered defense, a card with less damage
    than its printed defense can't be (keywords, tokens, auras and equipment only add
    defense; damage, tokens and printed defense are never below 0): after most actions,
    nobody is at risk, seen in a plain loop."""
    get = catalog.get
    for x in cards:  # noqa: SIM110 -- a plain loop: any() over a generator costs twice as much
        if x.defense_mod < 0 or x.damage >= get(x.card_id).defense:
            return True
    return False


def sweep(state: DeedsState, ctx: Ctx) -> DeedsState:
    """Retires every card whose defense is down to 0 ("at any time"), until none is; notes the
    battlefield it leaves as swept (ctx.swept)."""
    get = ctx.catalog.get
    while True:
        cards = state.cards
        if not at_risk(cards, ctx.catalog):
            ctx.swept = cards
            return state
        # A lowered defense may lower what it is on too: then every card is looked at.
        lowered = any(x.defense_mod < 0 for x in cards)
        for x in cards:
            if (lowered or x.damage >= get(x.card_id).defense) and _dead(state, ctx, x):
                state = retire(state, ctx, x.id)
                break
        else:
            ctx.swept = cards
            return state


def _dead(state: DeedsState, ctx: Ctx, x: InPlay) -> bool:
    return stats.can_die(ctx.catalog, x) and stats.health_of(state, ctx.catalog, x) <= 0
