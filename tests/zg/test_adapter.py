"""Z-G at the table, in process (no window): the session's seats, a burst of taps as one
command, the dial's range and turns, scans by phase, refusals in words, resume, the demo."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games.zg.adapter import ADAPTER
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table import SetDialCommand, TableController
from engine.zg import actions as zga
from engine.zg.cards import sample_catalog
from engine.zg.game import ZgGame
from hardware.events import DialChanged, TagPresented
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

DEVICE = "a1b2c3d4"


class Tags:
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or KNOWN.get(uid)


KNOWN = {bytes([4, i]) + b"\x00" * 5: c for i, c in enumerate(sample_catalog().deck_of("Zero"))}
KNOWN.update(
    {bytes([5, i]) + b"\x00" * 5: c for i, c in enumerate(sample_catalog().deck_of("Phantom"))}
)
UID = {card: uid for uid, card in KNOWN.items()}


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], kind="zg", seed=7)
    Clock.tick()
    return s


def table(store: CommandStore | None = None) -> TableController:
    engine = ADAPTER.engine
    setup = engine.setup_from_dict(
        ADAPTER.setup_record(["Alena", "Anton"], [(), ()], 3, None, {}), sample_catalog()
    )
    game = engine.game.start(setup)
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    seats.assign_dial(DEVICE, 1, 1)
    game_id = store.new_game("zg", {"seed": 3}) if store else None
    return TableController(game, ADAPTER, seats, Tags(), sample_catalog(), store, game_id)


def test_session__a_new_game_shows_standing_zgear_big_and_the_markers(session: GameSession) -> None:
    seat = session.seats[0]
    zgear = seat.counter("zgear")
    assert zgear.value == 10 and zgear.big and zgear.maximum == 10
    assert seat.counter("stunned").group == "markers"
    assert session.prompt_lines


def test_session__a_burst_of_taps_is_one_logged_command(session: GameSession) -> None:
    for _ in range(3):
        session.nudge(1, "zgear", -1)
    session.flush_bursts()
    assert session.game_id is not None
    commands = session.store.load(session.game_id).commands
    assert commands == [{"type": "SetMarkers", "player": 1, "seat": 1, "deck_size": 7}]
    Clock.tick()
    assert session.seats[1].counter("zgear").value == 7


def test_session__toggles_set_stun_and_knockdown(session: GameSession) -> None:
    assert session.toggle(0, "stunned")
    Clock.tick()
    assert session.seats[0].counter("stunned").value == 1


def test_session__resume_gives_the_same_seats(session: GameSession, tmp_path: Path) -> None:
    session.command(zga.ScanHand(0, "zero_blade"))
    session.nudge(1, "zgear", -2)
    session.flush_bursts()
    Clock.tick()
    reopened = GameSession(
        CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:")
    )
    saved = reopened.store.last_unfinished()
    assert saved is not None
    reopened.resume(saved)
    Clock.tick()
    assert [s.counters for s in reopened.seats] == [s.counters for s in session.seats]


def test_table__a_dial_turn_sets_the_standing_zgear_and_its_range_goes_out() -> None:
    t = table()
    reaction = t.handle(t.seats.stamp(DialChanged(DEVICE, 1, 8)))
    assert reaction.ok
    assert ADAPTER.dial(t.game, 1).value == 8
    commands = [c for c in t.dial_commands(force=True) if isinstance(c, SetDialCommand)]
    assert {(c.dial, c.minimum, c.maximum) for c in commands} == {(0, 0, 10), (1, 0, 10)}


def test_table__scans_pick_the_hand_then_play_the_action_card_then_draw_the_target() -> None:
    t = table()
    for card in ("zero_blade", "zero_blaster", "zero_jet"):
        assert t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UID[card]))).ok
    for card in ("phantom_blade", "phantom_sprint", "phantom_jet"):
        assert t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UID[card]))).ok
    game = t.game
    assert isinstance(game, ZgGame) and game.state.phase == "card"
    first = game.state.order[0]
    hand = "zero_blade" if first == 0 else "phantom_blade"
    assert t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UID[hand]))).ok
    t.apply(zga.Attack(first, 1 - first, 0))
    target = "phantom_ulster" if first == 0 else "zero_ulster"
    assert t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UID[target]))).ok
    assert game.state.phase == "spin"
    labels = [ADAPTER.choice_label(game, a) for a in game.legal_actions()]
    assert "End A faces" in labels and "End B faces" in labels


def test_table__a_refused_scan_says_why_in_words() -> None:
    t = table()
    for card in ("zero_blade", "zero_blaster", "zero_jet"):
        t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UID[card])))
    reaction = t.handle(
        t.seats.stamp(TagPresented(DEVICE, 0, UID["zero_sensor"]))
    )  # Anton's turn to scan
    assert not reaction.ok
    assert "is not one of Anton's zGear cards" in reaction.message


def test_demo__plays_to_a_winner() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "demo", "--game", "zg", "--to-the-end"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Winner: " in run.stdout


def test_test_view__both_ends_dot_against_facing_dot_with_the_chart_in_words() -> None:
    from companion_app.games.zg.dot_view import PairView, pair_words, test_view

    from .helpers import hidden_duel, start_turn, zcard

    cards = [zcard("atk", "red:armor_piercing yellow blue"), zcard("tgt", "blue green red:armor")]
    game = hidden_duel(
        cards, ("atk", "zero_blade", "zero_jet"), ("tgt", "phantom_blade", "phantom_jet")
    )
    start_turn(game, 753, 642)
    game.apply(zga.PlayCard(0, "atk"))
    game.apply(zga.Attack(0, 1, 0))
    game.apply(zga.DrawTarget(1, "tgt"))
    waiting = test_view(game)
    assert waiting is not None and waiting.target == "waiting for the spin"
    game.apply(zga.Spin(1, 0))
    view = test_view(game)
    assert view is not None
    assert view.attacker == "Alena: Atk, end A" and view.target == "Anton: Tgt, end A"
    first, _middle, last = view.pairs
    assert (first.attack.colour, first.target.colour, first.target.blaze) == ("red", "red", "A")
    assert first.match and first.strikes == 1 and first.why == "armor pierced: a strike"
    assert last.match and last.strikes == 1
    # Each pair's words name its place: two pairs that score alike still read apart.
    rows = [pair_words(i, p) for i, p in enumerate(view.pairs)]
    assert len(set(rows)) == 3 and rows[0].startswith("Left: MATCH"), rows
    miss = PairView(first.attack, first.target, False, 0, "no match")
    assert pair_words(0, miss) == "Left: no match" and pair_words(2, miss) == "Right: no match"
    # The log's words, matches and all: the page hides the band that would say them.
    assert view.result == "Test: 2 matches, 2 strikes: slag the target card"
    assert any(e.text == view.result for e in game.log) and view.seat == 0


def test_choice_labels__the_spin_and_the_test_are_one_tap() -> None:
    t = table()
    game = t.game
    assert isinstance(game, ZgGame)
    labels = {
        ADAPTER.choice_label(game, a)
        for a in (
            zga.Spin(1, 0),
            zga.Resolve(0),
            zga.EndPulse(0),
            zga.Attack(0, 1, 1),
            zga.Save(1, True),
        )
    }
    assert labels == {
        "End A faces",
        "Accept the test",
        "End pulse",
        "Attack: end B",
        "Sacrifice character",
    }


def test_setup_record__switches_edge_and_terrain_reach_the_engine() -> None:
    record = ADAPTER.setup_record(
        ["Alena", "Anton", "Bea"],
        [(), (), ()],
        5,
        None,
        {"dash": "on", "stances": "on", "edge": "fall", "terrain_mass": "4"},
    )
    setup = ADAPTER.engine.setup_from_dict(record, sample_catalog())
    assert setup.options == ("dash", "stances") and setup.edge == "fall"
    assert [(t.name, t.mass) for t in setup.terrain] == [("Terrain", 4)]
    assert [p.character for p in setup.players] == ["zero", "phantom", "vulcan"]
    assert setup.hidden_hands


def test_summary__the_attacker_badges_fit_a_four_player_panel() -> None:
    """Basic Rule 3: the impulse sets the order; once the turn is on, the seat whose turn it
    is and its foe show their place and part ("Impulse 961, 1st  Pulse 1/3  Attacker" was cut
    on a four-player panel, "Impulse 876, 2nd  Defender" on a three-player one), the others
    their impulse and place."""
    from .helpers import hidden_duel, start_turn, zcard

    cards = [zcard("atk", "red yellow blue"), zcard("tgt", "blue green red")]
    game = hidden_duel(
        cards, ("atk", "zero_blade", "zero_jet"), ("tgt", "phantom_blade", "phantom_jet")
    )
    start_turn(game, 753, 642)
    game.apply(zga.PlayCard(0, "atk"))
    game.apply(zga.Attack(0, 1, 0))
    assert ADAPTER.summary(game, 0).badges == ["1st", "Pulse 1/3", "Attacker"]
    assert ADAPTER.summary(game, 1).badges == ["2nd", "Defender"]


def test_summary__a_targetlock_and_the_test_read_in_words_on_the_panel() -> None:
    """Basic Rule 6, 1 strike: the panel said "Targetlock 1" on a tile with the card's name
    spilling under it, and the test's line, the chart's whole sentence, was cut on the
    panel and the band ("Test: 1 match, 1 strike: targetlock, you may targe"); now a line says
    what the lock lets you do, and the test's line (the log's) is short."""
    from .helpers import hidden_duel, start_turn, zcard

    cards = [zcard("atk", "red yellow blue"), zcard("tgt", "green green red")]
    game = hidden_duel(
        cards, ("atk", "zero_blade", "zero_jet"), ("tgt", "phantom_blade", "phantom_jet")
    )
    start_turn(game, 753, 642)
    game.apply(zga.PlayCard(0, "atk"))
    game.apply(zga.Attack(0, 1, 0))
    game.apply(zga.DrawTarget(1, "tgt"))
    game.apply(zga.Spin(1, 0))
    assert game.state.attack is not None and game.state.attack.strikes == 1, game.state.last_test
    lines = ADAPTER.summary(game, 0).lines
    assert "Test: 1 match, 1 strike: targetlock" in lines, lines
    assert any(e.text == "Test: 1 match, 1 strike: targetlock" for e in game.log)
    game.apply(zga.Resolve(0))
    assert game.state.players[0].lock_card == "tgt"
    assert "May target Tgt again (targetlock)" in ADAPTER.summary(game, 0).lines
    assert "targetlock" not in {c.key for c in ADAPTER.counters(game, 0)}


def test_notable__the_defeat_that_ends_the_game_is_on_the_band_the_win_on_the_banner() -> None:
    """Basic Rule 10: the last test slags an Ulster card; the band said only "Carl defeated
    every foe (and 2 more in the log)", the defeat that ended it crowded out. The winner's
    line is the banner's (the game's outcome); the band says the test, the slag and the
    defeat, as the engine tells them."""
    from companion_app.session.table_news import headline
    from tests.zg.helpers import attack_with
    from tests.zg.test_turn import duel

    game = duel()
    attack_with(game, "red3", "ulster_t")
    before = len(game.log)
    game.apply(zga.Resolve(0))
    assert game.log[-1].text == "Alena defeated every foe"
    fresh = [e.text for e in game.log[before - 1 :] if ADAPTER.notable(e)]
    band = headline(fresh)
    assert band.startswith("Anton is defeated: their Ulster card is slagged"), band
    assert "defeated every foe" not in band
