"""A skirmish's result from a declaration, as a pure function ("Battle Details", 4.4).

The app's battle assistant shows it before anyone confirms; the engine resolves battles with
it. Nothing here reads a game state: a fighter is its attack, the defense it has left, and
First Strike / Overrun.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.evolve import maker


@dataclass(frozen=True, slots=True)
class Fighter:
    attack: int
    health: int  # defense left
    first_strike: bool = False
    overrun: bool = False


@dataclass(frozen=True, slots=True)
class Skirmish:
    """What one attacker and its blockers do to each other, and to the defender's base."""

    attacker_damage: int  # damage the attacker takes
    blocker_damage: tuple[int, ...]  # damage each blocker takes, in blocking order
    to_base: int  # damage to the defender's base
    attacker_dies: bool
    blockers_die: tuple[bool, ...]


# Made without the frozen __init__ (every field, in order): every battle makes them.
_skirmish = maker(Skirmish)
fighter_of = maker(Fighter)


def skirmish(attacker: Fighter, blockers: Sequence[Fighter]) -> Skirmish:
    """ "Skirmishes": an unblocked attacker hits the base; a blocked one fights its blockers
    in blocking order, its attack left over carried on to the next, until it dies, every
    blocker is defeated, or every attack value is spent. First Strike deals its damage before
    taking any; Overrun sends the rest to the base once every blocker is defeated."""
    if not blockers:
        return _skirmish(0, (), attacker.attack, False, ())
    left = attacker.attack
    health = attacker.health
    dealt: list[int] = []
    for blocker in blockers:
        if health <= 0:  # the attacker is dead: the blockers after it take no part
            dealt.append(0)
            continue
        hit = min(left, blocker.health)
        back = blocker.attack
        if attacker.first_strike and not blocker.first_strike and hit >= blocker.health:
            back = 0  # killed before it could strike back
        elif blocker.first_strike and not attacker.first_strike and back >= health:
            hit = 0  # the attacker dies before it strikes
        left -= hit
        health -= back
        dealt.append(hit)
    dies = tuple(hit >= b.health for hit, b in zip(dealt, blockers, strict=True))
    to_base = left if attacker.overrun and all(dies) else 0
    # attacker_damage, blocker_damage, to_base, attacker_dies, blockers_die
    return _skirmish(attacker.health - health, tuple(dealt), to_base, health <= 0, dies)
