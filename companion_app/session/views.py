"""What the screens show, as small frozen records made from the engine's state (no Kivy here).

Screens bind to these through the session's Kivy properties. Each refresh makes new records,
so a kv rule that reads ``root.view.name`` updates when the view is replaced, and rendering
never reaches into the live engine. What a seat shows is the game adapter's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion_app.games.base import AnyGame, CardView, CounterView, GameAdapter

__all__ = ["COLOUR_NAMES", "CardView", "SeatView", "seat_colour", "seat_views"]

# Seat colours: bright enough on the dark theme, distinct for eight players.
SEAT_COLOURS: tuple[tuple[float, float, float, float], ...] = (
    (0.91, 0.30, 0.24, 1),
    (0.20, 0.60, 0.86, 1),
    (0.18, 0.80, 0.44, 1),
    (0.95, 0.77, 0.06, 1),
    (0.61, 0.35, 0.71, 1),
    (0.90, 0.49, 0.13, 1),
    (0.10, 0.74, 0.61, 1),
    (0.93, 0.44, 0.66, 1),
)
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "pink")


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    colour: tuple[float, float, float, float]
    counters: tuple[CounterView, ...]  # the big one first
    badges: tuple[str, ...]  # "Priority", "Hand 5"
    lines: tuple[str, ...]  # cards in play, in words
    eliminated: bool
    active: bool  # whose turn it is
    acting: bool  # must or may act now

    def counter(self, key: str) -> CounterView | None:
        for c in self.counters:
            if c.key == key:
                return c
        return None


def seat_colour(seat: int) -> tuple[float, float, float, float]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_views(
    game: AnyGame, adapter: GameAdapter, colours: list[int] | None = None
) -> list[SeatView]:
    status = game.status()
    acting = game.acting_player()
    views = []
    for i, name in enumerate(game.player_names()):
        colour = seat_colour(colours[i] if colours and i < len(colours) else i)
        summary = adapter.summary(game, i)
        views.append(
            SeatView(
                seat=i,
                name=name,
                colour=colour,
                counters=adapter.counters(game, i),
                badges=tuple(summary.badges),
                lines=tuple(summary.lines),
                eliminated=adapter.eliminated(game, i),
                active=status.active == i,
                acting=acting == i,
            )
        )
    return views
