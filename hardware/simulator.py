"""Simulated table devices: virtual dials, readers and a button speaking the firmware's bytes.

API (stable; the app's simulator panel and `altar demo` use it)::

    dev = SimulatedDevice(device_id=b"\\xa1\\xb2\\xc3\\xd4", dials=2, readers=1)
    dev.turn_dial(0, 7)                    # the dial now shows 7 (absolute; clamped to its range;
                                           # past its stop, it says so if the host asked)
    dev.place_tag(0, uid, card_ref="z001") # CARD (when a ref is given), then TAG present
    dev.remove_tag(0)                      # TAG removed, with the UID that was there
    dev.press_button(0, "short")           # "short", "long" or "double"
    dev.hold_button(True)                  # pairing mode: a new claim is accepted while held

    with PtySimulator(dev) as sim:         # or: async with PtySimulator(dev) as sim
        port = sim.port                    # a real pseudo-terminal path, for pyserial

Every action becomes the exact frames of docs/protocol.md (``hardware.device_protocol``), kept
in the replay ring until the host acks them, sent as soon as a host is connected. Actions are
thread-safe: the pty runs the device on a background thread.
"""

from __future__ import annotations

import os
import select
import threading
import time
import tty
from collections.abc import Callable
from types import TracebackType

from hardware import wire
from hardware.device_protocol import DeviceEndpoint, DeviceState
from hardware.faults import FrameSpoiler
from hardware.framing import CobsSplitter

PRESS_KINDS = {"short": wire.PRESS_SHORT, "long": wire.PRESS_LONG, "double": wire.PRESS_DOUBLE}
TICK = 0.02  # s between the device's timer checks (resends)


class SimulatedDevice:
    """A device with ``dials`` dials (devotion 0..13 by default) and ``readers`` NFC readers."""

    def __init__(
        self, device_id: bytes = b"\xa1\xb2\xc3\xd4", dials: int = 2, readers: int = 1
    ) -> None:
        self.endpoint = DeviceEndpoint(device_id, dials, readers, on_command=self._on_command)
        self.lock = threading.RLock()
        self.values = [0] * dials
        self.ranges = [(0, 13)] * dials
        self.report_stops = [False] * dials  # SET_DIAL asked to hear of turns past the stop
        self.tags: list[bytes | None] = [None] * readers
        self.feedback: list[tuple[int, int]] = []  # (kind, reader) as the host asked
        self.battery = 87
        self._started = time.monotonic()
        # Called (outside the lock) whenever frames wait to be sent: the driver flushes them.
        self.on_output: Callable[[], None] | None = None
        # Called (on the link's thread, the lock held) with each host command once carried out
        # (SET_DIAL, FEEDBACK): a simulator's window lights its feedback LED, a test waits on it.
        self.on_command: Callable[[int, bytes], None] | None = None

    @property
    def device(self) -> str:
        return self.endpoint.device_id.hex()

    # ------------------------------------------------------------------ what players do

    def turn_dial(self, index: int, value: int) -> None:
        self._check(index, len(self.values), "dial")
        with self.lock:
            low, high = self.ranges[index]
            shown = max(low, min(high, value))
            if shown == self.values[index] and shown != value:
                # Turned against its stop: as the firmware, a flagged DIAL of the same value
                # for a host that asked (SET_DIAL's flag), else nothing.
                if self.report_stops[index]:
                    self.endpoint.emit(wire.DIAL, wire.dial_payload(index, shown, at_stop=True))
            else:
                self.values[index] = shown
                self.endpoint.emit(wire.DIAL, wire.dial_payload(index, shown))
        self._flush()

    def place_tag(self, reader: int, uid: bytes, card_ref: str | None = None) -> None:
        self._check(reader, len(self.tags), "reader")
        with self.lock:
            if self.tags[reader] is not None:
                # A new card put down without lifting the old one: the reader sees the change.
                self._remove(reader)
            if card_ref:
                self.endpoint.emit(wire.CARD, wire.card_payload(reader, card_ref.encode("ascii")))
            self.endpoint.emit(wire.TAG, wire.tag_payload(reader, True, uid))
            self.tags[reader] = bytes(uid)
        self._flush()

    def remove_tag(self, reader: int) -> None:
        self._check(reader, len(self.tags), "reader")
        with self.lock:
            self._remove(reader)
        self._flush()

    def press_button(self, index: int = 0, kind: str = "short") -> None:
        if kind not in PRESS_KINDS:
            raise ValueError(f"a press is 'short', 'long' or 'double', not {kind!r}")
        with self.lock:
            self.endpoint.emit(wire.BUTTON, wire.button_payload(index, PRESS_KINDS[kind]))
        self._flush()

    def hold_button(self, held: bool, confirm: bool = True) -> None:
        """The pairing gesture (pairing mode open while held). With ``confirm`` the simulated
        players also press to confirm a proved claim as soon as the device asks (issue 35);
        without it the test presses, or not (``press_to_confirm``)."""
        with self.lock:
            self.endpoint.button_held = held
            if held:
                self.endpoint.players_confirm = confirm

    def press_to_confirm(self, now: float) -> None:
        with self.lock:
            self.endpoint.press_to_confirm(now)
        self._flush()

    def send_status(self) -> None:
        with self.lock:
            uptime = int(time.monotonic() - self._started)
            errors = self.endpoint.errors
            payload = wire.status_payload(self.battery, 120_000, uptime, errors)
            self.endpoint.emit(wire.STATUS, payload)
        self._flush()

    # ------------------------------------------------------------------ the link side

    def connect(self, now: float) -> None:
        with self.lock:
            self.endpoint.connect(now)
        self._flush()

    def disconnect(self) -> None:
        with self.lock:
            self.endpoint.disconnect()

    def receive(self, raw: bytes, now: float) -> None:
        with self.lock:
            self.endpoint.receive(raw, now)

    def tick(self, now: float) -> None:
        with self.lock:
            self.endpoint.tick(now)

    def take_outgoing(self) -> list[bytes]:
        with self.lock:
            return self.endpoint.take_outgoing()

    @property
    def connected(self) -> bool:
        return self.endpoint.state is not DeviceState.OFFLINE

    # ------------------------------------------------------------------ internals

    def _remove(self, reader: int) -> None:
        uid = self.tags[reader]
        if uid is not None:
            self.endpoint.emit(wire.TAG, wire.tag_payload(reader, False, uid))
            self.tags[reader] = None

    def _on_command(self, msg_type: int, payload: bytes) -> None:
        # Called with the lock held, from receive().
        if msg_type == wire.SET_DIAL:
            index, value, low, high = wire.parse_set_dial(payload)
            if index < len(self.values):
                self.ranges[index] = (low, high)
                self.report_stops[index] = wire.set_dial_reports_stops(payload)
                self.values[index] = value
                # Answer with the value the dial now shows: host and dial never disagree silently.
                self.endpoint.emit(wire.DIAL, wire.dial_payload(index, value))
        elif msg_type == wire.FEEDBACK:
            self.feedback.append(wire.parse_feedback(payload))
        if self.on_command is not None:
            self.on_command(msg_type, payload)

    def _flush(self) -> None:
        if self.on_output is not None:
            self.on_output()

    @staticmethod
    def _check(index: int, count: int, what: str) -> None:
        if not 0 <= index < count:
            raise ValueError(f"this device has {count} {what}s; there is no {what} {index}")


