# A stand-in for the `machine` module, for building a whole device from a board config on the
# VM: Pin (levels, IRQ handlers), a shared SPI bus routing each transfer to the chip whose CS
# pin is low, I2C and UART buses routed to simulated PN532s, PWM, and optionally Encoder.
class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    IRQ_RISING = 1
    IRQ_FALLING = 2

    def __init__(self, hw, id, mode=-1, pull=-1):
        self.id = id
        self.mode = mode
        self.level = 1 if pull == Pin.PULL_UP else 0
        self.handler = None
        self.hard = False
        hw.pins[id] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def irq(self, trigger=None, handler=None, hard=False):
        self.handler = handler
        self.hard = hard


class SpiBus:
    def __init__(self, hw):
        self.hw = hw
        self._routes = None  # [(cs pin, chip)], made at the first transfer (then no allocation)

    def _route(self):
        # Separate from _chip: a comprehension there would make `self` a closure cell, and
        # MicroPython allocates a cell on every call of a function that has one.
        hw = self.hw
        self._routes = [(hw.pins[cs], chip) for cs, chip in hw.spi_chips.items() if cs in hw.pins]

    def _chip(self):
        if self._routes is None:
            self._route()
        for pin, chip in self._routes:
            if pin.level == 0:
                return chip
        return None

    def write(self, buf):
        chip = self._chip()
        if chip is not None:
            chip.write(buf)

    def write_readinto(self, out, inp):
        chip = self._chip()
        if chip is None:
            for i in range(len(inp)):
                inp[i] = 0xFF  # nobody drives MISO: it floats high
            return
        chip.write_readinto(out, inp)


class Pwm:
    def __init__(self, pin):
        self.pin = pin
        self.f = 0
        self.duty = 0

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d


class FakeEncoder:
    """machine.Encoder's interface: value() is the count of all four edges."""

    def __init__(self, id, a, b, phases=4, filter_ns=0):
        self.id = id
        self.count = 0

    def value(self):
        return self.count


class SimHw:
    def __init__(self, spi_chips=None, i2c=None, uart=None, with_encoder=False):
        hw = self
        self.pins = {}
        self.spi_chips = spi_chips or {}  # CS pin id -> object with write/write_readinto
        self.i2c = i2c
        self.uart = uart
        self.encoders = []

        class _Pin(Pin):
            def __init__(self, id, mode=-1, pull=-1):
                Pin.__init__(self, hw, id, mode, pull)

        self.Pin = _Pin
        if with_encoder:

            def _encoder(id, a, b, phases=4, filter_ns=0):
                e = FakeEncoder(id, a, b, phases, filter_ns)
                hw.encoders.append(e)
                return e

            self.Encoder = _encoder

    def SPI(self, id, baudrate=0, sck=None, mosi=None, miso=None):
        return SpiBus(self)

    def I2C(self, id, scl=None, sda=None, freq=0, timeout=0):
        return self.i2c

    def UART(self, id, baudrate=0, tx=None, rx=None):
        return self.uart

    def PWM(self, pin):
        return Pwm(pin)
