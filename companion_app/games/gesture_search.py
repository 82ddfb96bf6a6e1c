"""The gestures the adapter itself already answers (no Kivy here): a game's player model asks
these first, then adds what only its own screens make.

Each finder asks the adapter what a gesture would mean (``scan_action``, ``choice_label``,
``pass_action``, ``counter_action``, ``toggle_action``, ``dial_action``, a target request's
choices) and keeps the gesture whose meaning is exactly the action wanted: the model invents
no rule and no words the table does not show.
"""

from __future__ import annotations

from typing import Any

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.games.gestures import (
    Gesture,
    PressButton,
    Scan,
    TapCounter,
    TapText,
)

COUNTER_REACH = 30  # how far from its value a counter's taps are searched (one burst)
TARGET_DEPTH = 4  # how many targets in a row a scanned card may ask for


def seat_of(action: Any) -> int | None:
    """The seat an action is taken by (every game's actions carry ``player``)."""
    player = getattr(action, "player", None)
    return player if isinstance(player, int) else None


def by_band(adapter: GameAdapter, game: AnyGame, action: Any) -> list[Gesture] | None:
    """A tap on the one-tap decision the adapter labels for it, on its player's panel."""
    seat = seat_of(action)
    label = adapter.choice_label(game, action)
    if label is None or seat is None:
        return None
    return [TapText(label, f"seat:{seat}")]


def by_button(adapter: GameAdapter, game: AnyGame, action: Any) -> list[Gesture] | None:
    """A short press of the seat's dial button, when that is the action."""
    seat = seat_of(action)
    if seat is None or adapter.button_action(game, seat) != action:
        return None
    return [PressButton(seat)]


def by_scan(
    adapter: GameAdapter, game: AnyGame, action: Any, card_id: str, seat: int | None = None
) -> list[Gesture] | None:
    """``card_id`` scanned in front of ``seat`` (the action's player by default), then the
    choices its target requests offer, one tap each on that player's picker."""
    seat = seat_of(action) if seat is None else seat
    if seat is None:
        return None
    scanned = adapter.scan_action(game, seat, card_id)
    path = _targets_to(adapter, game, scanned, action, seat, TARGET_DEPTH)
    return None if path is None else [Scan(seat, card_id), *path]


def _targets_to(
    adapter: GameAdapter, game: AnyGame, now: Any, wanted: Any, seat: int, depth: int
) -> list[Gesture] | None:
    request = adapter.target_request(game, now)
    if request is None:
        return [] if now == wanted else None
    if depth <= 0:
        return None
    where = f"seat:{seat}"
    for option in request.options:
        after = adapter.with_target(game, now, option.value)
        rest = _targets_to(adapter, game, after, wanted, seat, depth - 1)
        if rest is not None:
            return [TapText(option.label, where), *rest]
    if request.optional and adapter.without_target(game, now) == wanted:
        return [TapText(request.none_label, where)]
    return None


def by_counter(adapter: GameAdapter, game: AnyGame, action: Any) -> list[Gesture] | None:
    """Taps on one of the seat's counters: a toggle, its middle held, or a burst of plus or
    minus that ends at the value making the action."""
    seat = seat_of(action)
    if seat is None:
        return None
    for counter in adapter.counters(game, seat):
        if counter.toggles and adapter.toggle_action(game, seat, counter.key) == action:
            return [TapCounter(seat, counter.key, 0, held=counter.hold_to_toggle)]
        top = counter.maximum if counter.maximum is not None else counter.value + COUNTER_REACH
        low = max(counter.minimum, counter.value - COUNTER_REACH)
        for value in range(low, min(top, counter.value + COUNTER_REACH) + 1):
            if value == counter.value:
                continue
            if adapter.counter_action(game, seat, counter.key, value) == action:
                side = 1 if value > counter.value else -1
                return [TapCounter(seat, counter.key, side, abs(value - counter.value))]
    return None
