"""A Type 3 tag with NDEF memory, emulated with nfcpy's ``udp:`` virtual frontend.

Run as a separate process: ``python nfc_tag_emulator.py PORT SECONDS [NDEF_HEX]``. It answers a
reader on ``udp:127.0.0.1:PORT`` for SECONDS (then it is "lifted"), and prints the NDEF message
it holds when it stops (so a test can check what the reader wrote).
"""

from __future__ import annotations

import struct
import sys
import time

import nfc
import nfc.clf

IDM = bytearray.fromhex("03fe000000a17a01")
# PMm: the slowest response times a tag may declare, so a loaded test machine still answers
# within what the reader waits for.
PMM = bytearray.fromhex("0301ffffffffffff")
SYS = bytearray.fromhex("12fc")  # the NDEF system code
DATA_BLOCKS = 16


class NdefMemory:
    """Block 0 is the attribute information block; NDEF data follows, 16 bytes a block."""

    def __init__(self, message: bytes) -> None:
        self.blocks = [bytearray(16) for _ in range(DATA_BLOCKS + 1)]
        self.store(message)

    def store(self, message: bytes) -> None:
        data = bytes(message).ljust(DATA_BLOCKS * 16, b"\0")
        for i in range(DATA_BLOCKS):
            self.blocks[i + 1][:] = data[i * 16 : i * 16 + 16]
        self._attributes(len(message), writing=False)

    def _attributes(self, length: int, writing: bool) -> None:
        # Ver 1.0, Nbr 4, Nbw 4, Nmaxb, 4 unused, WriteF, RWFlag (read/write), Ln (3), checksum.
        a = bytearray([0x10, 4, 4]) + struct.pack(">H", DATA_BLOCKS) + bytes(4)
        a += bytes([0x0F if writing else 0x00, 0x01]) + length.to_bytes(3, "big")
        a += struct.pack(">H", sum(a[0:14]))
        self.blocks[0][:] = a

    def message(self) -> bytes:
        ln = int.from_bytes(self.blocks[0][11:14], "big")
        return bytes(b"".join(self.blocks[1:]))[:ln]

    def read(self, block: int, rb: object, re: object) -> bytearray | None:
        return self.blocks[block] if block < len(self.blocks) else None

    def write(self, block: int, data: bytearray, wb: object, we: object) -> bool:
        if block >= len(self.blocks):
            return False
        self.blocks[block][:] = data
        return True


def main() -> None:
    port, seconds = int(sys.argv[1]), float(sys.argv[2])
    memory = NdefMemory(bytes.fromhex(sys.argv[3]) if len(sys.argv) > 3 else b"")

    def on_startup(target: nfc.clf.LocalTarget) -> nfc.clf.LocalTarget:
        target.brty = "212F"
        target.sensf_res = bytearray([1]) + IDM + PMM + SYS
        return target

    def on_connect(tag: object) -> bool:
        tag.add_service(0x0009, memory.read, memory.write)  # type: ignore[attr-defined]
        tag.add_service(0x000B, memory.read, memory.write)  # type: ignore[attr-defined]
        return True

    with nfc.ContactlessFrontend(f"udp:127.0.0.1:{port}") as clf:
        # Ready, and the tag's lifetime starts, only once the frontend is open.
        stop_at = time.monotonic() + seconds
        print("ready", flush=True)
        while time.monotonic() < stop_at:
            # Listen for the whole time left: re-listening rebinds the socket, and a reader's
            # command that lands in between would be lost.
            left = max(0.1, stop_at - time.monotonic())
            clf.connect(
                card={"on-startup": on_startup, "on-connect": on_connect, "timeout": left},
                terminate=lambda: time.monotonic() > stop_at,
            )
    print("ndef", memory.message().hex(), flush=True)


if __name__ == "__main__":
    main()