class PtySimulator:
    """Runs a SimulatedDevice on the master side of a real pseudo-terminal.

    ``.port`` is the slave path; open it with pyserial as you would a USB serial device. Frames
    are COBS-framed with 0x00 delimiters, as on the real device's USB serial. ``banner`` is
    written first, like an ESP32's boot text, so hosts must resync on the delimiter. ``faults``
    spoils that share of frames both ways (``hardware.faults``), and puts as many bursts of line
    noise between frames (each ended by a delimiter), for tests of the whole serial stack.
    """

    def __init__(
        self, device: SimulatedDevice, banner: bytes = b"", faults: float = 0.0, seed: int = 0
    ) -> None:
        self.device = device
        self.banner = banner
        self.spoiler = FrameSpoiler(faults, seed)
        self._held_out: list[bytes] = []
        self._held_in: list[bytes] = []
        self.port = ""
        self._master = -1
        self._slave = -1
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._write_lock = threading.Lock()
        self._splitter = CobsSplitter()

    def start(self) -> PtySimulator:
        self._master, self._slave = os.openpty()
        # Raw mode: no echo, no newline translation; 0x00 and 0x0a pass untouched.
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self.device.on_output = self._flush
        if self.banner:
            os.write(self._master, self.banner)
        self._thread = threading.Thread(target=self._run, name="pty-device", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self.device.on_output = None
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def __enter__(self) -> PtySimulator:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    async def __aenter__(self) -> PtySimulator:
        return self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def write_raw(self, data: bytes) -> None:
        """Put bytes on the line as they are (noise, a REPL prompt, a replayed frame)."""
        with self._write_lock:
            os.write(self._master, data)

    def _flush(self) -> None:
        with self._write_lock:  # also keeps the spoiler's random stream in one order
            frames = self.spoiler.apply(self.device.take_outgoing(), self._held_out)
            if not frames or self._master < 0:
                return
            parts = []
            for f in frames:
                if self.spoiler.rate and self.spoiler.rng.random() < self.spoiler.rate:
                    # Line noise, then a delimiter: the host must skip it without losing the
                    # frame after it (noise that runs into a frame is a corruption, above).
                    noise = self.spoiler.rng.randbytes(self.spoiler.rng.randrange(1, 40))
                    parts.append(noise + b"\x00")
                parts.append(wire.cobs_encode(f))
            os.write(self._master, b"".join(parts))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master], [], [], TICK)
            except (OSError, ValueError):
                return
            now = time.monotonic()
            if ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    data = b""  # no reader on the slave side right now
                raw = [i for i in self._splitter.feed(data) if isinstance(i, bytes)]
                with self._write_lock:
                    raw = self.spoiler.apply(raw, self._held_in)
                for item in raw:
                    self.device.receive(item, now)
            self.device.tick(now)
            self._flush()
