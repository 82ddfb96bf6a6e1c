"""Quick bursts of taps on a counter become one change (no Kivy here).

A player tapping "+" four times wants devotion 3 -> 7, one log entry, not four. Taps add to a
pending change per counter; the screen shows the preview ("+4 = 7": the change and the result); when the taps stop for
``settle`` seconds the session commits the whole change as one command.
"""

from __future__ import annotations

from dataclasses import dataclass

# A counter is named by (seat, what, index): ("devotion", 0), ("max_devotion", 0),
# ("base_damage", base index).
CounterKey = tuple[int, str, int]


@dataclass
class PendingChange:
    key: CounterKey
    start: int  # the value before the burst began
    delta: int
    low: int | None = 0
    high: int | None = None

    @property
    def result(self) -> int:
        value = self.start + self.delta
        if self.low is not None:
            value = max(self.low, value)
        if self.high is not None:
            value = min(self.high, value)
        return value

    def preview(self) -> str:
        """What the tile shows while the burst is open: the change and the result."""
        change = self.result - self.start
        return f"{change:+d} = {self.result}"


class BurstMerger:
    """Collects nudges per counter until the session flushes them."""

    def __init__(self) -> None:
        self._pending: dict[CounterKey, PendingChange] = {}

    def nudge(
        self,
        key: CounterKey,
        current: int,
        delta: int,
        low: int | None = 0,
        high: int | None = None,
    ) -> PendingChange:
        change = self._pending.get(key)
        if change is None:
            change = self._pending[key] = PendingChange(key, current, 0, low, high)
        # Keep the delta within bounds so "-" at 0 followed by "+" moves at once.
        change.delta = change.result - change.start + delta
        change.delta = change.result - change.start
        return change

    def pending(self) -> list[PendingChange]:
        return list(self._pending.values())

    def get(self, key: CounterKey) -> PendingChange | None:
        return self._pending.get(key)

    def take_all(self) -> list[PendingChange]:
        """Everything to commit now, oldest first; nothing stays pending."""
        changes = list(self._pending.values())
        self._pending.clear()
        return changes

    def discard(self) -> None:
        self._pending.clear()
