"""Dial event to engine state, host side, through a real pseudo-terminal (DESIGN.md target:
p99 <= 10 ms). The simulated device writes the firmware's frames into the pty; pyserial,
the host link and DeviceManager deliver the event; TableController applies it to the engine.
Timed from the device's action to the engine showing the new devotion.

Run: .venv/bin/python bench/bench_event_to_engine.py [N]   (default 1000 dial turns)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.table import SeatMap, TableController  # noqa: E402
from engine.zeal import PlayerSetup, ZealGame, ZealSetup  # noqa: E402
from engine.zeal.cards import sample_catalog  # noqa: E402
from hardware.events import DialChanged  # noqa: E402
from hardware.manager import DeviceManager  # noqa: E402
from hardware.simulator import PtySimulator, SimulatedDevice  # noqa: E402


class NoTags:
    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return None


async def measure(n: int) -> list[float]:
    catalog = sample_catalog()
    setup = ZealSetup(
        players=(PlayerSetup("Alena"), PlayerSetup("Anton")),
        seed=1,
        catalog=catalog,
        first_player=0,
        hidden_hands=True,
    )
    game = ZealGame(setup)
    device = SimulatedDevice()
    seats = SeatMap()
    seats.assign_dial(device.device, 0, 0)
    table = TableController(game, ZEAL, seats, NoTags(), catalog)
    manager = DeviceManager(b"BNCH")
    samples: list[float] = []
    with PtySimulator(device) as pty:
        assert await manager.add_serial(pty.port) == device.device
        device.hold_button(True)
        await manager.claim(device.device)
        device.hold_button(False)
        stream = manager.events().__aiter__()
        for i in range(n):
            value = 1 + i % 13  # never the value it showed before: every turn is a change
            start = time.perf_counter()
            device.turn_dial(0, value)
            while game.state.players[0].devotion != value:
                event = await stream.__anext__()
                if isinstance(event, DialChanged):
                    table.handle(event)
            samples.append(time.perf_counter() - start)
        await manager.close()
    return samples


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1000
    samples = sorted(asyncio.run(measure(n)))
    p50 = statistics.median(samples) * 1000
    p99 = samples[int(len(samples) * 0.99) - 1] * 1000
    print(
        f"dial event to engine state over a pty: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"max {samples[-1] * 1000:.2f} ms over {n} turns (target p99 <= 10 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
