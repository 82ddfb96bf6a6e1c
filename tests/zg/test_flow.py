"""Z-G's flow at the table (issue 33, item 10), through the real app drawn offscreen: what a
kneeling figure is told, the dial and the zGear tile agreeing, and the test screen coming and
going with the test (journeys in tests/zg/journeys_flow.py)."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey


def test_rules_options_8_stances__a_kneeling_figure_is_told_it_may_not_move_and_has_no_move_tile(
    tmp_path: Path,
) -> None:
    """Kneel (Cost 3 Move; may not move): the prompt said "move up to 3" and the Move tile
    stayed, its taps ignored in silence. And the dial: turned to 3 while the target card is
    on the table, the message said 3 and the tile showed 4."""
    out = OUTPUT / "zg" / "flow_kneel"
    notes = run_journey("tests.zg.journeys_flow:kneel_and_dial", out, tmp_path / "g")["notes"]
    prompt = notes["kneel_prompt"]
    assert prompt.startswith("Alena: no move (kneeling), attack if in range"), prompt
    assert "move up to" not in prompt
    assert "move" not in notes["kneel_tiles"], notes["kneel_tiles"]
    assert "No move" in notes["kneel_buttons"], notes["kneel_buttons"]
    before, message, after = notes["dial"]
    assert before == "10" and message == "Anton set zGear to 3 on the dial", notes["dial"]
    assert after == "3", notes["dial"]


def test_basic_rules_5_6_and_core_exceptions_1__the_test_screen_comes_and_goes_with_the_test(
    tmp_path: Path,
) -> None:
    """Accepted, the test page stayed open (on "No test now", or over the slag decision, so
    the table never offered the character card's sacrifice); a target drawn while another
    page was shown never opened the test screen. Now: back at the table after Accept, the
    sacrifice offered on the defender's panel and taken, and the next test opens on the way
    back to the table."""
    out = OUTPUT / "zg" / "flow_test"
    notes = run_journey("tests.zg.journeys_flow:accept_and_sacrifice", out, tmp_path / "g")["notes"]
    assert notes["result"].startswith("Test: 3 matches, 3 strikes"), notes["result"]
    assert notes["after_accept"][:2] == ["save", "scoreboard"], notes["after_accept"]
    assert notes["save_buttons"] == [[1, "Sacrifice character"], [1, "Slag it"]]
    # The question only (it was cut on a 3-player portrait panel, seed 4242 step 119).
    assert notes["save_prompt"] == "Anton: save Phantom's Jet Backgear?"
    assert notes["saved"] == [True, []], notes["saved"]  # the card is saved, not slagged
    assert notes["drawn_on_log"] == "log"  # a scan does not tear the log away
    assert notes["back_from_log"] == ["spin", "test"], notes["back_from_log"]
