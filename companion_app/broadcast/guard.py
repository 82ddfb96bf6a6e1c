"""What a connection to the broadcast server may cost: a cap per address and in all, kept
below the process's open-file limit (read at start, less a reserve and the listen backlog), and a time by which a request's head must
have come (a client that sends half a request and waits, "slowloris", is closed).

``Guard`` wraps aiohttp's protocol factory: each new connection is counted before aiohttp sees
it, and one over a cap is closed at once (nothing parsed, nothing logged but a count). A
request's head is marked done by the server's middleware (``spoke``); after each response the
next must begin within the keep-alive time plus the head time. A WebSocket, once upgraded, is
left to its heartbeat.
"""

from __future__ import annotations

import asyncio
import resource
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

RESERVE_FILES = 128  # open files kept free for the broker's socket, replays, logs, the pages


def open_file_limit() -> int:
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@dataclass
class ConnectionLimits:
    per_address: int = 32  # a phone or a projector needs two or three
    total: int = 1000  # lowered to the open-file limit less RESERVE_FILES, whatever is asked
    head_seconds: float = 10.0  # from connecting (or the last response) to a request's head
    keepalive_seconds: float = 15.0  # an idle kept-alive connection is closed after this
    # Connections the loop may accept in one go before the guard sees any of them (asyncio
    # accepts up to the listen backlog at once): room for them under the open-file limit too.
    backlog: int = 100

    def __post_init__(self) -> None:
        room = open_file_limit() - RESERVE_FILES - self.backlog
        self.total = max(8, min(self.total, room))


@dataclass
class Guard:
    limits: ConnectionLimits = field(default_factory=ConnectionLimits)
    by_address: dict[str, int] = field(default_factory=dict)
    open: int = 0
    refused: dict[str, int] = field(default_factory=dict)  # why -> connections closed
    _deadlines: dict[Any, asyncio.TimerHandle] = field(default_factory=dict)
    changed: list[Callable[[], None]] = field(default_factory=list)

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Guarded(self, factory)

    def admit(self, transport: asyncio.BaseTransport) -> str | None:
        """The address to count the connection under, or None when it is refused."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if self.open >= self.limits.total:
            self._refuse("server full")
            return None
        if self.by_address.get(address, 0) >= self.limits.per_address:
            self._refuse("too many from one address")
            return None
        self.open += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self._arm(transport, self.limits.head_seconds)
        self._told()
        return address

    def gone(self, transport: asyncio.BaseTransport, address: str) -> None:
        self.open -= 1
        left = self.by_address.get(address, 1) - 1
        if left:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
        self._disarm(transport)
        self._told()

    def spoke(self, transport: Any) -> None:
        """A request's head is in: no deadline while it is answered."""
        self._disarm(transport)

    def answered(self, transport: Any) -> None:
        """A response is out: the next request must begin in time (keep-alive + head)."""
        if transport is not None and not transport.is_closing():
            self._arm(transport, self.limits.keepalive_seconds + self.limits.head_seconds)

    def _arm(self, transport: Any, seconds: float) -> None:
        self._disarm(transport)
        loop = asyncio.get_running_loop()
        self._deadlines[transport] = loop.call_later(seconds, self._late, transport)

    def _disarm(self, transport: Any) -> None:
        handle = self._deadlines.pop(transport, None)
        if handle is not None:
            handle.cancel()

    def _late(self, transport: Any) -> None:
        self._deadlines.pop(transport, None)
        self._refuse("too slow to ask")
        transport.abort()

    def _refuse(self, why: str) -> None:
        self.refused[why] = self.refused.get(why, 0) + 1
        self._told()

    def _told(self) -> None:
        for callback in list(self.changed):
            callback()


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind the guard's count."""

    def __init__(self, guard: Guard, factory: Callable[[], asyncio.Protocol]) -> None:
        self.guard = guard
        self.factory = factory
        self.inner: Any = None
        self.address: str | None = None
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.address = self.guard.admit(transport)
        if self.address is None:
            transport.abort()  # type: ignore[attr-defined]  # a socket transport's
            return
        self.inner = self.factory()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is None:
            return
        assert self.transport is not None and self.address is not None
        self.guard.gone(self.transport, self.address)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()
