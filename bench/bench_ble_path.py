"""Device event to engine state over Bluetooth LE, beside the same over USB serial (issue 26).

The BLE path is the whole tablet side for real: bleak's own BleakScanner and BleakClient over
Bumble's host stack (HCI, L2CAP, ATT, GATT), the notification delivered to BleTransport, the
host link, DeviceManager, and TableController with its SQLite commit before the engine applies
the command, a game a few hundred commands in (bench_event_to_engine's table). The device is the
Python simulator behind a Bumble peripheral serving the firmware's GATT service. The radio is
virtual (Bumble's LocalLink delivers at once): the figure is what the two host stacks and the app
cost, with no connection interval in it; a real radio adds up to one interval (15-30 ms asked).
The serial path runs the same turns over a real pseudo-terminal in the same process.

Run: .venv/bin/python bench/bench_ble_path.py [N]   (default 300 dial turns a path)
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_event_to_engine import WHAT, summary, table_under_way  # noqa: E402
from bench.targets import report  # noqa: E402
from hardware.events import DialChanged  # noqa: E402
from hardware.manager import DeviceManager  # noqa: E402
from hardware.simulator import PtySimulator, SimulatedDevice  # noqa: E402
from hardware.transports.ble import BleTransport  # noqa: E402
from tests.support.bumble_bleak.backend import backends_on  # noqa: E402
from tests.support.bumble_bleak.peripheral import AltarPeripheral  # noqa: E402
from tests.support.bumble_bleak.radio import Radio  # noqa: E402

TABLE = b"BNCH"
KEY = bytes(range(16))


@asynccontextmanager
async def over_ble(device: SimulatedDevice, manager: DeviceManager) -> AsyncIterator[None]:
    radio = Radio()
    tablet = radio.device("tablet")
    await tablet.power_on()
    peripheral = AltarPeripheral(radio.device("device"), device)
    await peripheral.start()
    manager.add_transport(
        BleTransport(peripheral.address, TABLE, backends=backends_on(tablet), scan_timeout=2)
    )
    try:
        yield
    finally:
        await peripheral.stop()
        await tablet.power_off()


@asynccontextmanager
async def over_serial(device: SimulatedDevice, manager: DeviceManager) -> AsyncIterator[None]:
    async with PtySimulator(device) as pty:
        await manager.add_serial(pty.port)
        yield


async def samples(path: str, turns: int, folder: str) -> list[float]:
    device = SimulatedDevice()
    device.endpoint.claim = (TABLE, KEY)
    table, store = table_under_way(folder, device.device)
    game = table.game
    manager = DeviceManager(TABLE, seats=table.seats)
    manager.keys.store(device.device, KEY)
    stream = manager.events().__aiter__()
    times: list[float] = []
    async with (over_ble if path == "ble" else over_serial)(device, manager):
        while not (manager.devices() and manager.devices()[0].connected):
            await stream.__anext__()
        for i in range(turns):
            value = 1 + i % 13  # never the value it showed before: every turn is a change
            start = time.perf_counter()
            device.turn_dial(0, value)
            while game.state.players[0].devotion != value:
                event = await stream.__anext__()
                if isinstance(event, DialChanged):
                    table.handle(event)
            times.append(time.perf_counter() - start)
        await manager.close()
    store.close()
    return times


def main() -> int:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 300
    with tempfile.TemporaryDirectory() as folder:
        for path, label in (
            ("ble", "BLE: bleak over Bumble's host stack, virtual radio"),
            ("serial", "USB serial: a real pty, same run"),
        ):
            Path(folder, path).mkdir()
            text, p99 = summary(asyncio.run(samples(path, turns, str(Path(folder) / path))))
            figure = f"{label}, dial turns into a game under way, SQLite commit included: {text}"
            print(report(figure, WHAT, p99 <= 10.0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
