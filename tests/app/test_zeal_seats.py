"""Zeal's seat panels at eight seats (issue 33, items 6 and 9): the real app drawn offscreen
(journeys_zeal_seats.py), in both orientations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.test_app_offscreen import OUTPUT, keep_and_compare, run_journey


@pytest.mark.parametrize("size", ["1280x800", "800x1280"])
def test_zeal_seat_panels_at_8_seats__every_tile_reads_whole_with_its_numbers_labelled(
    size: str, tmp_path: Path
) -> None:
    """Bases, Devotion and characters in play on every seat, decisions on an end seat's and a
    side seat's panels: the explorer found the bases' numbers drawn over their titles, the
    big number at 26 sp, "Shade Ambusher (sample) 2 attacks Dana" cut short and a bare combat
    score ("Psychopomp 1 attacks Emil": which number is it?). Each tile now names its card
    (shortened on purpose on a small tile, never cut), says its combat score with its word
    and its damage with its own, and the explorer's checks find nothing on the table."""
    out = OUTPUT / "zeal" / f"eight_seats_{size}"
    notes = run_journey("tests.app.journeys_zeal_seats:eight_seats", out, tmp_path / "g", size)[
        "notes"
    ]
    assert notes["problems"] == []
    decisions = notes["decisions"]  # Alena's own, and the two shown on the crowded panels
    assert decisions[0] and decisions[3] and decisions[4], decisions
    combat = notes["combat"]  # the engine's scores now (Zeal raises the Cult Zealot's)
    title, _shown, detail, note = notes["attacker"]
    assert (title, note) == ("Iron Juggernaut (sample)", "dmg")
    assert detail == f"Combat {combat['iron_juggernaut']} \u00b7 attacks Anton"
    title, _shown, detail, note = notes["blocker"]
    assert title == "Cult Zealot (sample)"
    assert detail == f"Combat {combat['cult_zealot']} \u00b7 blocks Iron Juggernaut"
    title, shown, detail, _note = notes["ambusher"]
    assert title == "Shade Ambusher (sample)" and shown in (title, "Shade Ambusher"), shown
    assert detail.startswith("Combat "), detail
    keep_and_compare(out, "zeal")


@pytest.mark.parametrize("size", ["1280x800", "800x1280"])
def test_a_crowded_side_seat_at_8_seats_folds_a_row_into_a_button_that_opens_it(
    size: str, tmp_path: Path
) -> None:
    """Five cards in play and a question on a side seat: the explorer found its bases'
    numbers squeezed out of their boxes ("'0' spills out of its box", seed 5 step 181), every
    row of small counters under its least height (here: 0.87 of it). The
    panel now folds its cards in play into one button that says how many ("Show in play
    (4)"), everything on the table reads whole, and a tap on the button opens the cards
    (the bases fold in their place), still whole."""
    out = OUTPUT / "zeal" / f"crowded_side_seat_{size}"
    notes = run_journey(
        "tests.app.journeys_zeal_seats:crowded_side_seat", out, tmp_path / "g", size
    )["notes"]
    assert notes["problems"] == []
    assert notes["lowest"] >= 0.98, notes["lowest"]  # no row squeezed under its least
    assert notes["folded"] == ["in play"], notes["folded"]
    assert notes["fold words"] == ["Show in play (5)"]
    assert notes["folded after"] == ["bases"], notes["folded after"]
    assert notes["problems after"] == []
    assert notes["lowest after"] >= 0.98, notes["lowest after"]
    assert notes["in play shown"] == 5
