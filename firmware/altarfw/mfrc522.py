# NXP MFRC522 over SPI: ISO 14443A polling with full cascaded UIDs and NTAG21x page reads.
#
# Every exchange is bounded twice: by the chip's own timer (TAuto, a couple of ms after the
# frame is sent) and by a cap on status polls, so a tag that never answers costs ~1 ms and a
# chip that stops answering costs at most max_polls reads, never a spin of thousands of
# reads. Results are status codes, not exceptions, so a poll allocates nothing.
import time

from micropython import const

from altarfw import iso14443a as iso

_OK = const(0)
_TIMEOUT = const(1)  # the chip's timer ran out: no tag answered
_ERROR = const(2)  # CRC, parity, protocol or collision error in what came back
_DEAD = const(3)  # the chip never finished: it stopped answering on the bus

# Registers (datasheet section 9).
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_ERROR_REG = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_MODE = const(0x11)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

_CMD_IDLE = const(0x00)
_CMD_TRANSCEIVE = const(0x0C)
_CMD_SOFT_RESET = const(0x0F)

_IRQ_TIMER = const(0x01)
_IRQ_RX_OR_IDLE = const(0x30)
_ERR_MASK = const(0x1B)  # BufferOvfl, CollErr, ParityErr, ProtocolErr (CRC is checked by us)

# VersionReg values of MFRC522 1.0/2.0, FM17522 and common clones.
_KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0x12, 0xB2)


