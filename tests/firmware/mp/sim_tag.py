# A simulated NTAG21x tag (ISO 14443-3 type A, NXP NTAG213/215 datasheet): the state machine
# IDLE/HALT -> READY (REQA/WUPA) -> ACTIVE (SELECT through each cascade level), READ of 4 pages
# with CRC_A, HLTA. Test code for the firmware's reader drivers; answers land in preallocated
# buffers so reader polls can be checked under micropython.heap_lock().
from altarfw import iso14443a as iso

IDLE = 0
READY = 1
ACTIVE = 2
HALT = 3


def ndef_pages(ref):
    """Pages 3.. of an NTAG holding one URI record "altar:<ref>" (prefix code 0)."""
    uri = b"altar:" + ref
    record = bytes([0xD1, 0x01, len(uri) + 1, 0x55, 0x00]) + uri
    data = bytes([0xE1, 0x10, 0x12, 0x00]) + bytes([0x03, len(record)]) + record + b"\xfe"
    return data + bytes(64 - len(data))


class Tag:
    def __init__(self, uid, pages=None):
        assert len(uid) in (4, 7, 10)
        self.uid = bytes(uid)
        self.state = IDLE
        self.level = 0  # cascade level reached while READY
        # memory from page 0: UID/BCC pages, then page 3 onwards as given
        self.memory = bytearray(4 * 64)
        if pages:
            for i, b in enumerate(pages):
                self.memory[12 + i] = b
        self.reads = 0
        # the UID part of each cascade level: CT + 3 bytes, or the last 4
        self._parts = []
        u = self.uid
        if len(u) == 4:
            self._parts = [u]
        elif len(u) == 7:
            self._parts = [bytes([iso.CASCADE_TAG]) + u[:3], u[3:]]
        else:
            self._parts = [
                bytes([iso.CASCADE_TAG]) + u[:3],
                bytes([iso.CASCADE_TAG]) + u[3:6],
                u[6:],
            ]

    def field_off(self):
        self.state = IDLE

    def respond(self, data, n, bits, out):
        """One frame from the reader: data[:n] (bits: valid bits in the last byte, 0 = 8).
        Writes the answer into out and returns its length; 0 = silence."""
        cmd = data[0]
        if n == 1 and bits == 7:
            if cmd == iso.WUPA or (cmd == iso.REQA and self.state == IDLE):
                self.state = READY
                self.level = 0
                out[0] = 0x44 if len(self.uid) > 4 else 0x04  # ATQA: UID size bits
                out[1] = 0x00
                return 2
            return 0
        if self.state == READY and cmd in iso.SEL_CODES:
            lvl = iso.SEL_CODES.index(cmd)
            if lvl != self.level or lvl >= len(self._parts):
                return 0
            part = self._parts[lvl]
            if n == 2 and data[1] == 0x20:
                for i in range(4):
                    out[i] = part[i]
                out[4] = part[0] ^ part[1] ^ part[2] ^ part[3]
                return 5
            if n == 9 and data[1] == 0x70 and iso.crc_ok(data, 9):
                for i in range(4):
                    if data[2 + i] != part[i]:
                        return 0
                last = lvl == len(self._parts) - 1
                out[0] = 0x00 if last else 0x04  # SAK: bit 2 set while the UID goes on
                iso.append_crc(out, 1)
                if last:
                    self.state = ACTIVE
                else:
                    self.level += 1
                return 3
            return 0
        if self.state == ACTIVE and n == 4 and iso.crc_ok(data, 4):
            if cmd == iso.NTAG_READ:
                page = data[1]
                self.reads += 1
                for i in range(16):
                    out[i] = self.memory[(page * 4 + i) % len(self.memory)]
                iso.append_crc(out, 16)
                return 18
            if cmd == iso.HLTA:
                self.state = HALT
                return 0
        return 0


class Field:
    """The RF field of one reader: at most one tag in it (enough for card-on-reader play)."""

    def __init__(self):
        self.tag = None
        self.noise = 0  # the next `noise` answers are damaged (one byte flipped)
        self.polls = 0
        self.damaged = False

    def place(self, tag):
        tag.field_off()
        self.tag = tag

    def remove(self):
        self.tag = None

    def exchange(self, data, n, bits, out):
        self.damaged = False
        if n == 1 and (data[0] == 0x52 or data[0] == 0x26):
            self.polls += 1
        if self.tag is None:
            return 0
        k = self.tag.respond(data, n, bits, out)
        if k and self.noise:
            # A damaged answer: a flipped byte, which the reader chip sees as a parity error.
            self.noise -= 1
            out[k - 1] ^= 0x5A
            self.damaged = True
        return k
