"""Vile Incantations in the app, without a window: the session's seats, bursts of taps, the
dial and its range, scans that set face down or play, refusals in words, resume."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games import adapter_for, playable
from companion_app.games.vile.adapter import ADAPTER
from companion_app.games.vile.ritual_steps import ritual_steps
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table import FeedbackCommand, SetDialCommand, TableController
from engine.vile import Phase, VileGame
from engine.vile import actions as va
from engine.vile.cards import sample_catalog
from hardware.events import ButtonPressed, DialChanged, TagPresented
from hardware.registry import TagRegistry
from hardware.seats import SeatMap

from .helpers import ALENA, ANTON, monster, player, table

DEVICE = "a1b2c3d4"
TOTEM = bytes.fromhex("04000000000001")
BRANCH = bytes.fromhex("04000000000002")
HOWLER = bytes.fromhex("04000000000003")
UNDERTOW = bytes.fromhex("04000000000004")


class Tags:
    def __init__(self, known: dict[bytes, str]) -> None:
        self.known = known

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or self.known.get(uid)


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(
        ["Alena", "Anton"], kind="vile", seed=7, first_player=0, options={"god": ["ape", "kraken"]}
    )
    Clock.tick()
    return s


def make_table(game: VileGame) -> TableController:
    seats = SeatMap()
    seats.assign_dial(DEVICE, 0, 0)
    seats.assign_dial(DEVICE, 1, 1)
    tags = Tags(
        {
            TOTEM: "ape_bone_totem",
            BRANCH: "ape_broken_branch",
            HOWLER: "ape_howler",
            UNDERTOW: "kraken_undertow",
        }
    )
    return TableController(game, ADAPTER, seats, tags, sample_catalog())


def test_adapter__registered_and_offered_on_the_new_game_screen() -> None:
    assert adapter_for("vile") is ADAPTER
    assert ("vile", "Vile Incantations") in playable()
    (god,) = ADAPTER.setup_fields()
    assert god.per_player and set(god.choices) == {"ape", "phantom", "fungus", "kraken"}
    assert set(ADAPTER.decks(sample_catalog())) == {
        "Ape gate deck",
        "Phantom gate deck",
        "Fungus gate deck",
        "Kraken gate deck",
    }


def test_session__seats_show_energy_big_then_cultists_zones_and_monsters(
    session: GameSession,
) -> None:
    alena = session.seats[0]
    first = alena.counters[0]
    assert (first.key, first.big, first.value) == ("energy", True, 0)
    # Cultists and zones in one row along the seat's long edge (issue 33: a row fewer).
    row = [c.key for c in alena.counters if c.group == alena.counters[1].group]
    assert row == ["ready", "cultists", "stockpile", "components", "sabotage", "hand", "deck"]
    assert session.game is not None and session.game.state.players[1].god == "kraken"
    assert "Main Phase 1" in session.step_text


def test_session__a_burst_of_taps_on_energy_is_one_logged_command(session: GameSession) -> None:
    for _ in range(6):
        session.nudge(1, "energy", +1)
    session.nudge(1, "energy", -1)
    session.flush_bursts()
    assert session.game_id is not None
    assert session.store.load(session.game_id).commands == [
        {"type": "AdjustPlayer", "player": 1, "energy": 5}
    ]
    Clock.tick()
    assert session.seats[1].counter("energy").value == 5


def test_session__resume_gives_the_same_seats(session: GameSession, tmp_path: Path) -> None:
    session.command(va.Recruit(0))
    session.command(va.AdjustPlayer(0, stockpile=2))
    Clock.tick()
    before = [[(c.key, c.value) for c in s.counters] for s in session.seats]
    again = GameSession(session.store, lambda _k: TagRegistry(":memory:"))
    saved = again.saved_game()
    assert saved is not None
    again.resume(saved)
    Clock.tick()
    assert [[(c.key, c.value) for c in s.counters] for s in again.seats] == before


def test_table__the_dial_sets_energy_within_the_adapters_range() -> None:
    t = make_table(table())
    reaction = t.handle(t.seats.stamp(DialChanged(DEVICE, 1, 37)))
    assert reaction.ok and t.game.state.players[ANTON].energy == 37
    (command, *_rest) = [c for c in t.dial_commands(force=True) if c.dial == 0]
    assert isinstance(command, SetDialCommand)
    assert (command.minimum, command.maximum) == (0, 150)


def test_table__a_scanned_component_is_set_face_down_and_not_named() -> None:
    t = make_table(table(player("Alena", hand_size=5, deck=(), deck_size=10), hidden=True))
    reaction = t.handle(t.seats.stamp(TagPresented(DEVICE, 0, TOTEM)))
    assert reaction.ok and any(
        isinstance(c, FeedbackCommand) and c.ok for c in reaction.device_commands
    )
    assert t.game.state.players[ALENA].ritual_zone == ("ape_bone_totem",)
    assert "Bone Totem" not in " ".join(e.text for e in t.game.log)
    view = ADAPTER.card_view(sample_catalog().get("ape_bone_totem"), ALENA, None, played=True)
    assert view.name == "A component card" and "Bone Totem" not in view.text


def test_table__a_second_component_in_a_turn_is_refused_in_the_engines_words() -> None:
    t = make_table(table(player("Alena", hand_size=5, deck=(), deck_size=10), hidden=True))
    t.handle(t.seats.stamp(TagPresented(DEVICE, 0, TOTEM)))
    reaction = t.handle(t.seats.stamp(TagPresented(DEVICE, 0, TOTEM)))
    assert not reaction.ok
    assert reaction.message == "Alena has already set a component this turn"


def test_table__a_scanned_sabotage_card_is_flipped_in_the_opponents_ritual() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=5, sabotage_zone=("kraken_undertow",)),
        phase=Phase.CULMINATION,
        hidden=False,
    )
    t = make_table(game)
    t.apply(va.PerformRitual(ALENA))
    assert ADAPTER.reader_player(t.game) == ANTON
    assert t.handle(t.seats.stamp(TagPresented(DEVICE, 0, UNDERTOW))).ok
    assert t.game.state.players[ANTON].void == ("kraken_undertow",)


def test_table__the_dial_button_moves_on_for_the_seat_that_acts() -> None:
    t = make_table(table())
    assert t.handle(t.seats.stamp(ButtonPressed(DEVICE, 0, "short"))).ok
    assert t.game.state.phase is Phase.COMBAT
    assert not t.handle(t.seats.stamp(ButtonPressed(DEVICE, 1, "short"))).ok


def test_band__labels_never_name_a_face_down_sabotage_card() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",) * 3),
        player("Anton", "kraken", cultists=5, sabotage_zone=("kraken_riptide", "kraken_undertow")),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    labels = [ADAPTER.choice_label(game, a) for a in game.legal_actions()]
    assert "No more sabotage" in labels
    assert "Flip the 2nd sabotage card" in labels
    assert "Flip the 1st sabotage card on Bone Totem" in labels
    assert not any(x and ("Undertow" in x or "Riptide" in x) for x in labels)


def test_walkthrough__shows_the_window_the_bolster_and_the_strength_to_come() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem", "ape_drum_of_the_canopy", "ape_bone_totem")),
        player("Anton", "kraken", cultists=5, stockpile=2, sabotage_zone=("kraken_undertow",)),
        monsters=(monster(1, "ape_gorilla_priest", ALENA),),
        phase=Phase.CULMINATION,
    )
    title, lines = ritual_steps(game)
    assert title == "Alena's ritual zone: 3 of three components"
    assert "Bolster: Gorilla Priest +6 = +6" in lines[2]
    assert lines[-1] == "5. Strength if nothing is sabotaged: 36"
    game.apply(va.PerformRitual(ALENA))
    title, lines = ritual_steps(game)
    assert lines[1].startswith("2. Sabotage window (open): Anton: 1 sabotage card face down")
    game.apply(va.FlipSabotage(ANTON, "kraken_undertow"))
    title, lines = ritual_steps(game)
    assert lines[2] == "3. Bolster: +6"
    assert lines[4] == "Strength now: -6; when all are applied: 24"


def test_demo__plays_to_a_winner() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "demo", "--game", "vile", "--to-the-end"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Winner: " in done.stdout
    assert "Alena sets a component face down" in done.stdout
    opening = done.stdout.split("On to the end")[0]
    log_lines = [line for line in opening.splitlines() if line.startswith("    ")]
    assert log_lines and not any("Drum of the Canopy" in line for line in log_lines)


def test_table__the_scan_message_does_not_name_a_face_down_card() -> None:
    # The table words a scan with the engine's describe(), which never names a set card.
    t = make_table(table(player("Alena", hand_size=5, deck=(), deck_size=10), hidden=True))
    reaction = t.handle(t.seats.stamp(TagPresented(DEVICE, 0, TOTEM)))
    assert reaction.ok and "Bone Totem" not in reaction.message


def test_session__taps_up_on_the_stockpile_exhaust_ready_cultists(session: GameSession) -> None:
    session.command(va.AdjustPlayer(0, cultists=3))
    for _ in range(2):
        session.nudge(0, "stockpile", +1)
    session.flush_bursts()
    Clock.tick()
    alena = session.game.state.players[0]  # type: ignore[union-attr]
    assert (alena.stockpile, alena.ready) == (2, 1)
