"""The part of the wire codec the device runs too: CRC-16, COBS encoding, sequence order.

Deployed to the board as ``wire_core.py`` (firmware/altarfw imports it); ``hardware/wire.py``
is the host's codec and re-exports these, so the host and the device compute the very same
bytes. Kept this small on purpose: every name a module defines costs the device heap (the
24 KiB budget, docs/hardware.md "Install the firmware"), and the host-only codec (Frame,
pack/unpack, the payload builders and parsers) would be loaded there for nothing. The protocol's numbers are in wire.py;
the firmware folds the few it needs with ``const()``, and tests/hardware/test_firmware_numbers.py
holds them to wire.py's.

Runs unchanged on MicroPython and CPython: no typing import, annotations MicroPython ignores.
"""


def crc16(data: bytes | bytearray | memoryview, start: int = 0, end: int = -1) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of data[start:end].

    Bitwise rather than table-driven: frames are at most a few dozen bytes, and a loop over
    small ints allocates nothing on MicroPython, so the firmware can call it with the heap locked.
    """
    if end < 0:
        end = len(data)
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def cobs_encode_into(src: bytes | bytearray | memoryview, n: int, dst: bytearray) -> int:
    """COBS-encode src[:n] into the bytearray dst, append the 0x00 delimiter, return the length.

    For the firmware: dst is preallocated (wire.MAX_ENCODED bytes), so encoding allocates nothing.
    """
    code_at = 0
    out = 1
    code = 1
    for i in range(n):
        b = src[i]
        if b == 0:
            dst[code_at] = code
            code_at = out
            out += 1
            code = 1
        else:
            dst[out] = b
            out += 1
            code += 1
            if code == 0xFF:
                dst[code_at] = code
                code_at = out
                out += 1
                code = 1
    dst[code_at] = code
    dst[out] = 0
    return out + 1


def seq_after(a: int, b: int) -> bool:
    """True when sequence number a comes after b, modulo 2**16 (serial number arithmetic)."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000
