# Builds a device from the board config: parts from `hw` (the machine module on a board, the
# simulated chips in tests), wired into sensing, scanners, the link and a transport.
from micropython import const

from altarfw.buttons import Button
from altarfw.encoder import Dial, HardwareEncoder, QuadratureDecoder
from altarfw.link import Link
from altarfw.main_loop import App
from altarfw.scanner import Scanner

# Protocol numbers, folded by mpy-cross; tests/hardware/test_firmware_numbers.py checks them.
_CAP_FEEDBACK_LED = const(0x08)  # wire.CAP_FEEDBACK_LED
_CAP_FEEDBACK_BUZZER = const(0x10)  # wire.CAP_FEEDBACK_BUZZER
_CAP_NDEF = const(0x04)  # wire.CAP_NDEF

FW_VERSION = (0, 1, 0)  # reported in HELLO
_MAX_DIALS = const(8)


class ConfigError(ValueError):
    pass


def _in(hw, pin):
    return hw.Pin(pin, hw.Pin.IN, hw.Pin.PULL_UP)


def _out(hw, pin, value=1):
    p = hw.Pin(pin, hw.Pin.OUT)
    p.value(value)
    return p


def make_dial(hw, spec, index, cfg):
    a = _in(hw, spec["a"])
    b = _in(hw, spec["b"])
    source = None
    if cfg.get("encoder", "auto") == "auto" and hasattr(hw, "Encoder"):
        try:
            # phases=4 counts all four edges, as the interrupt decoder does.
            source = HardwareEncoder(hw.Encoder(index, a, b, phases=4, filter_ns=1000))
        except (ValueError, TypeError, OSError):
            source = None  # no free counter unit on this chip: fall back to interrupts
    if source is None:
        source = QuadratureDecoder(a, b)
        trigger = hw.Pin.IRQ_RISING | hw.Pin.IRQ_FALLING
        for pin in (a, b):
            try:
                pin.irq(trigger=trigger, handler=source.isr, hard=True)
            except TypeError:  # a port without hard IRQs: soft, still only records
                pin.irq(trigger=trigger, handler=source.isr)
    return Dial(source, cfg.get("steps_per_detent", 4), 0, 0, cfg.get("dial_max", 13))


def make_reader(hw, spec, cfg, buses):
    # Drivers are imported only when the config names them: code not loaded is heap kept free.
    kind = spec.get("type")
    bus = spec.get("bus", "spi")
    rst = _out(hw, spec["rst"]) if spec.get("rst") is not None else None
    if bus == "spi":
        spi = buses.get("spi")
        if spi is None:
            s = cfg["spi"]
            spi = hw.SPI(
                s["id"],
                baudrate=s.get("baudrate", 2_000_000),
                sck=hw.Pin(s["sck"]),
                mosi=hw.Pin(s["mosi"]),
                miso=hw.Pin(s["miso"]),
            )
            buses["spi"] = spi
        cs = _out(hw, spec["cs"])
        if kind == "mfrc522":
            from altarfw.mfrc522 import Mfrc522

            return Mfrc522(spi, cs, rst)
        if kind == "pn532":
            from altarfw.pn532 import Pn532
            from altarfw.pn532_bus import SpiBus

            return Pn532(SpiBus(spi, cs), rst)
    elif kind == "pn532" and bus == "i2c":
        from altarfw.pn532 import Pn532
        from altarfw.pn532_bus import I2cBus

        s = cfg["i2c"]
        i2c = hw.I2C(
            s["id"],
            scl=hw.Pin(s["scl"]),
            sda=hw.Pin(s["sda"]),
            freq=s.get("freq", 100_000),
            timeout=s.get("timeout", 50_000),
        )
        return Pn532(I2cBus(i2c), rst)
    elif kind == "pn532" and bus == "uart":
        from altarfw.pn532 import Pn532
        from altarfw.pn532_bus import UartBus

        s = cfg["uart"]
        uart = hw.UART(s["id"], baudrate=s.get("baudrate", 115_200), tx=s["tx"], rx=s["rx"])
        return Pn532(UartBus(uart), rst)
    raise ConfigError(
        "reader %r on bus %r: use mfrc522 on spi, or pn532 on spi/i2c/uart" % (kind, bus)
    )


def make_feedback(hw, cfg, neopixel_mod=None):
    led = (
        _out(hw, cfg["led"], 0 if cfg.get("led_active_high", True) else 1)
        if cfg.get("led") is not None
        else None
    )
    pixel = None
    if cfg.get("neopixel") is not None and neopixel_mod is not None:
        pixel = neopixel_mod.NeoPixel(hw.Pin(cfg["neopixel"], hw.Pin.OUT), 1)
    buzzer = None
    if cfg.get("buzzer") is not None:
        buzzer = hw.PWM(hw.Pin(cfg["buzzer"]))
        buzzer.duty_u16(0)
    if led is None and pixel is None and buzzer is None:
        return None
    from altarfw.feedback import Feedback

    return Feedback(led, pixel, buzzer, cfg.get("led_active_high", True))


def build(cfg, hw, keys, rng, device_id, caps, neopixel_mod=None):
    """-> (app, link). The caller adds a transport and runs app.run(transport)."""
    dial_specs = cfg.get("dials", [])
    if len(dial_specs) > _MAX_DIALS:
        raise ConfigError(
            "%d dials configured; a device takes at most %d" % (len(dial_specs), _MAX_DIALS)
        )
    dials = [make_dial(hw, spec, i, cfg) for i, spec in enumerate(dial_specs)]
    buttons = [
        Button(_in(hw, spec["button"])) for spec in dial_specs if spec.get("button") is not None
    ]
    buses = {}
    drivers = [make_reader(hw, spec, cfg, buses) for spec in cfg.get("readers", [])]
    feedback = make_feedback(hw, cfg, neopixel_mod)
    if feedback is not None:
        caps |= _CAP_FEEDBACK_LED
        if feedback.buzzer is not None:
            caps |= _CAP_FEEDBACK_BUZZER
    # A dedicated pairing button, where the board has one: held 2 s, it opens pairing mode at
    # any time (pairing.py); no game reads it.
    pair_pin = cfg.get("pair_pin")
    pair_pin_button = Button(_in(hw, pair_pin)) if pair_pin is not None else None
    app = App(dials, buttons, feedback, cfg.get("pair_button", 0), pair_pin_button)
    link = Link(
        device_id,
        caps | _CAP_NDEF,
        len(dials),
        len(drivers),
        keys,
        app,
        rng,
        FW_VERSION,
    )
    scanners = [Scanner(i, d, app) for i, d in enumerate(drivers)]
    app.attach(link, scanners)
    return app, link
