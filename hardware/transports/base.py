"""The transport interface: raw frames in and out of one device connection.

A transport delivers whole raw frames (after COBS on a byte stream; as notified on BLE) and
``WireError`` items for noise it skipped. ``receive`` raises ``LinkLost`` once the connection
drops; the manager then reconnects with backoff by calling ``open`` again.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod

from hardware import wire

Item = bytes | wire.WireError


class LinkLost(Exception):
    """The connection dropped (cable pulled, radio out of range, port closed)."""


class Transport(ABC):
    def __init__(self, name: str) -> None:
        self.name = name  # what people see: a port path, a BLE name or address
        self._incoming: asyncio.Queue[list[Item] | None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- for subclasses

    def _prepare(self) -> None:
        """Call at the start of ``open``: a fresh queue on the running loop."""
        self._loop = asyncio.get_running_loop()
        self._incoming = asyncio.Queue()

    def _deliver(self, items: list[Item]) -> None:
        """Hand items to ``receive``; call on the event loop's thread."""
        if self._incoming is not None and items:
            self._incoming.put_nowait(items)

    def _deliver_threadsafe(self, items: list[Item]) -> None:
        if self._loop is not None and items:
            self._loop.call_soon_threadsafe(self._deliver, items)

    def _lost(self) -> None:
        if self._incoming is not None:
            self._incoming.put_nowait(None)

    def _lost_threadsafe(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._lost)

    def poke(self) -> None:
        """Wake a pending ``receive`` with nothing, so queued host commands go out now."""
        if self._incoming is not None:
            self._incoming.put_nowait([])

    # -- the interface

    @abstractmethod
    async def open(self) -> None:
        """Connect; raise ``LinkLost`` (or OSError) when the device cannot be reached now."""

    @abstractmethod
    async def send(self, frames: list[bytes]) -> None:
        """Send raw frames; the transport frames them for its medium."""

    @abstractmethod
    async def close(self) -> None: ...

    async def receive(self, timeout: float) -> list[Item]:
        """Items that arrived, waiting at most ``timeout`` s ([] if none); LinkLost if dropped."""
        if self._incoming is None:
            raise LinkLost(f"{self.name} is not open")
        try:
            items = self._incoming.get_nowait()
        except asyncio.QueueEmpty:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancel that
            # lands as the item arrives, and the manager's close() would then wait forever.
            try:
                async with asyncio.timeout(timeout):
                    items = await self._incoming.get()
            except TimeoutError:
                return []
        if items is None:
            raise LinkLost(f"lost the connection to {self.name}")
        # Drain what else is already here, so one wake-up handles a burst.
        while not self._incoming.empty():
            more = self._incoming.get_nowait()
            if more is None:
                self._incoming.put_nowait(None)  # report the loss on the next call
                break
            items += more
        return items
