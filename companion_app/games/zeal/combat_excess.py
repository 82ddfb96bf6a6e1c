"""Where an attacker's excess damage can go next (Combat: Dealing Combat Damage to Bases), for
the combat assistant's rows beneath an attacker's base (combat_rows.py). No Kivy.

No rule is restated here: the bases are damaged by the engine's own functions
(engine/zeal/base_damage.py, damage.py) on the position as it stands, in the order the engine
deals it: the attackers whose bases were named before this one first (as the engine puts the
named ones first), then this attacker's bases as chosen so far. What is left over, and the
standing bases adjacent to the last one hit, are what the next row offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.zeal import ZealGame, base_damage, damage
from engine.zeal import actions as za
from engine.zeal.context import Ctx
from engine.zeal.ops import standing_bases
from engine.zeal.state import BaseState, GameState

BaseRef = tuple[int, int]  # (owner seat, index among the owner's bases), as the engine's


@dataclass(frozen=True)
class Excess:
    """Damage still to deal after the bases chosen so far, and where it may go."""

    left: int
    after: BaseState  # the base it leaves over from
    bases: tuple[tuple[int, int, BaseState], ...]  # standing and adjacent to ``after``


def excess_after(
    game: ZealGame,
    seat: int,
    earlier: Sequence[tuple[int, int, int]],
    attacker: int,
    chain: Sequence[BaseRef],
) -> Excess | None:
    """What ``attacker`` has left after the bases of ``chain`` (its first base, then its
    excess so far), once the attackers named before it (``earlier``: AssignDamage.bases
    entries) have hit theirs. None when nothing is left, no adjacent base stands, or a
    base of the chain would not be hit (defeated before it: the engine picks from there)."""
    state = game.state
    combat = state.combat
    if combat is None or not chain:
        return None
    ctx = Ctx(game.catalog)  # a scratch log, thrown away: the live game is untouched
    named = list(dict.fromkeys(a for a, _o, _i in earlier))
    state, _conquerors = base_damage.damage_bases(
        ctx, state, combat, named, za.AssignDamage(seat, bases=tuple(earlier))
    )
    hitter, defender = state.permanent(attacker), combat.defender_of(attacker)
    if hitter is None or defender is None:
        return None
    amount, last = hitter.combat, None
    for ref in chain:
        if ref not in [(o, i) for o, i, _b in _next_bases(state, defender, last)]:
            return None  # not where the damage would go: the engine picks from here on
        state, amount = damage.damage_base(ctx, state, ref[0], ref[1], amount, attacker)
        last = ref
        if amount <= 0:
            return None
    assert last is not None
    after = state.players[last[0]].bases[last[1]]
    near = tuple(_next_bases(state, defender, last))
    return Excess(amount, after, near) if near else None


def standing_after(
    game: ZealGame, seat: int, earlier: Sequence[tuple[int, int, int]], defender: int
) -> set[BaseRef]:
    """The bases of ``defender`` still standing once the attackers named before (``earlier``)
    have dealt their damage, excess and all: a base one of them defeats is not there for the
    next attacker to hit (the engine would pick another for it)."""
    state = game.state
    combat = state.combat
    if combat is not None and earlier:
        named = list(dict.fromkeys(a for a, _o, _i in earlier))
        state, _conquerors = base_damage.damage_bases(
            Ctx(game.catalog), state, combat, named, za.AssignDamage(seat, bases=tuple(earlier))
        )
    return {(o, i) for o, i, _b in standing_bases(state, defender)}


def _next_bases(
    state: GameState, defender: int, last: BaseRef | None
) -> list[tuple[int, int, BaseState]]:
    """The defender's standing bases; after a hit, only those adjacent to the base hit."""
    standing = standing_bases(state, defender)
    if last is None:
        return standing
    hit = state.players[last[0]].bases[last[1]]
    return [b for b in standing if (b[0], b[1]) != last and base_damage.adjacent(b[2], hit)]
