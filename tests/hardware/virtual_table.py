"""A host link and a simulated device joined by an in-memory channel with a made-up clock.

Frames are handed over whole (as BLE does) or through COBS (as serial does); a ``Faults``
object can drop, corrupt, duplicate and reorder them, seeded, so every run is reproducible.
"""

from __future__ import annotations

from hardware import wire
from hardware.events import Event
from hardware.faults import FrameSpoiler
from hardware.framing import CobsSplitter
from hardware.keys import KeyStore
from hardware.link import HostLink, Peer, Report
from hardware.simulator import SimulatedDevice

TABLE = b"\x7a\x62\x1e\x05"
STEP = 0.01  # s of made-up time per step


Faults = FrameSpoiler  # rate, seed; .apply(frames, held); .counts


class VirtualTable:
    def __init__(
        self,
        device: SimulatedDevice | None = None,
        keys: KeyStore | None = None,
        *,
        faults: Faults | None = None,
        serial: bool = False,
        accept_unclaimed: bool = False,
    ) -> None:
        self.device = device or SimulatedDevice()
        self.keys = keys or KeyStore()
        self.peers: dict[str, Peer] = {}
        self.faults = faults or Faults()
        self.serial = serial
        self.accept_unclaimed = accept_unclaimed
        self.now = 0.0
        self.events: list[Event] = []
        self.reports: list[Report] = []
        self.to_host: list[bytes] = []  # every raw frame the device put on the air, for replays
        self.link = self._new_link()
        self._held_up: list[bytes] = []
        self._held_down: list[bytes] = []
        self._split_up = CobsSplitter()
        self._split_down = CobsSplitter()

    def _new_link(self) -> HostLink:
        return HostLink(TABLE, self.keys, self.peers, accept_unclaimed=self.accept_unclaimed)

    def connect(self) -> None:
        self.link = self._new_link()
        self.device.connect(self.now)
        self.link.start(self.now)

    def disconnect(self) -> None:
        self.device.disconnect()
        self._held_up.clear()
        self._held_down.clear()
        self.collect()

    def _carry(self, frames: list[bytes], held: list[bytes], splitter: CobsSplitter) -> list[bytes]:
        frames = self.faults.apply(frames, held)
        if not self.serial:
            return frames
        out: list[bytes] = []
        for item in splitter.feed(b"".join(wire.cobs_encode(f) for f in frames)):
            if isinstance(item, bytes):
                out.append(item)
        return out

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += STEP
            self.device.tick(self.now)
            up = self.device.take_outgoing()
            self.to_host += up
            for raw in self._carry(up, self._held_up, self._split_up):
                self.link.receive(raw, self.now)
            self.link.tick(self.now)
            down = self.link.take_outgoing()
            for raw in self._carry(down, self._held_down, self._split_down):
                self.device.receive(raw, self.now)
            self.collect()

    def collect(self) -> None:
        self.events += self.link.take_events()
        self.reports += self.link.take_reports()

    def settle(self, seconds: float = 2.0) -> None:
        self.step(int(seconds / STEP))

    def inject(self, raw: bytes) -> None:
        """A frame from outside: a forger, or a replay of an earlier session's frame."""
        self.link.receive(raw, self.now)
        self.collect()
