"""Rows that scroll stop at their ends, and rows that fit never move, on every page
(issue 33): on a loaded machine Kivy's springy rows flew thousands of pixels away from a slow
frame, and the Deeds Cards in play page's buttons took no tap (the explorer, Deeds at 2
players: seed 5 step 98, seed 31337 step 69, the tap landing 2,300 and 24,000 px off the
window). Journeys in tests/app/journeys_rows.py."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey


def test_cards_in_play__a_slip_past_the_end_then_slow_frames_leaves_the_rows_where_they_are(
    tmp_path: Path,
) -> None:
    out = OUTPUT / "table" / "rows_slow_frames"
    notes = run_journey(
        "tests.app.journeys_rows:cards_in_play_slow_frames", out, tmp_path / "g", "800x1280"
    )["notes"]
    assert notes["fits"], "the page's rows were meant to fit it (a short list)"
    assert notes["springy"] == [], notes["springy"]
    assert all(abs(x) <= 1 for x in notes["held"] + notes["drifts"]), notes
