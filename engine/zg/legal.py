"""The actions the rules allow now, listed cheaply for random play-outs and hints. Manual
adjustments and the Rule of Prime (a dispute, any cards) are always there and not listed;
attack options beyond the plain ones (cover, sneak, high ground, declared augments) neither.

The app lists the choices after every command, so the listing is built from the state's few
deciding facts (whose turn, how far they may move, who can be attacked) straight into a list,
and the action records themselves are made once per seat and reused: they are immutable, so
the same ones serve in every state that lists them (the lru_caches below).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, product

from engine.zg import actions as zga
from engine.zg.actor import actor, attacker
from engine.zg.card_model import Catalog
from engine.zg.rules import explain
from engine.zg.setup import MAX_PLAYERS
from engine.zg.state import STANCE_MOVE, STANCES, GameState


def _scannable(state: GameState, catalog: Catalog, seat: int) -> list[str]:
    """Cards a hidden-hands player could scan: their roster, or every zGear card if unknown."""
    p = state.players[seat]
    pool = p.roster or tuple(c.id for c in catalog.cards if c.is_zgear)
    return [c for c in dict.fromkeys(pool) if c not in p.slag]


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[zga.Action]:
    return iter(listing(state, catalog))


def listing(state: GameState, catalog: Catalog) -> list[zga.Action]:
    """Every listed action, in the order the table sees them: anytime actions first."""
    if state.phase == "over":
        return []
    out = _anytime(state)
    seat = actor(state)
    if seat is not None:
        _phase(state, catalog, seat, out)
    return out


def _anytime(state: GameState) -> list[zga.Action]:
    players = state.players
    out: list[zga.Action] = [
        _POWERUPS[seat]
        for seat, p in enumerate(players)
        if p.character and not p.character_used and not p.character_sacrificed and not p.defeated
    ]
    if (
        state.phase == "impulse"
        and "flameout" in state.options
        and not any(p.picked for p in players)
    ):
        # Rules Options 7: announced before anyone picks; listed before the powerups.
        out[:0] = [
            _FLAMEOUTS[s] for s, p in enumerate(players) if not p.defeated and not p.flameout
        ]
    return out


def _phase(state: GameState, catalog: Catalog, seat: int, out: list[zga.Action]) -> None:
    phase = state.phase
    p = state.players[seat]
    if phase == "act":
        _act(state, catalog, seat, out)
    elif phase == "result":
        test = state.attack
        assert test is not None
        first = attacker(state) if not test.attacker_retested else -1
        second = test.foe if test.foe >= 0 and not test.defender_retested else -1
        out += _result(seat, first, second)
    elif phase == "spin":
        out += _spins(seat)
    elif phase == "card":
        if state.hidden:
            for card in _scannable(state, catalog, seat):
                play = zga.PlayCard(seat, card)
                if explain(state, catalog, play) is None:
                    out.append(play)
        else:
            out += [_play(seat, card) for card in p.hand]
            if p.flameout:  # the second play of a hand card, back in the deck (Rules Options 7)
                for card in dict.fromkeys(p.played):
                    if p.played.count(card) == 1 and card in p.deck:
                        out.append(_play(seat, card))
    elif phase == "impulse":
        if state.hidden:
            # Basic Rules 2-3 at a table of physical cards: each hand card is scanned (the
            # tablet then calls the impulse), one at a time, each a different standing card.
            for card in _scannable(state, catalog, seat):
                if card not in p.scanned:
                    out.append(zga.ScanHand(seat, card))
        else:
            out += _picks(seat, tuple(sorted(set(p.deck))))
    elif phase == "tiebreak" or phase == "target":
        make = zga.BreakTie if phase == "tiebreak" else zga.DrawTarget
        for card in _scannable(state, catalog, seat):
            scan = make(seat, card)
            if explain(state, catalog, scan) is None:
                out.append(scan)
    elif phase in ("bolster", "augment"):
        test = state.attack
        assert test is not None
        if phase == "bolster":
            out += _dots(seat, test.bolsters, False)
        else:
            out += _dots(seat, test.augments, True)
    elif phase == "save":
        out += _saves(seat, bool(p.character) and not p.character_sacrificed)


def _act(state: GameState, catalog: Catalog, seat: int, out: list[zga.Action]) -> None:
    pulse = state.pulse
    assert pulse is not None
    p = state.players[seat]
    again = pulse.again_foe
    if again < 0:
        if not pulse.moved and not p.knocked_down:
            # Rules Options 8: kneeling, no move; attack, defense and prone, at most 1.
            out += _moves(seat, min(STANCE_MOVE.get(p.stance, 99), pulse.move_left))
        if pulse.move_left >= 3:
            if p.knocked_down:
                out.append(_stand_up(seat))
            elif "stances" in state.options:
                # Rules Options 8: any other stance for 3 Move, once standing (rules._move).
                out += _stances(seat, p.stance)
        if p.deck_size and state.terrain:
            for index, t in enumerate(state.terrain):
                if t.standing:
                    out += _terrain_attacks(seat, index)
        foes = tuple([i for i, q in enumerate(state.players) if not q.defeated and i != seat])
        out += _attacks(seat, foes, p.lock_foe if p.lock_card else -1)
    else:
        out += _attacks(seat, (again,) if again != seat else (), -1)
    out.append(_end_pulse(seat))


# --- the action records, made once and reused (immutable) ---------------------------------


@lru_cache(maxsize=512)
def _picks(seat: int, deck: tuple[str, ...]) -> tuple[zga.PickHand, ...]:
    """Every hand a player may pick with open hands (Basic Rules 2-3): the 3 distinct cards
    named (120 actions, listed at every impulse). A deck that lost a card (slagged) has no
    hand the fuller deck did not have: each hand is made once (_hand), not once per deck."""
    return tuple(_hand(seat, cards) for cards in combinations(deck, 3))


@lru_cache(maxsize=8192)
def _hand(seat: int, cards: tuple[str, ...]) -> zga.PickHand:
    return zga.PickHand(seat, cards)


@lru_cache(maxsize=1024)
def _attacks(seat: int, foes: tuple[int, ...], lock_foe: int) -> tuple[zga.Attack, ...]:
    """Basic Rule 5: each foe with either end; a targetlocked foe also with the locked card."""
    out = []
    for foe in foes:
        for end in (0, 1):
            out.append(zga.Attack(seat, foe, end))
            if foe == lock_foe:
                out.append(zga.Attack(seat, foe, end, locked=True))
    return tuple(out)


@lru_cache(maxsize=256)
def _stances(seat: int, current: str) -> tuple[zga.Stance, ...]:
    return tuple(zga.Stance(seat, stance) for stance in STANCES if stance != current)


@lru_cache(maxsize=256)
def _moves(seat: int, most: int) -> tuple[zga.Move, ...]:
    return tuple(zga.Move(seat, distance) for distance in range(most + 1))


@lru_cache(maxsize=256)
def _terrain_attacks(seat: int, index: int) -> tuple[zga.AttackTerrain, ...]:
    return (zga.AttackTerrain(seat, index, 0), zga.AttackTerrain(seat, index, 1))


@lru_cache(maxsize=256)
def _result(seat: int, first: int, second: int) -> tuple[zga.Action, ...]:
    """Accept the test, or retest (Core Exceptions 8: once each per test, -1: not any more)."""
    out: list[zga.Action] = [zga.Resolve(seat)]
    for who in (first, second):
        if who >= 0:
            for which, end in product(("attack", "target"), (0, 1)):
                out.append(zga.Retest(who, which, end))
    return tuple(out)


@lru_cache(maxsize=256)
def _dots(seat: int, count: int, augment: bool) -> tuple[zga.Action, ...]:
    make = zga.Augment if augment else zga.Bolster
    return tuple(make(seat, dots) for dots in product(range(3), repeat=count))


@lru_cache(maxsize=256)
def _saves(seat: int, can_sacrifice: bool) -> tuple[zga.Save, ...]:
    return (
        (zga.Save(seat, False), zga.Save(seat, True)) if can_sacrifice else (zga.Save(seat, False),)
    )


@lru_cache(maxsize=256)
def _spins(seat: int) -> tuple[zga.Spin, zga.Spin]:
    return (zga.Spin(seat, 0), zga.Spin(seat, 1))


@lru_cache(maxsize=4096)
def _play(seat: int, card: str) -> zga.PlayCard:
    return zga.PlayCard(seat, card)


@lru_cache(maxsize=256)
def _end_pulse(seat: int) -> zga.EndPulse:
    return zga.EndPulse(seat)


@lru_cache(maxsize=256)
def _stand_up(seat: int) -> zga.StandUp:
    return zga.StandUp(seat)


_POWERUPS = tuple(zga.UsePowerup(seat) for seat in range(MAX_PLAYERS))
_FLAMEOUTS = tuple(zga.Flameout(seat) for seat in range(MAX_PLAYERS))
