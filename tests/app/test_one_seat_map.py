"""One seat map per table (issue 9): the device manager's. The app assigns through it, the
manager stamps each event's seat from it, the app routes by that stamp and asks the same map
which dial shows a seat's value. Through a real pty, as the other device tests do."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.hardware_link.hardware_side import HardwareLink
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware.events import DialChanged, Event
from hardware.manager import DeviceManager
from hardware.registry import TagRegistry
from hardware.simulator import PtySimulator, SimulatedDevice

TABLE = b"\x5e\xa7\x09\x01"
ALENA, ANTON = 0, 1


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _kind: TagRegistry(":memory:"))
    s.start_new(["Alena", "Anton"], seed=7)
    Clock.tick()
    return s


def devotion(session: GameSession, seat: int) -> int:
    assert session.game is not None
    return int(session.adapter.dial(session.game, seat).value)


def test_a_dial_assigned_in_the_app_is_stamped_and_set_by_the_manager(
    session: GameSession,
) -> None:
    assert session.command(za.SetDevotion(ALENA, current=2))
    assert session.command(za.SetDevotion(ANTON, current=7))

    async def main() -> None:
        device = SimulatedDevice(dials=2, readers=0)
        async with PtySimulator(device) as sim:
            manager = DeviceManager(TABLE, keys_path=None, accept_unclaimed=True)
            link = HardwareLink(session, manager)
            assert session.seat_map is manager.seats, "the app reads the manager's map"
            events = manager.events()
            delivered: list[Event] = []

            async def pump_until(done: Callable[[], bool]) -> None:
                # What HardwareLink.pump does, one event at a time, until ``done``.
                async with asyncio.timeout(5):
                    while not done():
                        event = await events.__anext__()
                        delivered.append(event)
                        session.handle_event(event)

            def turns() -> list[DialChanged]:
                return [e for e in delivered if isinstance(e, DialChanged)]

            assert await manager.add_serial(sim.port) == device.device

            # Through the app: dial 1 is Anton's. The manager sends it Anton's 7, not Alena's 2.
            session.assign_dial(device.device, 0, ANTON)
            assert manager.seats.dials == {(device.device, 0): ANTON}
            session.resync_dials()
            await pump_until(lambda: any(e.value == 7 for e in turns()))  # the dial's echo
            assert device.values == [7, 0], "only Anton's dial was set, to his devotion"
            assert turns()[-1].seat == ANTON, "the manager stamped the app's assignment"

            device.turn_dial(0, 9)
            await pump_until(lambda: turns()[-1].value == 9)
            assert turns()[-1].seat == ANTON
            assert (devotion(session, ALENA), devotion(session, ANTON)) == (2, 9)

            # Given to Alena in the app: the same map, so the manager stamps Alena and the
            # dial gets Alena's value.
            session.assign_dial(device.device, 0, ALENA)
            session.resync_dials()
            await pump_until(lambda: turns()[-1].value == 2)
            assert device.values == [2, 0]
            assert turns()[-1].seat == ALENA
            device.turn_dial(0, 4)
            await pump_until(lambda: turns()[-1].value == 4)
            assert turns()[-1].seat == ALENA
            assert (devotion(session, ALENA), devotion(session, ANTON)) == (4, 9)
            await link.close()

    asyncio.run(main())


def test_an_event_stamped_for_seat_1_goes_to_seat_1_whatever_the_app_once_assigned(
    session: GameSession,
) -> None:
    # Before the devices are linked, the app gave dial 1 to Alena.
    session.assign_dial("a1b2c3d4", 0, ALENA)
    manager = DeviceManager(TABLE, keys_path=None)
    manager.assign_dial("a1b2c3d4", 0, ANTON)  # the manager, which owns the dials, says Anton
    HardwareLink(session, manager)
    sent: list[Any] = []
    session.send_to_devices = sent.extend  # type: ignore[method-assign]  # no devices here
    # No second map is left to say Alena: the app's map is the manager's.
    assert session.seat_map is manager.seats
    assert session.seat_map.dials == {("a1b2c3d4", 0): ANTON}
    assert session.table is not None and session.table.seats is manager.seats

    session.handle_event(DialChanged("a1b2c3d4", 0, 5, seat=ANTON))
    assert (devotion(session, ALENA), devotion(session, ANTON)) == (0, 5)
    assert session.message_seat == ANTON

    # Even were the map to change between stamping and routing, the stamp is the answer the
    # table's one map gave when the dial turned.
    manager.assign_dial("a1b2c3d4", 0, ALENA)
    session.handle_event(DialChanged("a1b2c3d4", 0, 6, seat=ANTON))
    assert (devotion(session, ALENA), devotion(session, ANTON)) == (0, 6)
    # An event made without a manager (a test's) is stamped by its maker, from the same one
    # map: the session and the table stamp nothing again (issue 38).
    session.handle_event(manager.seats.stamp(DialChanged("a1b2c3d4", 0, 3)))
    assert (devotion(session, ALENA), devotion(session, ANTON)) == (3, 6)
    # Anton's value goes to no dial now, Alena's to dial 1: asked of the one map.
    sent.clear()
    session.resync_dials(force=True)
    assert [(c.device, c.dial, c.value) for c in sent] == [("a1b2c3d4", 0, 3)]
