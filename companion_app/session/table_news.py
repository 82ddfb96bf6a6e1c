"""What the whole table should notice as it happens: a combat's result on the band for a
while, and the sounds of a turn passing and of the end (no Kivy here: the clock is handed in)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.session.sounds import Sounds
from engine.core.records import LogEntry

# How long a notable result (a combat's damage and deaths) stays on the band.
NEWS_S = 10.0
# The band has two short lines for the news: the newest results that fit in about this many
# letters, and how many more the log holds, rather than a line cut in the middle.
NEWS_CHARS = 70


@runtime_checkable
class SessionForNews(Protocol):
    """What the table's news needs of the session: the band it writes (``news``), the
    adapter that says which log lines are notable, and the sounds."""

    news: str

    @property
    def adapter(self) -> GameAdapter: ...

    @property
    def sounds(self) -> Sounds: ...


class TableNews:
    def __init__(self, session: SessionForNews, schedule: Callable[..., Any]) -> None:
        self.session = session
        self._schedule = schedule
        self._seen_log = 0  # log lines already looked at
        self._event: Any = None
        self._told: list[tuple[int, LogEntry]] = []  # the news on the band: (log index, line)
        self._standing: list[tuple[int, LogEntry]] = []  # what of it an undo left in the log
        self._last_active: int | None = None  # whose turn the last redraw showed
        self._was_over = False
        # The results the news tells, without Undo's notice when it leads the news (a page
        # that says the notice apart, whole, tells only these beside it).
        self.results = ""
        # How many letters the band's two lines hold (the table sets it as it lays the band
        # out: a narrow band at 8 players holds fewer than NEWS_CHARS).
        self.chars = NEWS_CHARS

    def reset(self, game: AnyGame) -> None:
        """A game installed: nothing in it is news."""
        self._seen_log = len(game.log)
        self._last_active = game.status().active
        self._was_over = game.outcome() is not None
        self._told = self._standing = []
        self._set_news("", [])

    def rewound(self, game: AnyGame) -> None:
        """Commands taken back (the log rewritten): nothing in it is news, but the results
        on the band that are still in the log stand, for ``taken_back`` to keep in view."""
        log = game.log
        standing = [(i, e) for i, e in self._told if i < len(log) and log[i] == e]
        self.reset(game)
        self._standing = standing

    def taken_back(self, notice: str) -> None:
        """Undo's ``notice`` for the band, with the results on it before the undo that still
        stand (a later command taken back leaves a defeat done): the band had said only
        "Took back: Dana passed" over Alena's elimination (explorer Zeal 5p, seed 5)."""
        standing, self._standing = self._standing, []
        if not standing:
            return
        ranks = [self.session.adapter.news_rank(e) for _i, e in standing]
        texts = [e.text for _i, e in standing]
        results = headline(texts, self.chars, ranks)
        self._set_news(with_notice(notice, texts, self.chars, ranks), standing, results)

    def _set_news(
        self, news: str, told: list[tuple[int, LogEntry]], results: str | None = None
    ) -> None:
        """``news`` on the band for NEWS_S seconds, so a fight's result stays on the table
        long enough to be seen; ``told``: the log's lines it says (``results``: in words,
        when the news is more than they)."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self._told = told
        self.results = news if results is None else results
        self.session.news = news
        if news:
            self._event = self._schedule(lambda _dt: self._set_news("", []), NEWS_S)

    def after_redraw(self, game: AnyGame) -> None:
        self._gather(game)
        self._sounds(game)

    def _gather(self, game: AnyGame) -> None:
        """Notable lines the last commands wrote go on the band."""
        s = self.session
        log = game.log
        start, self._seen_log = self._seen_log, len(log)
        fresh = [(i, e) for i, e in enumerate(log[start:], start) if s.adapter.notable(e)]
        if not fresh:
            return
        ranks = [s.adapter.news_rank(e) for _i, e in fresh]
        self._set_news(headline([e.text for _i, e in fresh], self.chars, ranks), fresh)

    def _sounds(self, game: AnyGame) -> None:
        active, over = game.status().active, game.outcome() is not None
        if over and not self._was_over:
            self.session.sounds.play("game_over")
        elif not over and active != self._last_active and active is not None:
            self.session.sounds.play("turn")
        self._last_active, self._was_over = active, over


def headline(fresh: list[str], chars: int = NEWS_CHARS, ranks: Sequence[int] = ()) -> str:
    """As many results as fit ``chars``, then how many more are in the log: "Psychopomp
    dies; Alena's base 6 takes 2 (and 1 more in the log)". When they do not all fit, the
    highest ``ranks`` (the adapter's ``news_rank``, one a line of ``fresh``: a player out of
    the game before a base hit) are kept first, the newest first among equals; so the one
    told whatever the room is the newest of the weightiest, never dropped for a lesser one
    (Zeal at 8 players: a defeat crowded off by the damage that came after it)."""
    order = _weightiest_first(fresh, ranks)

    def told(shown: list[int]) -> str:
        more = len(fresh) - len(shown)
        return "; ".join(fresh[i] for i in shown) + (
            f" (and {more} more in the log)" if more else ""
        )

    shown = order[:1]
    for i in order[1:]:
        if len(told(shown + [i])) <= chars:
            shown.append(i)
    return told(shown)


def _weightiest_first(fresh: list[str], ranks: Sequence[int]) -> list[int]:
    """The indexes of ``fresh`` by ``ranks`` (missing ones 0), the newest first among equals."""
    weight = list(ranks) + [0] * (len(fresh) - len(ranks))
    return sorted(range(len(fresh)), key=lambda i: (-weight[i], -i))


def with_notice(notice: str, standing: list[str], chars: int, ranks: Sequence[int] = ()) -> str:
    """Undo's notice and the results that still stand, in ``chars`` letters: the results as
    many as fit after the notice (the weightiest always, headline); when even that one does
    not fit beside the whole notice, the notice's last words give way ("…"), never the
    result: "Took back: Dana passed; Alena has no bases left and is out of the game". When
    even who took back and the weightiest result do not fit with the count of the others,
    the count gives way (the log keeps them): the band held three lines in its two (explorer
    Zeal 5p portrait, seed 314159, step 190)."""
    results = headline(standing, chars - len(notice) - 2, ranks)
    if len(notice) + 2 + len(results) <= chars:
        return f"{notice}; {results}"
    words = notice.split(" ")
    keep = 3  # "Took back: Dana ...": who, at least
    while keep < len(words) and len(" ".join(words[: keep + 1])) + 3 + len(results) <= chars:
        keep += 1
    if keep >= len(words):
        return f"{notice}; {results}"
    told = f"{' '.join(words[:keep])}…; {results}"
    if len(told) > chars and len(standing) > 1:
        weightiest = standing[_weightiest_first(standing, ranks)[0]]
        return f"{' '.join(words[:keep])}…; {weightiest}"
    return told
