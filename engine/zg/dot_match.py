"""The test (Basic Rules 5-6, Core Exceptions 6-7): the attacker's card end against the target
card end, dot against facing dot, as a pure function of the two ends and the bolsters and
augments placed; and the damage chart.

Facing: each end's dots are read left to right with that end at the top of the face-up card.
Laid end to end, the two cards face each other, so the attacker's first dot faces the target's
third, the second the second, the third the first (README.md, "Readings").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.zg.card_model import Dot, End

ARMOR = {"armor": 1, "double_armor": 2}
PIERCE = {"armor_piercing": 1, "double_armor_piercing": 2}


def facing(attack_dot: int) -> int:
    """The target dot (its index on the target end) facing the attacker's dot."""
    return 2 - attack_dot


@dataclass(frozen=True, slots=True)
class PairResult:
    """One attacker dot against the target dot facing it."""

    attack: Dot
    target: Dot
    match: bool
    armor: int  # armor on the target dot: 1 armor, 2 double armor, +1 a bolster
    pierce: int  # armor piercing on the attacker's dot: 1, 2 double, +1 an augment
    strikes: int
    why: str  # in players' words


@dataclass(frozen=True, slots=True)
class TestResult:
    pairs: tuple[PairResult, PairResult, PairResult]  # by the attacker's dot, left to right

    @property
    def strikes(self) -> int:
        return sum(p.strikes for p in self.pairs)

    @property
    def matches(self) -> int:
        return sum(1 for p in self.pairs if p.match)

    @property
    def result(self) -> str:
        return chart(self.strikes)

    def words(self) -> str:
        return chart_words(self.strikes)


@lru_cache(maxsize=4096)  # a pure function of immutable dots, three per test, every test
def pair(attack: Dot, target: Dot, bolsters: int = 0, augments: int = 0) -> PairResult:
    """Basic Rule 6 for one dot pair (Core Exceptions 6-7 add bolsters and augments)."""
    match = attack.colour == target.colour
    armor = ARMOR.get(target.blaze, 0) + bolsters
    pierce = PIERCE.get(attack.blaze, 0) + augments
    weak = target.blaze == "weak_point"

    def out(strikes: int, why: str) -> PairResult:
        return PairResult(attack, target, match, armor, pierce, strikes, why)

    if attack.blaze == "explosive" and weak:
        # Rule 6: explosive against a weak point ALWAYS strikes, matched or not, under armor.
        if match and 0 < pierce >= armor:
            return out(2, "explosive and armor piercing on a weak point: 2 strikes")
        return out(1, "explosive on a weak point always strikes")
    if not match:
        return out(0, "no match")
    if armor > pierce:
        # Rule 6: armor blocks unless pierced; double armor falls only to double piercing.
        return out(0, "blocked by double armor" if armor >= 2 else "blocked by armor")
    if weak and pierce > 0:
        return out(2, "armor piercing on a weak point: 2 strikes")
    if armor:
        return out(1, "armor pierced: a strike")
    return out(1, "a strike")


def run_test(
    attack_end: End,
    target_end: End,
    bolster_dots: Sequence[int] = (),
    augment_dots: Sequence[int] = (),
) -> TestResult:
    """Every dot pair and its strikes. ``bolster_dots`` are target-end dots (0-2, as read on
    the target end) given +1 armor each; ``augment_dots`` attacker dots given +1 piercing."""
    pairs = tuple(
        pair(
            attack_end[i],
            target_end[facing(i)],
            bolsters=bolster_dots.count(facing(i)),
            augments=augment_dots.count(i),
        )
        for i in range(3)
    )
    return TestResult(pairs)  # type: ignore[arg-type]  # three, by construction


def any_match(one: End, other: End) -> bool:
    """The Rule of Prime asks only this: does any dot match the dot facing it?"""
    return any(one[i].colour == other[facing(i)].colour for i in range(3))


# The damage chart (Basic Rule 6).
def chart(strikes: int) -> str:
    if strikes <= 0:
        return "miss"
    if strikes == 1:
        return "targetlock"
    if strikes == 2:
        return "slag"
    return "slag_again"


def stuns(strikes: int) -> bool:
    return strikes >= 4


def chart_short(strikes: int) -> str:
    """The chart's outcome in a few words, for the log's "Test: ..." line, the band and the
    panels (a sentence cut on a four-player band told no one anything); the targetlock's
    "you may target this card again" is the log's next line when the test is accepted."""
    if strikes <= 0:
        return "no strikes: the attack misses"
    if strikes == 1:
        return "1 strike: targetlock"
    if strikes == 2:
        return "2 strikes: slag the target card"
    words = f"{strikes} strikes: slag and attack again"
    return words + (", the foe is stunned" if stuns(strikes) else "")


def chart_words(strikes: int) -> str:
    if strikes <= 0:
        return "no strikes: the attack misses"
    if strikes == 1:
        return "1 strike: targetlock, you may target this card again with your next attack"
    if strikes == 2:
        return "2 strikes: slag the target card"
    words = f"{strikes} strikes: slag the target card and attack again with a new target card"
    return words + (", and the foe is stunned" if stuns(strikes) else "")
