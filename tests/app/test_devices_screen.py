"""The Devices screen (issue 27), drawn by Kivy offscreen with the simulated device: a stranger's
forged frames show on the device's row, and "Unclaim" asks before it forgets the key on both
sides; a device out of reach is said so, and keeps its claim. Screenshots land in
test-output/app/devices_unclaim/."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey


def test_forged_frames_show_and_unclaim_asks_then_forgets_both_sides(tmp_path: Path) -> None:
    out = OUTPUT / "app" / "devices_unclaim"
    result = run_journey(
        "tests.app.devices_journeys:unclaim_and_strangers", out, db=tmp_path / "g.sqlite"
    )
    notes = result["notes"]
    assert "3 forged frames and 1 unsigned frame in the last minute" in notes["row_attacked"]
    assert "connected, claimed" in notes["row_attacked"], notes["row_attacked"]
    assert notes["confirm_title"] == f"Unclaim device {notes['row_attacked'][:8]}?"
    assert notes["kept"], "'Keep it' keeps the claim"
    assert "did not answer the unclaim" in notes["unreachable"], notes["unreachable"]
    assert "unclaim it again" in notes["unreachable"]
    assert notes["kept_both_sides"], "unreached: neither side forgot the key"
    assert notes["table_key"] is None, "the table forgot the key"
    assert "not claimed" in notes["row_unclaimed"], notes["row_unclaimed"]
    assert notes["unclaim_disabled"], "nothing left to unclaim"
    assert "pairing mode" in notes["status"]
    shots = ("devices_strangers", "devices_unclaim_confirm", "devices_unclaim_unreachable")
    for shot in (*shots, "devices_unclaimed"):
        assert (out / f"{shot}.png").stat().st_size > 5000
