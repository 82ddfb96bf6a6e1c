"""Every seat reads and acts from its chair (issue 16): the real app drawn offscreen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.test_app_offscreen import OUTPUT, keep_and_compare, run_journey


@pytest.mark.parametrize(("players", "size"), [(2, "1280x800"), (4, "1280x800"), (8, "800x1280")])
def test_each_seats_prompt_and_decisions_face_that_seat(
    players: int, size: str, tmp_path: Path
) -> None:
    out = OUTPUT / "table" / f"seats_{players}"
    result = run_journey(
        f"tests.app.journeys_table:seats_face_{players}", out, tmp_path / "g.sqlite", size
    )
    seen = result["notes"]["seen"]
    assert [actor for actor, _turn, _text in seen] == list(range(players))
    assert all("keep your hand" in text for _a, _t, text in seen)
    keep_and_compare(out, "table")


def test_a_targeted_spell_by_scan_and_by_tap_takes_its_target(tmp_path: Path) -> None:
    out = OUTPUT / "table" / "targets"
    result = run_journey("tests.app.journeys_table:targeted_spell", out, tmp_path / "g.sqlite")
    assert result["notes"]["base_damage"] == 2
    keep_and_compare(out, "table")


def test_the_winner_is_named_to_the_table(tmp_path: Path) -> None:
    out = OUTPUT / "table" / "winner"
    result = run_journey("tests.app.journeys_table:winner", out, tmp_path / "g.sqlite")
    assert result["notes"]["headline"] == "Anton wins!"
    assert result["notes"]["sounds"][-1] == "game_over"
    assert result["notes"]["asked"].startswith("This ends the game: Anton wins"), result["notes"]
    keep_and_compare(out, "table")


def test_undo_holds_the_automatic_advance(tmp_path: Path) -> None:
    out = OUTPUT / "table" / "undo"
    result = run_journey("tests.app.journeys_table:undo_holds_the_advance", out, tmp_path / "g")
    held, after, text = result["notes"]["held"]
    assert held == after and text == ""


@pytest.mark.parametrize("players", [2, 4])
def test_menu_log_and_history_face_the_acting_player_and_turn_on_request(
    players: int, tmp_path: Path
) -> None:
    out = OUTPUT / "table" / f"pages_{players}"
    result = run_journey(f"tests.app.journeys_table:pages_face_{players}", out, tmp_path / "g")
    assert set(result["notes"]["pages"]) == {"menu", "log", "history"}
    log = result["notes"]["log"]
    assert any(text.endswith("3 passes in a row") for text in log), log
    assert not any(text.endswith(" passes") for text in log), log  # no pass on a line alone
    assert result["notes"]["unreadable"] == []
    keep_and_compare(out, "table")


@pytest.mark.parametrize("size", ["1280x800", "800x1280"])
def test_no_text_on_the_table_is_below_the_reading_floor_or_breaks_a_word(
    size: str, tmp_path: Path
) -> None:
    """Every game, at its fewest and most players: titles, notes, badges, prompts and buttons
    are at least 15 sp, and every word fits whole on its line."""
    out = OUTPUT / "table" / f"reading_{size}"
    result = run_journey("tests.app.journeys_reading:reading", out, tmp_path / "g", size)
    assert result["notes"]["problems"] == []
    keep_and_compare(out, "table")


def test_zeal_activated_ability__the_actions_button_names_the_card_paid_from_hand(
    tmp_path: Path,
) -> None:
    """Conversion Cannon ("1, put a card from your hand on the bottom of its owner's deck"):
    its button said only "(1 devotion)"; it names the whole cost, and reads whole."""
    out = OUTPUT / "table" / "cannon_button"
    result = run_journey("tests.app.journeys_table:cannon_button", out, tmp_path / "g")
    buttons = result["notes"]["buttons"]
    cannon = [b for b in buttons if b.startswith("Use Conversion Cannon")]
    assert cannon == [
        "Use Conversion Cannon (1 devotion and put a card from your hand on the bottom of its"
        " owner's deck): deal 2 damage to target character"
    ], buttons
    assert result["notes"]["cut"] == []


def test_zeal_targets__a_picker_with_many_targets_keeps_every_button_readable_and_tappable(
    tmp_path: Path,
) -> None:
    """Siege Bolt at four players: 18 bases and "No target" in Alena's picker were squeezed
    into 7-pixel buttons. Each keeps a finger's height and a readable size (the rows
    scroll), no two overlap, and a tap on one picks that one."""
    out = OUTPUT / "table" / "many_targets"
    notes = run_journey("tests.app.journeys_pickers:many_bases", out, tmp_path / "g")["notes"]
    assert len(notes["labels"]) == 19, notes["labels"]
    assert min(notes["heights"]) >= 40, notes["heights"]
    assert min(notes["font"]) >= 15, notes["font"]
    assert notes["overlaps"] == []
    assert notes["tapped"] == "Anton's base 6" and notes["targets"] == ["base:1:5"]


def test_zeal_priority__each_player_passes_for_the_rest_of_the_turn_for_themselves(
    tmp_path: Path,
) -> None:
    """Issue 33: every action asked a Pass of each opponent (a four-player turn: 1-2 minutes
    of taps), and the quiet-moment countdown passed the opponents' windows while one of them
    fetched a response card. Now the countdown passes only its own player's quiet step and
    stops at Anton's window; "Pass this turn" on a player's own panel passes for them in
    every later window of the turn (each pass theirs in the log), "Stop passing" takes it
    back; nobody's window is passed by anyone else."""
    out = OUTPUT / "table" / "pass_this_turn"
    notes = run_journey("tests.app.journeys_table:pass_this_turn", out, tmp_path / "g")["notes"]
    assert notes["held_for_anton"] == [1, "combat_start", ""], notes["held_for_anton"]
    assert sorted(notes["anton_buttons"]) == ["Pass", "Pass this turn"]
    assert notes["made"][-2:] == ["Pass(player=1)", "Pass(player=2)"], notes["made"]
    assert notes["prompts"] == [
        "Anton passes for the rest of this turn",
        "Bea passes for the rest of this turn",
    ]
    assert notes["stop"] == [1, 2] and notes["after_stop"] == [2]


