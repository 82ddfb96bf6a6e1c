"""Vile keeps the core's note of its listing (Game.note_codec): a device's command equal to an
action just listed is not checked by the rules again, unless its fields are of the wrong kinds
(engine/core/game.py, listed_now; the mechanism's own tests: tests/engine/test_listing_note.py).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.errors import IllegalAction
from engine.vile import actions as va
from engine.vile.game import VileGame
from engine.vile.randomplay import choose
from tests.vile.helpers import fresh


def _to_seat_two_passing(game: VileGame) -> list[va.Action]:
    """Plays on until the second seat may pass (a listing with a Pass of seat 1 in it)."""
    rnd = random.Random(5)
    while True:
        listed = list(game.legal_actions())
        if va.Pass(1) in listed:
            return listed
        game.apply(choose(rnd, listed))


def test_listing_note__an_equal_command_is_looked_up_a_seat_of_true_is_refused() -> None:
    game = fresh(3)
    listed = _to_seat_two_passing(game)
    sent = dataclasses.replace(listed[listed.index(va.Pass(1))])
    assert game.listed_now(sent) and game.explain(sent) is None
    before = game.state
    wrong = va.Pass(True)  # type: ignore[arg-type]
    assert wrong == sent and not game.listed_now(wrong)
    assert game.explain(wrong) == "there are two players: seat 1 and seat 2"
    with pytest.raises(IllegalAction, match="two players"):
        game.apply(wrong)
    assert game.state is before
    game.apply(sent)
    assert not game.listed_now(sent), "a new state: nothing listed in it yet"
