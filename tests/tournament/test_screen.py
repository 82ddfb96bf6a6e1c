"""The tournament screen in a real Kivy window, following a host over a real Mosquitto."""

from pathlib import Path

import pytest

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
from tests.app.own_process import result_of, run_in_own_process


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_screen_shows_standings_pairings_and_this_tables_match(tmp_path: Path) -> None:
    result = result_of(
        run_in_own_process("tests.tournament.screen_drive", [str(tmp_path)], tmp_path, 180),
        tmp_path,
    )
    assert result["headline"] == "Round 2 of 3"
    # Round 1 went 2-0 to each match's first-listed player: two players on one match win.
    assert [row[2] for row in result["standings"]] == ["1", "1", "0", "0"]
    assert result["pairings"][0][3].startswith("2-0 ")
    # Table 3 (index 2) plays round 2's first match: this tablet says so.
    assert result["this_match"].startswith("Round 2, match r2m1, game 1:")
    assert result["status"] == "connected"
    assert (tmp_path / "tournament.png").stat().st_size > 5000
