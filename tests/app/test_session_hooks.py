"""The session's three generic hooks for what surrounds a game (a tournament, a draft):
metadata saved with the game, a callback when the game is over, and hardware events taken
before the game sees them."""

from pathlib import Path

from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware.events import TagPresented
from hardware.registry import TagRegistry


def session_on(db: Path) -> GameSession:
    return GameSession(CommandStore(str(db)), lambda _kind: TagRegistry(":memory:"))


def to_the_end(s: GameSession) -> None:
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat))
    for base in range(6):
        assert s.command(s.adapter.toggle_action(s.game, 0, f"base:{base}"))


def test_metadata_is_saved_with_the_game_and_back_on_resume(tmp_path: Path) -> None:
    s = session_on(tmp_path / "g.sqlite")
    s.start_new(["Alena", "Anton"], seed=3, metadata={"tournament": {"match": "r1m1"}})
    assert s.metadata == {"tournament": {"match": "r1m1"}}
    again = session_on(tmp_path / "g.sqlite")
    saved = again.saved_game()
    assert saved is not None
    again.resume(saved)
    assert again.metadata == {"tournament": {"match": "r1m1"}}
    again.start_new(["Bea", "Carl"], seed=4)  # a game with none has none
    assert again.metadata == {}


def test_the_game_over_hook_runs_before_the_game_is_marked_finished(tmp_path: Path) -> None:
    s = session_on(tmp_path / "g.sqlite")
    heard: list[tuple[int | None, bool]] = []

    def hook(game: object) -> None:
        # The store still offers the game for resume while the hook runs.
        heard.append((game.outcome().winner, s.saved_game() is not None))  # type: ignore[attr-defined]

    s.game_over_hooks.append(hook)
    s.start_new(["Alena", "Anton"], seed=3, first_player=0)
    to_the_end(s)
    Clock.tick()
    assert heard == [(1, True)]
    assert s.saved_game() is None  # finished after the hook


def test_a_game_over_but_not_finished_calls_the_hook_again_on_resume(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    s = session_on(db)
    s.start_new(["Alena", "Anton"], seed=3, first_player=0)
    to_the_end(s)
    # As if the app died between the last command and the end of the bookkeeping.
    s.store._db.execute("UPDATE games SET finished = NULL")
    again = session_on(db)
    heard: list[int | None] = []
    again.game_over_hooks.append(lambda game: heard.append(game.outcome().winner))
    saved = again.saved_game()
    assert saved is not None
    again.resume(saved)
    assert heard == [1]


def test_an_event_taker_sees_hardware_events_before_the_game(tmp_path: Path) -> None:
    s = session_on(tmp_path / "g.sqlite")
    s.start_new(["Alena", "Anton"], seed=3, first_player=0)
    taken: list[object] = []
    s.event_takers.append(lambda e: taken.append(e) or True)
    event = TagPresented("dev", 0, b"\x01\x02\x03\x04")
    s.handle_event(event)
    assert taken == [event]
    assert s.scans == {} and s.unknown_tag is None  # the game never saw it
    s.event_takers.clear()
    s.handle_event(event)
    assert s.unknown_tag is not None  # without a taker, the game offers to enrol the tag
