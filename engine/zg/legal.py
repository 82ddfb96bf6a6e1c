"""The actions the rules allow now, listed cheaply for random play-outs and hints. Manual
adjustments and the Rule of Prime (a dispute, any cards) are always there and not listed;
attack options beyond the plain ones (cover, sneak, high ground, declared augments) neither."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, product

from engine.zg import actions as za
from engine.zg.actor import actor, attacker
from engine.zg.card_model import Catalog
from engine.zg.rules import explain
from engine.zg.state import STANCES, GameState


def _scannable(state: GameState, catalog: Catalog, seat: int) -> list[str]:
    """Cards a hidden-hands player could scan: their roster, or every zGear card if unknown."""
    p = state.players[seat]
    pool = p.roster or tuple(c.id for c in catalog.cards if c.is_zgear)
    return [c for c in dict.fromkeys(pool) if c not in p.slag]


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[za.Action]:
    if state.phase == "over":
        return
    seat = actor(state)
    yield from _anytime(state)
    if seat is None:
        return
    yield from _phase(state, catalog, seat)


def _anytime(state: GameState) -> Iterator[za.Action]:
    if (
        state.phase == "impulse"
        and state.has("flameout")
        and not any(p.picked for p in state.players)
    ):
        for seat, p in enumerate(state.players):
            if not p.defeated and not p.flameout:
                yield za.Flameout(seat)
    for seat, p in enumerate(state.players):
        if p.character and not p.character_used and not p.character_sacrificed and not p.defeated:
            yield za.UsePowerup(seat)


def _phase(state: GameState, catalog: Catalog, seat: int) -> Iterator[za.Action]:
    phase = state.phase
    p = state.players[seat]
    if phase == "impulse":
        if state.hidden:
            # Basic Rules 2-3 at a table of physical cards: each hand card is scanned (the
            # tablet then calls the impulse), one at a time, each a different standing card.
            for card in _scannable(state, catalog, seat):
                if card not in p.scanned:
                    yield za.ScanHand(seat, card)
        else:
            yield from _picks(seat, tuple(sorted(set(p.deck))))
    elif phase == "tiebreak" or phase == "target":
        make = za.BreakTie if phase == "tiebreak" else za.DrawTarget
        for card in _scannable(state, catalog, seat):
            scan = make(seat, card)
            if explain(state, catalog, scan) is None:
                yield scan
    elif phase == "card":
        if state.hidden:
            for card in _scannable(state, catalog, seat):
                play = za.PlayCard(seat, card)
                if explain(state, catalog, play) is None:
                    yield play
        else:
            for card in p.hand:
                yield za.PlayCard(seat, card)
            if p.flameout:  # the second play of a hand card, back in the deck (Rules Options 7)
                for card in dict.fromkeys(p.played):
                    if p.played.count(card) == 1 and card in p.deck:
                        yield za.PlayCard(seat, card)
    elif phase == "act":
        yield from _act(state, catalog, seat)
    elif phase == "spin":
        yield za.Spin(seat, 0)
        yield za.Spin(seat, 1)
    elif phase in ("bolster", "augment"):
        test = state.attack
        assert test is not None
        count = test.bolsters if phase == "bolster" else test.augments
        make_dots = za.Bolster if phase == "bolster" else za.Augment
        for dots in product(range(3), repeat=count):
            yield make_dots(seat, dots)
    elif phase == "result":
        yield za.Resolve(seat)
        test = state.attack
        assert test is not None
        seats = []
        if not test.attacker_retested or test.free_retests > 0:
            seats.append(attacker(state))
        if test.foe >= 0 and not test.defender_retested:
            seats.append(test.foe)
        for who in seats:  # Core Exceptions 8: once each per test
            for which, end in product(("attack", "target"), (0, 1)):
                yield za.Retest(who, which, end)
    elif phase == "save":
        yield za.Save(seat, False)
        if p.character and not p.character_sacrificed:
            yield za.Save(seat, True)


@lru_cache(maxsize=512)
def _picks(seat: int, deck: tuple[str, ...]) -> tuple[za.PickHand, ...]:
    """Every hand a player may pick with open hands (Basic Rules 2-3): the 3 distinct cards
    named. Built once per seat and deck (120 actions, listed at every impulse; actions are
    immutable, so the same ones serve again)."""
    return tuple(za.PickHand(seat, cards=cards) for cards in combinations(deck, 3))


def _act(state: GameState, catalog: Catalog, seat: int) -> Iterator[za.Action]:
    pulse = state.pulse
    assert pulse is not None
    p = state.players[seat]
    if pulse.again_foe < 0:
        if not pulse.moved and not p.knocked_down:
            # Rules Options 8: kneeling, no move; attack, defense and prone, at most 1.
            most = {"kneel": 0, "attack": 1, "defense": 1, "prone": 1}.get(p.stance, 99)
            for distance in range(min(most, pulse.move_left) + 1):
                yield za.Move(seat, distance)
        if state.has("stances") and pulse.move_left >= 3:
            for stance in STANCES:
                if explain(state, catalog, za.Stance(seat, stance)) is None:
                    yield za.Stance(seat, stance)
        if p.knocked_down and pulse.move_left >= 3:
            yield za.StandUp(seat)
        for index, t in enumerate(state.terrain):
            if t.standing and p.deck_size:
                yield za.AttackTerrain(seat, index, 0)
                yield za.AttackTerrain(seat, index, 1)
    foes = [pulse.again_foe] if pulse.again_foe >= 0 else state.alive()
    for foe in foes:
        if foe == seat:
            continue
        for end in (0, 1):
            yield za.Attack(seat, foe, end)
            if p.lock_foe == foe and p.lock_card and pulse.again_foe < 0:
                yield za.Attack(seat, foe, end, locked=True)
    yield za.EndPulse(seat)
