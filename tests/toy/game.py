"""Pebbles' rules as functions of an immutable state (docs/adding-a-game.md, section 1).

Rule 1: the heap starts with the setup's pebbles. Rule 2: in turn, a player takes 1, 2 or 3,
never more than the heap holds. Rule 3: who takes the last pebble wins."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from tests.toy.actions import Action, SetPile, Take

MOST = 3


@dataclass(frozen=True)
class Stone:
    id: str
    name: str
    count: int


@dataclass(frozen=True)
class Catalog:
    """Three cards: a stone for each count a player may take."""

    cards: tuple[Stone, ...] = tuple(Stone(f"take_{n}", f"Take {n}", n) for n in (1, 2, 3))

    def get(self, card_id: str) -> Stone:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def __contains__(self, card_id: object) -> bool:
        return any(card.id == card_id for card in self.cards)


@dataclass(frozen=True)
class Player:
    name: str
    deck: tuple[str, ...] = ()
    deck_size: int | None = None


@dataclass(frozen=True)
class PebblesSetup:
    players: tuple[Player, ...]
    seed: int
    hidden_hands: bool
    heap: int
    catalog: Any = field(default_factory=Catalog, compare=False)


@dataclass(frozen=True)
class State:
    heap: int
    piles: tuple[int, ...]
    turn: int = 1
    last: int | None = None  # who took last


class PebblesGame(Game[PebblesSetup, State, Action]):
    kind = "pebbles"

    @classmethod
    def start(cls, setup: PebblesSetup, state: State | None = None) -> Self:
        return cls(setup, state or State(setup.heap, (0,) * len(setup.players)))

    def explain_in(self, state: State, action: Action) -> str | None:
        if not 0 <= action.player < len(state.piles):
            return "There is no such player."
        if isinstance(action, SetPile):
            return None if action.pile >= 0 else "A pile holds no fewer than 0 pebbles."
        if state.heap == 0:
            return "The heap is empty: the game is over (rule 3)."
        if action.player != self._acting(state):
            return f"It is {self.player_names()[self._acting(state)]}'s turn (rule 2)."
        if not 1 <= action.count <= min(MOST, state.heap):
            return f"Take 1 to {min(MOST, state.heap)} pebbles (rule 2)."
        return None

    def perform_in(self, state: State, action: Action) -> tuple[State, Sequence[LogEntry]]:
        name = self.player_names()[action.player]
        piles = list(state.piles)
        if isinstance(action, SetPile):
            piles[action.player] = action.pile
            text = f"{name} set their pile to {action.pile}"
            return dataclasses.replace(state, piles=tuple(piles)), [
                LogEntry(state.turn, "take", action.player, text)
            ]
        piles[action.player] += action.count
        after = State(state.heap - action.count, tuple(piles), state.turn + 1, action.player)
        text = f"{name} took {action.count}"
        return after, [LogEntry(state.turn, "take", action.player, text)]

    def list_in(self, state: State) -> list[Action]:
        if state.heap == 0:
            return []
        who = self._acting(state)
        return [Take(who, n) for n in range(1, min(MOST, state.heap) + 1)]

    def _acting(self, state: State) -> int:
        return (state.turn - 1) % len(state.piles)

    def acting_player(self) -> int | None:
        return None if self.state.heap == 0 else self._acting(self.state)

    def prompts(self) -> list[Prompt]:
        who = self.acting_player()
        if who is None:
            return []
        return [Prompt(who, f"{self.player_names()[who]}: take 1 to 3 pebbles", "act")]

    def outcome(self) -> Outcome | None:
        if self.state.heap or self.state.last is None:
            return None
        return Outcome(self.state.last, (), "took the last pebble")

    def status(self) -> Status:
        return Status(self.state.turn, "Taking", self.acting_player())

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.setup.players)

    def describe(self, action: Action) -> str:
        name = self.player_names()[action.player]
        if isinstance(action, SetPile):
            return f"{name} set their pile to {action.pile}"
        return f"{name} took {action.count}"
