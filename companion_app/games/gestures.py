"""What a player does at the table to make an engine action: the gestures (no Kivy here).

A game's player model (``companion_app/games/<kind>/player_model.py``) says, for any action
its engine allows now, which gestures a player makes to get it: a scan on a seat's reader, a
dial turned, a tap on a button whose words they read, a counter tile's plus or minus. The
table explorer (``tests/app/explorer``) performs them through the real widgets and checks
that the engine received exactly that action. An action no gesture can make is a rule the
table does not have: the model answers ``None`` and the explorer names the action.

Gestures name what a player sees (a button's text, a seat's panel, a screen), never a widget's
id, so a gesture that works is one a player could find.

How the explorer finds a game's model: ``GameAdapter.player_model()`` (companion_app/games/
base.py) returns it, imported only then from where the adapter's ``player_model_class`` says
(the app never needs it); none declared means the game has no model yet: the explorer
fails clearly ("no player model for deeds") rather than skipping the game.

``TapCounter`` with ``times`` > 1 is one burst of taps; the explorer ends the burst by
flushing it through the session (as leaving the screen does), never by waiting out the
burst's real-time window, so a burst's end does not depend on the clock.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion_app.games.base import AnyGame, GameAdapter


@dataclass(frozen=True)
class Scan:
    """A card laid on the reader in front of ``seat`` (its tag read and lifted again)."""

    seat: int
    card_id: str


@dataclass(frozen=True)
class TurnDial:
    """``seat``'s devotion dial turned until it shows ``value``."""

    seat: int
    value: int


@dataclass(frozen=True)
class PressButton:
    """A short press of ``seat``'s dial button."""

    seat: int


@dataclass(frozen=True)
class TapCounter:
    """A tap on counter ``key`` of ``seat``'s panel: its minus third (-1), its middle (0) or
    its plus third (+1), ``times`` times in one burst; ``held``: each a long press (the
    middle held is a toggle: a base turned over)."""

    seat: int
    key: str
    side: int
    times: int = 1
    held: bool = False


@dataclass(frozen=True)
class TapText:
    """A tap on the visible button (or tappable label) whose text is ``text``.

    ``where`` says where the player looks: ``"seat:N"`` (seat N's panel, its card panel or its
    target picker), ``"band"`` (the middle band), ``"screen:NAME"`` (a full-screen page), or
    ``"popup"``. ``match`` is ``"exact"`` or ``"prefix"`` (a button whose text starts with
    ``text``, for labels that end in a number that changes)."""

    text: str
    where: str
    match: str = "exact"


@dataclass(frozen=True)
class ChooseRow:
    """On a page of rows (a character and what it will do), the choice button beside the row
    whose label reads ``row`` tapped until it reads ``option``. ``nth`` tells apart rows
    with the same label (two Cult Zealots): the nth such row, from the top."""

    row: str
    option: str
    where: str = "screen"
    nth: int = 0


@dataclass(frozen=True)
class Undo:
    """The band's Undo: takes the newest command back."""


@dataclass(frozen=True)
class OpenScreen:
    """The menu's button that opens the game's own page ``name`` (or the page opened by
    itself: the explorer waits for it either way)."""

    name: str


Gesture = Scan | TurnDial | PressButton | TapCounter | TapText | ChooseRow | Undo | OpenScreen


class PlayerModel(ABC):
    """How a game's actions are made at the table: one per game, beside its adapter, which
    makes it (``GameAdapter.player_model``) and hands itself in, so a model reads the table's
    words from the adapter it is given and never imports it back."""

    def __init__(self, adapter: GameAdapter) -> None:
        self.adapter = adapter

    @abstractmethod
    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        """The gestures that make ``action`` (one the engine allows now) from where the game
        stands; ``None`` when no gesture at the table can make it (a failure the explorer
        reports, naming the action)."""

    def end_by_hand(self, game: AnyGame) -> Sequence[Gesture] | None:
        """Gestures that end the game by hand-adjusted counters (Zeal: every base of one
        player turned face down), for the explorer to see the question before the end, the
        winner and Undo after it; None when the game has no such end."""
        return None

    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """The action a player who wants the game to move on picks among ``legal`` (attacks,
        plays, bases: what the game's own random play-outs pick, engine/<kind>/randomplay.py),
        so the explorer's games end as real ones do. The explorer mixes it with choices of
        kinds of action not made yet, so every kind the engine lists is still made."""
        return rng.choice(list(legal))
