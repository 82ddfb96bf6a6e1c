# The link over USB serial (or a UART): COBS frames, each ended by 0x00, on stdin/stdout.
#
# In run mode nothing else is printed there, and Ctrl-C is switched off (micropython.kbd_intr)
# because 0x03 is an ordinary byte inside frames. The way back to the REPL: right after a frame
# delimiter (or at the start), either CR then Ctrl-C (0x0D 0x03: what mpremote sends) or two
# Ctrl-C (0x03 0x03: pressing Ctrl-C twice in a terminal). No valid frame can begin that way:
# the byte after a frame's COBS code is its version byte, 0x2_ or 0x3_, never 0x03.
#
# Writes happen only when the port can take them (poll POLLOUT): a host that is not reading
# must never stall the device; unsent events wait in the replay ring.
import time

import wire_core
from micropython import const

# Protocol numbers, folded by mpy-cross; tests/hardware/test_firmware_numbers.py checks them.
_MAX_FRAME = const(20)  # wire.MAX_FRAME
_MAX_ENCODED = const(22)  # wire.MAX_ENCODED

_QUIET_MS = const(3000)  # no frame from the host for this long: the link is down
_MAX_FRAMES_PER_STEP = const(8)
_MAX_BYTES_PER_STEP = const(256)


class StdioStream:
    """sys.stdin / sys.stdout of the board as a non-blocking byte stream."""

    def __init__(self):
        import select
        import sys

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._pin = select.poll()
        self._pin.register(sys.stdin, select.POLLIN)
        self._pout = select.poll()
        self._pout.register(sys.stdout, select.POLLOUT)
        self._one = bytearray(1)

    def readable(self):
        for _ in self._pin.ipoll(0):
            return True
        return False

    def read_byte(self):
        self._in.readinto(self._one)
        return self._one[0]

    def writable(self):
        for _ in self._pout.ipoll(0):
            return True
        return False

    def write(self, data, n):
        """Writes data[:n]: a stream's write(buf, max_len) takes a length, so no slice is made."""
        self._out.write(data, n)


class SerialTransport:
    def __init__(self, link, stream):
        self.link = link
        self.stream = stream
        self._rx = bytearray(_MAX_ENCODED)
        self._rx_len = 0
        self._overflow = False
        self._frame = bytearray(_MAX_FRAME)
        self._out = bytearray(_MAX_ENCODED)
        self._escape = 0  # REPL escape progress since the last delimiter (-1: a frame)
        self.repl_requested = False
        self.unwritten = 0  # frames not written because the host was not reading
        self.largest = 0  # largest raw frame sent, for the report

    def step(self, now):
        """Reads what arrived, handles it, writes what the link has to say. Allocation-free."""
        s = self.stream
        for _ in range(_MAX_BYTES_PER_STEP):
            if not s.readable():
                break
            self._feed(s.read_byte(), now)
        link = self.link
        if link.connected and time.ticks_diff(now, link.last_rx) > _QUIET_MS:
            link.on_disconnect()  # the host asks for a new HELLO when it comes back
        for _ in range(_MAX_FRAMES_PER_STEP):
            if not s.writable():
                self.unwritten += 1
                break
            n = link.next_frame(now)
            if not n:
                break
            if n > self.largest:
                self.largest = n
            k = wire_core.cobs_encode_into(link.tx, n, self._out)
            s.write(self._out, k)
        if link.drop_requested:
            link.drop_requested = False
            link.on_disconnect()

    def _feed(self, b, now):
        if b == 0:
            if self._rx_len and not self._overflow:
                n = cobs_decode_into(self._rx, self._rx_len, self._frame)
                if n > 0:
                    self.link.receive(self._frame, n, now)
                else:
                    self.link.errors += 1
            self._rx_len = 0
            self._overflow = False
            self._escape = 0
            return
        e = self._escape
        if e >= 0:
            # 0: at a frame boundary, 1: CR seen there, 2: one Ctrl-C seen there.
            if b == 0x03 and e > 0:
                self.repl_requested = True
            elif b == 0x03:
                self._escape = 2
            elif b == 0x0D and e == 0:
                self._escape = 1
            else:
                self._escape = -1
        if self._rx_len < len(self._rx):
            self._rx[self._rx_len] = b
            self._rx_len += 1
        else:
            self._overflow = True


# COBS decoding into a preallocated buffer: wire.cobs_decode returns a new bytes object, right
# for the host but an allocation per frame here.
def cobs_decode_into(src, n, dst):
    """Decodes one COBS block src[:n] (no delimiter) into dst; returns the length, or -1 when
    the block is malformed or would not fit."""
    i = 0
    out = 0
    cap = len(dst)
    while i < n:
        code = src[i]
        if code == 0:
            return -1
        i += 1
        end = i + code - 1
        if end > n or out + (end - i) > cap:
            return -1
        while i < end:
            dst[out] = src[i]
            out += 1
            i += 1
        if code != 0xFF and i < n:
            if out >= cap:
                return -1
            dst[out] = 0
            out += 1
    return out
