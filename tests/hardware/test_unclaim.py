"""An unclaim both sides agree on (docs/protocol.md, "Unclaim"), in two steps: the table's
signed REFUSE 6 is sent again until the device answers "ready" (keeping its key); then the table
forgets its key and sends REFUSE 9 until the device answers that it forgot its own. Asked while
the link is reconnecting it goes out once the session opens; a device that cannot be reached is
said in words, and what the table says is what it knows (issue 35: the device used to forget at
the first REFUSE 6, so a lost answer left it unclaimed while the table kept the key and said
both did; a late answer made the table forget after it had said it kept the key).

The link tests run on a made-up clock (tests/hardware/virtual_table.py); the frames are lost
at the receiving side's own API (``receive``), the first matching one only, so every run is
the same. Before the table waited for the device's word, each of them left the device holding
a key the table had forgotten."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from hardware import wire
from hardware.events import DeviceStatus
from hardware.link import State
from hardware.manager import DeviceManager, UnclaimFailed
from hardware.simulator import SimulatedDevice
from hardware.transports.base import Item
from hardware.transports.loopback import LoopbackTransport

from .test_link import claimed_table
from .virtual_table import TABLE

KEY = bytes(range(16))


def refuse_code(raw: bytes) -> int | None:
    """The code of a signed REFUSE (the MAC is the receiver's business), else None."""
    frame = wire.unpack(raw)
    if wire.is_signed(raw) and frame.msg_type == wire.REFUSE and frame.payload:
        return frame.payload[0]
    return None


def is_unclaim(raw: bytes) -> bool:
    """A signed REFUSE 6: the table's unclaim, or the device's "ready"."""
    return refuse_code(raw) == wire.REFUSE_UNCLAIM


def is_forget(raw: bytes) -> bool:
    """A signed REFUSE 9: the table's "I forgot", or the device's "forgotten"."""
    return refuse_code(raw) == wire.REFUSE_UNCLAIM_DONE


def losing_first(
    receive: Callable[[bytes, float], None], lost: list[bytes], which: Callable[[bytes], bool]
) -> object:
    """``receive`` that never gets the first frame ``which`` picks (kept in ``lost``)."""

    def lossy(raw: bytes, now: float) -> None:
        if not lost and isinstance(raw, bytes) and which(raw):
            lost.append(raw)
            return
        receive(raw, now)

    return lossy


def losing_first_unclaim(receive: Callable[[bytes, float], None], lost: list[bytes]) -> object:
    return losing_first(receive, lost, is_unclaim)


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


def test_the_device_s_lost_ready_leaves_both_keys_and_the_repeat_is_answered() -> None:
    t = claimed_table()
    lost: list[bytes] = []
    t.link.receive = losing_first_unclaim(t.link.receive, lost)  # type: ignore[method-assign]
    t.link.unclaim(t.now)
    t.step(2)
    assert lost, "the device said ready; the word was lost"
    assert t.device.endpoint.claim is not None, "ready is not forgetting: the key is kept"
    assert t.keys.key_for(t.device.device) is not None, "no word, no forgetting here"
    t.settle(0.5)
    assert t.keys.key_for(t.device.device) is None and t.link.unclaimed
    assert t.device.endpoint.claim is None


def test_the_table_s_lost_forget_is_sent_again_and_the_device_keeps_its_key_till_then() -> None:
    t = claimed_table()
    lost: list[bytes] = []
    t.device.receive = losing_first(t.device.receive, lost, is_forget)  # type: ignore[method-assign]
    t.link.unclaim(t.now)
    t.step(3)
    assert lost, "the table's REFUSE 9 went out and was lost"
    assert t.keys.key_for(t.device.device) is None, "the table forgot first"
    assert t.device.endpoint.claim is not None, "the device forgets only on the table's word"
    t.settle(0.5)
    assert t.device.endpoint.claim is None and t.link.unclaimed


def test_the_device_s_lost_forgotten_is_given_again_for_the_repeat() -> None:
    t = claimed_table()
    lost: list[bytes] = []
    t.link.receive = losing_first(t.link.receive, lost, is_forget)  # type: ignore[method-assign]
    t.link.unclaim(t.now)
    t.step(3)
    assert lost and t.device.endpoint.claim is None, "it forgot; its word was lost"
    assert not t.link.unclaimed
    t.settle(0.5)
    assert t.link.unclaimed and t.link.state is State.UNCLAIMED


def test_a_forget_replayed_into_a_later_session_is_refused_and_the_key_kept() -> None:
    """The table's REFUSE 9 of one session, captured and replayed into the next: it fails the
    new session's MAC, and without an unclaim asked in that session it would be nothing."""
    t = claimed_table()
    captured: list[bytes] = []
    t.link.unclaim(t.now)
    down = t.link.take_outgoing()
    captured += [f for f in down if is_unclaim(f)]
    assert captured
    t.link.peer.unclaim_asked = False  # type: ignore[union-attr]  # the table changed its mind
    t.disconnect()
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.OPEN
    for f in captured:
        t.device.receive(f, t.now)
    t.settle(0.2)
    assert t.device.endpoint.claim is not None and t.keys.key_for(t.device.device) is not None
    assert t.device.endpoint.bad_macs >= 1


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


class DeafTransport(LoopbackTransport):
    """The loopback radio, losing every signed REFUSE the device sends once ``deaf``: the
    table's unclaim gets through, the device's answers never come back (until ``deaf`` ends,
    when the held answers arrive late)."""

    def __init__(self, device: SimulatedDevice, which: Callable[[bytes], bool]) -> None:
        super().__init__(device)
        self.deaf = False
        self.which = which
        self.held: list[bytes] = []
        receive = device.endpoint.take_outgoing

        def take() -> list[bytes]:
            out = receive()
            if self.deaf:
                self.held += [f for f in out if self.which(f)]
                out = [f for f in out if not self.which(f)]
            return out

        device.endpoint.take_outgoing = take  # type: ignore[method-assign]
        self.turns = 0  # the manager's receive calls on this radio: one per turn of its loop
        self._turned = asyncio.Event()

    async def receive(self, timeout: float) -> list[Item]:
        items = await super().receive(timeout)
        self.turns += 1
        self._turned.set()
        return items

    async def turns_of_the_table(self, n: int) -> None:
        """Until the manager has gone round its loop ``n`` more times: each turn sends what
        the link has to say (the simulated device answers at once) and takes what came back, so
        three turns carry anything the link says to the device and its answer back."""
        until = self.turns + n
        async with asyncio.timeout(30):  # a bound on a wait for an event, not a speed claim
            while self.turns < until:
                self._turned.clear()
                await self._turned.wait()


def test_lost_readies_leave_both_keys_and_a_late_one_changes_nothing() -> None:
    """Issue 35: the device's answers lost for the table's patience. The table says both keep
    the key, and it is so; the late answer, once it arrives, is ignored."""
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4")
    device.endpoint.claim = (TABLE, KEY)
    transport = DeafTransport(device, is_unclaim)

    async def main() -> None:
        manager = await claimed_manager(transport)
        try:
            transport.deaf = True
            with pytest.raises(UnclaimFailed, match="both it and this table keep their key"):
                await manager.unclaim(device.device, timeout=0.5)
            assert transport.held, "the device answered; the answers were lost"
            assert device.endpoint.claim == (TABLE, KEY), "what the table said is so"
            assert manager.keys.key_for(device.device) == KEY
            transport.deaf = False
            runner = next(r for r in manager._runners if r.info.device == device.device)
            assert runner.link is not None
            for f in transport.held:  # the late answers arrive
                runner.link.receive(f, time.monotonic())
            # Whatever the table would do about them has gone to the device and back.
            await transport.turns_of_the_table(3)
            assert manager.keys.key_for(device.device) == KEY, "a late answer changes nothing"
            assert device.endpoint.claim == (TABLE, KEY)
        finally:
            await manager.close()

    asyncio.run(main())


def test_a_lost_forgotten_is_said_as_may_still_hold_and_the_device_obeys_no_stranger() -> None:
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4")
    device.endpoint.claim = (TABLE, KEY)
    transport = DeafTransport(device, is_forget)
    obeyed: list[tuple[int, bytes]] = []
    device.endpoint.on_command = lambda t, p: obeyed.append((t, p))

    async def main() -> None:
        manager = await claimed_manager(transport)
        try:
            transport.deaf = True
            device.endpoint.receive = _losing_forget(device.endpoint.receive)  # type: ignore
            with pytest.raises(UnclaimFailed, match="it may still hold the key"):
                await manager.unclaim(device.device, timeout=0.5)
            assert manager.keys.key_for(device.device) is None, "the table forgot"
            assert device.endpoint.claim == (TABLE, KEY), "and the device did not: as said"
        finally:
            await manager.close()

    asyncio.run(main())
    # A stranger's unsigned SET_DIAL on the next connection is not obeyed: still claimed.
    device.endpoint.connect(0.0)
    device.endpoint.receive(wire.pack(wire.SET_DIAL, 0, wire.set_dial_payload(0, 12, 0, 20)), 0.1)
    assert obeyed == [] and device.endpoint.claim == (TABLE, KEY)


def _losing_forget(receive: Callable[[bytes, float], None]) -> Callable[[bytes, float], None]:
    """The device never gets the table's REFUSE 9: it keeps its key."""

    def lossy(raw: bytes, now: float) -> None:
        if isinstance(raw, bytes) and is_forget(raw):
            return
        receive(raw, now)

    return lossy
