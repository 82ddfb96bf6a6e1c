"""Byte stream to raw frames: split at 0x00 and undo COBS, without judging the frame.

``wire.StreamDecoder`` also checks CRC and MAC; the host link needs the raw frame first, because
which key checks it depends on the link's state (before or after authentication). Noise is
returned as ``WireError`` items, never raised, so a boot banner cannot stop a link.
"""

from __future__ import annotations

from hardware import wire


class CobsSplitter:
    """Feed bytes, get raw frames (bytes) and WireErrors, in arrival order."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._overflow = False
        self.noise = 0  # malformed blocks dropped, for the device's status

    def feed(self, data: bytes | bytearray) -> list[bytes | wire.WireError]:
        out: list[bytes | wire.WireError] = []
        start = 0
        while True:
            end = data.find(0, start)
            if end < 0:
                self._append(data[start:])
                return out
            self._append(data[start:end])
            item = self._finish()
            if item is not None:
                out.append(item)
            start = end + 1

    def _append(self, chunk: bytes | bytearray) -> None:
        if self._overflow or not chunk:
            return
        self._buf += chunk
        if len(self._buf) > wire.MAX_ENCODED:
            # A run this long without a delimiter is not a frame: drop it, resync at the next 0x00.
            self._overflow = True
            self._buf = bytearray()

    def _finish(self) -> bytes | wire.WireError | None:
        buf, overflow = self._buf, self._overflow
        self._buf = bytearray()
        self._overflow = False
        if overflow:
            self.noise += 1
            return wire.WireError(f"noise: no frame delimiter within {wire.MAX_ENCODED} bytes")
        if not buf:
            return None
        try:
            return wire.cobs_decode(buf)
        except wire.WireError as e:
            self.noise += 1
            return e
