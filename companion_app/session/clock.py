"""The session's timers and a clock a test moves by hand (no Kivy here).

Everything in the app that waits (a burst of taps settling into one command, a quiet moment
advancing by itself, a combat's result leaving the band, the turn timer) asks the session's
``clock`` for it, through ``schedule_once(callback, seconds)`` and ``schedule_interval``.
In the app that clock is Kivy's ``Clock``. A test hands the session a ``ManualClock``
instead: nothing it schedules runs until the test calls ``advance``, so no test depends on
how fast the machine happens to be (a loaded CI machine once let three quick taps fall
outside the burst window in real time).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

TimerCallback = Callable[[float], Any]


class AppClock(Protocol):
    """What the session needs of a clock: Kivy's ``Clock`` has exactly this."""

    def time(self) -> float: ...

    def schedule_once(self, callback: TimerCallback, timeout: float = 0) -> Any: ...

    def schedule_interval(self, callback: TimerCallback, timeout: float) -> Any: ...


@dataclass(eq=False)
class ManualTimer:
    """One scheduled callback on a ManualClock; ``cancel()`` like Kivy's ClockEvent."""

    clock: ManualClock
    callback: TimerCallback
    since: float  # when it was scheduled, or last ran (an interval)
    due: float
    every: float | None  # None: once
    order: int
    cancelled: bool = field(default=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that stands still until the test moves it.

    ``advance(seconds)`` runs, in time order, every callback that falls due within those
    seconds (a callback scheduled while advancing runs too if it falls due in the window),
    each with the time since it was scheduled, as Kivy passes ``dt``."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._timers: list[ManualTimer] = []
        self._made = 0

    def time(self) -> float:
        """The clock's own time: a stand-in for ``time.monotonic``."""
        return self._now

    def schedule_once(self, callback: TimerCallback, timeout: float = 0) -> ManualTimer:
        return self._add(callback, timeout, None)

    def schedule_interval(self, callback: TimerCallback, timeout: float) -> ManualTimer:
        if timeout <= 0:
            raise ValueError("an interval must be longer than 0 seconds")
        return self._add(callback, timeout, timeout)

    def _add(self, callback: TimerCallback, timeout: float, every: float | None) -> ManualTimer:
        self._made += 1
        due = self._now + max(0.0, timeout)
        timer = ManualTimer(self, callback, self._now, due, every, self._made)
        self._timers.append(timer)
        return timer

    def waiting(self) -> list[float]:
        """How far off each callback still waiting is, soonest first."""
        return sorted(t.due - self._now for t in self._live())

    def _live(self) -> list[ManualTimer]:
        self._timers = [t for t in self._timers if not t.cancelled]
        return self._timers

    def advance(self, seconds: float) -> int:
        """Move the clock ``seconds`` forward; returns how many callbacks ran."""
        if seconds < 0:
            raise ValueError("a clock does not go back")
        end = self._now + seconds
        ran = 0
        while True:
            due = [t for t in self._live() if t.due <= end]
            if not due:
                break
            timer = min(due, key=lambda t: (t.due, t.order))
            self._now = max(self._now, timer.due)
            dt, timer.since = self._now - timer.since, self._now
            if timer.every is None:
                timer.cancelled = True
            else:
                timer.due += timer.every
            ran += 1
            timer.callback(dt)
        self._now = end
        return ran
