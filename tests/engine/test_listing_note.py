"""Core's note of a listing (engine/core/game.py, Game.legal_actions and Game.listed_now).

The app lists the legal actions after every command, then checks a device's command (an equal,
not identical, object) before it logs and applies it. A game that keeps a note trusts such a
command without running its rules' check again, but only when it was handed out in this very
state and its fields hold the right kinds of values (True == 1 in Python, not at the table).
Shown on a small game written against the contract alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.core.actions import ActionCodec
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Add:
    player: int
    amount: int


CODEC: ActionCodec[Add] = ActionCodec("count", [Add])


@dataclass(frozen=True, slots=True)
class Count:
    total: int = 0
    seat: int = 0


class CountGame(Game[int, Count, Add]):
    """Two players add 1 to 3 in turn up to the setup's goal; counts its rules' checks."""

    kind = "count"
    note_codec: ClassVar[ActionCodec[Any] | None] = CODEC

    def __init__(self, setup: int, state: Count) -> None:
        super().__init__(setup, state)
        self.checks = 0  # how often the rules' own check ran

    @classmethod
    def start(cls, setup: int, state: Count | None = None) -> CountGame:
        return cls(setup, state if state is not None else Count())

    def explain_in(self, state: Count, action: Add) -> str | None:
        self.checks += 1
        problem = CODEC.type_problem(action)
        if problem is not None:
            return problem
        if action.player != state.seat:
            return "it is not your turn"
        if action.amount not in (1, 2, 3) or state.total + action.amount > self.setup:
            return f"add 1, 2 or 3 up to {self.setup}"
        return None

    def perform_in(self, state: Count, action: Add) -> tuple[Count, Sequence[LogEntry]]:
        after = Count(state.total + action.amount, 1 - state.seat)
        return after, [LogEntry(1, "add", action.player, f"+{action.amount}")]

    def list_in(self, state: Count) -> list[Add]:
        amounts = (a for a in (1, 2, 3) if state.total + a <= self.setup)
        return [Add(state.seat, a) for a in amounts]

    def acting_player(self) -> int | None:
        return None if self.outcome() else self.state.seat

    def prompts(self) -> list[Prompt]:
        return []

    def outcome(self) -> Outcome | None:
        if self.state.total < self.setup:
            return None
        return Outcome(1 - self.state.seat, (), "the count reached the goal")

    def status(self) -> Status:
        return Status(1, "adding", self.acting_player())

    def player_names(self) -> tuple[str, ...]:
        return ("Ann", "Bo")

    def describe(self, action: Add) -> str:
        return f"{self.player_names()[action.player]} adds {action.amount}"


class ShortNoteGame(CountGame):
    note_most = 2  # a listing of three is not worth noting


class NoNoteGame(CountGame):
    note_codec = None  # its rules' check is cheap: it keeps no note


def command(action: Add) -> Add:
    """An equal action made elsewhere, as a device's command is."""
    copy = dataclasses.replace(action)
    assert copy == action and copy is not action
    return copy


def test_listing_note__a_listed_command_is_applied_without_the_rules_check_again() -> None:
    game = CountGame.start(10)
    listed = list(game.legal_actions())
    assert listed == [Add(0, 1), Add(0, 2), Add(0, 3)]
    sent = command(listed[1])
    assert game.listed_now(sent) and game.explain(sent) is None
    game.apply(sent)
    assert game.checks == 0 and game.state == Count(2, 1)
    fork = CountGame.start(10)  # nothing listed there: the rules' own check, same result
    fork.apply(command(listed[1]))
    assert fork.checks == 1 and fork.state == game.state and fork.log == game.log


def test_listing_note__a_listing_stopped_early_claims_only_what_it_handed_out() -> None:
    game = CountGame.start(10)
    handed = game.legal_actions()
    assert not game.listed_now(Add(0, 1)), "nothing handed out yet"
    first = next(handed)
    assert game.listed_now(command(first))
    assert not game.listed_now(Add(0, 2)) and not game.listed_now(Add(0, 3))
    assert game.explain(Add(0, 3)) is None and game.checks == 1  # checked by the rules
    rest = list(handed)
    assert all(game.listed_now(command(a)) for a in rest)


def test_listing_note__a_seat_of_true_equals_a_listed_action_yet_is_refused() -> None:
    game = CountGame.start(10)
    game.apply(Add(0, 1))  # Bo (seat 1) to act
    listed = list(game.legal_actions())
    before = game.state
    for wrong in (Add(True, 1), Add(1, 1.0)):  # type: ignore[arg-type]
        assert wrong == listed[0] and not game.listed_now(wrong)
        problem = game.explain(wrong)
        assert problem is not None and "must be a whole number" in problem, problem
        with pytest.raises(IllegalAction, match="whole number"):
            game.apply(wrong)
    assert game.state is before and len(game.history) == 1


def test_listing_note__a_stale_note_claims_nothing() -> None:
    game = CountGame.start(10)
    listed = list(game.legal_actions())
    game.apply(command(listed[0]))  # a new state: the note was made in another
    assert not any(game.listed_now(a) for a in listed)
    assert not game.listed_now(Add(1, 1)), "legal now, but not listed in this state"
    game.undo()  # the very state the note was made in: its listing is still the listing
    assert game.listed_now(command(listed[2]))
    assert not game.fork().listed_now(listed[0]), "a fork has listed nothing"


def test_listing_note__a_game_keeps_no_note_of_a_long_listing_or_when_it_opts_out() -> None:
    short = ShortNoteGame.start(10)
    assert len(list(short.legal_actions())) == 3 and not short.listed_now(Add(0, 1))
    short.apply(Add(0, 3))
    short.apply(Add(1, 3))
    short.apply(Add(0, 3))  # 9 of 10: a listing of one is noted
    assert list(short.legal_actions()) == [Add(1, 1)] and short.listed_now(Add(1, 1))
    none = NoNoteGame.start(10)
    listed = list(none.legal_actions())
    assert not any(none.listed_now(a) for a in listed)
    none.apply(listed[0])
    assert none.checks == 1, "every command is explained"
