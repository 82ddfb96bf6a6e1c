"""The session's generic hook for a game that may go on for ever (issues 25, 34): the table is
told when a game resumes or a command lands in such a position, in words that claim no proof
(Game.stall_note: this game ends by the rules later), and may stop it there as a draw; where
nothing is noted, stopping is refused in words and nothing is lost."""

from pathlib import Path
from typing import Any

from companion_app.saves.game_record import setup_record
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine import games
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from tests.zeal.helpers import looping_game

NOTED = "no player has lost a base for good"  # ZealGame.stall_note's words


def session_on(db: Path) -> GameSession:
    return GameSession(CommandStore(str(db)), lambda _kind: TagRegistry(":memory:"))


def saved_looping_game(db: Path, drop_last: int, game: Any = None) -> None:
    """The looping game (or ``game``), saved as the app saves one, without its last
    ``drop_last`` commands."""
    game = game or looping_game()[0]
    store = CommandStore(str(db))
    game_id = store.new_game("zeal", setup_record(games.get("zeal"), game.setup, (0, 1)))
    commands = list(game.history)[: len(game.history) - drop_last]
    store.replace_commands(game_id, [za.to_dict(a) for a in commands])
    store.close()


def test_a_resumed_game_that_may_go_on_for_ever_is_told_and_stops_as_a_draw(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    saved_looping_game(db, drop_last=0)
    s = session_on(db)
    saved = s.saved_game()
    assert saved is not None
    s.resume(saved)
    assert NOTED in s.stalemate_text and "no one can win" not in s.stalemate_text
    assert "Stop the game here as a draw" in s.message
    assert s.stop_at_stalemate()
    assert s.saved_game() is None  # finished: not offered for resume
    assert not s.has_game
    assert s.message.startswith("Game stopped as a draw")


def test_stopping_a_game_someone_can_still_win_is_refused(tmp_path: Path) -> None:
    s = session_on(tmp_path / "g.sqlite")
    s.start_new(["Alena", "Anton"], seed=3, first_player=0)
    assert s.stalemate_text == ""
    assert not s.stop_at_stalemate()
    assert s.message == "Someone can still win: the game goes on."
    assert s.saved_game() is not None and s.has_game


def test_the_command_that_reaches_the_stalemate_tells_the_table(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    saved_looping_game(db, drop_last=1)
    s = session_on(db)
    saved = s.saved_game()
    assert saved is not None
    s.resume(saved)
    assert s.stalemate_text == ""  # one command short of the turn that shows it
    last = looping_game()[0].history[-1]
    assert s.command(last)
    assert NOTED in s.stalemate_text
    assert "Stop the game here as a draw" in s.message
    assert s.undo_last()
    assert s.stalemate_text == ""


def test_a_resumed_game_proven_unwinnable_says_no_one_can_win(tmp_path: Path) -> None:
    """Seed 4567's random game stops where no foe's combat can defeat either last base."""
    from engine.zeal.randomplay import random_game

    proven = random_game(4567, 2, 20_000)
    assert proven.stalled
    db = tmp_path / "g.sqlite"
    saved_looping_game(db, drop_last=0, game=proven.game)
    s = session_on(db)
    saved = s.saved_game()
    assert saved is not None
    s.resume(saved)
    assert s.stalemate_text.startswith("no one can win any more")
    assert s.stop_at_stalemate() and s.message.startswith("Game stopped as a draw")
