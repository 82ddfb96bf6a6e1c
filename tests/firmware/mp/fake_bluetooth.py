# A stand-in for MicroPython's bluetooth module (tests only): UUID gives the 16 bytes of a
# 128-bit UUID, least significant byte first, as bytes(bluetooth.UUID(...)) does on a board.
import binascii


def UUID(text):
    raw = binascii.unhexlify(text.replace("-", ""))
    return bytes(reversed(raw))
