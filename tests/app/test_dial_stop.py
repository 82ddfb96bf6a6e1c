"""A dial turned against its stop is not silent (issue 16 item 11): through a real pty, from
the simulated device (as the keyboard and the simulator screen turn it) to the player's own
line, in the game adapter's words, with the refused sound."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from kivy.clock import Clock

from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.simulator.keyboard_sim import keyboard_simulator
from hardware.events import DeviceStatus, DialChanged
from hardware.manager import DeviceManager
from hardware.registry import TagRegistry
from hardware.simulator import PtySimulator, SimulatedDevice

TABLE = b"\x7a\x62\x1e\x05"


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    Clock.tick()
    return s


def test_turning_devotion_down_at_0_tells_that_player_and_changes_nothing(
    session: GameSession, tmp_path: Path
) -> None:
    played: list[str] = []
    session.sounds.play = played.append  # type: ignore[method-assign]
    assert session.game is not None
    history = len(session.game.history)

    async def main() -> None:
        device = SimulatedDevice()
        async with PtySimulator(device) as sim:
            manager = DeviceManager(TABLE, keys_path=None, accept_unclaimed=True)
            session.use_seat_map(manager.seats)  # as HardwareLink does: the manager stamps
            events = manager.events()

            async def next_input() -> DialChanged:
                while True:
                    e = await asyncio.wait_for(events.__anext__(), 5)
                    if not isinstance(e, DeviceStatus):
                        assert isinstance(e, DialChanged)
                        return e

            async def send_commands(commands: list) -> None:
                for c in commands:
                    await manager.set_dial(c.device, c.dial, c.value, c.minimum, c.maximum)

            queued: list = []
            session.send_to_devices = queued.extend  # type: ignore[method-assign]
            await manager.add_serial(sim.port)
            session.assign_dial(device.device, 1, 1)  # Anton's dial, devotion 0
            session.resync_dials()
            await send_commands(queued)
            session.handle_event(await next_input())  # the dial's answer: not a turn
            assert device.report_stops[1], "the manager asked: the device can tell"

            queued.clear()
            assert keyboard_simulator(device, ord("s"), "s", [])  # dial 2 down, at 0
            stop = await next_input()
            assert stop.at_stop and stop.value == 0
            session.handle_event(stop)
            assert session.message == "Anton's devotion is already 0"
            assert session.message_seat == 1 and not session.message_ok
            assert played == ["scan_refused"]

            # Turned up, it is an ordinary turn again.
            played.clear()
            assert keyboard_simulator(device, ord("w"), "w", [])
            turn = await next_input()
            assert not turn.at_stop and turn.value == 1
            session.handle_event(turn)
            assert played == []
            await manager.close()

    asyncio.run(main())
    assert len(session.game.history) == history + 1, "only the real turn was a command"


def test_a_stop_report_for_a_dial_nobody_sits_at_is_ignored(session: GameSession) -> None:
    played: list[str] = []
    session.sounds.play = played.append  # type: ignore[method-assign]
    session.message = ""
    session.handle_event(session.seat_map.stamp(DialChanged("a1b2c3d4", 1, 0, at_stop=True)))
    assert session.message == "" and played == []
