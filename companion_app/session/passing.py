"""Passing for the rest of the turn, said by each player for themselves (no Kivy here).

A game with response windows (Zeal: a card played, a declaration made, each opponent gets
priority and passes) costs a tap per opponent per action: a four-player turn took one to two
minutes of Pass taps. So a player whose window it is may tap "Pass this turn" instead of
"Pass": it passes now, and the table passes for them in every later window of this turn
that is only a response (the adapter's ``response_pass``), until the turn ends or they tap
"Stop passing" on their panel. Nobody passes for anyone else: a seat that said nothing keeps
every window (the quiet-moment countdown stops at it, too), and an undo that takes back a
pass made for a seat hands the window back to it, its mark gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion_app.games.base import AnyGame, GameAdapter

PASS_THIS_TURN = "Pass this turn"
STOP_PASSING = "Stop passing"
MAX_PASSES = 64  # a turn's windows are far fewer; the bound only stops a runaway loop


@dataclass(frozen=True)
class PassThisTurn:
    """A panel's button: ``player`` passes now and for the rest of the turn."""

    player: int


@dataclass(frozen=True)
class StopPassing:
    """A panel's button: ``player`` takes their windows back for the rest of the turn."""

    player: int


class Passing:
    def __init__(self) -> None:
        self.marks: set[int] = set()  # seats that pass for the rest of the turn
        self._turn: Any = None

    def follow(self, game: AnyGame) -> None:
        """A new turn (or another game) forgets every mark."""
        turn = (id(game), game.status().turn)
        if turn != self._turn:
            self.marks.clear()
            self._turn = turn

    def mark(self, seat: int) -> None:
        self.marks.add(seat)

    def unmark(self, seat: int) -> None:
        self.marks.discard(seat)

    def own_window(self, game: AnyGame, adapter: GameAdapter) -> bool:
        """Whether the acting player is in a response window that is theirs to close: nothing
        passes it by itself (they said nothing for this turn)."""
        who = game.acting_player()
        if who is None or who in self.marks:
            return False
        return adapter.response_pass(game, who) is not None

    def due(self, game: AnyGame, adapter: GameAdapter) -> Any | None:
        """The pass the table makes now for a seat that said it passes this turn, or None."""
        self.follow(game)
        who = game.acting_player()
        if who is None or who not in self.marks or game.outcome() is not None:
            return None
        action = adapter.response_pass(game, who)
        return action if action is not None and game.is_legal(action) else None

    def choices(self, game: AnyGame, adapter: GameAdapter) -> list[tuple[str, Any]]:
        """The panels' buttons: "Pass this turn" beside the acting player's Pass in a
        response window, "Stop passing" on the panel of each seat that said it."""
        self.follow(game)
        out: list[tuple[str, Any]] = []
        who = game.acting_player()
        if who is not None and who not in self.marks and adapter.response_pass(game, who):
            out.append((PASS_THIS_TURN, PassThisTurn(who)))
        out += [(STOP_PASSING, StopPassing(seat)) for seat in sorted(self.marks)]
        return out

    def prompts(self, names: Sequence[str]) -> dict[int, str]:
        """What a marked seat's panel says while the table passes for it."""
        return {seat: f"{names[seat]} passes for the rest of this turn" for seat in self.marks}
