# The serial transport: COBS frames both ways, the REPL escape, a host that is not reading,
# a host that goes quiet, silence until the host asks for a HELLO.
import micropython
import wire
from altarfw.keystore import KeyStore
from altarfw.link import Link
from altarfw.serial_io import SerialTransport, cobs_decode_into


class Cmds:
    def __init__(self):
        self.dials = []

    def set_dial(self, i, v, lo, hi, stops=0):
        self.dials.append((i, v, lo, hi))

    def feedback(self, kind, reader):
        pass

    def pairing(self):
        return False


class Stream:
    def __init__(self):
        self.inbox = bytearray()
        self.pos = 0
        self.out = bytearray()
        self.can_write = True

    def readable(self):
        return self.pos < len(self.inbox)

    def read_byte(self):
        b = self.inbox[self.pos]
        self.pos += 1
        return b

    def writable(self):
        return self.can_write

    def write(self, data, n):
        for i in range(n):
            self.out.append(data[i])

    def frames(self):
        d = wire.StreamDecoder()
        got = d.feed(bytes(self.out))
        self.out = bytearray()
        return got


def rng(buf):
    for i in range(len(buf)):
        buf[i] = i + 1


def make():
    link = Link(b"\x01\x02\x03\x04", wire.CAP_SERIAL, 1, 1, KeyStore("/none"), Cmds(), rng)
    s = Stream()
    return link, s, SerialTransport(link, s)


def test_cobs_decode_into_matches_wire():
    out = bytearray(64)
    for raw in (b"\x00", b"\x11\x00\x22", bytes(range(1, 40)), b"\x00\x00\x00"):
        enc = wire.cobs_encode(raw)[:-1]
        n = cobs_decode_into(enc, len(enc), out)
        assert bytes(out[:n]) == raw
    assert cobs_decode_into(b"\x05\x01", 2, out) == -1, "a block cut short is refused"


def test_silent_until_the_host_asks_for_hello_then_streams():
    link, s, t = make()
    link.event(wire.DIAL, b"\x00\x05", 2)
    t.step(0)
    t.step(5000)
    assert s.frames() == [], "nothing goes out before a host opens the link"
    s.inbox.extend(wire.encode(wire.PING, 0, wire.HELLO_REQUEST))
    t.step(5010)
    got = s.frames()
    # HELLO in 2 parts, then (unclaimed) the PING carrying the boot id, then the event
    assert [f.msg_type for f in got] == [wire.HELLO, wire.HELLO, wire.PING, wire.DIAL]
    assert got[0].seq == 0, "HELLO carries the oldest number held, so the host starts there"
    assert link.connected


def test_a_quiet_host_is_a_lost_link():
    link, s, t = make()
    s.inbox.extend(wire.encode(wire.PING, 0, b""))
    t.step(0)
    assert link.connected
    t.step(3500)
    assert not link.connected


def test_host_commands_arrive_through_cobs_with_zero_bytes_inside():
    link, s, t = make()
    command = wire.encode(wire.SET_DIAL, 0, wire.set_dial_payload(0, 0, 0, 13))
    s.inbox.extend(wire.encode(wire.PING, 0, b""))  # connects; says the host's oldest is 0
    s.inbox.extend(b"line noise\r\n")  # runs into the next frame up to its delimiter
    s.inbox.extend(command)
    t.step(0)
    assert link.commands.dials == [] and link.errors == 1, "noise and frame dropped together"
    s.inbox.extend(command)  # the host resends what was not acknowledged
    t.step(1)
    assert link.commands.dials == [(0, 0, 0, 13)], "zero bytes inside the payload survive COBS"


def test_a_host_that_is_not_reading_never_blocks_and_loses_nothing():
    link, s, t = make()
    s.inbox.extend(wire.encode(wire.PING, 0, b""))
    t.step(0)
    s.frames()
    s.can_write = False
    for i in range(10):
        link.event(wire.BUTTON, bytes([0, 1]), 2)
        t.step(10 + i)
    assert s.out == bytearray() and t.unwritten >= 10
    s.can_write = True
    s.inbox.extend(wire.encode(wire.PING, 1, b""))
    t.step(100)
    t.step(101)
    buttons = [f for f in s.frames() if f.msg_type == wire.BUTTON]
    assert [f.seq for f in buttons] == list(range(10))


def test_repl_escape_after_a_delimiter():
    for escape in (b"\r\x03", b"\x03\x03"):
        link, s, t = make()
        s.inbox.extend(wire.encode(wire.PING, 0, b"\x03\x03\x03"))  # Ctrl-C inside a frame
        t.step(0)
        assert not t.repl_requested, "0x03 bytes inside a frame are data"
        s.inbox.extend(escape)
        t.step(1)
        assert t.repl_requested, escape


def test_transport_step_allocates_nothing():
    link, s, t = make()
    s.inbox.extend(wire.encode(wire.PING, 0, b""))
    t.step(0)
    s.frames()
    frames = bytearray()
    for seq in range(5):
        frames.extend(wire.encode(wire.SET_DIAL, seq, wire.set_dial_payload(0, seq, 0, 13)))
    s.inbox.extend(frames)
    s.out = bytearray(4096)  # room to write without growing

    def write(data, _o=s):
        pass

    s.write = write

    class Count:
        def __init__(self):
            self.n = 0
            self.last = -1

        def set_dial(self, i, v, lo, hi, stops=0):
            self.n += 1
            self.last = v

    counter = Count()
    link.commands = counter
    micropython.heap_lock()
    try:
        for i in range(20):
            link.event(wire.DIAL, b"\x00\x01", 2)
            t.step(10 + i)
    finally:
        micropython.heap_unlock()
    assert (counter.n, counter.last) == (5, 4)
