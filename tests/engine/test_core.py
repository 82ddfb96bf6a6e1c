"""The game-agnostic core (engine/core): seeded shuffles, snapshots, the rules-game shell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from engine.core import rng
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
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
    turn: int = 1


class TallyGame(Game[int, Tally, int]):
    """A toy game written against the contract alone: two players add 1 to 3 in turn; who
    reaches the setup's goal exactly wins. A client that runs it knows nothing else of it."""

    kind = "tally"

    @classmethod
    def start(cls, setup: int, state: Tally | None = None) -> TallyGame:
        return cls(setup, state if state is not None else Tally(0))

    def explain_in(self, state: Tally, action: int) -> str | None:
        if action not in (1, 2, 3):
            return f"add 1, 2 or 3, not {action}"
        if state.total + action > self.setup:
            return f"that would pass {self.setup} (the tally is {state.total})"
        return None

    def perform_in(self, state: Tally, action: int) -> tuple[Tally, Sequence[LogEntry]]:
        return Tally(state.total + action, state.turn + 1), [
            LogEntry(state.turn, "add", (state.turn - 1) % 2, f"+{action}")
        ]

    def list_in(self, state: Tally) -> list[int]:
        if state.total >= self.setup:
            return []
        return [a for a in (1, 2, 3) if self.explain_in(state, a) is None]

    def acting_player(self) -> int | None:
        return None if self.outcome() else (self.state.turn - 1) % 2

    def prompts(self) -> list[Prompt]:
        who = self.acting_player()
        return [] if who is None else [Prompt(who, "add 1, 2 or 3", "act")]

    def outcome(self) -> Outcome | None:
        if self.state.total < self.setup:
            return None
        return Outcome(
            (self.state.turn - 2) % 2, (), f"the tally reached {self.setup}"
        )  # last to add

    def status(self) -> Status:
        return Status(self.state.turn, "adding", self.acting_player())

    def player_names(self) -> tuple[str, ...]:
        return ("Ann", "Bo")

    def describe(self, action: int) -> str:
        return f"{self.player_names()[self.acting_player() or 0]} adds {action}"


def play_first_legal(game: Game[Any, Any, Any]) -> list[str]:
    """A client written against the base class only, as a third party would."""
    said = []
    while game.outcome() is None:
        action = next(game.legal_actions())
        said.append(game.describe(action))
        game.apply(action)
    return said


def test_game_contract__apply_undo_replay_fork_on_another_game() -> None:
    game = TallyGame.start(10)
    game.apply_all([3, 3, 3])
    assert game.state.total == 9 and [e.text for e in game.log] == ["+3", "+3", "+3"]
    with pytest.raises(IllegalAction, match="pass 10"):
        game.apply(2)
    assert game.state.total == 9
    assert game.undo() == 3 and game.state.total == 6 and len(game.log) == 2
    with pytest.raises(IllegalAction) as info:
        TallyGame.replay(10, [1, 5])
    assert info.value.index == 1 and str(info.value).startswith("action 2:")  # counted from 1
    what_if = game.fork()
    assert what_if.state == game.state and not what_if.history
    what_if.apply(3)
    assert what_if.state.total == 9 and game.state.total == 6


def test_game_contract__a_client_plays_any_game_through_the_base_class() -> None:
    game = TallyGame.start(5)
    assert play_first_legal(game) == [
        "Ann adds 1",
        "Bo adds 1",
        "Ann adds 1",
        "Bo adds 1",
        "Ann adds 1",
    ]
    assert game.outcome() == Outcome(0, (), "the tally reached 5")
    assert game.acting_player() is None and not list(game.legal_actions())


def test_evolve__same_as_dataclasses_replace() -> None:
    import dataclasses

    from engine.core.evolve import evolve
    from engine.zeal.state import BaseState

    base = BaseState(defense=3, owner=1, controller=1)
    assert evolve(base, damage=2) == dataclasses.replace(base, damage=2)
    assert evolve(base) == base and evolve(base) is not base
    with pytest.raises(TypeError, match="no field 'hp'"):
        evolve(base, hp=3)


@dataclass(frozen=True, slots=True)
class Layered:
    a: int
    b: str = ""


@dataclass(frozen=True, slots=True)
class MoreLayered(Layered):  # slots on a base class: copied slot by slot, not as a twin
    c: tuple[int, ...] = ()


def test_evolve__any_set_of_changes_in_any_order_copies_as_replace_does() -> None:
    """A copier is made per class and set of changed fields: each must store every change and
    keep every other field, whichever fields and order a call names."""
    import dataclasses
    import itertools

    from engine.core.evolve import evolve

    names = [f"f{i}" for i in range(20)]
    wide_cls = dataclasses.make_dataclass("Wide", names, frozen=True, slots=True)
    wide = wide_cls(*range(20))
    for picked in ([], ["f0"], ["f19", "f3"], ["f3", "f19"], names[::3], names[::-1]):
        changes = {name: -i - 1 for i, name in enumerate(picked)}
        copy = evolve(wide, **changes)
        assert copy == dataclasses.replace(wide, **changes) and type(copy) is wide_cls
        assert evolve(copy, **changes) == copy  # the same copier, another original
    layered = MoreLayered(1, "x", (2,))
    for size in range(4):
        for order in itertools.permutations(("a", "b", "c"), size):
            new: dict[str, Any] = {"a": 5, "b": "y", "c": (6, 7)}
            some = {name: new[name] for name in order}
            assert evolve(layered, **some) == dataclasses.replace(layered, **some)
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(layered, a=2).a = 3  # type: ignore[misc]
    for wrong in ({"f2": 0, "hp": 3}, {"hp": 3, "f2": 0}, {"__class__": Layered}):
        with pytest.raises(TypeError, match="Wide has no field"):
            evolve(wide, **wrong)
