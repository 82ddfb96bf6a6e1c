# Optional feedback parts the host drives (FEEDBACK command) to confirm or refuse a scan:
# a plain LED, a NeoPixel (WS2812) and/or a piezo buzzer on PWM. update() steps through the
# pattern from the main loop; nothing blocks and nothing allocates after start-up.
import time

from micropython import const

_OK = const(1)  # the FEEDBACK kinds, as wire.FEEDBACK_*
_ATTENTION = const(3)
_PAIRING = const(4)  # not a FEEDBACK kind (the link takes 1-3): "pairing mode is open"

# Indexed by kind (0 unused). Kept as bytes, which stay in flash when the firmware is frozen
# or in ROMFS: steps are (on?, tens of ms) pairs; colours are R, G, B; tones are tens of Hz.
_PATTERNS = (
    b"",
    b"\x01\x12\x00\x00",
    b"\x01\x09\x00\x07\x01\x09\x00\x07\x01\x09\x00\x00",
    b"\x01\x28\x00\x00",
    b"\x01\x0a\x00\x0a\x01\x0a\x00\x00",
)
_COLOURS = b"\x00\x00\x00\x00\x30\x00\x40\x00\x00\x30\x20\x00\x00\x00\x40"
_TONES = b"\x00\xdc\x2c\x78\x96"
_OFF = (0, 0, 0)


class Feedback:
    def __init__(self, led=None, pixel=None, buzzer=None, led_active_high=True):
        self.led = led
        self.pixel = pixel
        self.buzzer = buzzer
        self._led_on = 1 if led_active_high else 0
        self._kind = 0
        self._steps = None
        self._i = 0
        self._until = 0
        self.shown = 0  # patterns started, for tests and diagnostics
        self._drive(0)

    def show(self, kind, now):
        if not _OK <= kind <= _PAIRING:
            return False
        steps = _PATTERNS[kind]
        self._kind = kind
        self._steps = steps
        self._i = 0
        self.shown += 1
        self._apply(now)
        return True

    def update(self, now):
        if self._steps is None or time.ticks_diff(now, self._until) < 0:
            return
        self._i += 1
        if 2 * self._i >= len(self._steps):
            self._steps = None
            self._drive(0)
            return
        self._apply(now)

    def _apply(self, now):
        on = self._steps[2 * self._i]
        self._until = time.ticks_add(now, 10 * self._steps[2 * self._i + 1])
        self._drive(on)

    def _drive(self, on):
        if self.led is not None:
            self.led.value(self._led_on if on else 1 - self._led_on)
        if self.pixel is not None:
            c = 3 * self._kind
            # A tuple per change: NeoPixel wants one; this runs a few times per scan, not per loop.
            self.pixel[0] = (_COLOURS[c], _COLOURS[c + 1], _COLOURS[c + 2]) if on else _OFF
            self.pixel.write()
        if self.buzzer is not None:
            if on:
                self.buzzer.freq(10 * _TONES[self._kind])
                self.buzzer.duty_u16(32768)
            else:
                self.buzzer.duty_u16(0)
