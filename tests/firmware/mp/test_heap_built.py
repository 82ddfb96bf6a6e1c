# Heap of the firmware as it runs (issue 13): imported as main.py does for the default board,
# then device.build() (buffers, replay ring, reader driver), the reader polled with a card
# placed on it, the dial and buttons sensed, a claimed session opened (the handshake as the
# table runs it) and its events sent signed. Prints "HEAP built_claimed=N"; the pytest side
# holds the limit. The simulated chips stand for the board's C drivers and are made before
# the baseline.
#
# The live heap is measured, as a board's collector leaves it: on this VM gc.collect() called
# from Python frees nothing (it scans the WebAssembly stack conservatively and keeps everything;
# measured in tests/firmware/mp/test_vm_facts.py), so the test awaits altar_gc.collect(), which
# collects from JavaScript with the Python stack unwound. What gc.collect() from Python leaves
# (every byte allocated since the baseline, garbage included) is printed too, as "allocated".
# The session is then opened again (a reconnect): the live heap must not grow with handshakes.
import gc
import sys

import micropython
from sim_hw import SimHw
from sim_mfrc522 import SimMfrc522
from sim_tag import Tag, ndef_pages

TABLE = b"TBL1"
KEY = bytes(range(16))
# The protocol's numbers the table side needs (hardware/wire.py is the host's codec and is not
# on the device, so loading it here would be counted as firmware).
VERSION = 2
HELLO = 0
ACK = 7
CLAIM = 12
AUTH = 13
HELLO_SIZE = 18
CAP_SERIAL = 1


class Quiet:
    def readable(self):
        return False

    def writable(self):
        return True

    def write(self, data, n):
        pass


def rng(buf):
    for i in range(len(buf)):
        buf[i] = (i * 29 + 3) & 0xFF


def handshake(link, auth, core):
    """The table's side of a claim with the device's key, its frames made with the device's
    own HMAC and Chaskey (so nothing but the firmware is loaded)."""
    link.on_connect(0)
    hello = bytearray(HELLO_SIZE)
    for _ in range(8):
        n = link.next_frame(0)
        if not n:
            break
        if link.tx[0] & 0x0F == HELLO:
            o = (link.tx[3] >> 4) * 14
            for i in range(n - 6):
                hello[o + i] = link.tx[4 + i]
    claim = TABLE + b"hostnonc"
    _receive(link, core, CLAIM, claim, None)
    while link.next_frame(0):
        pass
    _dev, host, _d2h, h2d = auth.proofs(KEY, bytes(hello) + claim)
    _receive(link, core, AUTH, host, None)
    _receive(link, core, ACK, b"\xff\xff", auth.Chaskey(h2d))


def _receive(link, core, msg_type, payload, mac):
    buf = bytearray(3 + len(payload) + (4 if mac else 0) + 2)
    buf[0] = (VERSION << 5) | msg_type | (0x10 if mac else 0)
    for i in range(len(payload)):
        buf[3 + i] = payload[i]
    n = 3 + len(payload)
    if mac:
        mac.mac_into(buf, n)
        n += 4
    c = core.crc16(buf, 0, n)
    buf[n] = c & 0xFF
    buf[n + 1] = c >> 8
    link.receive(buf, n + 2, 0)


def run_for_a_while(app, transport, hw, start):
    # Sensing, the reader polled, the dial turned, status: frames out, signed.
    pin_a = hw.pins[2]
    for i in range(start, start + 50):
        if i % 7 == 0:
            pin_a.level ^= 1
            pin_a.handler(pin_a)
        app.sense_step(i * 5)
        app.reader_step(i * 5)
        app.status_step(i * 5000)
        transport.step(i * 5)


async def test_heap_after_build_polling_and_a_claimed_session():
    import altar_gc

    for name in list(sys.modules):
        if name.startswith("altarfw") or name in ("wire", "wire_core", "board_config"):
            del sys.modules[name]
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    card = Tag(b"\x04\x11\x22\x33\x44\x55\x66", ndef_pages(b"ZL-1"))
    try:
        import os

        os.remove("/heap_keys.bin")
    except OSError:
        pass
    micropython.qstr_info()
    await altar_gc.collect()
    before = gc.mem_alloc()
    import altarfw.boot  # noqa: F401
    import board_config
    import wire_core
    from altarfw import device
    from altarfw.keystore import KeyStore
    from altarfw.link import ST_AUTHED
    from altarfw.serial_io import SerialTransport

    keys = KeyStore("/heap_keys.bin")
    keys.store(TABLE, KEY)
    app, link = device.build(
        board_config.config("pico_w"), hw, keys, rng, b"\xa1\x7a\x00\x01", CAP_SERIAL
    )
    transport = SerialTransport(link, Quiet())
    from altarfw import auth

    handshake(link, auth, wire_core)
    assert link.state == ST_AUTHED
    chip.field.place(card)
    run_for_a_while(app, transport, hw, 0)
    assert link.next_seq >= 3, "CARD, TAG and STATUS at least were numbered and sent"
    gc.collect()
    allocated = gc.mem_alloc() - before  # this VM's gc.collect() from Python frees nothing
    await altar_gc.collect()
    live = gc.mem_alloc() - before
    link.on_disconnect()
    handshake(link, auth, wire_core)  # a reconnect: the same state again, new keys
    assert link.state == ST_AUTHED and link.session is not None
    run_for_a_while(app, transport, hw, 50)
    await altar_gc.collect()
    again = gc.mem_alloc() - before
    print(
        "HEAP built_claimed=%d reconnect_growth=%d allocated=%d" % (live, again - live, allocated)
    )
    micropython.qstr_info()
    print("HEAP from=%s" % device.__file__)
