"""An unclaim both sides agree on (docs/protocol.md, "Unclaim"): the table's signed REFUSE 6 is
sent again until the device confirms it with its own, and the table forgets the key only then;
asked while the link is reconnecting it goes out once the session opens; a device that cannot
be reached is said in words, and both keep the key.

The link tests run on a made-up clock (tests/hardware/virtual_table.py); the frames are lost
at the receiving side's own API (``receive``), the first matching one only, so every run is
the same. Before the table waited for the device's word, each of them left the device holding
a key the table had forgotten."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from hardware import wire
from hardware.events import DeviceStatus
from hardware.link import State
from hardware.manager import DeviceManager, UnclaimFailed
from hardware.simulator import SimulatedDevice
from hardware.transports.loopback import LoopbackTransport

from .test_link import claimed_table
from .virtual_table import TABLE

KEY = bytes(range(16))


def is_unclaim(raw: bytes) -> bool:
    """A signed REFUSE 6: the table's unclaim, or the device's word that it forgot the key."""
    frame = wire.unpack(raw)  # the MAC is the receiver's business; the type is enough here
    return (
        wire.is_signed(raw)
        and frame.msg_type == wire.REFUSE
        and frame.payload[:1] == bytes((wire.REFUSE_UNCLAIM,))
    )


def losing_first_unclaim(receive: Callable[[bytes, float], None], lost: list[bytes]) -> object:
    """``receive`` that never gets the first signed REFUSE 6 (kept in ``lost``)."""

    def lossy(raw: bytes, now: float) -> None:
        if not lost and isinstance(raw, bytes) and is_unclaim(raw):
            lost.append(raw)
            return
        receive(raw, now)

    return lossy


def test_the_table_s_first_unclaim_lost_is_sent_again_until_the_device_confirms() -> None:
    t = claimed_table()
    lost: list[bytes] = []
    t.device.receive = losing_first_unclaim(t.device.receive, lost)  # type: ignore[method-assign]
    t.link.unclaim(t.now)
    t.step()
    assert lost, "the first unclaim went out and was lost"
    assert t.keys.key_for(t.device.device) is not None, "kept until the device confirms"
    t.settle(0.5)
    assert t.device.endpoint.claim is None and t.keys.key_for(t.device.device) is None
    assert t.link.unclaimed and not t.link.peer.unclaim_asked  # type: ignore[union-attr]
    # The table ended the session; the device came back unclaimed, its events unsigned.
    assert t.link.state is State.UNCLAIMED
    messages = [e.message for e in t.events if isinstance(e, DeviceStatus)]
    assert any("is unclaimed: this table and the device forgot their key" in m for m in messages)


def test_the_device_s_lost_confirmation_is_given_again_for_the_repeat() -> None:
    t = claimed_table()
    lost: list[bytes] = []
    t.link.receive = losing_first_unclaim(t.link.receive, lost)  # type: ignore[method-assign]
    t.link.unclaim(t.now)
    t.step(2)
    assert lost, "the device forgot the key and said so; the word was lost"
    assert t.device.endpoint.claim is None
    assert t.keys.key_for(t.device.device) is not None, "no word, no forgetting here"
    t.settle(0.5)
    assert t.keys.key_for(t.device.device) is None and t.link.unclaimed


def test_an_unclaim_asked_mid_handshake_goes_out_once_the_session_opens() -> None:
    """What the Devices screen met under load: the link had gone quiet (the app's loop stalled
    for seconds) and was reconnecting when the player confirmed. No session, so no signed word
    could go out; the table forgot its key at once and the device kept its own for good."""
    t = claimed_table()
    t.disconnect()
    t.connect()
    t.step()  # the HELLO is in and the CLAIM out: the session is not open yet
    assert t.link.state is State.CLAIMING
    t.link.unclaim(t.now)
    assert t.keys.key_for(t.device.device) is not None, "needed to open the session"
    t.settle(0.5)
    assert t.device.endpoint.claim is None and t.keys.key_for(t.device.device) is None
    assert t.link.state is State.UNCLAIMED


def test_an_unclaim_asked_before_the_device_said_hello_waits_for_the_new_link() -> None:
    t = claimed_table()
    t.disconnect()
    t.connect()  # a new link: it knows no device until the HELLO
    t.peers[t.device.device].unclaim_asked = True  # as the manager asks it (Peer outlives links)
    t.settle(0.5)
    assert t.device.endpoint.claim is None and t.keys.key_for(t.device.device) is None


class LosingTransport(LoopbackTransport):
    """The loopback radio, losing the table's first unclaim on its way to the device."""

    def __init__(self, device: SimulatedDevice) -> None:
        super().__init__(device)
        self.lost: list[bytes] = []

    async def send(self, frames: list[bytes]) -> None:
        if not self.lost:
            for f in frames:
                if is_unclaim(f):
                    self.lost.append(f)
            frames = [f for f in frames if f not in self.lost]
        await super().send(frames)


async def claimed_manager(transport: LoopbackTransport) -> DeviceManager:
    manager = DeviceManager(TABLE)
    manager.keys.store(transport.device.device, KEY)
    events = manager.events()
    manager.add_transport(transport)
    async with asyncio.timeout(30):  # a bound on a wait for an event, not a speed claim
        async for e in events:
            if isinstance(e, DeviceStatus) and e.message.endswith("is connected"):
                break
    return manager


def test_the_manager_s_unclaim_survives_a_lost_frame_and_returns_once_both_forgot() -> None:
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4")
    device.endpoint.claim = (TABLE, KEY)
    transport = LosingTransport(device)

    async def main() -> None:
        manager = await claimed_manager(transport)
        try:
            await manager.unclaim(device.device, timeout=30)
            assert transport.lost, "the first unclaim was lost on the way"
            assert device.endpoint.claim is None
            assert manager.keys.key_for(device.device) is None
        finally:
            await manager.close()

    asyncio.run(main())


def test_a_device_out_of_reach_is_said_in_words_and_both_keep_the_key() -> None:
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4")
    device.endpoint.claim = (TABLE, KEY)
    transport = LoopbackTransport(device)

    async def main() -> None:
        manager = await claimed_manager(transport)
        try:
            transport.in_range = False  # carried away: nothing gets through either way
            with pytest.raises(UnclaimFailed, match="did not answer the unclaim") as e:
                await manager.unclaim(device.device, timeout=0.5)
            assert "unclaim it again" in str(e.value)
            assert device.endpoint.claim == (TABLE, KEY)
            assert manager.keys.key_for(device.device) == KEY, "both keep it, and agree"
            with pytest.raises(UnclaimFailed, match="is not claimed by this table"):
                await manager.unclaim("0badc0de")
            manager.keys.store("0badc0de", KEY)  # claimed once, never connected in this run
            with pytest.raises(UnclaimFailed, match="is not connected"):
                await manager.unclaim("0badc0de")
            assert manager.keys.key_for("0badc0de") == KEY
        finally:
            await manager.close()

    asyncio.run(main())
