"""Z-G in the real app, drawn offscreen: a 3-player journey to a winner, with screenshots."""

from __future__ import annotations

from pathlib import Path

from tests.app.imagecompare import compare_to_reference
from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey


def _matches_reference(out: Path, name: str) -> None:
    problem = compare_to_reference(out / f"{name}.png", REFERENCE / f"{name}.png")
    assert problem is None, problem


def test_journey__a_three_player_game_through_the_test_screen_to_a_winner(tmp_path: Path) -> None:
    out = OUTPUT / "zg"
    result = run_journey("tests.zg.journeys:whole_game", out, db=tmp_path / "g.sqlite")
    notes = result["notes"]
    assert notes["winner"] in (0, 1, 2)
    assert notes["prime"].endswith("decides")
    assert "strike" in notes["test"][0] or "miss" in notes["test"][0]
    for shot in ("zg_scoreboard_landscape", "zg_test_landscape", "zg_winner_landscape"):
        assert (out / f"{shot}.png").stat().st_size > 5000
    _matches_reference(out, "zg_test_landscape")
    _matches_reference(out, "zg_scoreboard_landscape")


def test_journey__portrait_the_test_screen_and_the_table(tmp_path: Path) -> None:
    out = OUTPUT / "zg"
    run_journey("tests.zg.journeys:opening", out, db=tmp_path / "g.sqlite", size="800x1280")
    for shot in ("zg_scoreboard_portrait", "zg_test_portrait"):
        _matches_reference(out, shot)


def test_four_players_decision_buttons_keep_their_words_whole(tmp_path: Path) -> None:
    """Issue 20: at four players seven buttons broke "Attack" into "Att / ac / k" over the
    badges; a move is a tile now and several foes are the attack screen's."""
    out = OUTPUT / "zg" / "four"
    notes = run_journey(
        "tests.zg.journeys:four_at_the_table", out, db=tmp_path / "g.sqlite", size="800x1280"
    )["notes"]
    assert notes["broken"] == []
    mover = [b for b in notes["buttons"] if b]
    assert mover == [["End pulse", "No move"]], notes["buttons"]
