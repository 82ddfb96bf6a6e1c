"""Between the broker and the board: what has come in and not yet been looked at, bounded.

paho's thread puts every message here; the server's loop takes them. Only a topic's newest
message matters (a view is the table's whole present, retained on the broker), so a topic holds
one waiting message and a newer one replaces it (``superseded``). Each topic is taken at most
``per_second`` times a second and ``bytes_per_second`` bytes a second (token buckets), a topic
no shown table owns at ``stranger_per_second``; the messages held are bounded in count
(``topics``) and bytes (``max_bytes``), and one larger than ``message_bytes`` is dropped unread.
So a flood on a topic costs one slot and at most its rate of checking, and the memory held is
bounded whatever arrives. The clock is passed in (no I/O here).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Bucket:
    rate: float
    burst: float
    tokens: float
    at: float

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def wait(self, cost: float) -> float:
        """Seconds until ``cost`` tokens are here (0: now)."""
        return max(0.0, (min(cost, self.burst) - self.tokens) / self.rate)


@dataclass
class Limits:
    message_bytes: int = 49_000  # a signed view's envelope over the board's 48 KB view
    max_bytes: int = 4_000_000
    topics: int = 256
    per_second: float = 10.0
    burst: float = 20.0
    bytes_per_second: float = 200_000.0
    stranger_per_second: float = 1.0


@dataclass
class Inbox:
    clock: Callable[[], float]
    limits: Limits = field(default_factory=Limits)
    shown: Callable[[str], bool] = lambda _topic: True  # whether a shown table owns the topic
    wake: Callable[[], None] = lambda: None  # told (from paho's thread) that a message is here
    waiting: dict[str, bytes] = field(default_factory=dict)
    held_bytes: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    _buckets: dict[str, tuple[Bucket, Bucket]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def put(self, topic: str, payload: bytes) -> None:
        """One message off the broker (any thread). Never raises, never blocks for long."""
        lim = self.limits
        if len(payload) > lim.message_bytes:
            self._count("too big")
            return
        with self._lock:
            old = self.waiting.get(topic)
            if old is None and len(self.waiting) >= lim.topics:
                self._count("too many topics")
                return
            grown = self.held_bytes - len(old or b"") + len(payload)
            if grown > lim.max_bytes:
                self._count("backlog")
                return
            if old is not None:
                self._count("superseded")
            self.waiting[topic] = payload
            self.held_bytes = grown
        if old is None:  # else the loop has yet to take the older one, and will take this
            self.wake()

    def take(self) -> tuple[list[tuple[str, bytes]], float | None]:
        """What may be looked at now, and in how many seconds more may be (None: when the
        next message comes)."""
        now = self.clock()
        out: list[tuple[str, bytes]] = []
        soonest: float | None = None
        with self._lock:
            for topic, payload in list(self.waiting.items()):
                count, size = self._bucket(topic, now)
                wait = max(count.wait(1.0), size.wait(len(payload)))
                if wait > 0:
                    soonest = wait if soonest is None else min(soonest, wait)
                    continue
                count.tokens -= 1.0
                size.tokens -= min(len(payload), size.burst)
                del self.waiting[topic]
                self.held_bytes -= len(payload)
                out.append((topic, payload))
            if len(self._buckets) > 4 * self.limits.topics:
                self._forget_full(now)
        return out, soonest

    def _bucket(self, topic: str, now: float) -> tuple[Bucket, Bucket]:
        lim = self.limits
        rate = lim.per_second if self.shown(topic) else lim.stranger_per_second
        found = self._buckets.get(topic)
        if found is None:
            burst_bytes = 2 * lim.bytes_per_second
            burst = max(1.0, lim.burst * rate / lim.per_second)
            found = (
                Bucket(rate, burst, burst, now),
                Bucket(lim.bytes_per_second, burst_bytes, burst_bytes, now),
            )
            self._buckets[topic] = found
        count, size = found
        count.rate = rate
        count.burst = max(1.0, lim.burst * rate / lim.per_second)
        count.refill(now)
        size.refill(now)
        return found

    def _forget_full(self, now: float) -> None:
        """A bucket that is full and has nothing waiting says nothing: forget it (so topics
        seen once cost nothing for ever)."""
        for topic, (count, size) in list(self._buckets.items()):
            count.refill(now)
            size.refill(now)
            if topic not in self.waiting and count.tokens >= count.burst:
                del self._buckets[topic]

    def _count(self, why: str) -> None:
        self.counts[why] = self.counts.get(why, 0) + 1
