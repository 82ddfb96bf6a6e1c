"""The session without a window: commands reach SQLite before the screen, bursts merge,
undo of the last or any entry, resume after reopening, and scans asked of the engine."""

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.passing import PassThisTurn
from engine.zeal import actions as za
from hardware.registry import TagRegistry


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    Clock.tick()
    return s


def logged(session: GameSession) -> list[dict]:
    assert session.game_id is not None
    return session.store.load(session.game_id).commands


def test_a_new_game_draws_both_seats(session: GameSession) -> None:
    assert [s.name for s in session.seats] == ["Alena", "Anton"]
    assert all(len([c for c in s.counters if c.group == "bases"]) == 6 for s in session.seats)
    assert "Mulligan" in session.step_text
    assert session.prompt_lines


def test_a_command_is_logged_before_it_is_shown(session: GameSession) -> None:
    assert session.command(za.SetDevotion(0, current=3))
    # Logged at once; the widgets only change at the next frame (rate-limited redraw).
    assert logged(session)[-1] == {"type": "SetDevotion", "player": 0, "current": 3}
    assert session.seats[0].counter("devotion").value == 0
    Clock.tick()
    assert session.seats[0].counter("devotion").value == 3


def test_a_refused_command_says_why_and_logs_nothing(session: GameSession) -> None:
    before = logged(session)
    assert not session.command(za.Develop(0, "draw"))
    assert session.message and not session.message_ok
    assert logged(session) == before


def test_a_burst_of_taps_is_one_command_with_a_preview(session: GameSession) -> None:
    for _ in range(4):
        session.nudge(0, "devotion", +1)
    session.nudge(0, "devotion", -1)
    assert session.preview_for(0, "devotion") == "+3 = 3"
    assert logged(session) == []
    session.flush_bursts()
    assert logged(session) == [{"type": "SetDevotion", "player": 0, "current": 3}]
    assert session.preview_for(0, "devotion") == ""
    Clock.tick()
    assert len(session.log_rows) == 1 and "devotion to 3" in session.log_rows[0].text


def test_base_damage_and_face_down_are_one_tap_each(session: GameSession) -> None:
    session.nudge(1, "base:2", +1)
    session.nudge(1, "base:2", +1)
    session.flush_bursts()
    assert session.toggle(1, "base:5")
    bases = session.game.state.players[1].bases
    assert bases[2].damage == 2 and not bases[5].face_up


def test_undo_last_and_undo_any_entry(session: GameSession) -> None:
    session.command(za.SetDevotion(0, current=2))
    session.command(za.SetDevotion(1, current=5))
    session.command(za.SetBase(0, 0, damage=1))
    assert session.undo_last()
    assert len(logged(session)) == 2
    # Take back the first entry alone: the second stays.
    assert session.undo_entry(0)
    assert logged(session) == [{"type": "SetDevotion", "player": 1, "current": 5}]
    state = session.game.state
    assert state.players[0].devotion == 0 and state.players[1].devotion == 5


def test_undo_with_nothing_to_undo_says_so(session: GameSession) -> None:
    assert not session.undo_last()
    assert "nothing to undo" in session.message


def test_resume_replays_every_logged_command(session: GameSession, tmp_path: Path) -> None:
    session.command(za.SetDevotion(0, current=4))
    session.command(za.SetBase(1, 3, face_up=False))
    reopened = GameSession(
        CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:")
    )
    saved = reopened.saved_game()
    assert saved is not None
    reopened.resume(saved)
    Clock.tick()
    assert reopened.seats[0].counter("devotion").value == 4
    assert reopened.seats[1].counter("base:3").dimmed
    assert [r.text for r in reopened.log_rows] == [r.text for r in session.log_rows]


def test_a_shown_card_carries_the_engines_verdict(session: GameSession) -> None:
    view = session.show_card(0, "psychopomp")
    assert view is not None and not view.playable
    assert view.reason == session.game.explain(za.PlayCard(0, "psychopomp"))
    assert session.scans[0].name == "Psychopomp"


def test_an_unknown_card_is_refused_in_words(session: GameSession) -> None:
    assert session.show_card(0, "no-such-card") is None
    assert "don't know" in session.message


def test_start_new_refuses_bad_tables(tmp_path: Path) -> None:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    with pytest.raises(ValueError, match="2 to 8"):
        s.start_new(["Solo"])
    with pytest.raises(ValueError):
        s.start_new(["Ann", "Ann"])
    assert s.saved_game() is None


