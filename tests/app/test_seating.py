"""Seats around the tablet: every player gets a panel facing their edge, none overlap."""

import itertools

import pytest

from companion_app.widgets.seating import edge_counts, middle_band, seat_frames


def _overlap(a, b) -> bool:
    return not (
        a.x + a.box_width <= b.x + 1e-6
        or b.x + b.box_width <= a.x + 1e-6
        or a.y + a.box_height <= b.y + 1e-6
        or b.y + b.box_height <= a.y + 1e-6
    )


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)])
def test_every_seat_has_its_own_box_inside_the_window(players: int, size) -> None:
    w, h = size
    frames = seat_frames(players, w, h)
    assert [f.seat for f in frames] == list(range(players))
    for f in frames:
        assert f.x >= 0 and f.x + f.box_width <= w + 1e-6
        assert f.y >= 0 and f.y + f.box_height <= h + 1e-6
        assert f.box_width > 0 and f.box_height > 0
    for a, b in itertools.combinations(frames, 2):
        assert not _overlap(a, b), (a, b)
    band = middle_band(players, w, h)
    assert band.box_width > 0 and band.box_height > 0
    for f in frames:
        assert not _overlap(f, band)


def test_two_players_sit_opposite_each_other() -> None:
    bottom, top = seat_frames(2, 1280, 800)
    assert (bottom.rotation, top.rotation) == (0, 180)
    assert bottom.y == 0 and top.y + top.box_height == 800


def test_four_players_one_on_each_edge_clockwise() -> None:
    frames = seat_frames(4, 1280, 800)
    # bottom, left, top, right: clockwise seen from above, play passing to the left
    assert [f.rotation for f in frames] == [0, 270, 180, 90]
    left = frames[1]
    # A quarter-turned panel is read along the window's height.
    assert left.width == left.box_height and left.height == left.box_width


def test_eight_players_fill_both_long_edges_and_the_ends() -> None:
    assert edge_counts(8) == (3, 1, 3, 1)
    rotations = [f.rotation for f in seat_frames(8, 1280, 800)]
    assert rotations.count(0) == 3 and rotations.count(180) == 3


def test_the_bottom_row_runs_right_to_left() -> None:
    frames = seat_frames(6, 1280, 800)
    bottom = [f for f in frames if f.rotation == 0]
    assert bottom[0].x > bottom[1].x


@pytest.mark.parametrize("players", [0, 9])
def test_impossible_tables_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="1 to 8 players"):
        edge_counts(players)


def test_portrait_turns_the_landscape_layout_a_quarter_turn() -> None:
    frames = seat_frames(8, 800, 1280)
    rotations = [f.rotation for f in frames]
    # The long edges (left and right in portrait) hold three seats each.
    assert rotations.count(90) == 3 and rotations.count(270) == 3
    assert rotations.count(0) == 1 and rotations.count(180) == 1
    assert middle_band(8, 800, 1280).rotation == 90
