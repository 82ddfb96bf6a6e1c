"""What a redraw makes for the log and history screens costs the same at command 50,000 as at
100 (issue 25; bench/bench_long_game.py times it): the log words only the rows it shows, and
the history hands over a view of the samples instead of a copy. These tests count the work
and check the players see what a full rebuild would show."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from kivy.clock import Clock

from bench.long_play import long_game, next_command
from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.saves.game_record import setup_record
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.log_window import LOG_ROWS, LogWindow
from companion_app.session.turn_series import HistoryRecorder, HistorySample, HistoryView
from engine import games
from engine.zeal import ZealGame
from engine.zeal import actions as za
from hardware.registry import TagRegistry

COMMANDS = 700  # longer than the log's window, several dozen turns


@pytest.fixture(scope="module")
def played() -> tuple[ZealGame, random.Random]:
    return long_game(COMMANDS)


def copy_of(game: ZealGame) -> ZealGame:
    return ZealGame.replay(game.setup, list(game.history))


def times_of(game: ZealGame) -> list[float]:
    return [float(i) for i in range(len(game.history))]


def test_resuming_words_only_the_rows_the_log_shows(played: tuple[ZealGame, random.Random]) -> None:
    game = copy_of(played[0])
    window = LogWindow()
    rows = window.rows(game, ZEAL, times_of(game))
    assert window.worded == LOG_ROWS  # not one per command of the whole game
    history = list(game.history)
    assert [r.index for r in rows] == list(range(COMMANDS - LOG_ROWS, COMMANDS))
    assert [r.text for r in rows] == [game.describe(a) for a in history[-LOG_ROWS:]]
    assert [r.at for r in rows] == times_of(game)[-LOG_ROWS:]


def test_each_redraw_words_only_the_new_commands(played: tuple[ZealGame, random.Random]) -> None:
    game, rnd = copy_of(played[0]), random.Random(1)
    window = LogWindow()
    first = window.rows(game, ZEAL, times_of(game))
    for _ in range(3):
        game.apply(next_command(game, rnd))
    rows = window.rows(game, ZEAL, times_of(game))
    assert window.worded == LOG_ROWS + 3
    assert rows[: LOG_ROWS - 3] == first[3:]  # the rows kept are the very rows made before
    assert [r.index for r in rows] == list(range(COMMANDS + 3 - LOG_ROWS, COMMANDS + 3))
    assert rows[-1].text == game.describe(game.history[-1])


def test_an_undo_brings_older_rows_back_into_view(played: tuple[ZealGame, random.Random]) -> None:
    game = copy_of(played[0])
    window = LogWindow()
    window.rows(game, ZEAL, times_of(game))
    for _ in range(5):
        game.undo()
    window.forget_from(len(game.history))  # as the session does at once on an undo
    rows = window.rows(game, ZEAL, times_of(game))
    end = COMMANDS - 5
    assert [r.index for r in rows] == list(range(end - LOG_ROWS, end))
    older = list(game.history)[end - LOG_ROWS : end - LOG_ROWS + 5]
    assert [r.text for r in rows[:5]] == [game.describe(a) for a in older]
    assert window.worded == LOG_ROWS + 5  # only the five that came into view


def test_a_short_game_shows_every_row_and_a_cleared_window_words_afresh(
    played: tuple[ZealGame, random.Random],
) -> None:
    game = ZealGame.replay(played[0].setup, list(played[0].history)[:30])
    window = LogWindow()
    assert [r.index for r in window.rows(game, ZEAL, [])] == list(range(30))
    window.clear()
    window.rows(game, ZEAL, [])
    assert window.worded == 60


def test_the_history_view_shows_what_a_full_rebuild_gives(
    played: tuple[ZealGame, random.Random],
) -> None:
    source = played[0]
    game = ZealGame.replay(source.setup, ())
    recorder = HistoryRecorder(ZEAL)
    recorder.record(game)
    early: HistoryView | None = None
    for i, action in enumerate(source.history):
        game.apply(action)
        recorder.record(game)
        if i == 100:
            early = recorder.samples()
            early_copy = list(early)
    rebuilt = HistoryRecorder(ZEAL)
    rebuilt.rebuild(ZealGame, source.setup, game.initial_state, list(source.history))
    view = recorder.samples()
    assert list(view) == list(rebuilt.samples()) and view == rebuilt.samples()
    assert len(view) > 20 and view[-1].turn == game.status().turn
    assert [s.turn for s in view] == sorted({s.turn for s in view})  # one sample per turn
    assert early is not None and list(early) == early_copy  # a view never changes
    assert view != early and view == recorder.samples()
    assert view[-2:] == list(view)[-2:]


class CountingList(list[HistorySample]):
    """A list that counts how often it is read item by item."""

    reads = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        CountingList.reads += 1
        return super().__iter__()

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        CountingList.reads += 1
        return super().__getitem__(index)


def test_views_of_one_history_compare_without_reading_it(
    played: tuple[ZealGame, random.Random],
) -> None:
    """The session's property compares the old view with the new one on every redraw: that
    must not walk the turns (a long game has thousands)."""
    recorder = HistoryRecorder(ZEAL)
    recorder.rebuild(ZealGame, played[0].setup, played[0].initial_state, list(played[0].history))
    samples = CountingList(recorder.samples()[:-1])
    current = recorder.samples()[-1]
    CountingList.reads = 0
    assert HistoryView(samples, len(samples), current) == HistoryView(
        samples, len(samples), current
    )
    assert HistoryView(samples, len(samples) - 1, current) != HistoryView(
        samples, len(samples), current
    )
    assert CountingList.reads == 0
    # Views of two different lists (after a rebuild) are compared sample by sample.
    assert HistoryView(samples, len(samples), current) == HistoryView(
        list(samples), len(samples), current
    )
    assert CountingList.reads > 0


def rebuilt_samples(game: ZealGame) -> list[HistorySample]:
    recorder = HistoryRecorder(ZEAL)
    recorder.rebuild(ZealGame, game.setup, game.initial_state, list(game.history))
    return list(recorder.samples())


def test_an_undo_takes_the_samples_back_without_a_replay(
    played: tuple[ZealGame, random.Random],
) -> None:
    """Undo after undo, across turns: the samples equal a full rebuild's, and a view taken
    before an undo still shows what it showed."""
    recorder = HistoryRecorder(ZEAL)
    game = recorder.replay(ZealGame, played[0].setup, None, list(played[0].history)[:300])
    assert isinstance(game, ZealGame)
    before = recorder.samples()
    shown = list(before)
    start_turn = game.status().turn
    for undos in range(1, 41):
        game.undo()
        recorder.taken_back(game)
        if undos % 4 == 0:  # a full rebuild to compare with costs a replay: every fourth
            assert list(recorder.samples()) == rebuilt_samples(game)
    assert game.status().turn < start_turn - 1  # the undos went back over turns
    assert list(before) == shown


def test_the_session_resumes_and_undoes_with_the_samples_of_a_full_rebuild(
    played: tuple[ZealGame, random.Random], tmp_path: Path
) -> None:
    store = CommandStore(str(tmp_path / "g.sqlite"))
    source = played[0]
    game_id = store.new_game("zeal", setup_record(games.get("zeal"), source.setup, (0, 1, 2, 3)))
    store.replace_commands(game_id, [za.to_dict(a) for a in source.history])
    session = GameSession(store, lambda _kind: TagRegistry(":memory:"))
    saved = session.saved_game()
    assert saved is not None
    session.resume(saved)
    Clock.tick()
    game = session.game
    assert isinstance(game, ZealGame) and len(game.history) == COMMANDS
    assert list(session.history) == rebuilt_samples(game)
    for _ in range(6):
        assert session.undo_last()
    Clock.tick()
    assert list(session.history) == rebuilt_samples(game)
    assert [r.index for r in session.log_rows][-1] == COMMANDS - 7
    # The undos worded only the six older rows that came into view, not the log again.
    assert session._rows.worded == LOG_ROWS + 6
    # A command later ones depend on is refused, and leaves the samples as they were.
    assert not session.undo_entry(len(game.history) - 3)
    assert list(session.history) == rebuilt_samples(game)
    # A dial turn can be taken back alone: the rest is replayed once, samples and all.
    dial = max(i for i, a in enumerate(game.history) if isinstance(a, za.SetDevotion))
    assert session.undo_entry(dial), session.message
    Clock.tick()
    game = session.game
    assert isinstance(game, ZealGame)
    assert list(session.history) == rebuilt_samples(game)
    store.close()
