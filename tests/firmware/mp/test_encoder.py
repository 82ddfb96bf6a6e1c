# Quadrature decoding with bounce, direction changes and fast spins: zero lost or extra
# detents, handler allocation-free (drive() runs it under heap_lock).
import micropython
from altarfw.encoder import DetentCounter, Dial, HardwareEncoder, QuadratureDecoder
from sim_quadrature import SimPin, drive, pulse_train

MOVES = (20, -7, 13, -1, 1, -30, 4, 2, -2, 9)


def spin(moves, rate, bounce=3, latency=(5, 30), isr_us=20):
    """-> (net detents decoded, total detents moved as seen by the loop, skipped edges)."""
    a = SimPin(0)
    b = SimPin(0)
    dec = QuadratureDecoder(a, b)
    det = DetentCounter(4)
    travelled = [0]

    def sample():
        moved = det.update(dec.quarter_steps())
        travelled[0] += moved if moved > 0 else -moved

    drive(dec, a, b, pulse_train(moves, rate, bounce), latency, isr_us, sample)
    sample()
    return det.detents, travelled[0], dec.skipped


def _sent(moves):
    return sum(moves), sum(m if m > 0 else -m for m in moves)


def test_slow_turns_with_bounce_count_every_detent_once():
    net, travelled, _ = spin(MOVES, 20, bounce=4)
    assert (net, travelled) == _sent(MOVES)


def test_direction_changes_lose_and_invent_nothing():
    moves = (1, -1) * 20 + (3, -2) * 10
    for rate in (50, 500):
        net, travelled, _ = spin(moves, rate)
        assert (net, travelled) == _sent(moves), rate


def test_fast_spins_up_to_2000_detents_per_second():
    for rate in (100, 500, 1000, 2000):
        net, travelled, skipped = spin(MOVES, rate)
        assert (net, travelled) == _sent(MOVES), (rate, net, travelled, skipped)


def test_missed_edges_at_high_latency_are_resolved_by_direction():
    # The handler starts up to 120 us late at 2000 detents/s (125 us per quarter step):
    # some edges pair up and the decoder sees both bits change; it must still count right.
    moves = (40, -40, 25)
    net, travelled, skipped = spin(moves, 2000, bounce=0, latency=(70, 120), isr_us=20)
    assert skipped > 0, "this case must exercise the missed-edge path"
    assert (net, travelled) == _sent(moves)


def test_bounce_at_a_rest_position_invents_no_detent():
    det = DetentCounter(4)
    assert det.update(4) == 1
    for q in (3, 4, 3, 4, 3, 4):  # the last contact chattering at the detent
        assert det.update(q) == 0
    assert det.update(0) == -1


def test_dial_value_is_bounded_and_settable():
    class Counter:
        def __init__(self):
            self.q = 0

        def quarter_steps(self):
            return self.q

    c = Counter()
    dial = Dial(c, 4, 0, 0, 13)
    c.q = 4 * 20
    assert dial.update()
    assert dial.value == 13, "devotion stops at its maximum"
    c.q -= 4
    assert dial.update() and dial.value == 12, "turning back moves at once, no wind-up"
    dial.set(3, 0, 5)
    c.q += 4 * 9
    dial.update()
    assert dial.value == 5
    c.q -= 4 * 50
    dial.update()
    assert dial.value == 0


def test_machine_encoder_source_uses_the_same_detent_division():
    class FakePcnt:  # machine.Encoder's API: value() is the running count
        def __init__(self):
            self.count = 0

        def value(self):
            return self.count

    pcnt = FakePcnt()
    dial = Dial(HardwareEncoder(pcnt), 4, 5, 0, 13)
    pcnt.count = 4 * 3 + 2  # three detents and half of the next
    assert dial.update() and dial.value == 8
    pcnt.count = 4 * 3 - 1  # back across the rest position by one quarter: no change
    assert not dial.update()


def test_dial_update_allocates_nothing():
    a = SimPin(0)
    b = SimPin(0)
    dec = QuadratureDecoder(a, b)
    dial = Dial(dec, 4, 0, 0, 13)
    dec.count = 8
    micropython.heap_lock()
    try:
        changed = dial.update()
        dec.count = 9
        dial.update()
    finally:
        micropython.heap_unlock()
    assert changed and dial.value == 2
