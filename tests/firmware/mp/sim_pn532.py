# A simulated PN532 at the frame level (NXP PN532 user manual UM0701-02, section 6.2): normal
# information frames with LEN/LCS/DCS checks, the ACK frame after each good command, the
# response once the host has read the ACK, ACK from the host as "abort", and the SPI (LSB first,
# DW/SR/DR), I2C (status byte first) and UART (HSU stream) transports around it. The chip
# talks to the simulated tag in its Field as a real PN532 does: WUPA, anticollision and select
# through every cascade level, and InDataExchange frames with CRC_A.
#
# Faults: `silent` (no ACK: the chip hangs), `no_response` (ACK, then no response), `dead`.
from altarfw import iso14443a as iso
from altarfw.pn532_bus import MIRROR
from sim_tag import Field

ACK = b"\x00\x00\xff\x00\xff\x00"


class SimPn532:
    def __init__(self, field=None):
        self.field = field or Field()
        self.out = bytearray(96)  # bytes waiting to be read by the host
        self.out_len = 0
        self.out_pos = 0
        self._resp = bytearray(80)  # the response frame, released when the ACK is read
        self._resp_len = 0
        self._tbuf = bytearray(20)
        self._rbuf = bytearray(20)
        self._payload = bytearray(20)
        self.silent = False
        self.no_response = False
        self.dead = False
        self.aborts = 0
        self.max_retries = 0xFF  # the chip's power-on default: blocks for ever on a poll
        self.sam_done = False
        self.commands = 0
        self.last_command = 0
        self.uart = False  # in HSU mode the response follows the ACK on the stream

    # --- what the transports call
    def host_frame(self, data, n):
        if self.dead:
            return
        if (
            n >= 6
            and data[0] == 0
            and data[1] == 0
            and data[2] == 0xFF
            and data[3] == 0
            and data[4] == 0xFF
        ):
            self.aborts += 1  # ACK from the host: abort whatever was going on
            self._resp_len = 0
            self.out_len = 0
            self.out_pos = 0
            return
        i = 0
        while i < n - 1 and not (data[i] == 0 and data[i + 1] == 0xFF):
            i += 1
        if i + 5 > n:
            return
        length = data[i + 2]
        if (length + data[i + 3]) & 0xFF or i + 5 + length > n:
            return
        body = i + 4
        total = 0
        for k in range(length + 1):
            total += data[body + k]
        if total & 0xFF or data[body] != 0xD4:
            return
        self.commands += 1
        cmd = data[body + 1]
        self.last_command = cmd
        if self.silent:
            return
        self._queue(ACK, 6)
        if self.no_response:
            return
        self._respond(cmd, data, body + 2, length - 2)
        if self.uart:
            self._release()

    def ready(self):
        if self.dead:
            return False
        return self.out_pos < self.out_len or (self.out_len == 0 and self._resp_len > 0)

    def read_byte(self):
        if self.out_pos >= self.out_len and self._resp_len:
            self._release()
        if self.out_pos < self.out_len:
            v = self.out[self.out_pos]
            self.out_pos += 1
            if self.out_pos >= self.out_len:
                self.out_len = 0
                self.out_pos = 0
            return v
        return 0

    # --- internals
    def _queue(self, src, n):
        for k in range(n):
            self.out[self.out_len + k] = src[k]
        self.out_len += n

    def _release(self):
        self._queue(self._resp, self._resp_len)
        self._resp_len = 0

    def _frame(self, cmd, payload, n):
        r = self._resp
        length = n + 2
        r[0] = 0
        r[1] = 0
        r[2] = 0xFF
        r[3] = length
        r[4] = (0x100 - length) & 0xFF
        r[5] = 0xD5
        r[6] = cmd + 1
        total = 0xD5 + cmd + 1
        for k in range(n):
            r[7 + k] = payload[k]
            total += payload[k]
        r[7 + n] = (0x100 - total) & 0xFF
        r[8 + n] = 0
        self._resp_len = 9 + n

    def _respond(self, cmd, d, p, n):
        rb = self._rbuf
        if cmd == 0x02:  # GetFirmwareVersion: IC, Ver, Rev, Support
            rb[0] = 0x32
            rb[1] = 0x01
            rb[2] = 0x06
            rb[3] = 0x07
            self._frame(cmd, rb, 4)
        elif cmd == 0x14:  # SAMConfiguration
            self.sam_done = True
            self._frame(cmd, rb, 0)
        elif cmd == 0x32:  # RFConfiguration
            if d[p] == 0x05:
                self.max_retries = d[p + 3]
            self._frame(cmd, rb, 0)
        elif cmd == 0x4A:  # InListPassiveTarget
            self._list_passive(cmd)
        elif cmd == 0x40:  # InDataExchange
            self._exchange(cmd, d, p + 1, n - 1)
        else:
            self._resp_len = 0

    def _list_passive(self, cmd):
        t = self._tbuf
        r = self._rbuf
        f = self.field
        payload = self._payload
        payload[0] = 0
        t[0] = iso.WUPA
        if f.exchange(t, 1, 7, r) != 2 or f.damaged:
            self._frame(cmd, payload, 1)
            return
        payload[2] = r[0]
        payload[3] = r[1]
        uid_n = 0
        for level in range(3):
            t[0] = iso.SEL_CODES[level]
            t[1] = 0x20
            if f.exchange(t, 2, 0, r) != 5 or f.damaged:
                self._frame(cmd, payload, 1)
                return
            for k in range(5):
                t[2 + k] = r[k]
            t[1] = 0x70
            iso.append_crc(t, 7)
            if f.exchange(t, 9, 0, r) != 3 or f.damaged:
                self._frame(cmd, payload, 1)
                return
            sak = r[0]
            if sak & 0x04:
                for k in range(3):
                    payload[6 + uid_n + k] = t[3 + k]
                uid_n += 3
            else:
                for k in range(4):
                    payload[6 + uid_n + k] = t[2 + k]
                uid_n += 4
                payload[0] = 1  # NbTg
                payload[1] = 1  # Tg
                payload[4] = sak
                payload[5] = uid_n
                self._frame(cmd, payload, 6 + uid_n)
                return
        self._frame(cmd, payload, 1)

    def _exchange(self, cmd, d, p, n):
        t = self._tbuf
        r = self._rbuf
        for k in range(n):
            t[k] = d[p + k]
        iso.append_crc(t, n)
        k = self.field.exchange(t, n + 2, 0, r)
        out = self._tbuf
        if k < 3 or not iso.crc_ok(r, k):
            out[0] = 0x01  # status: timeout / no valid answer
            self._frame(cmd, out, 1)
            return
        out[0] = 0x00
        for i in range(k - 2):
            out[1 + i] = r[i]
        self._frame(cmd, out, k - 1)


