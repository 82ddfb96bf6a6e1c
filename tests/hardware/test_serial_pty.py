"""The whole host link over a real pseudo-terminal: pyserial on one side, the device on the other."""

from __future__ import annotations

import asyncio
import random

import pytest

from hardware import wire
from hardware.events import DeviceStatus, DialChanged, Event, TagPresented, TagRemoved
from hardware.manager import ClaimRefused, DeviceManager
from hardware.simulator import PtySimulator, SimulatedDevice

TABLE = b"\x7a\x62\x1e\x05"
UID = bytes.fromhex("04112233445566")


async def next_input(events: object, timeout: float = 60.0) -> Event:
    """The next event that is not a status message. The timeout only bounds a wait for an
    event (a hang becomes a failure); it is no claim about speed."""
    assert hasattr(events, "__anext__")
    while True:
        e = await asyncio.wait_for(events.__anext__(), timeout)
        if not isinstance(e, DeviceStatus):
            return e


async def status_matching(events: object, text: str, timeout: float = 5.0) -> DeviceStatus:
    assert hasattr(events, "__anext__")
    while True:
        e = await asyncio.wait_for(events.__anext__(), timeout)
        if isinstance(e, DeviceStatus) and text in e.message:
            return e


def test_pty_serial_claim_events_commands_and_boot_banner(tmp_path: object) -> None:
    async def main() -> None:
        device = SimulatedDevice()
        banner = b"ets Jun  8 2016 00:22:57\r\nrst:0x1 (POWERON_RESET)\r\n>>> "
        async with PtySimulator(device, banner=banner) as sim:
            manager = DeviceManager(TABLE, keys_path=str(tmp_path) + "/keys.sqlite")
            events = manager.events()
            assert await manager.add_serial(sim.port) == "a1b2c3d4"
            await status_matching(events, "not claimed")

            with pytest.raises(ClaimRefused, match="pairing mode"):
                await manager.claim("a1b2c3d4")
            # Refused, the device carries on unclaimed; now the player holds the button.
            assert manager.devices()[0].state == "unclaimed"
            device.hold_button(True)
            await manager.claim("a1b2c3d4")
            device.hold_button(False)
            await status_matching(events, "is connected")
            info = manager.devices()[0]
            assert info.claimed and info.connected and info.dials == 2

            device.turn_dial(1, 6)
            assert await next_input(events) == DialChanged("a1b2c3d4", 1, 6)
            manager.assign_reader("a1b2c3d4", 0, seat=3)
            device.place_tag(0, UID, card_ref="z042")
            assert await next_input(events) == TagPresented("a1b2c3d4", 0, UID, "z042", seat=3)
            device.remove_tag(0)
            assert await next_input(events) == TagRemoved("a1b2c3d4", 0, UID, seat=3)

            await manager.set_dial("a1b2c3d4", 0, 11, 0, 13)
            assert await next_input(events) == DialChanged("a1b2c3d4", 0, 11)
            # The device tells of each command it carried out (on the pty's thread).
            loop = asyncio.get_running_loop()
            fed = asyncio.Event()
            device.on_command = lambda kind, _p: (
                loop.call_soon_threadsafe(fed.set) if kind == wire.FEEDBACK else None
            )
            await manager.feedback("a1b2c3d4", 0, ok=False)
            async with asyncio.timeout(60):  # a bound on a wait for an event, not a speed claim
                await fed.wait()
            device.on_command = None
            assert device.feedback == [(wire.FEEDBACK_REFUSE, 0)]

            # Noise on the line between frames is skipped; the next event still arrives.
            sim.write_raw(b"Traceback (most recent call last):\r\n\x00\x05\x01\x02\x00")
            device.turn_dial(0, 2)
            assert await next_input(events) == DialChanged("a1b2c3d4", 0, 2)
            assert manager.devices()[0].noise >= 1
            await manager.close()

        # The key survived in the file: a new manager authenticates without a claim.
        device2_sim = PtySimulator(device)
        async with device2_sim as sim2:
            manager2 = DeviceManager(TABLE, keys_path=str(tmp_path) + "/keys.sqlite")
            events2 = manager2.events()
            await manager2.add_serial(sim2.port)
            await status_matching(events2, "is connected")
            await manager2.close()

    asyncio.run(main())


