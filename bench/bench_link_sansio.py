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
    for _ in range(40):  # the handshake (HELLO in two parts, the claim, the proofs)
        now += 0.01
        device.tick(now)
        for f in device.take_outgoing():
            link.receive(f, now)
        link.tick(now)
        for f in link.take_outgoing():
            device.receive(f, now)
    assert link.peer is not None and isinstance(link.peer, Peer)
    link.take_events()  # "connected"
    assert link.state is State.OPEN, link.state

    samples: list[float] = []
    start = time.perf_counter()
    for i in range(args.events):
        t0 = time.perf_counter()
        device.turn_dial(0, i % 14)
        for f in device.take_outgoing():
            link.receive(f, now)
        events = link.take_events()
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


if __name__ == "__main__":
    main()
