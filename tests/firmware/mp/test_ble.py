# The BLE transport against the fake aioble: advertisement contents, one frame per
# notification, host writes delivered in order, replay after a reconnect.
import asyncio
import binascii

import aioble
import wire
from altarfw.ble import COMMANDS_UUID, EVENTS_UUID, SERVICE_UUID, BleTransport
from altarfw.keystore import KeyStore
from altarfw.link import Link


class Cmds:
    def __init__(self):
        self.dials = []

    def set_dial(self, i, v, lo, hi, stops=0):
        self.dials.append((i, v))

    def feedback(self, kind, reader):
        pass

    def pairing(self):
        return False


def rng(buf):
    for i in range(len(buf)):
        buf[i] = 7 * i + 3


def ad_fields(data):
    out = {}
    i = 0
    while i < len(data):
        n = data[i]
        out[data[i + 1]] = bytes(data[i + 2 : i + 1 + n])
        i += 1 + n
    return out


async def settle(ms=60):
    await asyncio.sleep_ms(ms)


async def test_ble_link_end_to_end_with_reconnect():
    keys = KeyStore("/ble_keys")
    keys.table = b"T\x00B\x01"
    link = Link(b"\x0a\x0b\x0c\x0d", wire.CAP_BLE, 1, 1, keys, Cmds(), rng)
    ble = BleTransport(link)
    service = aioble.registered[-1]
    assert service.uuid == SERVICE_UUID
    events, commands = service.characteristics
    assert events.uuid == EVENTS_UUID and events.flags[3], "notify characteristic"
    assert commands.uuid == COMMANDS_UUID and commands.flags[2] and commands.flags[5], (
        "write without response, every write captured"
    )
    task = asyncio.create_task(ble.run())
    await settle(10)
    interval, adv, resp = aioble.advertisements[-1]
    fields = ad_fields(adv)
    assert len(adv) <= 31 and len(resp) <= 31
    assert fields[0x07] == SERVICE_UUID, "our 128-bit service in the advertisement"
    assert fields[0x12] == b"\x0c\x00\x18\x00", "15-30 ms connection interval asked"
    # As bleak reports it to hardware/transports/ble.py: service data under our service UUID.
    assert ad_fields(resp)[0x21] == SERVICE_UUID + b"T\x00B\x01", "the claiming table's id"

    conn = aioble.central_connects()
    await settle(100)  # three notifications, 15 ms apart
    assert SERVICE_UUID == bytes(
        reversed(binascii.unhexlify(wire.BLE_SERVICE_UUID.replace("-", "")))
    )
    notes = conn.take()
    got = [wire.unpack(n) for n in notes]
    # HELLO in two parts, then (unclaimed) the PING carrying the boot id
    assert [f.msg_type for f in got] == [wire.HELLO, wire.HELLO, wire.PING], got
    assert all(len(n) <= wire.MAX_FRAME for n in notes), "each part one notification"
    link.event(wire.DIAL, b"\x00\x05", 2)
    link.event(wire.TAG, b"\x80" + bytes(range(10)), 11)
    await settle()
    notes = conn.take()
    assert all(len(n) <= wire.MAX_EVENT_FRAME for n in notes)
    got = [wire.unpack(n) for n in notes]
    assert [(f.msg_type, f.seq) for f in got] == [(wire.DIAL, 0), (wire.TAG, 1)]
    assert events.max_in_flight == 1, "one notification at a time"

    commands.remote_write(conn, wire.pack(wire.ACK, 0, wire.ack_payload(0)))
    commands.remote_write(conn, wire.pack(wire.SET_DIAL, 0, wire.set_dial_payload(0, 9, 0, 13)))
    await settle()
    assert link.commands.dials == [(0, 9)]
    acks = [wire.unpack(n) for n in conn.take()]
    assert wire.ACK in [f.msg_type for f in acks]

    conn.drop()  # the radio link is lost with TAG 1 unacknowledged
    await settle(20)
    assert not link.connected
    link.event(wire.DIAL, b"\x00\x06", 2)
    conn2 = aioble.central_connects()
    await settle(120)
    got = [wire.unpack(n) for n in conn2.take()]
    assert [(f.msg_type, f.seq) for f in got][3:] == [(wire.TAG, 1), (wire.DIAL, 2)]
    assert got[0].msg_type == got[1].msg_type == wire.HELLO and got[2].msg_type == wire.PING
    assert ble.connections == 2
    task.cancel()
    await settle(5)


def test_an_unclaimed_device_advertises_its_name_and_no_table():
    from altarfw.ble import scan_response

    fields = ad_fields(scan_response(None, b"\xa1\xb2\xc3\xd4"))
    assert 0x21 not in fields
    assert fields[0x09] == b"Altar-a1b2c3d4"


async def _until(cond, ms):
    """Waits for cond() (an event, not a guessed time), at most ms: a bound, not a speed."""
    for _ in range(ms // 10):
        if cond():
            return True
        await asyncio.sleep_ms(10)
    return cond()


async def test_a_silent_central_is_dropped_and_advertising_resumes():
    """Issue 35: a central that connected and said nothing held the only connection (the
    table waited 8 s until the probe let go). A claimed device drops a connection that has not
    authenticated within the limit (shortened here from 4 s), then advertises again, and the
    table's own connection is served."""
    keys = KeyStore("/ble_keys_idle")
    keys.table = b"T\x00B\x01"
    keys.key = bytes(16)
    link = Link(b"\x0a\x0b\x0c\x0e", wire.CAP_BLE, 1, 1, keys, Cmds(), rng)
    link.auth_ms = 200
    ble = BleTransport(link)
    task = asyncio.create_task(ble.run())
    await settle(10)
    adverts = len(aioble.advertisements)
    silent = aioble.central_connects()  # the stranger: connects, says nothing
    assert await _until(lambda: not silent.connected, 3000), "dropped"
    assert ble.idle_drops == 1
    assert await _until(lambda: len(aioble.advertisements) > adverts, 1000), "advertising again"
    print("BLE silent_central_dropped_after_ms=%d" % link.auth_ms)
    # An unclaimed device out of pairing mode keeps a listener (a monitor): nothing to guard.
    task.cancel()
    await settle(5)
    link2 = Link(b"\x0a\x0b\x0c\x0f", wire.CAP_BLE, 1, 1, KeyStore("/ble_keys_none"), Cmds(), rng)
    link2.auth_ms = 200
    ble2 = BleTransport(link2)
    task2 = asyncio.create_task(ble2.run())
    await settle(10)
    monitor = aioble.central_connects()
    await settle(400)
    assert monitor.connected and ble2.idle_drops == 0
    monitor.drop()
    task2.cancel()
    await settle(5)
