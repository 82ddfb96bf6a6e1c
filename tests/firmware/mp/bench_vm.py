# The firmware bench, run on the MicroPython VM by bench/bench_firmware.py: prints one line
# per measurement ("BENCH key value ...") for the host script to collect.
import gc

from altarfw.encoder import DetentCounter, QuadratureDecoder
from sim_quadrature import SimPin, drive, pulse_train

MOVES = (50, -20, 35, -5, 5, -60, 15)


def test_spin_speeds():
    sent_net = sum(MOVES)
    sent_total = sum(m if m > 0 else -m for m in MOVES)
    for rate in (100, 500, 1000, 2000):
        a = SimPin(0)
        b = SimPin(0)
        dec = QuadratureDecoder(a, b)
        det = DetentCounter(4)
        total = [0]

        def sample():
            m = det.update(dec.quarter_steps())
            total[0] += m if m > 0 else -m

        runs = drive(dec, a, b, pulse_train(MOVES, rate, 3), (5, 30), 20, sample)
        sample()
        print(
            "BENCH spin rate=%d sent_net=%d decoded_net=%d sent_total=%d decoded_total=%d "
            "isr_runs=%d skipped=%d"
            % (rate, sent_net, det.detents, sent_total, total[0], runs, dec.skipped)
        )
        gc.collect()
