"""The host reads each table's results on a connection of its own, with a budget per table
(issue 35: a flood of 32,000 messages a second from one table's login held a 4.8 s
tournament to 34 s, because every table's results waited behind the flood in one queue).

One MQTT client per table, subscribed to that table's result topic only, so the broker keeps a
queue per table (bounded: ``max_queued_messages`` in mosquitto.py) and a flood fills its own.
Each client's messages wait in a small queue of their own (``PER_TABLE_QUEUE``); the host takes
at most ``BUDGET`` from each table per turn, round the tables, so a flooding table costs at most
``BUDGET`` checks a turn. A table whose queue overflows is read no more for ``PAUSE`` s (its
client disconnects; the broker holds, then drops, what it sends meanwhile): its flood stops
costing this process even the reading. Its real results come again (tables resend until the
standings show them), so the cost falls on the flooding table only.
"""

from __future__ import annotations

import hashlib
import queue
import threading

from companion_app.tournament import topics
from companion_app.tournament.mqtt_link import Link

BUDGET = 16  # messages taken from one table per turn of the host's loop
PER_TABLE_QUEUE = 256  # messages of one table waiting for the host's thread
PAUSE = 1.0  # s a table whose queue overflowed is not read (doubled each time, at most 8 s)
PAUSE_MAX = 8.0


class _Reader:
    def __init__(self, table: int, link: Link) -> None:
        self.table = table
        self.link = link
        self.paused_until = 0.0
        self.pause = PAUSE
        self.dropped = 0  # messages dropped for this table (its queue was full, or paused)
        self.pauses = 0


class TableReaders:
    """Every table's results, read fairly. ``take`` returns one turn's messages."""

    def __init__(
        self,
        tid: str,
        tables: int,
        broker: tuple[str, int],
        *,
        username: str,
        password: str,
        secret: str,
        pin: str = "",
    ) -> None:
        self.readers: list[_Reader] = []
        self.arrived = threading.Event()
        tag = hashlib.sha256(secret.encode()).hexdigest()[:12]
        for t in range(tables):
            link = Link(
                f"{username}-{tag}-t{t}",  # unguessable, as the host's own client id
                broker[0],
                broker[1],
                [topics.result(tid, t)],
                username=username,
                password=password,
                pin=pin,
                inbox_limit=PER_TABLE_QUEUE,
                notify=self.arrived,
            )
            self.readers.append(_Reader(t, link))

    def start(self) -> None:
        for r in self.readers:
            r.link.start()

    def stop(self) -> None:
        for r in self.readers:
            if r.paused_until == 0.0:
                r.link.stop()

    @property
    def dropped(self) -> dict[int, int]:
        return {r.table: r.dropped + r.link.overflowed for r in self.readers}

    def take(self, now: float) -> list[tuple[str, bytes]]:
        """At most BUDGET messages from each table, in turn; pauses a table that flooded and
        reads it again once its pause is over."""
        self.arrived.clear()  # before reading: a message that comes meanwhile sets it again
        out: list[tuple[str, bytes]] = []
        for r in self.readers:
            if r.paused_until:
                if now < r.paused_until:
                    continue
                r.paused_until = 0.0
                r.link.start()
            inbox = r.link.inbox
            for _ in range(BUDGET):
                try:
                    out.append(inbox.get_nowait())
                except queue.Empty:
                    break
            if r.link.overflowed:
                # More than it can read: a flood. This table is not read for a while.
                r.dropped += r.link.overflowed
                r.link.overflowed = 0
                r.pauses += 1
                r.link.stop()
                r.paused_until = now + r.pause
                r.pause = min(r.pause * 2, PAUSE_MAX)
                while True:  # what waits is the flood's: dropped, the table resends the rest
                    try:
                        inbox.get_nowait()
                        r.dropped += 1
                    except queue.Empty:
                        break
            elif inbox.empty() and r.pause > PAUSE:
                r.pause = max(PAUSE, r.pause / 2)  # calm again: the next pause is short
        return out

    def wait(self, timeout: float) -> None:
        """Waits until some table's message arrives (at most ``timeout`` s)."""
        self.arrived.wait(timeout)
