"""Devotion and bases over the turns, for the history plot and the end-of-game summary.

One sample per seat at the end of every turn (and the current moment), read from the
engine's state. Rebuilding after an undo replays the command log once through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.zeal import ZealGame, ZealSetup


@dataclass(frozen=True)
class HistorySample:
    turn: int
    devotion: tuple[int, ...]  # per seat
    max_devotion: tuple[int, ...]
    bases_up: tuple[int, ...]  # bases still face up, per seat
    base_damage: tuple[int, ...]  # damage on face-up bases, per seat


def sample(game: ZealGame) -> HistorySample:
    players = game.state.players
    return HistorySample(
        turn=game.state.turn,
        devotion=tuple(p.devotion for p in players),
        max_devotion=tuple(p.max_devotion for p in players),
        bases_up=tuple(sum(1 for b in p.bases if b.face_up) for p in players),
        base_damage=tuple(sum(b.damage for b in p.bases if b.face_up) for p in players),
    )


class HistoryRecorder:
    def __init__(self) -> None:
        self._closed: list[HistorySample] = []  # the last sample of each finished turn
        self._current: HistorySample | None = None

    def record(self, game: ZealGame) -> None:
        now = sample(game)
        if self._current is not None and now.turn != self._current.turn:
            self._closed.append(self._current)
        self._current = now

    def rebuild(self, setup: ZealSetup, actions: Sequence[Any]) -> None:
        self._closed = []
        self._current = None
        game = ZealGame(setup)
        self.record(game)
        for action in actions:
            game.apply(action)
            self.record(game)

    def samples(self) -> list[HistorySample]:
        return self._closed + ([self._current] if self._current is not None else [])
