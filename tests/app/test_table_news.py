"""What the whole table should notice (companion_app/session/table_news.py), on a small
``SessionForNews`` of the test's own and a clock the test fires: no GameSession, no Kivy
(issue 24)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion_app.games.base import GameAdapter
from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.session.sounds import Sounds
from companion_app.session.table import TableController
from companion_app.session.table_news import NEWS_S, SessionForNews, TableNews
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from hardware.seats import SeatMap
from tests.app.session_parts import zeal_at_combat


class Band:
    """A ``SessionForNews``: the band's text, Zeal's adapter, real sounds."""

    def __init__(self, sounds: Sounds) -> None:
        self.news = ""
        self.sounds = sounds

    @property
    def adapter(self) -> GameAdapter:
        return ZEAL


class Clock:
    """Calls scheduled by the news, fired when the test says the time has come."""

    def __init__(self) -> None:
        self.due: list[tuple[Callable[[float], Any], float, list[bool]]] = []

    def schedule(self, callback: Callable[[float], Any], seconds: float) -> Any:
        live = [True]
        self.due.append((callback, seconds, live))

        class Event:
            def cancel(self) -> None:
                live[0] = False

        return Event()

    def fire(self) -> list[float]:
        fired = [seconds for callback, seconds, live in self.due if live[0]]
        for callback, _seconds, live in self.due:
            if live[0]:
                callback(0.0)
        self.due = []
        return fired


@pytest.fixture
def table(tmp_path: Path) -> TableController:
    return zeal_at_combat(tmp_path, SeatMap(), TagRegistry(":memory:"))


def test_the_small_session_is_what_the_news_asks_for(tmp_path: Path) -> None:
    assert isinstance(Band(Sounds(tmp_path)), SessionForNews)


def test_a_death_stays_on_the_band_for_a_while_then_goes(
    table: TableController, tmp_path: Path
) -> None:
    band, clock = Band(Sounds(tmp_path)), Clock()
    news = TableNews(band, clock.schedule)
    news.reset(table.game)
    psychopomp = table.game.state.players[1].in_play[0]
    table.apply(za.PlayCard(0, "burn", targets=(psychopomp.id,)))
    news.after_redraw(table.game)
    assert band.news == ""  # a spell cast is not news
    for seat in (1, 0):
        table.apply(za.Pass(seat))
    news.after_redraw(table.game)
    assert band.news.endswith("Psychopomp dies")
    assert clock.fire() == [NEWS_S]
    assert band.news == ""


def test_a_step_passing_is_not_heard_and_the_end_is(table: TableController, tmp_path: Path) -> None:
    band = Band(Sounds(tmp_path))
    news = TableNews(band, Clock().schedule)
    news.reset(table.game)
    news.after_redraw(table.game)
    assert band.sounds.played == []  # nothing changed
    for seat in (0, 1):  # passes to the next step: the same player's turn, no sound
        table.apply(za.Pass(seat))
    news.after_redraw(table.game)
    assert band.sounds.played == []
    for index in range(6):  # Anton loses every base: the end
        table.apply(za.SetBase(1, index, face_up=False))
    news.after_redraw(table.game)
    assert band.sounds.played == ["game_over"]


def _psychopomp_dies(table: TableController, news: TableNews) -> None:
    psychopomp = table.game.state.players[1].in_play[0]
    table.apply(za.PlayCard(0, "burn", targets=(psychopomp.id,)))
    for seat in (1, 0):
        table.apply(za.Pass(seat))
    news.after_redraw(table.game)


def test_an_undo_of_a_later_command_keeps_the_result_that_stands_beside_its_notice(
    table: TableController, tmp_path: Path
) -> None:
    """Undo of a command after a death: the death stands, and the band says both (it said
    only "Took back: ...", the result gone while still true: explorer Zeal 5p, seed 5)."""
    band, clock = Band(Sounds(tmp_path)), Clock()
    news = TableNews(band, clock.schedule)
    news.reset(table.game)
    _psychopomp_dies(table, news)
    assert band.news.endswith("Psychopomp dies")
    table.apply(za.SetDevotion(0, current=2))
    news.after_redraw(table.game)
    table.undo()
    news.rewound(table.game)
    news.taken_back("Took back: Alena sets her devotion to 2")
    assert band.news.startswith("Took back: Alena sets her devotion to 2; ")
    assert band.news.endswith("Psychopomp dies"), band.news
    assert news.results == "Psychopomp dies"  # a page that says the notice apart: the rest
    assert clock.fire()[-1:] == [NEWS_S] and band.news == ""  # it goes in time, as news does


def test_an_undo_of_the_result_s_own_command_takes_the_result_off_the_band(
    table: TableController, tmp_path: Path
) -> None:
    band = Band(Sounds(tmp_path))
    news = TableNews(band, Clock().schedule)
    news.reset(table.game)
    _psychopomp_dies(table, news)
    table.undo()  # Alena's pass, after the burn resolved: Psychopomp is still dead
    news.rewound(table.game)
    news.taken_back("Took back: Alena passed")
    assert band.news == "Took back: Alena passed; Psychopomp dies"
    table.undo()  # Anton's pass: the burn resolves no more, Psychopomp lives
    news.rewound(table.game)
    news.taken_back("Took back: Anton passed")
    assert band.news == ""  # the band says the notice (the session's message) alone


def test_the_notice_gives_way_to_a_result_when_the_band_cannot_hold_both() -> None:
    from companion_app.session.table_news import with_notice

    out = "Alena has no bases left and is out of the game"
    assert with_notice("Took back: Dana passed", [out], 70) == f"Took back: Dana passed; {out}"
    long = "Took back: Dana declared attackers: Shade Ambusher (sample) at Anton"
    band = with_notice(long, [out], 80)
    assert band.endswith(f"…; {out}") and band.startswith("Took back: Dana declared"), band
    assert len(band) <= 80
    assert with_notice(long, [out], 40) == f"Took back: Dana…; {out}"  # who, at least


def test_the_count_of_other_results_gives_way_before_the_weightiest() -> None:
    """Explorer Zeal 5p portrait, seed 314159, step 190: "Took back: Bea…; Bea's base 3 is
    defeated and turned face down (and 2 more in the log)" in a band of 70 letters."""
    from companion_app.session.table_news import with_notice

    defeat = "Bea's base 3 is defeated and turned face down"
    hits = ["Bea's base 2 takes 2 damage", "Bea's base 1 takes 1 damage"]
    notice = "Took back: Bea declared blockers: Shade Ambusher (sample) blocks Iron Juggernaut"
    band = with_notice(notice, [hits[0], defeat, hits[1]], 70, [0, 2, 0])
    assert band == f"Took back: Bea…; {defeat}", band
    # With room, the count is told.
    band = with_notice(notice, [hits[0], defeat, hits[1]], 90, [0, 2, 0])
    assert band.endswith(f"{defeat} (and 2 more in the log)"), band
