"""What the screens draw, made from the engine's state through the game's adapter: one
function the session's rate-limited redraw calls (no Kivy here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from companion_app.games.base import AnyGame, CardView, GameAdapter
from companion_app.session.folding import story
from companion_app.session.log_window import LogRow, LogWindow
from companion_app.session.table_news import TableNews
from companion_app.session.turn_series import HistoryRecorder, HistorySample
from companion_app.session.views import SeatView, seat_views
from engine.core.catalog import CardCatalog
from engine.core.records import LogEntry

__all__ = ["LogRow", "SessionForRedraw", "card_now", "redraw", "story_lines"]

STORY_LINES = 40  # the engine's log lines kept for the log screen
MINE = "Mine: play it"  # the answer to "whose card is this?" on each panel that could


@runtime_checkable
class SessionForRedraw(Protocol):
    """What the redraw sets on the session (the properties the screens bind to) and the little
    it reads there: the game, its adapter and catalog, the seats' colours, the table's news."""

    seats: Sequence[SeatView]
    step_text: str
    priority_text: str
    choices: Sequence[tuple[str, Any]]
    prompt_lines: Sequence[str]
    seat_prompts: Mapping[int, str]
    pending_text: str
    outcome_text: str
    winner: int
    headline: str
    due_screen: str
    log_rows: Sequence[LogRow]
    story: Sequence[str]
    history: Sequence[HistorySample]
    scans: Mapping[int, CardView]
    whose: tuple[int, Mapping[int, Any]] | None

    @property
    def game(self) -> AnyGame | None: ...

    @property
    def adapter(self) -> GameAdapter: ...

    @property
    def catalog(self) -> CardCatalog: ...

    @property
    def colours(self) -> Sequence[int]: ...

    @property
    def table_news(self) -> TableNews: ...


def redraw(
    s: SessionForRedraw,
    game: AnyGame,
    rows: LogWindow,
    times: Sequence[float],
    history: HistoryRecorder,
) -> None:
    """Sets every property the screens bind to. ``rows`` are the log screen's rows kept
    between redraws, ``times`` each command's time, ``history`` what the history screen
    plots. Nothing here walks the whole game: a redraw at command 50,000 costs what it costs
    at command 100 (bench/bench_long_game.py)."""
    adapter = s.adapter
    status = game.status()
    s.seats = seat_views(game, adapter, list(s.colours))
    names = game.player_names()
    # Whose turn, in what the game counts: Deeds Not Words' rounds are the attacker's.
    word = adapter.turn_word.lower()
    whose = f" \u00b7 {names[status.active]}'s {word}" if status.active is not None else ""
    # Before the first turn (a mulligan) there is no count to give: "Turn 0" is a program's.
    count = f"{adapter.turn_word} {status.turn} \u00b7 " if status.turn > 0 else ""
    s.step_text = f"{count}{status.phase}{whose}"
    actor = game.acting_player()
    s.priority_text = f"{names[actor]} to act" if actor is not None else ""
    s.choices = [
        (label, action)
        for action in game.legal_actions()
        if (label := adapter.choice_label(game, action)) is not None
    ]
    if s.whose is not None:
        at, could = s.whose
        if at != len(game.history):
            s.whose = None  # something else was played: the question is gone
        else:
            s.choices = [*s.choices, *((MINE, action) for action in could.values())]
    # The engine's prompt text already names the player.
    prompts = game.prompts()
    s.prompt_lines = [p.text for p in prompts]
    mine: dict[int, str] = {}
    for p in prompts:
        if p.player is not None and p.player not in mine:
            mine[p.player] = p.text
    s.seat_prompts = mine
    # The band has room for one line of what waits: the newest, and how many more.
    waiting = list(status.waiting)
    more = f" (and {len(waiting) - 1} more waiting)" if len(waiting) > 1 else ""
    s.pending_text = (waiting[0] + more) if waiting else ""
    outcome = game.outcome()
    s.outcome_text = outcome.reason if outcome is not None else ""
    s.winner = outcome.winner if outcome is not None and outcome.winner is not None else -1
    if outcome is None:
        s.headline = ""
    else:
        s.headline = f"{names[s.winner]} wins!" if s.winner >= 0 else "A draw"
    s.table_news.after_redraw(game)
    s.due_screen = adapter.due_screen(game) or ""
    s.log_rows = rows.rows(game, adapter, times)
    log = game.log
    s.story = story_lines(s, log[max(0, len(log) - 3 * STORY_LINES) :])
    s.history = history.samples()
    # Scanned cards not played yet may have become playable or not: re-ask the engine.
    s.scans = {
        seat: v if v.played else card_now(s, game, seat, v.card_id) for seat, v in s.scans.items()
    }


def story_lines(s: SessionForRedraw, entries: Sequence[LogEntry]) -> list[str]:
    """The engine's own lines for the log screen, the newest STORY_LINES, with a run of the
    lines the adapter folds (its passes) told once: "Turn 3 · Main: Alena, Anton: 4 passes"."""
    names = s.game.player_names() if s.game is not None else []
    return story(entries, s.adapter.folds_line, names, s.adapter.turn_word)[-STORY_LINES:]


def card_now(s: SessionForRedraw, game: AnyGame, seat: int, card_id: str) -> CardView:
    """A scanned card not played yet, asked of the engine again: it may have become playable."""
    reason = game.explain(s.adapter.scan_action(game, seat, card_id))
    return s.adapter.card_at_table(game, s.catalog.get(card_id), seat, reason)
