"""Results nobody saw (issue 33, item 8): every game's combat, test, ritual and Hunger results
go on the band (``GameAdapter.notable``), whole, and Undo says what it took back.

The results are the explorer's own list (tests/app/explorer/check_results.py, written from
the rulebooks' results), found in the log lines of seeded random games of every game: each
one the engine writes must be news for the band."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.games import adapter_for
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.table_news import NEWS_CHARS, headline
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from tests.app.explorer.check_results import RESULTS, results_in
from tests.app.player_model_walk import new_game

SEEDS = range(4)
STEPS = 300


def _result_lines(kind: str) -> list[tuple[str, object]]:
    """(text, entry) of every result line in a few seeded random games of ``kind``."""
    adapter = adapter_for(kind)
    found = {}
    for seed in SEEDS:
        game = new_game(adapter, seed)
        rnd = random.Random(seed)
        for _ in range(STEPS):
            legal = list(game.legal_actions())
            if game.outcome() is not None or not legal:
                break
            before = len(game.log)
            game.apply(rnd.choice(legal))
            fresh = list(game.log[before:])
            said = set(results_in(kind, fresh))
            for entry in fresh:
                if entry.text in said:
                    found.setdefault(entry.text, entry)
    return list(found.items())


@pytest.mark.parametrize("kind", ["zeal", "deeds", "vile", "devacurse", "zg"])
def test_every_result_the_engine_logs_goes_on_the_band(kind: str) -> None:
    adapter = adapter_for(kind)
    lines = _result_lines(kind)
    assert lines, f"seeded {kind} games wrote no result at all: the walk is too short"
    unsaid = [text for text, entry in lines if not adapter.notable(entry)]
    assert not unsaid, f"{kind}: results the band never shows: {unsaid[:5]}"


def test_the_explorer_knows_every_game_s_results() -> None:
    from engine import games

    assert set(RESULTS) == set(games.kinds())


def test_the_band_s_news_is_whole_and_says_how_many_more_are_in_the_log() -> None:
    lines = [
        "Drill Sergeant (sample) goes to Alena's graveyard",
        "Rifleman (sample) goes to Anton's graveyard",
        "Anton's base takes 4 damage (16 left)",
    ]
    news = headline(lines)
    assert news.startswith("Anton's base takes 4 damage (16 left)")  # the newest first
    assert news.endswith("(and 2 more in the log)")
    assert len(news) <= NEWS_CHARS + len(" (and 2 more in the log)")
    assert headline(lines[:1]) == lines[0]


def test_the_band_s_news_fits_the_letters_a_narrow_band_holds() -> None:
    """Zeal at 8 players in portrait: "Anton is out of the game: no turn; Alena is out of
    the game: no turn" took three lines of a band that has two. The count of the others is
    within the room too; the newest is always told."""
    lines = ["Alena is out of the game: no turn", "Anton is out of the game: no turn"]
    news = headline(lines, 56)
    assert news == "Anton is out of the game: no turn (and 1 more in the log)"
    assert (
        headline(lines, 90)
        == "Anton is out of the game: no turn; Alena is out of the game: no turn"
    )
    assert headline(lines[:1], 10) == lines[0]


def _zeal_news(lines: list[tuple[str, str]], chars: int) -> str:
    """The band's news of ``lines`` (Zeal's log lines in its Combat Damage step, each with
    the news the engine tells it as), ranked by Zeal's adapter as the table ranks them."""
    from companion_app.games.zeal.adapter import ADAPTER as ZEAL
    from engine.core.records import LogEntry

    entries = [LogEntry(9, "Combat Damage", None, t, news) for t, news in lines]
    fresh = [e for e in entries if ZEAL.notable(e)]
    assert len(fresh) == len(lines), "every line here is news"
    return headline([e.text for e in fresh], chars, [ZEAL.news_rank(e) for e in fresh])


def test_a_defeat_is_never_the_news_crowded_off_a_narrow_band() -> None:
    """Zeal at 8 players in portrait (explorer seed 90210, step 251): a combat defeated Fay's
    base 5 and then damaged three more; the band said "Fay's base 6 takes 1 damage (and 3
    more in the log)". An elimination, then the turns of players already out (seed 294385,
    step 154): "Alena is out of the game: no turn (and 2 more in the log)"."""
    from engine.zeal.context import News

    defeat = ("Fay's base 5 is defeated and turned face down", News.BASE_DEFEATED)
    damage = [
        ("Fay's base 6 takes 1 damage", News.BASE_HIT),
        ("Dana's base 2 takes 2 damage", News.BASE_HIT),
        ("Psychopomp dies", News.DEATH),
    ]
    news = _zeal_news([defeat, *damage], 56)
    assert news.startswith(defeat[0]) and news.endswith("(and 3 more in the log)"), news
    out = ("Fay has no bases left and is out of the game", News.OUT)
    turns = [
        ("Alena is out of the game: no turn", News.NO_TURN),
        ("Bea is out of the game: no turn", News.NO_TURN),
    ]
    news = _zeal_news([defeat, out, *turns], 56)
    assert news == f"{out[0]} (and 3 more in the log)", news
    # Room for all: every line told, the weightiest first.
    assert _zeal_news([damage[0], damage[2]], 90) == f"{damage[2][0]}; {damage[0][0]}"


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    Clock.tick()
    return s


def test_undo_says_what_it_took_back_in_the_log_s_words(session: GameSession) -> None:
    session.command(za.SetDevotion(0, current=2))
    Clock.tick()  # the redraw words the log's rows
    row = session.log_rows[-1].text
    assert session.undo_last()
    assert session.message == f"Took back: {row}" and session.message_seat == -1
    session.command(za.SetDevotion(1, current=5))
    session.command(za.SetDevotion(0, current=3))
    Clock.tick()
    first = session.log_rows[0].text
    assert session.undo_entry(0)
    assert session.message == f"Took back: {first}"


def test_a_refusal_starts_with_a_capital_whatever_the_rule_wrote(session: GameSession) -> None:
    session.say("you can't play that now", ok=False)
    assert session.message == "You can't play that now"
