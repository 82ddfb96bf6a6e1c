# Quadrature decoding for the devotion dials.
#
# The interrupt handler only records: it reads both pins, looks the (old, new) state pair up in
# a transition table and adds to an integer. Reading both pins on every edge makes contact
# bounce harmless (a bouncing contact walks one state forward and back, +1 -1 +1 ...), and a
# state pair where both bits changed means an edge was missed (interrupt latency at a fast
# spin): it is counted as two steps in the direction of travel instead of being dropped.
# Nothing here allocates, so the handler may run as a hard IRQ with the heap locked.
from micropython import const

# Index: previous state * 4 + new state, state = A << 1 | B, Gray order 0 -> 1 -> 3 -> 2 -> 0.
# 0 no change, +1 / -1 one quarter step, 2 both bits changed (an edge was missed).
_STEP = (0, 1, -1, 2, -1, 0, 2, 1, 1, 2, 0, -1, 2, -1, 1, 0)
_SKIPPED = const(2)


class QuadratureDecoder:
    """Counts quarter steps from two pins; isr() is the pin interrupt handler for both pins."""

    def __init__(self, pin_a, pin_b):
        self._a = pin_a
        self._b = pin_b
        self._state = (pin_a.value() << 1) | pin_b.value()
        self.count = 0  # quarter steps, signed
        self._dir = 0  # +1 / -1: direction of the last real step, to resolve a missed edge
        self.skipped = 0  # missed edges that had to be resolved by direction (diagnostics)

    def isr(self, _pin=None):
        new = (self._a.value() << 1) | self._b.value()
        step = _STEP[(self._state << 2) | new]
        self._state = new
        if step == _SKIPPED:
            self.skipped += 1
            self.count += self._dir + self._dir
        elif step:
            self._dir = step
            self.count += step

    def quarter_steps(self):
        return self.count


class HardwareEncoder:
    """machine.Encoder (ESP32 PCNT, MIMXRT) counting all four edges: no interrupts at all."""

    def __init__(self, encoder):
        self._enc = encoder
        self.skipped = 0

    def quarter_steps(self):
        return self._enc.value()


class DetentCounter:
    """Turns quarter steps into detents with a full detent of hysteresis.

    A detent is counted when the count reaches the next rest position, and counted back only
    when it returns to the previous one, so a contact bouncing at a rest position can never
    invent a detent, and a direction change loses none.
    """

    def __init__(self, steps_per_detent=4):
        self._spd = steps_per_detent
        self._base = 0  # quarter-step count at the current detent's rest position
        self.detents = 0

    def update(self, quarter_steps):
        """Returns the signed number of detents since the last call."""
        moved = 0
        spd = self._spd
        while quarter_steps - self._base >= spd:
            self._base += spd
            moved += 1
        while self._base - quarter_steps >= spd:
            self._base -= spd
            moved -= 1
        self.detents += moved
        return moved


AT_STOP = const(2)  # Dial.update(): turned against its stop (the host asked to hear of it)


class Dial:
    """One devotion dial: a decoder, detent division and a bounded value the host can set."""

    def __init__(self, source, steps_per_detent=4, value=0, minimum=0, maximum=13):
        self.source = source
        self.detent = DetentCounter(steps_per_detent)
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.stops = 0  # the host asked to hear of turns against the stop (SET_DIAL's flag)

    def update(self):
        """Applies the turns since the last call: 1 (true) when the value changed, AT_STOP
        when it was turned against its stop and the host asked to hear of it, else 0."""
        moved = self.detent.update(self.source.quarter_steps())
        if not moved:
            return 0
        # Clamp per call, not per turn history: turning past 13 and back goes straight to 12.
        v = self.value + moved
        if v < self.minimum:
            v = self.minimum
        elif v > self.maximum:
            v = self.maximum
        if v == self.value:
            return AT_STOP if self.stops else 0
        self.value = v
        return 1

    def set(self, value, minimum, maximum, stops=0):
        self.minimum = minimum
        self.maximum = maximum
        self.value = min(max(value, minimum), maximum)
        self.stops = stops
