"""Errors the engine raises, worded for the players at the table."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why, in players' words.

    ``index`` is set when the action came from a list (a scenario or a replayed log), so the
    caller can say which entry was refused.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index

    def __str__(self) -> str:
        if self.index is None:
            return self.message
        # People count from 1: the third action of a file or a log is "action 3".
        return f"action {self.index + 1}: {self.message}"


class MalformedAction(ValueError):
    """An action that is not well formed (an unknown kind, a missing or mistyped field), as
    opposed to a well-formed one the rules refuse (IllegalAction). Like python-chess's
    ``InvalidMoveError`` beside ``IllegalMoveError``. The message says what is wrong."""


class SetupError(ValueError):
    """A game setup that can't start (wrong player count, unknown card, deck size)."""
