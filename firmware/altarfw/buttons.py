# Push buttons, sampled from the main loop (no interrupt needed: a press lasts tens of ms).
#
# A level must hold for debounce_ms before it counts. A press held past long_ms is LONG (sent
# while still held, so the player feels it); a short press followed by another within
# double_ms is DOUBLE; otherwise SHORT once the double window has passed.
import time

from micropython import const

PRESS_NONE = const(0)
PRESS_SHORT = const(1)  # the same numbers as wire.PRESS_*
PRESS_LONG = const(2)
PRESS_DOUBLE = const(3)


class Button:
    def __init__(self, pin, active_low=True, debounce_ms=20, long_ms=700, double_ms=300):
        self._pin = pin
        self._active = 0 if active_low else 1
        self._debounce = debounce_ms
        self._long = long_ms
        self._double = double_ms
        self.pressed = False  # debounced state
        self._raw = False
        self._raw_since = 0
        self._press_at = 0
        self._release_at = 0
        self._long_sent = False
        self._second = False  # this press started inside the double-press window
        self._waiting = False  # a short press is waiting to see whether a second one follows

    def update(self, now):
        """Sample the pin at time now (ms); returns a PRESS_* kind, or PRESS_NONE."""
        raw = self._pin.value() == self._active
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now
        elif raw != self.pressed and time.ticks_diff(now, self._raw_since) >= self._debounce:
            self.pressed = raw
            if raw:
                return self._on_press(now)
            return self._on_release(now)
        if self.pressed:
            if not self._long_sent and time.ticks_diff(now, self._press_at) >= self._long:
                self._long_sent = True
                self._second = False
                return PRESS_LONG
        elif self._waiting and time.ticks_diff(now, self._release_at) > self._double:
            self._waiting = False
            return PRESS_SHORT
        return PRESS_NONE

    def _on_press(self, now):
        self._press_at = now
        self._long_sent = False
        self._second = self._waiting
        self._waiting = False
        return PRESS_NONE

    def _on_release(self, now):
        if self._long_sent:
            return PRESS_NONE
        if self._second:
            self._second = False
            return PRESS_DOUBLE
        self._waiting = True
        self._release_at = now
        return PRESS_NONE
