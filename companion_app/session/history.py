"""What the game's adapter plots, over the turns: for the history screen and the end summary.

One sample per turn (the last moment of each finished turn) and the current moment, read from
the engine's state through the adapter. Rebuilding after an undo replays the command log once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion_app.games.base import AnyGame, GameAdapter, HistorySeries


@dataclass(frozen=True)
class HistorySample:
    turn: int
    series: tuple[HistorySeries, ...]

    def values(self, label: str) -> tuple[int, ...]:
        for s in self.series:
            if s.label == label:
                return s.values
        return ()


def sample(game: AnyGame, adapter: GameAdapter) -> HistorySample:
    return HistorySample(game.status().turn, adapter.history(game))


class HistoryRecorder:
    def __init__(self, adapter: GameAdapter | None = None) -> None:
        self.adapter = adapter
        self._closed: list[HistorySample] = []  # the last sample of each finished turn
        self._current: HistorySample | None = None

    def record(self, game: AnyGame) -> None:
        if self.adapter is None:
            return
        now = sample(game, self.adapter)
        if self._current is not None and now.turn != self._current.turn:
            self._closed.append(self._current)
        self._current = now

    def rebuild(
        self, game_class: type[AnyGame], setup: Any, start: Any, actions: Sequence[Any]
    ) -> None:
        self._closed = []
        self._current = None
        game = game_class.start(setup, start)
        self.record(game)
        for action in actions:
            game.apply(action)
            self.record(game)

    def samples(self) -> list[HistorySample]:
        return self._closed + ([self._current] if self._current is not None else [])
