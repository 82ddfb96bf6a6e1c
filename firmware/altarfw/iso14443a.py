# ISO/IEC 14443-3 type A pieces both readers need: CRC_A and the rules about UIDs.
from micropython import const

# What a reader driver's poll() returns (shared by every driver and the scanner).
POLL_NONE = const(0)  # no tag in the field
POLL_TAG = const(1)  # a tag answered; the driver's uid[:uid_len] holds its full UID
POLL_FAIL = const(2)  # the chip or the exchange failed (noise, collision, no answer)

REQA = const(0x26)
WUPA = const(0x52)  # wakes HALTed tags too: a tag resting on the reader answers every poll
HLTA = const(0x50)
CASCADE_TAG = const(0x88)  # first byte of a UID part when more UID follows: never a UID byte
NTAG_READ = const(0x30)  # NTAG21x READ: 4 pages (16 bytes) from a page number
SEL_CODES = (0x93, 0x95, 0x97)  # cascade levels 1, 2, 3 (4, 7, 10-byte UIDs)


def crc_a(buf, start, end):
    """CRC_A (ISO 14443-3 annex B): reflected 0x8408, preset 0x6363; allocation-free."""
    crc = 0x6363
    for i in range(start, end):
        crc ^= buf[i]
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0x8408
            else:
                crc >>= 1
    return crc


def append_crc(buf, n):
    """Writes CRC_A of buf[:n] at buf[n], buf[n+1]; returns n + 2."""
    crc = crc_a(buf, 0, n)
    buf[n] = crc & 0xFF
    buf[n + 1] = crc >> 8
    return n + 2


def crc_ok(buf, n):
    """True when buf[:n] ends in a correct CRC_A."""
    if n < 3:
        return False
    crc = crc_a(buf, 0, n - 2)
    return buf[n - 2] == (crc & 0xFF) and buf[n - 1] == (crc >> 8)


def is_random_uid(uid, n):
    """A 4-byte UID starting 0x08 is a random ID (RID) drawn afresh at every power-up, so the
    same card would look like a new card each time: never use it as an identity."""
    return n == 4 and uid[0] == 0x08