def test_losing_every_base_greys_the_player_and_finishes_the_game(session: GameSession) -> None:
    for _ in range(2):  # eliminations count once the game is past the mulligans
        actor = session.game.acting_player()
        assert actor is not None and session.command(za.KeepHand(actor))
    for index in range(6):
        session.toggle(1, f"base:{index}")
    # The last base by hand would end the game: asked first (issue 20), then answered yes.
    assert session.ending is not None and session.game.outcome() is None
    assert session.answer_ending(True)
    Clock.tick()
    assert session.seats[1].eliminated
    assert session.outcome_text
    assert session.saved_game() is None  # a finished game is not offered for resume


def test_the_turn_timer_is_off_until_asked_for(session: GameSession) -> None:
    assert not session.timer_on and session.timer_text == ""
    session.toggle_timer()
    assert session.timer_on and session.timer_text == "0:00"
    session.toggle_timer()
    assert not session.timer_on and session.timer_text == ""


def test_dials_follow_the_engine_and_are_set_again_after_a_reconnect(
    session: GameSession,
) -> None:
    from hardware.events import DeviceStatus, DialChanged

    sent: list = []
    session.send_to_devices = sent.extend
    session.assign_dial("a1b2c3d4", 0, 0)
    session.resync_dials()
    assert [(c.dial, c.value) for c in sent] == [(0, 0)]
    # The dial answers what we set: not a turn, nothing logged.
    session.handle_event(session.seat_map.stamp(DialChanged("a1b2c3d4", 0, 0)))
    assert logged(session) == []
    # A real turn is logged, and not sent back to the dial that made it.
    sent.clear()
    session.handle_event(session.seat_map.stamp(DialChanged("a1b2c3d4", 0, 6)))
    assert logged(session)[-1] == {"type": "SetDevotion", "player": 0, "current": 6}
    assert sent == []
    # Undo moves devotion back: the dial is told.
    session.undo_last()
    assert [(c.dial, c.value) for c in sent] == [(0, 0)]
    session.handle_event(session.seat_map.stamp(DialChanged("a1b2c3d4", 0, 0)))
    # The device comes back from an absence: its dial is set again, not trusted.
    sent.clear()
    session.handle_event(DeviceStatus("a1b2c3d4", connected=True, message="back"))
    assert [(c.dial, c.value) for c in sent] == [(0, 0)]


def test_the_log_after_an_undo_and_a_new_command_in_one_frame(session: GameSession) -> None:
    session.command(za.SetDevotion(0, current=2))
    Clock.tick()
    session.undo_last()
    session.command(za.SetDevotion(1, current=7))  # same position in the log, other command
    Clock.tick()
    assert [r.text for r in session.log_rows] == ["Anton set devotion to 7"]


def test_a_quiet_step_advances_by_itself_unless_something_happens(
    session: GameSession,
) -> None:
    from companion_app.session.clock import ManualClock

    clock = ManualClock()  # the countdown runs on the test's clock, not the machine's
    session.clock = clock
    session.open_windows_pass = True  # the table chose it: a response window passes too
    for _ in range(2):
        session.command(za.KeepHand(session.game.acting_player()))
    active = session.game.state.active
    session.command(za.Develop(active, "devotion"))
    Clock.tick()
    assert session.game.state.step.value == "combat_start"
    assert session.auto_text.startswith("Next step in")
    # Something new (a devotion change) happens: the countdown armed before it, firing
    # now, passes for nobody; a new countdown starts instead.
    moves = len(session.game.history)
    session.command(za.SetDevotion(active, current=3))
    session._auto_advance(moves)
    assert session.game.state.step.value == "combat_start"
    # Left alone, the quiet step passes for its player, and stops at the window of an
    # opponent who said nothing (issue 33: a player fetching a response card lost it).
    Clock.tick()  # the redraw after the change arms a new countdown
    clock.advance(session.auto_advance_s - 0.1)
    assert session.game.state.step.value == "combat_start"
    clock.advance(0.1)
    other = 1 - active
    assert session.game.history[-1] == za.Pass(active)
    assert session.game.state.priority == other and session.game.state.step.value == "combat_start"
    Clock.tick()
    assert session.auto_text == ""  # no countdown over the opponent's own window
    clock.advance(3 * session.auto_advance_s)
    assert session.game.state.priority == other
    # Their panel offers "Pass this turn": it passes now, and the step moves on.
    assert ("Pass this turn", PassThisTurn(other)) in session.choices
    assert session.command(PassThisTurn(other))
    assert session.game.state.step.value == "commit"
    assert session.game.history[-1] == za.Pass(other)


def test_a_window_a_player_could_still_play_in_never_passes_by_itself_unless_chosen(
    session: GameSession,
) -> None:
    """Issue 33: with hidden hands anyone with priority may hold a response: the start of
    combat waits for every pass unless the table chose that open windows pass."""
    from companion_app.session.clock import ManualClock

    clock = ManualClock()
    session.clock = clock
    for _ in range(2):
        session.command(za.KeepHand(session.game.acting_player()))
    session.command(za.Develop(session.game.state.active, "devotion"))
    Clock.tick()
    assert session.game.state.step.value == "combat_start"
    assert session.auto_text == ""
    clock.advance(10 * session.auto_advance_s)
    assert session.game.state.step.value == "combat_start"
    session.toggle_open_windows()
    Clock.tick()
    assert session.auto_text.startswith("Next step in")


