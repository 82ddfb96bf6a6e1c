"""The game-agnostic core (engine/core): seeded shuffles, snapshots, the rules-game shell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from engine.core import rng
from engine.core.game import RulesGame
from engine.core.records import LogEntry
from engine.core.turn_order import in_turn_order, next_seat
from engine.errors import IllegalAction


def test_rng__same_seed_same_shuffle_and_a_permutation() -> None:
    items = list(range(36))
    a, state_a = rng.shuffled(7, items)
    b, state_b = rng.shuffled(7, items)
    assert a == b and state_a == state_b
    assert sorted(a) == items and list(a) != items
    assert rng.shuffled(8, items)[0] != a


def test_turn_order__skips_eliminated_seats() -> None:
    assert in_turn_order(2, 4) == [2, 3, 0, 1]
    assert next_seat(3, 4, skip={0}) == 1
    assert next_seat(0, 2, skip={1}) is None


@dataclass(frozen=True)
class Tally:
    total: int


class TallyGame(RulesGame[Tally, int]):
    """A toy game on the same shell: add 1 to 3 per action, never past 10."""

    def explain_in(self, state: Tally, action: int) -> str | None:
        if action not in (1, 2, 3):
            return f"add 1, 2 or 3, not {action}"
        if state.total + action > 10:
            return f"that would pass 10 (the tally is {state.total})"
        return None

    def perform_in(self, state: Tally, action: int) -> tuple[Tally, Sequence[LogEntry]]:
        return Tally(state.total + action), [LogEntry(0, "play", None, f"+{action}")]


def test_rules_game__apply_undo_replay_on_another_game() -> None:
    game = TallyGame(Tally(0))
    game.apply_all([3, 3, 3])
    assert game.state == Tally(9) and [e.text for e in game.log] == ["+3", "+3", "+3"]
    with pytest.raises(IllegalAction, match="pass 10"):
        game.apply(2)
    assert game.state == Tally(9)
    assert game.undo() == 3 and game.state == Tally(6) and len(game.log) == 2
    with pytest.raises(IllegalAction) as info:
        TallyGame(Tally(0)).apply_all([1, 5])
    assert info.value.index == 1


def test_evolve__same_as_dataclasses_replace() -> None:
    import dataclasses

    from engine.core.evolve import evolve
    from engine.zeal.state import BaseState

    base = BaseState(defense=3, owner=1, controller=1)
    assert evolve(base, damage=2) == dataclasses.replace(base, damage=2)
    assert evolve(base) == base and evolve(base) is not base
    with pytest.raises(TypeError, match="no field 'hp'"):
        evolve(base, hp=3)
