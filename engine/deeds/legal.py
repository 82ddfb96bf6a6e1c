"""The actions the rules allow now, for the acting player, listed cheaply (random play-outs
depend on it). Not listed, though legal: manual adjustments (but for Resolve, card text
marked done), the other player's tactics outside battle, and every way of ordering blocks or
paying ``*`` (README: readings)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import RESOURCES
from engine.deeds.context import Ctx
from engine.deeds.flow import actor
from engine.deeds.pay import pay
from engine.deeds.rules import explain
from engine.deeds.setup import HAND
from engine.deeds.state import DeedsState, Phase


def legal_actions(state: DeedsState, ctx: Ctx) -> Iterator[Any]:
    seat = actor(state)
    if seat is None:
        return
    for action in _candidates(state, ctx, seat):
        if explain(state, ctx, action, well_formed=True) is None:
            yield action


def _candidates(state: DeedsState, ctx: Ctx, seat: int) -> Iterator[Any]:
    phase = state.phase
    p = state.players[seat]
    for note in state.notes:  # card text the table carried out: the band's "Resolved"
        yield da.Resolve(seat, note.id)
    if phase is Phase.MULLIGAN:
        yield da.KeepHand(seat)
        if ctx.hidden:
            yield da.Mulligan(seat, p.hand_size)
        else:
            yield da.Mulligan(seat, len(p.hand), p.hand)
    elif phase is Phase.REGROUP:
        for first, second in combinations(RESOURCES, 2):
            yield da.Regroup(seat, first, second)
    elif phase is Phase.DRAW:
        yield da.Draw(seat)
    elif phase in (Phase.DEPLOY, Phase.RETREAT):
        yield from _deploys(state, ctx, seat, tactics_only=False)
        yield from _equips(state, ctx, seat)
        if phase is Phase.DEPLOY:
            yield from _attacks(state, ctx, seat)
        if p.hand_size > HAND:
            if ctx.hidden:
                yield da.Discard(seat, "")  # a card discarded without a scan
            for card_id in _hand(ctx, p.hand, p.hand_size):
                yield da.Discard(seat, card_id)
        yield da.EndPhase(seat)
    elif phase is Phase.DEFEND:
        yield from _blocks(state, ctx, seat)
    elif phase is Phase.TACTICS:
        yield da.Pass(seat)
        yield from _deploys(state, ctx, seat, tactics_only=True)
        for x in state.cards:
            if x.owner == seat:
                activated = [a for a in ctx.card(x).abilities if a.kind == "activated"]
                for index in range(len(activated)):
                    yield da.Activate(seat, x.id, index)


def _deploys(state: DeedsState, ctx: Ctx, seat: int, *, tactics_only: bool) -> Iterator[Any]:
    p = state.players[seat]
    for card_id in _hand(ctx, p.hand, p.hand_size):
        card = ctx.catalog.get(card_id)
        if tactics_only and card.type != "tactic":
            continue
        if isinstance(pay(p.pool, card.cost), str):
            continue
        if card.subtype == "upgrade":
            for x in state.cards:
                if x.owner == seat and ctx.card(x).is_technology:
                    yield da.Deploy(seat, card_id, (x.id,))
        elif card.has("resurrect"):
            for target in dict.fromkeys(p.graveyard):
                yield da.Deploy(seat, card_id, (target,))
        else:
            yield da.Deploy(seat, card_id)


def _hand(ctx: Ctx, hand: tuple[str, ...], size: int) -> list[str]:
    """The distinct cards a hand may play: with hidden hands, whichever the player scans, so
    any card of the catalog while the hand is not empty."""
    if ctx.hidden:
        return [c.id for c in ctx.catalog.cards] if size > 0 else []
    return list(dict.fromkeys(hand))


def _equips(state: DeedsState, ctx: Ctx, seat: int) -> Iterator[Any]:
    mine = [x for x in state.cards if x.owner == seat]
    units = [x for x in mine if ctx.card(x).is_unit and x.attached_to is None]
    for tech in mine:
        subtype = ctx.card(tech).subtype
        if subtype in ("equipment", "vehicle") and tech.attached_to is None and tech.ready:
            for unit in units:
                yield da.Equip(seat, tech.id, unit.id)
        if tech.attached_to is not None and subtype != "upgrade":
            yield da.Unequip(seat, tech.id)


def _attacks(state: DeedsState, ctx: Ctx, seat: int) -> Iterator[Any]:
    able = [
        x.id
        for x in state.cards
        if x.owner == seat and stats.why_cannot_attack(state, ctx.catalog, x) is None
    ]
    if able:
        yield da.Attack(seat, tuple(able))
        must = tuple(
            x.id for x in state.cards if x.id in able and stats.must_attack(state, ctx.catalog, x)
        )
        if must and must != tuple(able):
            yield da.Attack(seat, must)
        for one in able:
            if (one,) != must and len(able) > 1:  # (a lone able unit is "everyone" above)
                yield da.Attack(seat, (one,))


def _blocks(state: DeedsState, ctx: Ctx, seat: int) -> Iterator[Any]:
    """No blocks; each single block; and everyone blocking, spread over the attackers."""
    assert state.battle is not None
    yield da.Block(seat)
    attackers = [state.card(i) for i in state.battle.attackers]
    blockers = [x for x in state.cards if x.owner == seat]
    pairs = [
        (a.id, b.id)
        for a in attackers
        if a is not None
        for b in blockers
        if stats.why_cannot_block(state, ctx.catalog, b, a) is None
    ]
    for pair in pairs:
        yield da.Block(seat, (pair,))
    spread: list[tuple[int, int]] = []
    used: set[int] = set()
    for a_id, b_id in pairs:
        if b_id not in used:
            used.add(b_id)
            spread.append((a_id, b_id))
    if len(spread) > 1:
        yield da.Block(seat, tuple(spread))