def test_auto_advance_can_be_turned_off(session: GameSession) -> None:
    session.auto_advance_s = 0
    for _ in range(2):
        session.command(za.KeepHand(session.game.acting_player()))
    session.command(za.Develop(session.game.state.active, "devotion"))
    Clock.tick()
    assert session.auto_text == ""


def test_what_waits_on_the_stack_is_shown(session: GameSession) -> None:
    for _ in range(2):
        session.command(za.KeepHand(session.game.acting_player()))
    active = session.game.state.active
    session.command(za.Develop(active, "devotion"))
    session.next_step()  # to Commit
    session.command(za.SetDevotion(active, current=5))
    assert session.command(za.PlayCard(active, "asterion_bull"))
    Clock.tick()
    assert session.pending_text == "Asterion Bull on the stack"


def test_an_unexpected_error_is_told_and_the_app_goes_on(session: GameSession) -> None:
    from kivy.base import ExceptionManager

    from companion_app.session.keep_going import KeepGoing

    handler = KeepGoing(session)
    assert handler.handle_exception(ZeroDivisionError()) == ExceptionManager.PASS
    assert "ZeroDivisionError" in session.message and not session.message_ok
    assert handler.handle_exception(KeyboardInterrupt()) == ExceptionManager.RAISE


def test_a_message_is_drawn_for_its_own_seat_the_moment_it_arrives(
    session: GameSession,
) -> None:
    """Issue 20: the screens redraw on ``message``; whose it is must already be set then, or
    the first message after the turn passed lands on the previous speaker's panel."""
    seen: list[tuple[str, int]] = []
    session.bind(message=lambda s, text: seen.append((text, s.message_seat)))
    session.say("Anton may not do that", ok=False, seat=1)
    session.say("Alena may not do that", ok=False, seat=0)
    session.say("Alena may not do that", ok=False, seat=1)  # the same words for another seat
    assert seen == [
        ("Anton may not do that", 1),
        ("Alena may not do that", 0),
        ("Alena may not do that", 1),
    ]


def test_an_undone_win_is_offered_for_resume_again(session: GameSession, tmp_path: Path) -> None:
    """Issue 33, list 1: Undo after the winner banner, play on, quit: the next start offers
    the game again (the store's "finished" follows undo), with every command after the undo."""
    for _ in range(2):
        actor = session.game.acting_player()
        assert actor is not None and session.command(za.KeepHand(actor))
    for index in range(6):
        session.toggle(1, f"base:{index}")
    assert session.answer_ending(True)
    assert session.game.outcome() is not None and session.saved_game() is None
    assert session.undo_last()  # the win taken back
    assert session.game.outcome() is None
    assert session.command(za.SetDevotion(0, current=2))  # and play on
    reopened = GameSession(
        CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:")
    )
    saved = reopened.saved_game()
    assert saved is not None, "the game whose win was undone is not offered for resume"
    assert saved.id == session.game_id
    assert saved.commands == logged(session)
    # Undo through the log's page (an entry in the middle) follows the same rule.
    session.toggle(1, "base:5")
    assert session.answer_ending(True) and session.saved_game() is None
    assert session.undo_entry(len(session.game.history) - 1)
    assert session.game.outcome() is None
    assert session.saved_game() is not None


def test_a_resumed_games_log_reads_as_it_did(tmp_path: Path) -> None:
    """Issue 33 (found by the explorer's restarts, Deeds seed 5): each row of the log is worded
    in the position its command was made in, so after a resume (or an undo that brings rows
    back into view) it reads as it did ("Alena ends the round", not the
    phase the game is in at the end)."""
    import random

    def session_on() -> GameSession:
        registry = lambda _kind: TagRegistry(":memory:")  # noqa: E731
        return GameSession(CommandStore(str(tmp_path / "d.sqlite")), registry)

    live = session_on()
    live.start_new(["Alena", "Anton"], seed=5, kind="deeds")
    rng = random.Random(5)
    for _ in range(60):
        game = live.game
        if game.outcome() is not None:
            break
        assert live.command(rng.choice(list(game.legal_actions())))
        Clock.tick()  # a redraw after each command, as at the table: each row worded at once
    worded = [r.text for r in live.log_rows]
    again = session_on()
    saved = again.saved_game()
    assert saved is not None
    again.resume(saved)
    Clock.tick()
    assert [r.text for r in again.log_rows] == worded
