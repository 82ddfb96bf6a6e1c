# NXP PN532 (any bus): ISO 14443A polling and NTAG21x page reads, every exchange bounded.
#
# A command is one information frame; the chip answers with an ACK frame, then the response.
# Each wait has a deadline. On a timeout we send an ACK frame, which the PN532 takes as "abort
# the current command", drain what is left on the bus, and count a failure; the scanner
# resets the chip after repeated failures. MaxRetries for passive activation is set to 1, not
# the 0xFF default that makes InListPassiveTarget wait forever for a tag.
import time

from micropython import const

from altarfw.iso14443a import POLL_FAIL, POLL_NONE, POLL_TAG

ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"

_HOST_TO_PN532 = const(0xD4)
_PN532_TO_HOST = const(0xD5)
_GET_FIRMWARE_VERSION = const(0x02)
_SAM_CONFIGURATION = const(0x14)
_RF_CONFIGURATION = const(0x32)
_IN_DATA_EXCHANGE = const(0x40)
_IN_LIST_PASSIVE_TARGET = const(0x4A)

ERR_TIMEOUT = const(-1)
ERR_FRAME = const(-2)  # a frame that failed its checksums, or a NACK / error frame


class Pn532:
    def __init__(self, bus, reset=None, ack_timeout_ms=20, response_timeout_ms=80):
        self._bus = bus
        self._reset_pin = reset
        self._ack_ms = ack_timeout_ms
        self._resp_ms = response_timeout_ms
        self._tx = bytearray(24)
        self._tx_params = bytearray(4)
        self.rx = bytearray(64)
        self.data_at = 0  # response data (after D5, CMD+1) starts at rx[data_at]
        self.uid = bytearray(10)
        self.uid_len = 0
        self.failures = 0
        self.version = 0

    # ------------------------------------------------------------ framing
    def _frame(self, cmd, params, n):
        """Builds a normal information frame around cmd + params[:n] in self._tx."""
        tx = self._tx
        length = n + 2  # TFI + command code + parameters
        tx[0] = 0x00
        tx[1] = 0x00
        tx[2] = 0xFF
        tx[3] = length
        tx[4] = (0x100 - length) & 0xFF
        tx[5] = _HOST_TO_PN532
        tx[6] = cmd
        total = _HOST_TO_PN532 + cmd
        for i in range(n):
            tx[7 + i] = params[i]
            total += params[i]
        tx[7 + n] = (0x100 - total) & 0xFF
        tx[8 + n] = 0x00
        return 9 + n

    def _wait_ready(self, timeout_ms):
        start = time.ticks_ms()
        for _ in range(timeout_ms + 2):  # bounded even if the clock stood still
            if self._bus.ready():
                return True
            if time.ticks_diff(time.ticks_ms(), start) >= timeout_ms:
                return False
            time.sleep_ms(1)
        return False

    def _abort(self):
        self._bus.write(ACK_FRAME, 6)  # ACK from the host aborts the command in progress
        self._bus.drain()

    def command(self, cmd, params, n):
        """Sends cmd and waits for its response; returns the number of response data bytes
        (at rx[data_at]) or ERR_TIMEOUT / ERR_FRAME. Never waits past the deadlines."""
        self._bus.write(self._tx, self._frame(cmd, params, n))
        if not self._wait_ready(self._ack_ms):
            self._abort()
            return ERR_TIMEOUT
        rx = self.rx
        got = self._bus.read_frame(rx, 6)
        if got != 6 or rx[0] | rx[1] != 0 or rx[2] != 0xFF or rx[3] != 0 or rx[4] != 0xFF:
            self._bus.drain()
            return ERR_FRAME
        if not self._wait_ready(self._resp_ms):
            self._abort()
            return ERR_TIMEOUT
        got = self._bus.read_frame(rx, len(rx))
        return self._parse(got, cmd)

    def _parse(self, got, cmd):
        rx = self.rx
        i = 0
        while i < got - 1 and rx[i] == 0x00 and rx[i + 1] != 0xFF:
            i += 1  # skip extra preamble zeros
        if i + 6 > got or rx[i] != 0x00 or rx[i + 1] != 0xFF:
            return ERR_FRAME
        length = rx[i + 2]
        if (length + rx[i + 3]) & 0xFF or length < 2 or i + 5 + length > got:
            return ERR_FRAME
        body = i + 4
        if rx[body] != _PN532_TO_HOST or rx[body + 1] != cmd + 1:
            return ERR_FRAME  # includes the application error frame (TFI 0x7F)
        total = 0
        for k in range(length + 1):
            total += rx[body + k]
        if total & 0xFF:
            return ERR_FRAME
        self.data_at = body + 2
        return length - 2

    # ------------------------------------------------------------ set-up
    def init(self):
        if self._reset_pin is not None:
            self._reset_pin.value(0)
            time.sleep_ms(2)
            self._reset_pin.value(1)
            time.sleep_ms(10)
        self._bus.wake()
        p = self._tx_params
        n = self.command(_GET_FIRMWARE_VERSION, p, 0)
        if n < 4 or self.rx[self.data_at] != 0x32:  # IC code of the PN532
            return False
        self.version = self.rx[self.data_at + 1]
        p[0] = 0x01  # SAM normal mode: the PN532 talks to cards itself
        p[1] = 0x14  # virtual card timeout 1 s (unused in normal mode)
        p[2] = 0x01  # use the IRQ pin
        if self.command(_SAM_CONFIGURATION, p, 3) < 0:
            return False
        p[0] = 0x05  # CfgItem MaxRetries
        p[1] = 0x00  # MxRtyATR
        p[2] = 0x01  # MxRtyPSL
        p[3] = 0x01  # MxRtyPassiveActivation: try twice, never the blocking 0xFF
        if self.command(_RF_CONFIGURATION, p, 4) < 0:
            return False
        self.failures = 0
        return True

    def reset(self):
        return self.init()

    # ------------------------------------------------------------ polling
    def poll(self):
        p = self._tx_params
        p[0] = 0x01  # at most one target
        p[1] = 0x00  # 106 kbps type A; the PN532 does anticollision through every cascade level
        n = self.command(_IN_LIST_PASSIVE_TARGET, p, 2)
        if n < 0:
            self.failures += 1
            return POLL_FAIL
        rx = self.rx
        d = self.data_at
        if n < 1 or rx[d] == 0:
            self.failures = 0
            return POLL_NONE
        # NbTg, Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1
        if n < 6:
            self.failures += 1
            return POLL_FAIL
        uid_len = rx[d + 5]
        if uid_len not in (4, 7, 10) or n < 6 + uid_len:
            self.failures += 1
            return POLL_FAIL
        for i in range(uid_len):
            self.uid[i] = rx[d + 6 + i]
        self.uid_len = uid_len
        self.failures = 0
        return POLL_TAG

    def read_page4(self, page, out, off):
        p = self._tx_params
        p[0] = 0x01  # target 1
        p[1] = 0x30  # NTAG READ
        p[2] = page
        n = self.command(_IN_DATA_EXCHANGE, p, 3)
        d = self.data_at
        if n != 17 or self.rx[d] & 0x3F:
            return False
        for i in range(16):
            out[off + i] = self.rx[d + 1 + i]
        return True

    def halt(self):
        pass  # the next InListPassiveTarget re-activates the tag; nothing to do
