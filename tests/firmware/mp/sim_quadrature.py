# Simulated rotary encoder signals and interrupt timing, in integer microseconds.
#
# pulse_train() turns a list of moves (signed detents) at a spin speed into the edges of
# channels A and B: four quarter steps per detent in Gray order (A leads B clockwise), each
# clean edge followed by contact bounce (extra toggles of the same contact that end at its
# new level). drive() replays the edges against a decoder the way a microcontroller does: an
# edge sets its pin's interrupt flag (a second edge before the handler runs is merged into
# it), the handler starts after a latency, reads both pins *then*, and keeps the CPU busy
# for isr_us. The handler runs under micropython.heap_lock(), so any allocation fails.
from array import array

import micropython

# Gray sequence of (A << 1 | B) clockwise: 00 -> 01 -> 11 -> 10 -> 00.
_GRAY = (0, 1, 3, 2)


class SimPin:
    def __init__(self, level=0):
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def irq(self, trigger=None, handler=None, hard=False):
        self.handler = handler


class Lcg:
    def __init__(self, seed=12345):
        self.s = seed

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.s >> 8) % n if n > 0 else 0


def pulse_train(moves, detents_per_s, bounce=3, bounce_pct=15, seed=7):
    """-> (times, pins, levels, start_state): every edge, in time order."""
    quarter_us = 1_000_000 // (detents_per_s * 4)
    bounce_window = quarter_us * bounce_pct // 100
    rng = Lcg(seed)
    times = array("i")
    pins = bytearray()
    levels = bytearray()
    pos = 0  # index into _GRAY; detent rest position at state 0 (both contacts open: 00)
    t = 1000
    for move in moves:
        step = 1 if move > 0 else -1
        for _ in range(abs(move) * 4):
            old = _GRAY[pos % 4]
            pos += step
            new = _GRAY[pos % 4]
            changed = old ^ new  # exactly one bit: 2 = A, 1 = B
            pin = 0 if changed == 2 else 1
            level = (new >> (1 - pin)) & 1
            times.append(t)
            pins.append(pin)
            levels.append(level)
            if bounce and bounce_window > 2:
                # The contact chatters: back to the old level and forward again, a few times,
                # each toggle within the bounce window after the clean edge.
                bt = t
                for _ in range(bounce):
                    bt += 1 + rng.next(bounce_window // (2 * bounce) + 1)
                    times.append(bt)
                    pins.append(pin)
                    levels.append(1 - level)
                    bt += 1 + rng.next(bounce_window // (2 * bounce) + 1)
                    times.append(bt)
                    pins.append(pin)
                    levels.append(level)
            t += quarter_us
    return times, pins, levels


def drive(decoder, a, b, train, latency_us=(5, 30), isr_us=20, on_isr=None, seed=3):
    """Replays the train against decoder.isr; returns how many times the handler ran."""
    times, pins, levels = train
    rng = Lcg(seed)
    pin_objs = (a, b)
    pending = [-1, -1]  # time each pin's interrupt flag was set, -1 when clear
    t_free = 0
    i = 0
    n = len(times)
    runs = 0
    lat_lo, lat_hi = latency_us
    while True:
        p = -1
        if pending[0] >= 0 and (pending[1] < 0 or pending[0] <= pending[1]):
            p = 0
        elif pending[1] >= 0:
            p = 1
        start = -1
        if p >= 0:
            start = max(pending[p], t_free) + lat_lo + rng.next(lat_hi - lat_lo + 1)
        if i < n and (p < 0 or times[i] <= start):
            pin = pins[i]
            pin_objs[pin].level = levels[i]
            if pending[pin] < 0:
                pending[pin] = times[i]
            i += 1
            continue
        if p < 0:
            break
        pending[p] = -1
        micropython.heap_lock()
        try:
            decoder.isr(pin_objs[p])
        finally:
            micropython.heap_unlock()
        runs += 1
        if on_isr is not None:
            on_isr()
        t_free = start + isr_us
    return runs
