"""USB serial (CDC or UART) with pyserial: COBS frames, 0x00 delimiters.

Opening a port asserts DTR and RTS by default, which resets ESP32 boards; both are cleared
before ``open`` so the board keeps running. Bytes waiting from before we opened (a boot banner,
REPL text, an earlier session's frames) are flushed, and anything malformed later is skipped up
to the next 0x00 (``hardware.framing.CobsSplitter``).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from hardware import wire
from hardware.framing import CobsSplitter
from hardware.transports.base import LinkLost, Transport

BAUD = 115_200
READ_TIMEOUT = 0.05


class SerialTransport(Transport):
    def __init__(self, port: str, baudrate: int = BAUD) -> None:
        super().__init__(port)
        self.port = port
        self.baudrate = baudrate
        self._serial: Any = None
        self._reader: threading.Thread | None = None
        self._stop = threading.Event()
        self.splitter = CobsSplitter()

    async def open(self) -> None:
        import serial  # pyserial: an optional dependency, loaded when a serial link is used

        self._prepare()
        ser = serial.Serial()
        ser.port = self.port
        ser.baudrate = self.baudrate
        ser.timeout = READ_TIMEOUT
        ser.write_timeout = 1.0
        ser.dtr = False  # set before open: pyserial applies them as the port opens
        ser.rts = False
        try:
            await asyncio.to_thread(ser.open)
            ser.reset_input_buffer()
        except (OSError, serial.SerialException) as e:
            raise LinkLost(f"cannot open {self.port}: {e}") from e
        self._serial = ser
        self._stop.clear()
        self.splitter = CobsSplitter()
        self._reader = threading.Thread(target=self._read_loop, name=f"serial {self.port}")
        self._reader.daemon = True
        self._reader.start()

    def _read_loop(self) -> None:
        ser = self._serial
        while not self._stop.is_set():
            try:
                data = ser.read(max(1, ser.in_waiting))
            except Exception:  # pyserial raises SerialException, OSError or TypeError on unplug
                if not self._stop.is_set():
                    self._lost_threadsafe()
                return
            if data:
                self._deliver_threadsafe(self.splitter.feed(data))

    async def send(self, frames: list[bytes]) -> None:
        if self._serial is None:
            raise LinkLost(f"{self.port} is not open")
        data = b"".join(wire.cobs_encode(f) for f in frames)
        try:
            self._serial.write(data)
        except Exception as e:  # SerialException or a write timeout: the device is gone
            raise LinkLost(f"cannot write to {self.port}: {e}") from e

    async def close(self) -> None:
        self._stop.set()
        if self._reader is not None:
            await asyncio.to_thread(self._reader.join, 1.0)
            self._reader = None
        if self._serial is not None:
            self._serial.close()
            self._serial = None
