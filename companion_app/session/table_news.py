"""What the whole table should notice as it happens: a combat's result on the band for a
while, and the sounds of a turn passing and of the end (no Kivy here: the clock is handed in)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.session.sounds import Sounds

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
        self._last_active: int | None = None  # whose turn the last redraw showed
        self._was_over = False
        # How many letters the band's two lines hold (the table sets it as it lays the band
        # out: a narrow band at 8 players holds fewer than NEWS_CHARS).
        self.chars = NEWS_CHARS

    def reset(self, game: AnyGame) -> None:
        """A game installed or its log rewritten: nothing in it is news."""
        self._seen_log = len(game.log)
        self._last_active = game.status().active
        self._was_over = game.outcome() is not None
        self.session.news = ""

    def after_redraw(self, game: AnyGame) -> None:
        self._gather(game)
        self._sounds(game)

    def _gather(self, game: AnyGame) -> None:
        """Notable lines the last commands wrote go on the band for NEWS_S seconds, so a
        fight's result stays on the table long enough to be seen."""
        s = self.session
        log = game.log
        fresh = [e for e in log[self._seen_log :] if s.adapter.notable(e)]
        self._seen_log = len(log)
        if not fresh:
            return
        ranks = [s.adapter.news_rank(e) for e in fresh]
        s.news = headline([e.text for e in fresh], self.chars, ranks)
        if self._event is not None:
            self._event.cancel()
        self._event = self._schedule(lambda _dt: setattr(s, "news", ""), NEWS_S)

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
    weight = list(ranks) + [0] * (len(fresh) - len(ranks))
    order = sorted(range(len(fresh)), key=lambda i: (-weight[i], -i))

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
