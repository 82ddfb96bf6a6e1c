"""Host link latency and load, through real pseudo-terminals with the device logic on the far end.

1. Latency: one device on a pty; a dial turn or tag placed on the device -> the event out of
   ``DeviceManager.events()``. Measured from the device-side action (frame built, signed, written)
   to the app receiving the typed event. Target: p99 <= 10 ms host side.
2. Load: 8 dials and 2 readers (10 devices, each on its own pty), 50 events/s each, for
   ``--duration`` s (default 60): every event must arrive, once, in order per device.

Run: .venv/bin/python bench/bench_link.py [--duration 60] [--latency-events 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.targets import report, target_number  # noqa: E402
from hardware.events import DeviceStatus, DialChanged, Event, TagPresented, TagRemoved  # noqa: E402
from hardware.manager import DeviceManager  # noqa: E402
from hardware.simulator import PtySimulator, SimulatedDevice  # noqa: E402

TABLE = b"\x7a\x62\x1e\x05"
KEY = bytes(range(16))


def claimed(device_id: bytes, dials: int, readers: int) -> SimulatedDevice:
    device = SimulatedDevice(device_id, dials=dials, readers=readers)
    device.endpoint.claim = (TABLE, KEY)
    return device


def p99_ms(samples: list[float]) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(len(s) * 0.99))] * 1000


def percentiles(samples: list[float]) -> str:
    s = sorted(samples)
    p50 = statistics.median(s) * 1000
    p99 = s[min(len(s) - 1, int(len(s) * 0.99))] * 1000
    return f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {s[-1] * 1000:.2f} ms (n={len(s)})"


async def connect_all(devices: list[SimulatedDevice], sims: list[PtySimulator]) -> DeviceManager:
    manager = DeviceManager(TABLE)
    for d in devices:
        manager.keys.store(d.device, KEY)
    for sim in sims:
        await manager.add_serial(sim.port)
    # Wait until every device is authenticated.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if all(info.claimed for info in manager.devices()):
            break
        await asyncio.sleep(0.05)
    else:
        raise SystemExit("devices did not authenticate")
    return manager


async def latency(n: int) -> None:
    device = claimed(b"\xa1\xb2\xc3\xd4", dials=2, readers=1)
    with PtySimulator(device) as sim:
        manager = await connect_all([device], [sim])
        events = manager.events()
        while events.get_nowait() is not None:
            pass
        samples: dict[str, list[float]] = {"dial": [], "tag": []}
        uid = bytes.fromhex("04a1b2c3d4e5f6")
        for i in range(n):
            kind = "tag" if i % 4 == 3 else "dial"
            await asyncio.sleep(0.002)  # let the link breathe, as a player's hand does
            t0 = time.perf_counter()
            if kind == "dial":
                device.turn_dial(i % 2, i % 14)
            elif device.tags[0] is None:
                device.place_tag(0, uid)
            else:
                device.remove_tag(0)
            while True:
                event = await events.__anext__()
                if not isinstance(event, DeviceStatus):
                    break
            samples[kind].append(time.perf_counter() - t0)
        await manager.close()
    print(f"latency, dial turn -> event:     {percentiles(samples['dial'])}")
    print(f"latency, tag on/off -> event:    {percentiles(samples['tag'])}")
    every = samples["dial"] + samples["tag"]
    what = "tag or dial event to engine state, host side"
    print(report(f"latency, all: {percentiles(every)}", what, p99_ms(every) <= target_number(what)))


def serve_devices(rate: float, duration: float, out_path: str) -> None:
    """The table's devices, in their own process (as real devices are their own machines): 8 dial
    boxes and 2 readers on ptys, played at ``rate`` events/s each. Prints the pty paths, plays
    once the host says go, then writes when each event was made (CLOCK_MONOTONIC, shared by
    processes) to ``out_path``."""
    import json
    import sys

    devices = dial_box_ids() + reader_ids()
    sims = [PtySimulator(claimed(i, dials=d, readers=r)).start() for i, d, r in devices]
    print(" ".join(s.port for s in sims), flush=True)
    sys.stdin.readline()  # the host is connected and authenticated
    times: dict[str, list[float]] = {s.device.device: [] for s in sims}
    period = 1.0 / rate
    start = time.monotonic()
    tick = 0
    while time.monotonic() - start < duration:
        delay = start + tick * period - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        for sim in sims:
            d = sim.device
            times[d.device].append(time.monotonic())
            if d.values:
                d.turn_dial(0, tick % 14)
            elif d.tags[0] is None:
                d.place_tag(0, load_uid(tick))
            else:
                d.remove_tag(0)
        tick += 1
    time.sleep(1.0)  # let resends, if any, finish
    with open(out_path, "w") as f:
        json.dump(times, f)
    for sim in sims:
        sim.stop()


def dial_box_ids() -> list[tuple[bytes, int, int]]:
    return [(bytes([0xD1, 0, 0, i]), 1, 0) for i in range(8)]


def reader_ids() -> list[tuple[bytes, int, int]]:
    return [(bytes([0xE1, 0, 0, i]), 0, 1) for i in range(2)]


def load_uid(tick: int) -> bytes:
    return bytes([0x04, tick & 0xFF, 1, 2, 3, 4, 5])


def expected_events(device: str, dials: int, count: int) -> list[Event]:
    """What the host must see from one device, in order."""
    out: list[Event] = []
    for tick in range(count):
        if dials:
            out.append(DialChanged(device, 0, tick % 14))
        elif tick % 2 == 0:
            out.append(TagPresented(device, 0, load_uid(tick)))
        else:
            out.append(TagRemoved(device, 0, load_uid(tick - 1)))
    return out


async def load(duration: float, rate: float) -> None:
    import json
    import subprocess
    import sys
    import tempfile

    out_path = tempfile.mktemp(suffix=".json")
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve-devices", out_path, "--rate", str(rate)]
        + ["--duration", str(duration)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    ports = proc.stdout.readline().split()
    manager = DeviceManager(TABLE)
    for device_id, _, _ in dial_box_ids() + reader_ids():
        manager.keys.store(device_id.hex(), KEY)
    for port in ports:
        await manager.add_serial(port)
    deadline = time.monotonic() + 10
    while not all(info.claimed for info in manager.devices()):
        if time.monotonic() > deadline:
            proc.kill()
            for info in manager.devices():
                print(f"  {info.transport}: {info.state}: {info.message}")
            raise SystemExit("devices did not authenticate")
        await asyncio.sleep(0.05)
    events = manager.events()
    while events.get_nowait() is not None:
        pass
    proc.stdin.write("go\n")
    proc.stdin.flush()
    got: dict[str, list[tuple[Event, float]]] = {}
    last_input = time.monotonic()
    while time.monotonic() - last_input < 3.0:  # 3 s without an input: the devices stopped
        try:
            async with asyncio.timeout(0.5):
                event = await events.__anext__()
        except TimeoutError:
            continue
        if not isinstance(event, DeviceStatus):
            last_input = time.monotonic()
            got.setdefault(event.device, []).append((event, last_input))
    await manager.close()
    proc.wait(timeout=30)
    with open(out_path) as f:
        made: dict[str, list[float]] = json.load(f)
    samples: list[float] = []
    lost = wrong = total = 0
    dials_of = {i.hex(): d for i, d, _ in dial_box_ids() + reader_ids()}
    for device, times in made.items():
        expected = expected_events(device, dials_of[device], len(times))
        received = got.get(device, [])
        total += len(expected)
        lost += max(0, len(expected) - len(received))
        wrong += sum(1 for (e, _), x in zip(received, expected, strict=False) if e != x)
        wrong += max(0, len(received) - len(expected))  # doubled
        samples += [t - t0 for (_, t), t0 in zip(received, times, strict=False)]
    print(
        f"load: 8 dials + 2 readers at {rate:g} events/s each for {duration:g} s: "
        f"made {total}, lost {lost}, out of order or doubled {wrong}"
    )
    print(f"load latency, event made on a device -> app: {percentiles(samples)}")
    what = "devices at one table"
    full_load = rate >= 50 and len(made) >= 10
    print(
        report(
            f"{len(made)} devices at {rate:g} events/s each: lost {lost}, doubled or out of "
            f"order {wrong}" + ("" if full_load else " (below the target's load: not a verdict)"),
            what,
            full_load and lost + wrong <= target_number(what),
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--duration", type=float, default=60.0, help="load run length, s")
    parser.add_argument("--rate", type=float, default=50.0, help="events/s per dial or reader")
    parser.add_argument("--latency-events", type=int, default=2000)
    parser.add_argument("--serve-devices", metavar="OUT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_devices:
        serve_devices(args.rate, args.duration, args.serve_devices)
        return
    asyncio.run(latency(args.latency_events))
    asyncio.run(load(args.duration, args.rate))


if __name__ == "__main__":
    main()