class SimSpi:
    """The PN532's SPI side: first byte DW (write a frame), SR (status) or DR (read), LSB first."""

    def __init__(self, chip):
        self.chip = chip
        self._frame = bytearray(80)

    def write(self, buf):
        if MIRROR[buf[0]] == 0x01:
            n = len(buf) - 1
            for i in range(n):
                self._frame[i] = MIRROR[buf[1 + i]]
            self.chip.host_frame(self._frame, n)

    def write_readinto(self, out, inp):
        op = MIRROR[out[0]]
        inp[0] = 0
        if op == 0x02:
            inp[1] = MIRROR[0x01 if self.chip.ready() else 0x00]
        elif op == 0x03:
            for i in range(1, len(out)):
                inp[i] = MIRROR[self.chip.read_byte()]


class SimI2c:
    """The PN532's I2C side at address 0x24: reads start with the ready status byte."""

    def __init__(self, chip, address=0x24):
        self.chip = chip
        self.address = address
        self.nacks = 0

    def writeto(self, addr, buf):
        if addr != self.address or self.chip.dead:
            self.nacks += 1
            raise OSError(19)  # ENODEV: nobody acknowledged the address
        self.chip.host_frame(buf, len(buf))

    def readfrom_into(self, addr, buf):
        if addr != self.address or self.chip.dead:
            self.nacks += 1
            raise OSError(19)
        ready = self.chip.ready()
        buf[0] = 1 if ready else 0
        for i in range(1, len(buf)):
            buf[i] = self.chip.read_byte() if ready else 0


class SimUart:
    """The PN532's HSU side: a byte stream both ways; any() tells what is waiting."""

    def __init__(self, chip):
        chip.uart = True
        self.chip = chip
        self._frame = bytearray(96)
        self._n = 0

    def write(self, buf):
        for b in buf:
            self._frame[self._n % 96] = b
            self._n += 1
        # a frame ends with its postamble once LEN says so; try to parse what we have
        f = self._frame
        n = self._n
        i = 0
        while i < n - 2 and not (f[i] == 0 and f[i + 1] == 0xFF):
            i += 1
        if i + 2 < n:
            length = f[i + 2]
            total = i + 5 if length in (0, 0xFF) else i + 6 + length
            if n >= total:
                self.chip.host_frame(f, n)
                self._n = 0

    def any(self):
        return self.chip.out_len - self.chip.out_pos if self.chip.ready() else 0

    def readinto(self, buf):
        for i in range(len(buf)):
            buf[i] = self.chip.read_byte()
        return len(buf)
