# Heap of the firmware as it runs (issue 13): imported as main.py does for the default board,
# then device.build() (buffers, replay ring, reader driver), the reader polled, the dial and
# buttons sensed, a claimed session opened (the handshake as the table runs it) and events sent
# signed. Prints "HEAP built_claimed=N"; the pytest side holds the limit. The simulated chips
# stand for the board's C drivers and are loaded before the baseline.
#
# This VM never frees hashlib objects (192 bytes each, measured: tests/firmware/mp/
# test_vm_facts.py), and every handshake makes some. So the session is opened twice: the second
# handshake replaces the first one's state, its growth is that leak, and it is subtracted once.
import gc
import sys

import micropython
from sim_hw import SimHw
from sim_mfrc522 import SimMfrc522

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


def test_heap_after_build_polling_and_a_claimed_session():
    for name in list(sys.modules):
        if name.startswith("altarfw") or name in ("wire", "wire_core", "board_config"):
            del sys.modules[name]
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    try:
        import os

        os.remove("/heap_keys.bin")
    except OSError:
        pass
    micropython.qstr_info()
    gc.collect()
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
    for i in range(50):
        app.sense_step(i * 5)
        app.reader_step(i * 5)
        transport.step(i * 5)
    gc.collect()
    first = gc.mem_alloc() - before
    link.on_disconnect()
    handshake(link, auth, wire_core)  # a reconnect: the same state again, new keys
    assert link.state == ST_AUTHED
    # Running: sensing, the reader polled, status, frames out, for a while.
    for i in range(50):
        app.sense_step(i * 5)
        app.reader_step(i * 5)
        transport.step(i * 5)
    gc.collect()
    second = gc.mem_alloc() - before
    leak = second - first
    print("HEAP built_claimed=%d leak_per_handshake=%d raw=%d" % (first - leak, leak, first))
    micropython.qstr_info()
    assert link.state == ST_AUTHED and link.session is not None
    print("HEAP from=%s" % device.__file__)
