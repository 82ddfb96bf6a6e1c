# The three ways to reach a PN532: SPI, I2C and UART (HSU). Each offers wake(), write(buf, n),
# ready(), read_frame(buf, n) -> bytes read, and drain().
#
# SPI: the PN532 shifts bits LSB first. Not every port's machine.SPI can do that (rp2 cannot),
# so we run the bus MSB first and mirror each byte through a table. Prefer SPI at 1-4 MHz.
# I2C: the PN532 stretches the clock for long stretches; on ESP32 give machine.I2C a generous
# `timeout` (the board config does), or use SPI. A failed transfer raises OSError on the bus,
# which we catch and report as "not ready" so a stuck bus is a bounded failure, not a crash.
import time

from micropython import const

_SPI_DATA_WRITE = const(0x01)
_SPI_STATUS_READ = const(0x02)
_SPI_DATA_READ = const(0x03)
I2C_ADDRESS = const(0x24)


def _mirror_table():
    t = bytearray(256)
    for i in range(256):
        r = 0
        for b in range(8):
            if i & (1 << b):
                r |= 0x80 >> b
        t[i] = r
    return bytes(t)


MIRROR = _mirror_table()


def _views(buf):
    # One memoryview per length, made once: writing buf[:n] then allocates nothing.
    mv = memoryview(buf)
    return tuple(mv[:i] for i in range(len(buf) + 1))


class SpiBus:
    def __init__(self, spi, cs):
        self._spi = spi
        self._cs = cs
        self._buf = bytearray(65)
        self._views = _views(self._buf)
        cs.value(1)

    def wake(self):
        self._cs.value(0)  # CS low wakes the PN532 from power-down; it needs ~2 ms
        time.sleep_ms(2)
        self._cs.value(1)

    def write(self, data, n):
        b = self._buf
        b[0] = MIRROR[_SPI_DATA_WRITE]
        for i in range(n):
            b[1 + i] = MIRROR[data[i]]
        self._cs.value(0)
        self._spi.write(self._views[n + 1])
        self._cs.value(1)

    def ready(self):
        b = self._buf
        b[0] = MIRROR[_SPI_STATUS_READ]
        b[1] = 0
        v = self._views[2]
        self._cs.value(0)
        self._spi.write_readinto(v, v)
        self._cs.value(1)
        return MIRROR[b[1]] & 0x01 == 0x01

    def read_frame(self, out, n):
        b = self._buf
        n = min(n, len(b) - 1)
        for i in range(n + 1):
            b[i] = 0
        b[0] = MIRROR[_SPI_DATA_READ]
        v = self._views[n + 1]
        self._cs.value(0)
        self._spi.write_readinto(v, v)
        self._cs.value(1)
        for i in range(n):
            out[i] = MIRROR[b[1 + i]]
        return n

    def drain(self):
        # Over SPI nothing queues up: an unread response is dropped by the next command.
        pass


class I2cBus:
    def __init__(self, i2c, address=I2C_ADDRESS):
        self._i2c = i2c
        self._addr = address
        self._buf = bytearray(65)
        self._views = _views(self._buf)
        self._status = bytearray(1)

    def wake(self):
        self.ready()  # an address match wakes the chip; the first read may be NACKed

    def write(self, data, n):
        b = self._buf
        for i in range(n):
            b[i] = data[i]
        try:
            self._i2c.writeto(self._addr, self._views[n])
        except OSError:
            pass  # seen as a timeout by the caller's ready() wait

    def ready(self):
        try:
            self._i2c.readfrom_into(self._addr, self._status)
        except OSError:
            return False
        return self._status[0] & 0x01 == 0x01

    def read_frame(self, out, n):
        n = min(n, len(self._buf) - 1)
        v = self._views[n + 1]
        try:
            self._i2c.readfrom_into(self._addr, v)  # status byte, then the frame
        except OSError:
            return 0
        b = self._buf
        for i in range(n):
            out[i] = b[1 + i]
        return n

    def drain(self):
        self.ready()


class UartBus:
    def __init__(self, uart, byte_timeout_ms=10):
        self._uart = uart
        self._byte_ms = byte_timeout_ms
        self._one = bytearray(1)
        self._wake = b"\x55\x55\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

    def wake(self):
        # HSU wake-up: a long preamble of 0x55 then zeros, then a command within the timeout.
        self._uart.write(self._wake)
        time.sleep_ms(2)
        self.drain()

    def write(self, data, n):
        u = self._uart
        one = self._one
        for i in range(n):  # byte by byte: data may be longer than n, and slicing allocates
            one[0] = data[i]
            u.write(one)

    def ready(self):
        return self._uart.any() > 0

    def read_frame(self, out, n):
        """Reads one frame (up to n bytes) from the stream: preamble, LEN, LCS, then the rest;
        ends early when the line goes quiet for byte_timeout_ms."""
        got = 0
        need = n
        one = self._one
        start = time.ticks_ms()
        while got < need:
            if self._uart.any() == 0:
                if time.ticks_diff(time.ticks_ms(), start) >= self._byte_ms:
                    break
                time.sleep_ms(1)
                continue
            self._uart.readinto(one)
            out[got] = one[0]
            got += 1
            start = time.ticks_ms()
            # After 00 00 FF LEN (or 00 FF LEN when the first zero was not sent) we know
            # how long this frame is: 00 FF LEN LCS TFI..DCS 00.
            if got >= 4 and need == n:
                k = _length_at(out, got)
                if k > 0:
                    need = min(n, k)
        return got

    def drain(self):
        one = self._one
        for _ in range(256):
            if self._uart.any() == 0:
                return
            self._uart.readinto(one)


def _length_at(buf, got):
    """Total frame length once its 00 FF LEN header has arrived, else 0."""
    for i in range(got - 2):
        if buf[i] == 0x00 and buf[i + 1] == 0xFF:
            length = buf[i + 2]
            if length == 0x00 or length == 0xFF:  # ACK or NACK frame: 00 FF xx xx 00
                return i + 5
            return i + 3 + 1 + length + 2  # LEN, LCS, body, DCS, postamble
    return 0
