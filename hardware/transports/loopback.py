"""An in-process link to a ``SimulatedDevice``: raw frames straight across, as on BLE.

``make run`` and the app's simulator panel use it. ``faults`` makes it a lossy radio for tests:
a seeded share of frames dropped, corrupted, duplicated or reordered in each direction.
"""

from __future__ import annotations

import asyncio
import time

from hardware.faults import FrameSpoiler
from hardware.simulator import SimulatedDevice
from hardware.transports.base import LinkLost, Transport

TICK = 0.02


class LoopbackTransport(Transport):
    def __init__(self, device: SimulatedDevice, faults: float = 0.0, seed: int = 0) -> None:
        super().__init__(f"simulator {device.device}")
        self.device = device
        self.spoiler = FrameSpoiler(faults, seed)
        self._held_up: list[bytes] = []  # reordered frames wait here for the next batch
        self._held_down: list[bytes] = []
        self._ticker: asyncio.Task[None] | None = None
        self.fault_counts = self.spoiler.counts
        # False: the device has vanished (battery pulled, carried away). Nothing gets through,
        # and the transport notices nothing: only the heartbeat can tell.
        self.in_range = True

    async def open(self) -> None:
        if not self.in_range:
            raise LinkLost(f"{self.name} is out of range")
        self._prepare()
        self.device.on_output = self._from_device_threadsafe
        self.device.connect(time.monotonic())
        self._ticker = asyncio.create_task(self._tick())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.device.tick(time.monotonic())
            self._from_device()

    def _from_device_threadsafe(self) -> None:
        # Actions may come from any thread (the app's simulator panel, a test).
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._from_device)

    def _from_device(self) -> None:
        self._deliver(list(self._spoil(self.device.take_outgoing(), self._held_up)))

    async def send(self, frames: list[bytes]) -> None:
        if self._ticker is None:
            raise LinkLost("the simulator is not connected")
        now = time.monotonic()
        for f in self._spoil(frames, self._held_down):
            self.device.receive(f, now)
        self._from_device()

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
        self.device.on_output = None
        self.device.disconnect()

    def drop_link(self) -> None:
        """Pull the plug, as a radio going out of range does."""
        self.device.disconnect()
        self._lost()

    def _spoil(self, frames: list[bytes], held: list[bytes]) -> list[bytes]:
        if not self.in_range:
            return []
        return self.spoiler.apply(frames, held)
