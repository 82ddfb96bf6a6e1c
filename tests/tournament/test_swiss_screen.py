"""The tournament screen showing a Swiss event in a real Kivy window: the standings with their
tiebreakers, the newest round's tables and bye, and a player's table found by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.tournament import swiss_view
from companion_app.tournament.host import HostConfig
from companion_app.tournament.swiss_host import event_of
from tests.app.own_process import result_of, run_in_own_process


def test_screen_shows_a_swiss_events_tiebreakers_tables_and_finds_a_player(
    tmp_path: Path,
) -> None:
    result = result_of(
        run_in_own_process("tests.tournament.swiss_screen_drive", [str(tmp_path)], tmp_path, 180),
        tmp_path,
    )
    event = event_of(HostConfig.load(tmp_path / "host"), tmp_path / "host")  # type: ignore[arg-type]
    assert result["headline"] == "Round 2 of 3"
    assert result["header"] == ["#", "player", "pts", "OMW %", "GW %", "OGW %"]
    assert result["header_kind"] == "SwissRow"
    rows = swiss_view.swiss_rows(event)
    # The same figures as the host prints, to one decimal for the screen's narrow columns.
    one = [[x.replace("%", "") for x in (r.omw, r.gw, r.ogw)] for r in rows]
    shown = result["standings"]
    assert [row[:3] for row in shown] == [[str(r.place), r.player, str(r.points)] for r in rows]
    for got, want in zip(shown, one, strict=True):
        assert [float(x) for x in got[3:]] == pytest.approx([float(x) for x in want], abs=0.051)
    # Only round 2: its three tables, then the bye (7 players).
    assert [p[:2] for p in result["pairings"]] == [
        ["R2", "T1"],
        ["R2", "T2"],
        ["R2", "T3"],
        ["R2", "bye"],
    ]
    m = event.round_matches(1)[1]
    assert result["found"] == f"{m.b}: Round 2 of 3, table 2, against {m.a}"
    assert result["find_height"] > 0
    assert (tmp_path / "swiss.png").stat().st_size > 5000
