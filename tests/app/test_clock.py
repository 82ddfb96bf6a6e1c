"""The session's timers on a clock the test moves (companion_app/session/clock.py): a burst settles,
a quiet moment advances, the turn timer counts, only when the test says time has passed."""

from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.clock import ManualClock
from companion_app.session.game_session import BURST_SETTLE_S, GameSession
from engine.zeal import actions as za
from hardware.registry import TagRegistry


def test_a_manual_clock_runs_callbacks_in_time_order_only_when_moved() -> None:
    clock = ManualClock()
    ran: list[tuple[str, float]] = []
    clock.schedule_once(lambda dt: ran.append(("late", dt)), 2.0)
    clock.schedule_once(lambda dt: ran.append(("soon", dt)), 1.0)
    gone = clock.schedule_once(lambda dt: ran.append(("cancelled", dt)), 0.5)
    gone.cancel()
    tick = clock.schedule_interval(lambda dt: ran.append(("tick", dt)), 0.75)
    assert clock.advance(0.4) == 0 and ran == []
    assert clock.advance(1.1) == 3  # now 1.5: tick at 0.75, soon at 1.0, tick at 1.5
    assert ran == [("tick", 0.75), ("soon", 1.0), ("tick", 0.75)]
    tick.cancel()
    clock.advance(10)
    assert ran[-1] == ("late", 2.0) and len(ran) == 4
    assert clock.time() == 11.5 and clock.waiting() == []
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_a_callback_scheduled_while_advancing_runs_if_it_falls_due() -> None:
    clock = ManualClock()
    ran: list[float] = []
    clock.schedule_once(lambda _dt: clock.schedule_once(lambda _d: ran.append(clock.time()), 1), 1)
    clock.advance(1.5)
    assert ran == []
    clock.advance(0.5)
    assert ran == [2.0]


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.clock = ManualClock()
    s.start_new(["Alena", "Anton"], seed=11, first_player=0)
    Clock.tick()
    return s


def test_taps_stay_one_burst_however_slow_the_machine_is(session: GameSession) -> None:
    clock = session.clock
    assert isinstance(clock, ManualClock)
    before = len(session.require_game().history)
    for _ in range(3):
        session.nudge(0, "devotion", +1)
        clock.advance(BURST_SETTLE_S * 0.9)  # each tap just inside the window
    assert session.preview_for(0, "devotion") == "+3 = 3"
    assert len(session.require_game().history) == before
    clock.advance(BURST_SETTLE_S * 0.1)  # the window closes after the last tap
    assert len(session.require_game().history) == before + 1
    assert session.require_game().state.players[0].devotion == 3
    assert session.preview_for(0, "devotion") == ""


def test_taps_further_apart_than_the_window_are_separate_changes(session: GameSession) -> None:
    clock = session.clock
    assert isinstance(clock, ManualClock)
    before = len(session.require_game().history)
    for _ in range(2):
        session.nudge(0, "devotion", +1)
        clock.advance(BURST_SETTLE_S)
    assert len(session.require_game().history) == before + 2


def test_a_quiet_moment_advances_when_the_clock_says_so(session: GameSession) -> None:
    clock = session.clock
    assert isinstance(clock, ManualClock)
    session.open_windows_pass = True  # the table chose that open windows pass (issue 33)
    for seat in (0, 1):
        assert session.command(za.KeepHand(seat))
    assert session.command(za.Develop(0, "devotion"))  # the start of combat: quiet
    Clock.tick()
    moves = len(session.require_game().history)
    assert session.auto_text.startswith("Next step in")
    clock.advance(session.auto_advance_s - 0.1)
    assert len(session.require_game().history) == moves
    clock.advance(0.1)
    assert len(session.require_game().history) > moves


def test_the_turn_timer_counts_the_clocks_seconds(session: GameSession) -> None:
    clock = session.clock
    assert isinstance(clock, ManualClock)
    session.toggle_timer()
    assert session.timer_text == "0:00"
    clock.advance(61)
    assert session.timer_text == "1:01"
    session.toggle_timer()
    assert session.timer_text == ""


def test_a_countdown_turned_off_while_it_runs_passes_nothing(session: GameSession) -> None:
    """The quiet moment's countdown, already running, stops when the table turns countdowns
    off (auto_advance_s 0): the explorer turns them off once a resumed game is back, and the
    countdown armed by the resume still passed by itself seconds later (Zeal 5p, seed 90210:
    '469 commands came back of 468')."""
    clock = session.clock
    assert isinstance(clock, ManualClock)
    session.open_windows_pass = True
    for seat in (0, 1):
        assert session.command(za.KeepHand(seat))
    assert session.command(za.Develop(0, "devotion"))  # the start of combat: quiet
    Clock.tick()
    moves = len(session.require_game().history)
    assert session.auto_text.startswith("Next step in")
    session.auto_advance_s = 0
    assert session.auto_text == ""
    clock.advance(10 * 4.0)
    Clock.tick()
    assert len(session.require_game().history) == moves
    session.auto_advance_s = 4.0  # turned on again: the moment, still quiet, counts down anew
    Clock.tick()
    assert session.auto_text.startswith("Next step in")
    clock.advance(4.0)
    assert len(session.require_game().history) > moves
