"""The view's schema (issue 36): a view of any field gone wrong, as a table's real key could sign
it, is refused by the board and counted, and the board keeps showing the table's last good view;
the board holds a bounded number of tables, so a new viewer's snapshot is bounded too."""

from __future__ import annotations

import json

from companion_app.broadcast.board import MAX_TABLES, VIEW_BYTES, Board
from companion_app.broadcast.view_schema import describe
from tests.broadcast.bad_views import bad_views, good_view


def _board() -> Board:
    return Board(verify=lambda _t, payload: json.loads(payload))


def test_a_bad_view_of_any_field_is_refused_and_counted() -> None:
    board = _board()
    good = good_view(3, "good")
    assert board.take_view("good", "t/good", json.dumps(good).encode())
    bad = bad_views(good)
    taken = [
        why for why, view in bad if board.take_view("good", "t/good", json.dumps(view).encode())
    ]
    assert taken == []
    assert sum(board.dropped.values()) == len(bad)
    assert board.views["good"] == good  # the last good view is still the one shown
    print(f"{len(bad)} bad views refused: {board.dropped}")


def test_the_board_and_its_snapshot_are_bounded() -> None:
    board = _board()
    for t in range(MAX_TABLES + 50):
        board.take_view(f"t{t}", f"x/t{t}", json.dumps(good_view(2, f"t{t}")).encode())
    assert len(board.views) == MAX_TABLES
    assert board.dropped == {"Refused": 50}
    assert len(json.dumps(board.snapshot())) <= MAX_TABLES * VIEW_BYTES


def test_the_page_is_given_the_same_schema() -> None:
    described = describe()
    assert set(described["view"]["fields"]) == set(good_view())
    assert described["view"]["fields"]["seats"]["most"] == 8
