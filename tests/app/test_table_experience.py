"""At the table (issue 16), in process: targets asked where the engine asks and picked by a
button, a scan or a tap; undo holds the automatic advance; the winner named; sounds; scanned
cards put away when lifted; refusals addressed to their player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.auto_advance import AutoAdvance
from companion_app.session.game_session import GameSession
from companion_app.simulator.sim_tags import sim_uid
from engine.zeal import actions as za
from hardware.events import TagPresented, TagRemoved
from hardware.registry import TagRegistry

DEVICE = "a1b2c3d4"


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7, first_player=0)
    for card in s.catalog.cards:
        s.cards.enrol(sim_uid(card.id), card.id)
    s.seat_map.assign_reader(DEVICE, 0, 0)  # Alena's own reader
    for seat in (0, 1):
        assert s.command(za.KeepHand(seat))
    assert s.command(za.Develop(0, "devotion"))  # on to the start of combat: spells may go
    # Both can pay; Anton has a character in play to be burnt.
    for command in (
        za.SetDevotion(0, current=6),
        za.SetDevotion(1, current=6),
        za.MoveCard(1, "psychopomp", "play"),
    ):
        assert s.command(command)
    Clock.tick()
    return s


def anton_character(s: GameSession) -> Any:
    return s.game.state.players[1].in_play[0]


def test_targets__a_spell_played_by_tap_asks_its_player_and_takes_the_tapped_choice(
    session: GameSession,
) -> None:
    assert session.play(0, za.PlayCard(0, "burn"))
    request = session.picking[0]
    assert request.prompt == "Burn: choose a character in play"
    assert [o.label for o in request.options] == ["Anton's Psychopomp"]
    assert session.message_seat == 0  # the question is Alena's, on her side
    assert session.pick_target(0, 0)
    assert not session.picking
    item = session.game.state.stack[-1]
    assert item.name == "Burn" and item.targets == (anton_character(session).id,)
    assert session.store.load(session.game_id).commands[-1]["targets"] == [item.targets[0]]


def test_targets__a_spell_scanned_asks_and_scanning_the_target_picks_it(
    session: GameSession,
) -> None:
    session.handle_event(session.seat_map.stamp(TagPresented(DEVICE, 0, sim_uid("burn"))))
    assert 0 in session.picking and not session.game.state.stack  # asked, not played yet
    session.handle_event(session.seat_map.stamp(TagRemoved(DEVICE, 0, sim_uid("burn"))))
    assert 0 in session.picking  # lifting the spell does not drop the question
    session.handle_event(session.seat_map.stamp(TagPresented(DEVICE, 0, sim_uid("psychopomp"))))
    assert not session.picking
    assert session.game.state.stack[-1].targets == (anton_character(session).id,)
    for seat in (1, 0):  # both pass: Burn resolves and the damage is done
        session.command(za.Pass(seat))
    assert not session.game.state.players[1].in_play  # Psychopomp took 3 and died


def test_targets__a_base_is_picked_by_tapping_it_and_no_target_is_offered_when_allowed(
    session: GameSession,
) -> None:
    assert session.play(0, za.PlayCard(0, "siege_bolt"))
    request = session.picking[0]
    assert request.optional and len(request.options) == 6  # Anton's six standing bases
    assert session.toggle(1, "base:2")  # a tap on Anton's third base picks it
    assert session.game.state.stack[-1].targets == ("base:1:2",)
    assert session.game.state.players[1].bases[2].face_up  # the tap did not turn it over


def test_targets__no_target_and_cancel(session: GameSession) -> None:
    assert session.play(0, za.PlayCard(0, "burn"))
    session.cancel_pick(0)
    assert not session.picking and not session.game.state.stack
    assert session.play(0, za.PlayCard(0, "burn"))
    assert session.pick_target(0, None)  # the rules let Burn be played with no target
    assert session.game.state.stack[-1].targets == ()


class FakeClock:
    def __init__(self) -> None:
        self.pending: list[tuple[Any, float]] = []

    def schedule(self, callback: Any, seconds: float) -> Any:
        entry = [callback, seconds, True]
        self.pending.append((entry, seconds))

        class Handle:
            def cancel(self) -> None:
                entry[2] = False

        return Handle()

    def fire(self) -> int:
        fired = 0
        for entry, _s in self.pending:
            if entry[2]:
                entry[2] = False
                entry[0](0)
                fired += 1
        self.pending = []
        return fired


def test_auto_advance__an_undo_holds_the_countdown_until_something_new_happens() -> None:
    clock = FakeClock()
    auto = AutoAdvance(clock.schedule, 4.0)
    advanced: list[int] = []
    auto.arm(10, True, advanced.append)
    assert auto.text == "Next step in 4 s" and clock.fire() == 1 and advanced == [10]
    auto.hold(9)  # an undo back to 9 commands
    auto.arm(9, True, advanced.append)
    assert auto.text == "" and clock.fire() == 0  # the pass taken back does not come back
    auto.arm(9, True, advanced.append)  # a redraw with nothing new: still held
    assert clock.fire() == 0
    auto.arm(10, True, advanced.append)  # a new command: counting again
    assert clock.fire() == 1 and advanced == [10, 10]


def test_sounds__a_good_scan_a_refused_one_a_turn_and_the_end(session: GameSession) -> None:
    session.sounds.played.clear()
    session.handle_event(
        session.seat_map.stamp(TagPresented(DEVICE, 0, sim_uid("psychopomp")))
    )  # not her Commit
    assert session.sounds.played == ["scan_refused"]
    assert session.message_seat == 0 and not session.message_ok
    session.sound_on = False
    session.handle_event(session.seat_map.stamp(TagPresented(DEVICE, 0, sim_uid("psychopomp"))))
    assert session.sounds.played == ["scan_refused"]  # muted: nothing more
    session.sound_on = True
    for index in range(6):  # Alena's bases all defeated: Anton wins
        session.toggle(0, f"base:{index}")
    assert session.answer_ending(True)  # asked first, as a game ended by hand is
    Clock.tick()
    assert session.headline == "Anton wins!" and session.outcome_text
    assert session.sounds.played[-1] == "game_over"


def test_a_scanned_card_goes_away_when_it_is_lifted(session: GameSession) -> None:
    session.handle_event(session.seat_map.stamp(TagPresented(DEVICE, 0, sim_uid("psychopomp"))))
    assert 0 in session.scans
    session.handle_event(session.seat_map.stamp(TagRemoved(DEVICE, 0, sim_uid("psychopomp"))))
    assert 0 not in session.scans
