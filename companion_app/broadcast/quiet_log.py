"""Log lines the broadcast server writes, rate-limited: the same line at most ``per_window``
times a ``window`` (then one line saying how many like it were not written), and never a
traceback (a hostile client can make the same error happen thousands of times a second; what
the operator needs is one line saying so, not 200 MB of stacks). The clock is passed in."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

LOGGERS = ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket", "asyncio")


class QuietLog(logging.Filter):
    def __init__(
        self,
        per_window: int = 5,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        keys: int = 256,
    ) -> None:
        super().__init__()
        self.per_window, self.window, self.clock, self.keys = per_window, window, clock, keys
        self.seen: dict[tuple[str, str], tuple[float, int, int]] = {}  # -> (since, shown, held)
        self.held_back = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(e).__name__}: {str(e)[:200]})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        record.stack_info = None
        key = (record.name, str(record.msg)[:120])
        now = self.clock()
        since, shown, held = self.seen.get(key, (now, 0, 0))
        if now - since >= self.window:
            if held:
                record.msg = f"{record.msg} (and {held} lines like it not written)"
            since, shown, held = now, 0, 0
        if shown >= self.per_window:
            self.seen[key] = (since, shown, held + 1)
            self.held_back += 1
            return False
        if len(self.seen) >= self.keys and key not in self.seen:
            self.seen.clear()  # many different lines: start counting again, bounded
        self.seen[key] = (since, shown + 1, held)
        return True


def install(quiet: QuietLog) -> Callable[[], None]:
    """Puts ``quiet`` on the server's loggers; returns what takes it off."""
    for name in LOGGERS:
        logging.getLogger(name).addFilter(quiet)

    def remove() -> None:
        for name in LOGGERS:
            logging.getLogger(name).removeFilter(quiet)

    return remove
