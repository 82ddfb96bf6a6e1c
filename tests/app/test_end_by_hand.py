"""A game ended by hand-adjusted counters is asked first (issue 20: six taps on base tiles
ended a Zeal game without a word), and the simulator screen counts dials from 1 as its rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.saves.store import CommandStore
from companion_app.screens.simulator import counted_from_one
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware.registry import TagRegistry


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=3, first_player=0)
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat))
    return s


def test_the_last_base_turned_by_hand_asks_before_the_game_ends(session: GameSession) -> None:
    for index in range(5):
        assert session.toggle(0, f"base:{index}")
    assert session.ending is None
    moves = len(session.game.history)
    assert not session.toggle(0, "base:5")  # asked, not done
    assert session.ending is not None and session.ending[0].startswith(
        "This ends the game: Anton wins"
    )
    assert len(session.game.history) == moves and session.game.outcome() is None
    assert not session.answer_ending(False)
    assert session.game.outcome() is None and session.ending is None
    assert "goes on" in session.message
    session.toggle(0, "base:5")
    assert session.answer_ending(True)
    assert session.game.outcome() is not None


def test_a_hand_change_that_ends_nothing_is_made_at_once(session: GameSession) -> None:
    assert session.toggle(1, "base:0")
    assert session.ending is None and not session.game.state.players[1].bases[0].face_up


def test_the_simulator_screen_counts_dials_and_readers_from_one() -> None:
    assert counted_from_one("dial 2 5") == "dial 1 5"
    assert counted_from_one("press 1") == "press 0"
    assert counted_from_one("hold on") == "hold on"
    with pytest.raises(ValueError, match="counted from 1"):
        counted_from_one("dial 0 5")
