# Push buttons, sampled from the main loop (no interrupt needed: a press lasts tens of ms).
#
# A level must hold for _DEBOUNCE_MS before it counts. A press held past _LONG_MS is LONG (sent
# while still held, so the player feels it); a short press followed by another within
# _DOUBLE_MS is DOUBLE; otherwise SHORT once the double window has passed.
import time

from micropython import const

_NONE = const(0)  # update() returns this or a press kind
_SHORT = const(1)  # wire.PRESS_SHORT
_LONG = const(2)  # wire.PRESS_LONG
_DOUBLE = const(3)  # wire.PRESS_DOUBLE
# Timings (ms). Constants, not attributes: each attribute costs every button heap.
_DEBOUNCE_MS = const(20)
_LONG_MS = const(700)
_DOUBLE_MS = const(300)


class Button:
    def __init__(self, pin, active_low=True):
        self._pin = pin
        self._active = 0 if active_low else 1
        self.pressed = False  # debounced state
        self._raw = False
        self._raw_since = 0
        self._press_at = 0
        self._release_at = 0
        self._long_sent = False
        self._second = False  # this press started inside the double-press window
        self._waiting = False  # a short press is waiting to see whether a second one follows

    def update(self, now):
        """Sample the pin at time now (ms); returns a wire.PRESS_* kind, or 0."""
        raw = self._pin.value() == self._active
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now
        elif raw != self.pressed and time.ticks_diff(now, self._raw_since) >= _DEBOUNCE_MS:
            self.pressed = raw
            if raw:
                return self._on_press(now)
            return self._on_release(now)
        if self.pressed:
            if not self._long_sent and time.ticks_diff(now, self._press_at) >= _LONG_MS:
                self._long_sent = True
                self._second = False
                return _LONG
        elif self._waiting and time.ticks_diff(now, self._release_at) > _DOUBLE_MS:
            self._waiting = False
            return _SHORT
        return _NONE

    def held_ms(self, now):
        """How long the button has been down (debounced), 0 when it is up."""
        return time.ticks_diff(now, self._press_at) if self.pressed else 0

    def _on_press(self, now):
        self._press_at = now
        self._long_sent = False
        self._second = self._waiting
        self._waiting = False
        return _NONE

    def _on_release(self, now):
        if self._long_sent:
            return _NONE
        if self._second:
            self._second = False
            return _DOUBLE
        self._waiting = True
        self._release_at = now
        return _NONE
