"""Runs of passes told once (companion_app/session/folding.py): what the log screen, the
engine's lines beside it and the broadcast's log share."""

from __future__ import annotations

from companion_app.session.folding import runs, story, who
from engine.core.records import LogEntry


def test_passes_in_a_row_come_as_one_run_and_everything_else_alone() -> None:
    items = ["play", "pass", "pass", "pass", "attack", "pass", "draw"]
    grouped = list(runs(items, lambda x: x == "pass"))
    assert grouped == [["play"], ["pass", "pass", "pass"], ["attack"], ["pass"], ["draw"]]


def test_a_run_at_the_end_is_not_lost() -> None:
    assert list(runs(["play", "pass", "pass"], lambda x: x == "pass")) == [
        ["play"],
        ["pass", "pass"],
    ]


def test_who_names_each_player_once_in_order_and_skips_unknown_seats() -> None:
    assert who([1, 0, 1, 0, None, 7], ["Alena", "Anton"]) == "Anton, Alena"


def test_story_words_each_line_with_its_turn_and_step_and_a_run_of_passes_once() -> None:
    entries = [
        LogEntry(3, "Main", 0, "Alena plays Storm Drake"),
        LogEntry(3, "Main", 1, "Anton passes"),
        LogEntry(3, "Main", 0, "Alena passes"),
        LogEntry(3, "Main", 1, "Anton passes"),
        LogEntry(4, "Draw", 1, "Anton passes"),
    ]
    lines = story(entries, lambda e: e.text.endswith("passes"), ["Alena", "Anton"])
    assert lines == [
        "Turn 3 · Main: Alena plays Storm Drake",
        "Turn 4 · Draw: Anton, Alena: 4 passes",
    ]
