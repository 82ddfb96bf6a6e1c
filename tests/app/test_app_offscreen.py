"""The real app drawn offscreen by Kivy, driven through the simulator and touches.

Each journey runs in its own process (tests/app/drive.py): Kivy's Window is one per process.
Screenshots land in test-output/screenshots/ and are compared with the reviewed references in
tests/app/reference/ (a diff image is written next to a screenshot that differs).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.imagecompare import compare_to_reference
from tests.app.journeys import SCREENSHOT_PLAYERS, SCREENSHOT_SIZES
from tests.app.own_process import ROOT, result_of, run_in_own_process

OUTPUT = ROOT / "test-output"
SHOTS = OUTPUT / "screenshots"
REFERENCE = Path(__file__).parent / "reference"


def run_journey(name: str, out: Path, db: Path | None = None, size: str = "1280x800") -> dict:
    env = {"ALTAR_DB": str(db)} if db is not None else {}
    proc = run_in_own_process("tests.app.drive", [name, str(out), size], out, 240, env)
    return result_of(proc, out, f"journey {name}")


def keep_and_compare(out: Path, prefix: str) -> None:
    """The journey's screenshots to test-output/screenshots as ``<prefix>_<name>``, each
    compared with its reviewed reference (tests/app/reference/<prefix>_*.png; accept new ones
    with imagecompare.py --accept)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for shot in sorted(out.glob("*.png")):
        kept = SHOTS / f"{prefix}_{shot.name}"
        kept.write_bytes(shot.read_bytes())
        problem = compare_to_reference(kept, REFERENCE / kept.name)
        if problem:
            problems.append(problem)
    assert not problems, problems


def test_skeleton_dial_and_scan_reach_the_scoreboard_and_undo_works(tmp_path: Path) -> None:
    out = OUTPUT / "app" / "skeleton"
    result = run_journey("skeleton", out, db=tmp_path / "g.sqlite")
    assert result["notes"]["after_dial"] == "4"
    seat, name, _verdict = result["notes"]["scan"]
    assert name == "Psychopomp" and seat in (0, 1)
    shot = out / "skeleton.png"
    assert shot.stat().st_size > 5000
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "skeleton.png").write_bytes(shot.read_bytes())


@pytest.fixture(scope="module")
def scoreboard_shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for orientation, (w, h) in SCREENSHOT_SIZES.items():
        db = tmp_path_factory.mktemp(f"shots-{orientation}") / "g.sqlite"
        run_journey("scoreboards", SHOTS / orientation, db=db, size=f"{w}x{h}")
        for shot in (SHOTS / orientation).glob("scoreboard_*.png"):
            shot.replace(SHOTS / shot.name)
    return SHOTS


@pytest.mark.parametrize("orientation", sorted(SCREENSHOT_SIZES))
@pytest.mark.parametrize("players", SCREENSHOT_PLAYERS)
def test_scoreboard_looks_as_reviewed(
    scoreboard_shots: Path, players: int, orientation: str
) -> None:
    name = f"scoreboard_{players}p_{orientation}.png"
    problem = compare_to_reference(scoreboard_shots / name, REFERENCE / name)
    assert problem is None, problem


def test_a_whole_journey_then_quit_and_resume(tmp_path: Path) -> None:
    """New game by touches, mulligans, dial turns, scans, a combat with a blocker and a
    flanker (predicted by the engine, then applied), undo; quit; a new process resumes it."""
    db = tmp_path / "games.sqlite"
    first = run_journey("journey", OUTPUT / "app" / "journey", db=db)
    notes = first["notes"]
    assert "dies" in notes["flank_prediction"]
    assert notes["after_confirm"], "the combat assistant's body was empty after Confirm"
    seat, turned = notes["blockers_face"]
    # The blocker's choice faces the blocker: seat 1 sits at the far edge (turned 180).
    assert seat == 1 - notes["first"] and turned == (180 if seat == 1 else 0)
    assert "Lunari Acolyte" in notes["news"] and "dies" in notes["news"]
    assert "lunari_acolyte" in notes["in_play"]  # undo brought it back
    second = run_journey("journey_resume", OUTPUT / "app" / "journey_resume", db=db)
    again = second["notes"]
    for key in ("history", "devotion", "in_play", "step"):
        assert again[key] == notes[key], key
    SHOTS.mkdir(parents=True, exist_ok=True)
    for out, name in (
        ("journey", "journey_flank_prediction"),
        ("journey_resume", "journey_resumed"),
    ):
        (SHOTS / f"{name}.png").write_bytes((OUTPUT / "app" / out / f"{name}.png").read_bytes())


def test_counters_enrolment_keyboard_and_every_screen(tmp_path: Path) -> None:
    """Burst preview and long press on the counters, a base turned face down, the keyboard's
    dial key, an unknown tag enrolled from its popup and then scanned, and every screen."""
    out = OUTPUT / "app" / "screens"
    result = run_journey("screens", out, db=tmp_path / "games.sqlite")
    assert result["notes"]["preview"] == "+3 = 3"
    assert "connected, claimed" in result["notes"]["device_row"]
    # One tap in the middle of a base turned it face down (issue 33): only a hold turns it.
    up, said = result["notes"]["middle_tap"]
    assert up is True and "hold the middle" in said, result["notes"]["middle_tap"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for shot in out.glob("*.png"):
        (SHOTS / shot.name).write_bytes(shot.read_bytes())


def test_without_the_simulator_the_app_looks_for_real_devices(tmp_path: Path) -> None:
    result = run_journey("real_devices", OUTPUT / "app" / "real_devices", db=tmp_path / "g.sqlite")
    status = result["notes"]["search"]
    # Here there are no USB dials and no Bluetooth stack: said plainly, nothing crashes.
    assert "Found 0 by USB" in status or "No new devices" in status, status
