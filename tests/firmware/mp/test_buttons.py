# Push buttons: debounce, short, long and double press, from sampled pin levels.
import micropython
import wire
from altarfw.buttons import Button
from sim_quadrature import SimPin

PRESS_NONE = 0
PRESS_SHORT = wire.PRESS_SHORT
PRESS_LONG = wire.PRESS_LONG
PRESS_DOUBLE = wire.PRESS_DOUBLE


def run(button, pin, script, step_ms=5):
    """script: (ms, level) segments; level 0 = pressed (active low). -> [(t, kind)]."""
    out = []
    t = 0
    for ms, level in script:
        end = t + ms
        while t < end:
            pin.level = level
            kind = button.update(t)
            if kind != PRESS_NONE:
                out.append((t, kind))
            t += step_ms
    return out


def bounce(level, n=4):
    return [(1, 1 - level), (1, level)] * n


def test_short_press_with_bounce_is_one_short():
    pin = SimPin(1)
    b = Button(pin)
    presses = run(b, pin, [(50, 1)] + bounce(0) + [(120, 0)] + bounce(1) + [(600, 1)], step_ms=1)
    assert [k for _, k in presses] == [PRESS_SHORT]


def test_long_press_fires_while_held():
    pin = SimPin(1)
    b = Button(pin)
    presses = run(b, pin, [(50, 1), (1000, 0), (400, 1)])
    assert [k for _, k in presses] == [PRESS_LONG]
    assert presses[0][0] < 50 + 1000, "LONG comes while the button is still down"


def test_double_press():
    pin = SimPin(1)
    b = Button(pin)
    presses = run(b, pin, [(50, 1), (100, 0), (120, 1), (100, 0), (500, 1)])
    assert [k for _, k in presses] == [PRESS_DOUBLE]


def test_two_slow_presses_are_two_shorts():
    pin = SimPin(1)
    b = Button(pin)
    presses = run(b, pin, [(50, 1), (100, 0), (600, 1), (100, 0), (600, 1)])
    assert [k for _, k in presses] == [PRESS_SHORT, PRESS_SHORT]


def test_glitch_shorter_than_debounce_is_ignored():
    pin = SimPin(1)
    b = Button(pin)
    presses = run(b, pin, [(50, 1), (10, 0), (600, 1)], step_ms=1)
    assert presses == []


def test_held_state_for_pairing_and_no_allocation():
    pin = SimPin(1)
    b = Button(pin)
    run(b, pin, [(50, 1), (100, 0)])
    assert b.pressed
    micropython.heap_lock()
    try:
        for t in range(150, 900, 5):
            b.update(t)
    finally:
        micropython.heap_unlock()
    assert b.pressed
