"""Monitor mode keeps listening (issue 21): on an unclaimed link (``altar monitor``) a forged
unsigned PING, PONG or ACK with its sequence number far ahead used to move the host's window,
and the device's real events were taken for old ones and dropped for seconds. Only HELLO moves
an unclaimed link's window now."""

from __future__ import annotations

import pytest

from hardware import wire
from hardware.events import DeviceStatus, DialChanged
from hardware.link import State

from .virtual_table import VirtualTable


@pytest.mark.parametrize("forged_type", [wire.PING, wire.PONG, wire.ACK])
@pytest.mark.parametrize("ahead", [1, 100, 30_000])
def test_a_forged_unsigned_frame_with_its_number_ahead_silences_nothing(
    forged_type: int, ahead: int
) -> None:
    t = VirtualTable(accept_unclaimed=True)
    t.connect()
    t.device.turn_dial(0, 1)
    t.settle(0.2)
    assert t.link.state is State.UNCLAIMED
    peer = t.link.peer
    assert peer is not None and peer.inbox.next is not None
    window = peer.inbox.next
    payload = wire.ack_payload(window + ahead) if forged_type == wire.ACK else b"hello"
    t.inject(wire.pack(forged_type, (window + ahead) & 0xFFFF, payload))
    assert peer.inbox.next == window  # not moved by an unsigned frame
    for value in (2, 3, 4):
        t.device.turn_dial(0, value)
    t.settle(0.3)  # a tenth of what the stall lasted: the events come at once, in order
    dials = [e.value for e in t.events if isinstance(e, DialChanged)]
    assert dials == [1, 2, 3, 4]
    assert not any(isinstance(e, DeviceStatus) and "lost" in e.message for e in t.events)
