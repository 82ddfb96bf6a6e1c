"""The protocol alone: device frame -> host link -> typed event, no I/O, signed frames.

Prints the per-event cost of packing (device side, with MAC) and checking + delivering (host
side), p50 and p99, and the rate one core sustains. Run: .venv/bin/python bench/bench_link_sansio.py
"""

from __future__ import annotations

import argparse
import statistics
import time

from hardware import wire
from hardware.keys import KeyStore
from hardware.link import HostLink, Peer, State
from hardware.simulator import SimulatedDevice

TABLE = b"\x01\x02\x03\x04"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    args = parser.parse_args()

    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(16))
    keys.store(device.device, bytes(16))
    link = HostLink(TABLE, keys, {})
    now = 0.0
    device.connect(now)
    link.start(now)

    def handshake(now: float) -> float:
        """HELLO in two parts, the claim, the proofs: until the session is open."""
        for _ in range(40):
            now += 0.01
            device.tick(now)
            for f in device.take_outgoing():
                link.receive(f, now)
            link.tick(now)
            for f in link.take_outgoing():
                device.receive(f, now)
            if link.state is State.OPEN:
                break
        assert link.state is State.OPEN, link.state
        return now

    now = handshake(now)
    assert link.peer is not None and isinstance(link.peer, Peer)
    link.take_events()  # "connected"

    samples: list[float] = []
    rekeys: list[float] = []  # seconds each new handshake took (wire.REKEY_AFTER frames)
    start = time.perf_counter()
    for i in range(args.events):
        t0 = time.perf_counter()
        device.turn_dial(0, i % 14)
        for f in device.take_outgoing():
            link.receive(f, now)
        events = link.take_events()
        if link.state is not State.OPEN:
            # The session used up its frames: the protocol ends it and a new handshake makes
            # new keys; the turn comes through on the new session.
            now = handshake(now)
            events = [e for e in link.take_events() if type(e).__name__ == "DialChanged"]
            rekeys.append(time.perf_counter() - t0)
            assert len(events) <= 1, events
            continue
        samples.append(time.perf_counter() - t0)
        assert len(events) == 1, events
        if i % 16 == 15:
            for f in link.take_outgoing():  # the cumulative ack
                device.receive(f, now)
    elapsed = time.perf_counter() - start
    samples.sort()
    p50 = statistics.median(samples) * 1e6
    p99 = samples[int(len(samples) * 0.99)] * 1e6
    print(f"signed DIAL frame, device pack -> host event: p50 {p50:.1f} us, p99 {p99:.1f} us")
    print(f"rate: {args.events / elapsed:,.0f} events/s on one core ({wire.MAC_SIZE}-byte MACs)")
    if rekeys:
        worst = max(rekeys) * 1e3
        print(
            f"sessions renewed after {wire.REKEY_AFTER:,} frames: {len(rekeys)}, "
            f"each new handshake (simulated device) at most {worst:.1f} ms, included in the rate"
        )


if __name__ == "__main__":
    main()
