"""What the screens draw (companion_app/session/redraw.py), set on a small ``SessionForRedraw`` of
the test's own: no GameSession, no Kivy (issue 24)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion_app.games.base import AnyGame, CardView, GameAdapter
from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.session.log_window import LogRow, LogWindow
from companion_app.session.redraw import SessionForRedraw, redraw
from companion_app.session.sounds import Sounds
from companion_app.session.table import TableController
from companion_app.session.table_news import TableNews
from companion_app.session.turn_series import HistoryRecorder, HistorySample
from companion_app.session.views import SeatView
from engine.core.catalog import CardCatalog
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from hardware.seats import SeatMap
from tests.app.session_parts import zeal_at_combat


@dataclass
class Screens:
    """A ``SessionForRedraw``: plain attributes where the session has Kivy properties."""

    table: TableController
    table_news: TableNews
    colours: tuple[int, ...] = (0, 1)
    seats: Sequence[SeatView] = ()
    step_text: str = ""
    priority_text: str = ""
    choices: Sequence[tuple[str, Any]] = ()
    prompt_lines: Sequence[str] = ()
    seat_prompts: Mapping[int, str] = field(default_factory=dict)
    pending_text: str = ""
    outcome_text: str = ""
    winner: int = -1
    headline: str = ""
    due_screen: str = ""
    log_rows: Sequence[LogRow] = ()
    story: Sequence[str] = ()
    history: Sequence[HistorySample] = ()
    scans: Mapping[int, CardView] = field(default_factory=dict)
    whose: Any = None

    @property
    def game(self) -> AnyGame:
        return self.table.game

    @property
    def adapter(self) -> GameAdapter:
        return ZEAL

    @property
    def catalog(self) -> CardCatalog:
        return self.table.catalog


class News:
    news = ""
    adapter = ZEAL

    def __init__(self, sounds: Sounds) -> None:
        self.sounds = sounds


@pytest.fixture
def screens(tmp_path: Path) -> Screens:
    table = zeal_at_combat(tmp_path, SeatMap(), TagRegistry(":memory:"))
    news = TableNews(News(Sounds(tmp_path)), lambda _callback, _s: None)
    news.reset(table.game)
    return Screens(table, news)


def draw(s: Screens, rows: LogWindow, history: HistoryRecorder) -> None:
    times = [float(i) for i in range(len(s.game.history))]
    redraw(s, s.game, rows, times, history)


def test_the_small_session_is_what_the_redraw_asks_for(screens: Screens) -> None:
    assert isinstance(screens, SessionForRedraw)


def test_every_property_the_screens_bind_to_is_set_from_the_engine(screens: Screens) -> None:
    history = HistoryRecorder(ZEAL)
    history.record(screens.game)
    draw(screens, LogWindow(), history)
    assert [seat.name for seat in screens.seats] == ["Alena", "Anton"]
    assert screens.step_text.startswith("Turn 1") and "Alena's turn" in screens.step_text
    assert screens.priority_text == "Alena to act"
    assert ("Pass", za.Pass(0)) in screens.choices
    assert screens.prompt_lines and screens.seat_prompts
    assert [r.text for r in screens.log_rows] == [
        screens.game.describe(a) for a in screens.game.history
    ]
    assert screens.log_rows[-1].at == 5.0 and screens.story
    assert len(screens.history) == 1
    assert screens.outcome_text == "" and screens.winner == -1 and screens.headline == ""


def test_rows_already_worded_are_kept_and_only_new_ones_added(screens: Screens) -> None:
    rows = LogWindow()
    history = HistoryRecorder(ZEAL)
    draw(screens, rows, history)
    first = screens.log_rows[0]
    worded = rows.worded
    screens.table.apply(za.Pass(0))
    draw(screens, rows, history)
    assert screens.log_rows[0] is first and len(screens.log_rows) == len(screens.game.history)
    assert rows.worded == worded + 1
    assert screens.log_rows[-1].folds  # a pass: one of a run the log tells once


def test_the_winner_is_named(screens: Screens) -> None:
    for index in range(6):
        screens.table.apply(za.SetBase(1, index, face_up=False))
    draw(screens, LogWindow(), HistoryRecorder(ZEAL))
    assert screens.winner == 0 and screens.headline == "Alena wins!" and screens.outcome_text
