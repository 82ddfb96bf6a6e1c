"""Overrun's "may" (Deeds Glossary) asked at the table, through the real widgets (issue 34):
the engine applied it always; now the attacker's panel offers both answers."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey


def test_overrun_is_asked_on_the_attackers_panel_and_can_be_declined(tmp_path: Path) -> None:
    out = OUTPUT / "deeds" / "overrun"
    result = run_journey("tests.app.journeys_deeds:overrun_declined", out, tmp_path / "g.sqlite")
    notes = result["notes"]
    assert notes["offered"] == [[0, "Keep it off the base"], [0, "Overrun: 4 to the base"]]
    assert notes["base"] == 20 and notes["shambler_gone"] is True
    assert notes["last"] == "Overrun(player=0, to_base=())"