def test_zeal_targets__a_cancelled_picker_takes_its_question_with_it(tmp_path: Path) -> None:
    """Cancel on a target picker: nothing is played and the panel no longer asks for the
    target (the question stayed after the picker had gone)."""
    out = OUTPUT / "table" / "cancelled_picker"
    notes = run_journey("tests.app.journeys_pickers:cancelled", out, tmp_path / "g")["notes"]
    asked = notes["asked"]
    assert asked.startswith("Siege Bolt (sample): choose"), asked
    after, played = notes["after"]
    assert played == 0 and after != asked and "choose" not in after, notes["after"]


def test_zeal_more_than_two_players__the_band_says_an_eliminated_players_turn_is_skipped(
    tmp_path: Path,
) -> None:
    out = OUTPUT / "table" / "eliminated_turn"
    notes = run_journey("tests.app.journeys_table:eliminated_turn", out, tmp_path / "g")["notes"]
    assert notes["turn"] == [2, 2], notes["turn"]  # Bea's turn, Anton's passed over
    # Anton's elimination and his turn passed over come in one command: the band leads with
    # the weightier news (a player out, Zeal's news_rank) and counts the other, which the log
    # keeps; a turn passed over alone is said on the band (test_table_news).
    band = notes["band"]
    assert band.startswith("Anton has no bases left and is out of the game"), band
    assert "(and 1 more in the log)" in band, band
    assert "Anton is out of the game: no turn" in notes["log"], notes["log"]


def test_simulator_panel__tag_takes_a_card_by_name_and_the_number_keys_are_named(
    tmp_path: Path,
) -> None:
    """The simulator's tag command refused a card reference (only a UID in hex) and nothing
    said which card each of the keys 1-9 places."""
    out = OUTPUT / "table" / "simulator_tag"
    notes = run_journey("tests.app.journeys_table:simulator_tag", out, tmp_path / "g")["notes"]
    assert notes["tag 1 psychopomp"] == "Done: tag 1 psychopomp", notes
    assert notes["scanned"] == ["psychopomp"] and notes["on_reader"]
    assert notes["tag 1 Nobody's Card"].startswith('No card called "Nobody\'s Card"'), notes
    assert "tag R CARD" in notes["help"] and "tag 1 burn" in notes["help"]
    keys = notes["keys"]
    assert "The keys 1-9 place: 1 " in keys, keys


def test_a_tap_meant_for_a_pass_that_just_went_changes_no_tile(tmp_path: Path) -> None:
    """Issue 33: a tap meant for a Pass that had just gone raised a Max (the tiles moved up
    under the finger as the decision line went). For a moment after, the tiles take none."""
    out = OUTPUT / "table" / "tap_where_pass_was"
    result = run_journey("tests.app.journeys_table:tap_where_pass_was", out, tmp_path / "g")
    notes = result["notes"]
    assert notes["under"], "a tile moved under the Pass button's place"  # else no test
    assert notes["changed"] == [], notes


def test_simulated_hardware__seats_3_and_4_have_a_virtual_dial(tmp_path: Path) -> None:
    """`make run` at four players: seats 3 and 4 had no virtual dial (the simulated device
    had two). Now four, on the simulator panel and on keys E/D and R/F."""
    out = OUTPUT / "table" / "four_dials"
    notes = run_journey("tests.app.journeys_table:four_dials", out, tmp_path / "g")["notes"]
    assert "4 dials" in notes["status"], notes["status"]
    assert notes["devotion"] == ["0", "0", "1", "1"], notes["devotion"]
