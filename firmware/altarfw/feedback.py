# Optional feedback parts the host drives (FEEDBACK command) to confirm or refuse a scan:
# a plain LED, a NeoPixel (WS2812) and/or a piezo buzzer on PWM. update() steps through the
# pattern from the main loop; nothing blocks and nothing allocates after start-up.
import time

from micropython import const

OK = const(1)
REFUSE = const(2)
ATTENTION = const(3)

# (on?, milliseconds) steps per kind.
_PATTERNS = {
    OK: ((1, 180), (0, 0)),
    REFUSE: ((1, 90), (0, 70), (1, 90), (0, 70), (1, 90), (0, 0)),
    ATTENTION: ((1, 400), (0, 0)),
}
_COLOURS = {OK: (0, 48, 0), REFUSE: (64, 0, 0), ATTENTION: (48, 32, 0)}
_TONES = {OK: 2200, REFUSE: 440, ATTENTION: 1200}
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

    @property
    def present(self):
        return self.led is not None or self.pixel is not None or self.buzzer is not None

    def show(self, kind, now):
        steps = _PATTERNS.get(kind)
        if steps is None:
            return False
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
        if self._i >= len(self._steps):
            self._steps = None
            self._drive(0)
            return
        self._apply(now)

    @property
    def active(self):
        return self._steps is not None and self._steps[self._i][0] == 1

    def _apply(self, now):
        on, ms = self._steps[self._i]
        self._until = time.ticks_add(now, ms)
        self._drive(on)

    def _drive(self, on):
        if self.led is not None:
            self.led.value(self._led_on if on else 1 - self._led_on)
        if self.pixel is not None:
            self.pixel[0] = _COLOURS[self._kind] if on else _OFF
            self.pixel.write()
        if self.buzzer is not None:
            if on:
                self.buzzer.freq(_TONES[self._kind])
                self.buzzer.duty_u16(32768)
            else:
                self.buzzer.duty_u16(0)
