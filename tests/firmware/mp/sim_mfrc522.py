# A simulated MFRC522 on SPI, at the register level (NXP MFRC522 datasheet, sections 8.1.2
# and 9): address byte (bit 7 read, bits 6-1 register), a 64-byte FIFO, CommandReg, ComIrqReg,
# ErrorReg, BitFramingReg with StartSend, VersionReg. A Transceive sends the FIFO to the Field
# and puts the tag's answer back in the FIFO with RxIRq, or raises TimerIRq when nothing
# answers (as TAuto does). `dead = True` makes the chip stop answering (MISO stays low).
from sim_tag import Field

COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
VERSION = 0x37


class SimMfrc522:
    def __init__(self, field=None, version=0x92):
        self.field = field or Field()
        self.regs = bytearray(64)
        self.regs[VERSION] = version
        self.fifo = bytearray(64)
        self.fifo_len = 0
        self.fifo_pos = 0
        self._txbuf = bytearray(64)
        self._rxbuf = bytearray(64)
        self.dead = False
        self.transfers = 0
        self.resets = 0
        self.selected = False

    # --- the chip-select pin and SPI bus the driver is given
    def cs_changed(self, level):
        self.selected = level == 0

    def write(self, buf):
        self.transfers += 1
        if self.dead:
            return
        reg = (buf[0] >> 1) & 0x3F
        for i in range(1, len(buf)):
            self._write_reg(reg, buf[i])

    def write_readinto(self, out, inp):
        self.transfers += 1
        addr = out[0]
        reg = (addr >> 1) & 0x3F
        inp[0] = 0
        if addr & 0x80:
            for i in range(1, len(out)):
                inp[i] = 0 if self.dead else self._read_reg(reg)
        elif not self.dead:
            for i in range(1, len(out)):
                self._write_reg(reg, out[i])

    # --- registers
    def _read_reg(self, reg):
        if reg == FIFO_DATA:
            if self.fifo_pos < self.fifo_len:
                v = self.fifo[self.fifo_pos]
                self.fifo_pos += 1
                return v
            return 0
        if reg == FIFO_LEVEL:
            return self.fifo_len - self.fifo_pos
        if reg == COMMAND:
            return self.regs[COMMAND] & 0x3F  # PowerDown clears at once here
        return self.regs[reg]

    def _write_reg(self, reg, value):
        if reg == FIFO_DATA:
            if self.fifo_len < 64:
                self.fifo[self.fifo_len] = value
                self.fifo_len += 1
        elif reg == FIFO_LEVEL:
            if value & 0x80:
                self.fifo_len = 0
                self.fifo_pos = 0
        elif reg == COM_IRQ:
            if value & 0x80:
                self.regs[COM_IRQ] |= value & 0x7F
            else:
                self.regs[COM_IRQ] &= ~value & 0x7F
        elif reg == COMMAND:
            self.regs[COMMAND] = value & 0x0F
            if value & 0x0F == 0x0F:  # SoftReset
                self.resets += 1
                version = self.regs[VERSION]
                for i in range(64):
                    self.regs[i] = 0
                self.regs[VERSION] = version
                self.fifo_len = 0
                self.fifo_pos = 0
        elif reg == BIT_FRAMING:
            self.regs[BIT_FRAMING] = value & 0x7F
            if value & 0x80 and self.regs[COMMAND] == 0x0C:
                self._transceive(value & 0x07)
        else:
            self.regs[reg] = value

    def _transceive(self, bits):
        n = self.fifo_len
        for i in range(n):
            self._txbuf[i] = self.fifo[i]
        self.fifo_len = 0
        self.fifo_pos = 0
        k = self.field.exchange(self._txbuf, n, bits, self._rxbuf)
        self.regs[ERROR] = 0
        if k == 0:
            self.regs[COM_IRQ] |= 0x01 | 0x40  # TimerIRq (TAuto ran out), TxIRq
            return
        if self.field.damaged:
            self.regs[ERROR] = 0x02  # ParityErr
        for i in range(k):
            self.fifo[i] = self._rxbuf[i]
        self.fifo_len = k
        self.regs[CONTROL] = 0
        self.regs[COM_IRQ] |= 0x20 | 0x40 | 0x10  # RxIRq, TxIRq, IdleIRq


class CsPin:
    """The chip-select pin: tells the chip when it is selected."""

    def __init__(self, chip):
        self.chip = chip
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.chip.cs_changed(v)
