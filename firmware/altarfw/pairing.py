# Pairing mode: the one state in which the device takes a new claim (docs/protocol.md, "Who can
# claim a device"). It opens only by a gesture no game makes, shows itself on the light and the
# buzzer while open, and closes by itself.
#
# The gesture: hold the pair button (dial 0's push switch) for _HOLD_MS, in a press that began in
# the first _BOOT_WINDOW_MS after power-on; on a device nobody claims, at any time (there is no
# table to take it from). A game's presses are short, long (0.7 s) or double, and a game runs
# long after power-on, so play never opens it. A board with a dedicated pairing button
# (board_config "pair_pin") opens it with a _DEDICATED_MS hold at any time: no game uses that
# button. Open, it blinks and chirps every _BLINK_MS, for _OPEN_MS or until a claim succeeds.
#
# A new claim that proved itself both ways still waits for the players (issue 35): the light
# changes to the attention pattern, the table says "press dial 0's button once", and a press
# that begins after that confirms it (link.confirm). A script racing the window gets nothing.
import time

from micropython import const

_PAIRING = const(4)  # feedback.py's "pairing mode is open" pattern
_ATTENTION = const(3)  # feedback.py's attention pattern: "a claim waits for your press"
_HOLD_MS = const(5000)
_DEDICATED_MS = const(2000)
_BOOT_WINDOW_MS = const(30_000)
_OPEN_MS = const(60_000)
_BLINK_MS = const(2000)


class Pairing:
    def __init__(self, button, dedicated, signals):
        self._button = button  # the pair button (a buttons.Button), or None
        self._dedicated = dedicated  # a dedicated pairing button, or None
        self._signals = signals  # feedback.Feedback, or None
        self.open = False
        self.opened = 0  # times pairing opened, for tests and diagnostics
        self._started = False
        self._boot_at = 0
        self._window = True  # still in the first _BOOT_WINDOW_MS after power-on
        self._was_down = False
        self._counts = False  # the pair button's current press may open pairing
        self._d_was_down = False
        self._d_counts = False  # the dedicated button's current press may open pairing
        self._until = 0
        self._blink_at = 0
        self.presses = 0  # presses begun on the pair button (or the dedicated one), ever
        self.confirming = False  # a proved claim waits for a press: the attention pattern

    def update(self, now, claimed):
        """Called from the sensing loop with the time (ms) and whether a table holds a key."""
        if not self._started:
            self._started = True
            self._boot_at = now
        if self._window and time.ticks_diff(now, self._boot_at) >= _BOOT_WINDOW_MS:
            self._window = False  # for good: ticks wrap after days, this flag does not
        opens = False
        b = self._button
        if b is not None:
            down = b.pressed
            if down and not self._was_down:
                self.presses += 1
                # Decided when the press begins: a hold that began at power-on counts even if
                # it ends after the window; one that began in a game never does.
                self._counts = self._window or not claimed
            self._was_down = down
            if down and self._counts and b.held_ms(now) >= _HOLD_MS:
                self._counts = False  # one opening per press
                opens = True
        d = self._dedicated
        if d is not None:
            d.update(now)  # sampled here: no game reads this button, so it makes no events
            down = d.pressed
            if down and not self._d_was_down:
                self.presses += 1
                self._d_counts = True
            self._d_was_down = down
            if down and self._d_counts and d.held_ms(now) >= _DEDICATED_MS:
                self._d_counts = False
                opens = True
        if opens:
            self._open(now)
        elif self.open:
            if time.ticks_diff(now, self._until) >= 0:
                self.open = False
            elif time.ticks_diff(now, self._blink_at) >= _BLINK_MS:
                self._show(now)

    def _open(self, now):
        self.open = True
        self.opened += 1
        self._until = time.ticks_add(now, _OPEN_MS)
        self._show(now)

    def _show(self, now):
        self._blink_at = now
        if self._signals is not None:
            self._signals.show(_ATTENTION if self.confirming else _PAIRING, now)

    def close(self):
        """A claim succeeded: one claim per gesture."""
        self.open = False
        self.confirming = False
