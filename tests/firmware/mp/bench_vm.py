# The firmware bench, run on the MicroPython VM by bench/bench_firmware.py: prints one line
# per measurement ("BENCH key value ...") for the host script to collect.
import gc

from altarfw.encoder import DetentCounter, QuadratureDecoder
from sim_quadrature import SimPin, drive, pulse_train

MOVES = (50, -20, 35, -5, 5, -60, 15)


def test_spin_speeds():
    sent_net = sum(MOVES)
    sent_total = sum(m if m > 0 else -m for m in MOVES)
    # (detents/s, bounce toggles per edge, handler latency range us, handler run time us)
    cases = (
        (100, 3, (5, 30), 20),
        (500, 3, (5, 30), 20),
        (1000, 3, (5, 30), 20),
        (2000, 3, (5, 30), 20),
        (2000, 0, (70, 120), 20),  # late handlers: edges pair up and must be resolved
    )
    for rate, bounce, latency, isr_us in cases:
        a = SimPin(0)
        b = SimPin(0)
        dec = QuadratureDecoder(a, b)
        det = DetentCounter(4)
        total = [0]

        def sample():
            m = det.update(dec.quarter_steps())
            total[0] += m if m > 0 else -m

        runs = drive(dec, a, b, pulse_train(MOVES, rate, bounce), latency, isr_us, sample)
        sample()
        print(
            "BENCH spin rate=%d/s bounce=%d latency=%d-%dus sent_net=%d decoded_net=%d "
            "sent_total=%d decoded_total=%d isr_runs=%d missed_edges_resolved=%d"
            % (
                rate,
                bounce,
                latency[0],
                latency[1],
                sent_net,
                det.detents,
                sent_total,
                total[0],
                runs,
                dec.skipped,
            )
        )
        gc.collect()


def test_largest_frames():
    import wire
    from altarfw import auth
    from altarfw.keystore import KeyStore
    from altarfw.link import Link

    class Cmds:
        def set_dial(self, *a):
            pass

        def feedback(self, *a):
            pass

        def pairing(self):
            return False

    def rng(buf):
        for i in range(len(buf)):
            buf[i] = i

    for signed in (False, True):
        link = Link(b"\x01\x02\x03\x04", 0, 8, 2, KeyStore("/none"), Cmds(), rng)
        link.on_connect(0)
        hello = link.next_frame(0)
        hello2 = link.next_frame(0)
        if signed:
            link.session = auth.Chaskey(b"0123456789abcdef")
            link.state = 3  # authenticated: every frame carries a MAC
        events = (
            (wire.TAG, b"\x80" + bytes(range(10))),
            (wire.CARD, b"\x00" + b"ZL-PSY-042"),
            (wire.DIAL, b"\x07\x0d"),
            (wire.BUTTON, b"\x07\x03"),
            (wire.STATUS, bytes(11)),
            (wire.DIAG, b"\x02\xff\xff"),
        )
        for t, p in events:
            link.event(t, p, len(p))
            n = link.next_frame(0)
            print("BENCH frame signed=%d type=%s bytes=%d" % (signed, wire.type_name(t), n))
        print(
            "BENCH frame signed=%d type=HELLO bytes=%d+%d (two parts, not an event)"
            % (signed, hello, hello2)
        )


def test_security_costs():
    """What the defences cost on this VM: the frame MAC, a claim's key agreement and proofs."""
    import time

    import x25519
    from altarfw import auth

    mac = auth.Chaskey(b"0123456789abcdef")
    buf = bytearray(20)
    n = 1000
    t = time.ticks_us()
    for _ in range(n):
        mac.mac_into(buf, 14)
    us = time.ticks_diff(time.ticks_us(), t) / n
    print("BENCH mac chaskey12 frame=14B us_per_frame=%d bytes_per_frame=4" % us)
    t = time.ticks_ms()
    for _ in range(20):
        auth.proofs(bytes(16), bytes(31))
    print("BENCH handshake hmac_proofs ms=%d" % (time.ticks_diff(time.ticks_ms(), t) / 20))
    t = time.ticks_ms()
    for i in range(5):
        priv = bytes((i + j) & 0xFF for j in range(32))
        pub = x25519.public_key(priv)
        x25519.shared_secret(priv, pub)
    ms = time.ticks_diff(time.ticks_ms(), t) / 5
    print("BENCH claim device_x25519_keypair_and_secret ms=%d (two ladders)" % ms)