def test_serial_open_clears_dtr_and_rts_so_esp32_boards_do_not_reset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pyserial sets the modem lines with ioctls as it opens; record them on a real pty."""
    import termios

    import serial.serialposix as posix

    calls: list[tuple[int, bytes]] = []
    real_ioctl = posix.fcntl.ioctl

    def recording_ioctl(fd: int, request: int, arg: object = 0) -> object:
        if request in (termios.TIOCMBIS, termios.TIOCMBIC):
            calls.append((request, bytes(arg) if isinstance(arg, bytes) else b""))
        return real_ioctl(fd, request, arg)  # type: ignore[arg-type]

    monkeypatch.setattr(posix.fcntl, "ioctl", recording_ioctl)

    async def main() -> None:
        from hardware.transports.serial import SerialTransport

        with PtySimulator(SimulatedDevice()) as sim:
            transport = SerialTransport(sim.port)
            await transport.open()
            await transport.close()

    asyncio.run(main())
    # DTR is cleared first (a pty refuses modem-line ioctls, so pyserial stops there; on a USB
    # serial port RTS is cleared next); neither line is ever raised, not even briefly.
    assert calls and calls[0] == (termios.TIOCMBIC, posix.TIOCM_DTR_str)
    assert not [c for c in calls if c[0] == termios.TIOCMBIS]


def test_unplugged_serial_device_is_reported_and_retried() -> None:
    async def main() -> None:
        device = SimulatedDevice()
        sim = PtySimulator(device).start()
        manager = DeviceManager(TABLE, accept_unclaimed=True)
        events = manager.events()
        assert await manager.add_serial(sim.port) == "a1b2c3d4"
        sim.stop()  # the cable is pulled: the pty goes away under pyserial
        lost = await status_matching(events, "lost its connection")
        assert not lost.connected and "by hand" in lost.message
        await status_matching(events, "Cannot reach")  # retried, with backoff
        assert not manager.devices()[0].connected
        await manager.close()

    asyncio.run(main())


def test_lossy_serial_line_through_a_real_pty() -> None:
    """10 % of frames spoiled both ways, plus bursts of line noise, on a real pty with pyserial:
    every event arrives once, in order."""
    device = SimulatedDevice()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    rng = random.Random(5)

    async def main() -> tuple[list[Event], list[Event], dict[str, int]]:
        async with PtySimulator(device, faults=0.10, seed=5) as sim:
            manager = DeviceManager(TABLE)
            manager.keys.store(device.device, bytes(range(16)))
            events = manager.events()
            await manager.add_serial(sim.port)
            await status_matching(events, "is connected")
            expected: list[Event] = []
            for i in range(150):
                if i % 5 == 4:
                    if device.tags[0] is None:
                        uid = rng.randbytes(7)
                        device.place_tag(0, uid, card_ref=f"c{i}")
                        expected.append(TagPresented(device.device, 0, uid, f"c{i}"))
                    else:
                        expected.append(TagRemoved(device.device, 0, device.tags[0]))
                        device.remove_tag(0)
                else:
                    value = rng.randrange(14)
                    device.turn_dial(i % 2, value)
                    expected.append(DialChanged(device.device, i % 2, value))
                await asyncio.sleep(0.02)  # 50 events/s, a fast player on one device
            # One last turn after the rest: frames reach the host in the order they left (the
            # spoiler swaps neighbours at most), so anything doubled comes before it is seen.
            last = (device.values[0] + 1) % 14
            device.turn_dial(0, last)
            expected.append(DialChanged(device.device, 0, last))
            got: list[Event] = []
            while len(got) < len(expected):  # a double before the last turn shifts the list
                got.append(await next_input(events))
            while (extra := events.get_nowait()) is not None:
                if not isinstance(extra, DeviceStatus):
                    got.append(extra)
            await manager.close()
            return expected, got, sim.spoiler.counts

    expected, got, counts = asyncio.run(main())
    assert got == expected
    assert set(counts) == {"drop", "corrupt", "duplicate", "reorder"}


def test_a_dial_turned_against_its_stop_is_reported_through_a_real_pty(tmp_path: object) -> None:
    """Issue 16 item 11 (docs/protocol.md, DIAL): the device says CAP_DIAL_STOP, so the
    manager's SET_DIAL asks to hear of turns against the stop; one arrives as a DialChanged
    with at_stop, its value unchanged. A device without the bit is never asked (its firmware
    would refuse the longer SET_DIAL) and stays silent at its stop, as before."""

    async def main() -> None:
        device = SimulatedDevice()
        old = SimulatedDevice(device_id=b"\x0b\x0b\x0b\x0b")
        old.endpoint.capabilities &= ~wire.CAP_DIAL_STOP
        async with PtySimulator(device) as sim, PtySimulator(old) as sim_old:
            # Unclaimed devices' events too (as `altar monitor`): the claim is not the point.
            manager = DeviceManager(
                TABLE, keys_path=str(tmp_path) + "/keys.sqlite", accept_unclaimed=True
            )
            events = manager.events()
            await manager.add_serial(sim.port)
            await manager.add_serial(sim_old.port)
            await status_matching(events, "not claimed")
            await status_matching(events, "not claimed")

            await manager.set_dial("a1b2c3d4", 0, 0, 0, 13)
            assert await next_input(events) == DialChanged("a1b2c3d4", 0, 0)
            assert device.report_stops[0], "asked, because its HELLO said it can"
            device.turn_dial(0, -1)  # devotion at 0, turned down
            stop = await next_input(events)
            assert stop == DialChanged("a1b2c3d4", 0, 0, at_stop=True)
            device.turn_dial(0, 1)
            assert await next_input(events) == DialChanged("a1b2c3d4", 0, 1)

            await manager.set_dial("0b0b0b0b", 0, 13, 0, 13)
            assert await next_input(events) == DialChanged("0b0b0b0b", 0, 13)
            assert not old.report_stops[0], "an older device is not asked"
            old.turn_dial(0, 14)  # at 13, turned up: nothing to say to anyone
            old.turn_dial(0, 12)
            assert await next_input(events) == DialChanged("0b0b0b0b", 0, 12)
            await manager.close()

    asyncio.run(main())