class Mfrc522:
    def __init__(self, spi, cs, rst=None, max_polls=40, poll_us=100):
        self._spi = spi
        self._cs = cs
        self._rst = rst
        self._max_polls = max_polls
        self._poll_us = poll_us
        self._reg = bytearray(2)
        self._tx = bytearray(12)
        self.rx = bytearray(20)
        self.rx_len = 0
        self.uid = bytearray(10)
        self.uid_len = 0
        # Consecutive polls where the chip itself failed (never finished an exchange); the
        # scanner resets it at a limit. Errors in a tag's answer (noise, two cards answering at
        # once) are not the chip's fault and do not count.
        self.failures = 0
        self.version = 0
        cs.value(1)

    # ------------------------------------------------------------ registers
    def _write(self, reg, value):
        r = self._reg
        r[0] = (reg << 1) & 0x7E
        r[1] = value
        self._cs.value(0)
        self._spi.write(r)
        self._cs.value(1)

    def _read(self, reg):
        r = self._reg
        r[0] = ((reg << 1) & 0x7E) | 0x80
        r[1] = 0
        self._cs.value(0)
        self._spi.write_readinto(r, r)
        self._cs.value(1)
        return r[1]

    # ------------------------------------------------------------ set-up
    def init(self):
        """Resets and configures the chip; False when it does not answer as an MFRC522."""
        if self._rst is not None:
            self._rst.value(0)
            time.sleep_us(100)
            self._rst.value(1)
            time.sleep_ms(1)
        self._write(_COMMAND, _CMD_SOFT_RESET)
        for _ in range(self._max_polls):  # PowerDown bit clears when the oscillator is up
            if not self._read(_COMMAND) & 0x10:
                break
            time.sleep_us(self._poll_us)
        self.version = self._read(_VERSION)
        if self.version not in _KNOWN_VERSIONS:
            return False
        self._write(_T_MODE, 0x80)  # TAuto: the timer starts when a frame has been sent
        self._write(_T_PRESCALER, 0xA9)  # 13.56 MHz / (2 * 169 + 1): one tick is 25.6 us
        self._write(_T_RELOAD_H, 0x00)
        self._write(_T_RELOAD_L, 80)  # 80 ticks, about 2 ms: the longest NTAG answer is 1.6 ms
        self._write(_TX_ASK, 0x40)  # 100 % ASK, as ISO 14443A requires
        self._write(_MODE, 0x3D)  # CRC preset 0x6363 (CRC_A)
        self._write(_TX_CONTROL, self._read(_TX_CONTROL) | 0x03)  # antenna drivers on
        self.failures = 0
        return True

    def reset(self):
        return self.init()

    # ------------------------------------------------------------ one exchange
    def _transceive(self, n, last_bits):
        self._write(_COMMAND, _CMD_IDLE)
        self._write(_COM_IRQ, 0x7F)  # clear every interrupt request bit
        self._write(_FIFO_LEVEL, 0x80)  # flush the FIFO
        tx = self._tx
        for i in range(n):
            self._write(_FIFO_DATA, tx[i])
        self._write(_BIT_FRAMING, last_bits)
        self._write(_COMMAND, _CMD_TRANSCEIVE)
        self._write(_BIT_FRAMING, 0x80 | last_bits)  # StartSend
        irq = 0
        for _ in range(self._max_polls):
            irq = self._read(_COM_IRQ)
            if irq & (_IRQ_RX_OR_IDLE | _IRQ_TIMER):
                break
            time.sleep_us(self._poll_us)
        self._write(_BIT_FRAMING, 0)
        if not irq & (_IRQ_RX_OR_IDLE | _IRQ_TIMER):
            self._write(_COMMAND, _CMD_IDLE)
            return _DEAD
        if not irq & _IRQ_RX_OR_IDLE:
            return _TIMEOUT
        if self._read(_ERROR_REG) & _ERR_MASK:
            return _ERROR
        level = self._read(_FIFO_LEVEL) & 0x7F
        if level > len(self.rx):
            return _ERROR
        for i in range(level):
            self.rx[i] = self._read(_FIFO_DATA)
        self.rx_len = level
        return _OK

    # ------------------------------------------------------------ ISO 14443A
    def poll(self):
        """One presence poll: WUPA, then anticollision and select through every cascade
        level. Returns iso.POLL_NONE, iso.POLL_TAG (uid filled) or iso.POLL_FAIL."""
        self._tx[0] = iso.WUPA
        st = self._transceive(1, 7)
        if st == _DEAD:
            self.failures += 1
            return iso.POLL_FAIL
        self.failures = 0
        if st == _TIMEOUT:
            return iso.POLL_NONE
        if st != _OK or self.rx_len != 2 or not self._select():
            return iso.POLL_FAIL
        return iso.POLL_TAG

    def _select(self):
        tx = self._tx
        rx = self.rx
        n = 0
        for level in range(3):
            sel = iso.SEL_CODES[level]
            tx[0] = sel
            tx[1] = 0x20  # anticollision: the tag sends its 4 UID bytes (or CT + 3) and a BCC
            if self._transceive(2, 0) != _OK or self.rx_len != 5:
                return False
            if rx[0] ^ rx[1] ^ rx[2] ^ rx[3] != rx[4]:
                return False
            tx[1] = 0x70  # SELECT with the 4 bytes and BCC just received
            for i in range(5):
                tx[2 + i] = rx[i]
            iso.append_crc(tx, 7)
            if self._transceive(9, 0) != _OK or self.rx_len != 3 or not iso.crc_ok(rx, 3):
                return False
            sak = rx[0]
            part = tx  # the UID bytes are in tx[2:6] (rx now holds the SAK)
            if sak & 0x04:  # UID not complete: this part starts with the cascade tag
                if part[2] != iso.CASCADE_TAG or n + 3 > 7:
                    return False
                for i in range(3):
                    self.uid[n + i] = part[3 + i]
                n += 3
            else:
                for i in range(4):
                    self.uid[n + i] = part[2 + i]
                self.uid_len = n + 4
                return True
        return False

    def read_page4(self, page, out, off):
        """NTAG READ: 16 bytes (pages page..page+3) into out[off:off+16]; True on success."""
        tx = self._tx
        tx[0] = iso.NTAG_READ
        tx[1] = page
        iso.append_crc(tx, 2)
        if self._transceive(4, 0) != _OK or self.rx_len != 18 or not iso.crc_ok(self.rx, 18):
            return False
        for i in range(16):
            out[off + i] = self.rx[i]
        return True

    def halt(self):
        """HLTA: the tag sleeps until the next WUPA, so it never answers twice in one poll."""
        tx = self._tx
        tx[0] = iso.HLTA
        tx[1] = 0
        iso.append_crc(tx, 2)
        self._transceive(4, 0)  # a halted tag does not answer: a timeout is the success case
