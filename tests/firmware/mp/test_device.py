# The whole device built from the board config (both default boards) on simulated parts:
# heap used by the firmware, the steady-state loop under heap_lock, config errors.
import board_config
import micropython
import wire
from altarfw import device
from altarfw.keystore import KeyStore
from sim_hw import SimHw
from sim_mfrc522 import SimMfrc522
from sim_tag import Tag, ndef_pages


def rng(buf):
    for i in range(len(buf)):
        buf[i] = (i * 7 + 1) & 0xFF


class IdleStream:
    """A serial port with a host that says nothing: nothing to read, always writable."""

    def __init__(self):
        self.written = 0

    def readable(self):
        return False

    def read_byte(self):
        return 0

    def writable(self):
        return True

    def write(self, data, n):
        self.written += n


def build(board, hw):
    cfg = board_config.config(board)
    keys = KeyStore("/no-such-key-file")
    return device.build(cfg, hw, keys, rng, b"\x01\x02\x03\x04", wire.CAP_SERIAL)


def test_both_default_boards_build_from_the_one_config_file():
    for board, cs, encoder in (("esp32_devkit", 5, True), ("pico_w", 17, False)):
        chip = SimMfrc522()
        hw = SimHw({cs: chip}, with_encoder=encoder)
        app, link = build(board, hw)
        assert len(app.dials) == 2 and len(app.buttons) == 2 and len(app.scanners) == 1
        assert app.signals is not None and app.signals.led is not None
        if encoder:
            assert len(hw.encoders) == 2, "machine.Encoder used where the port has it"
        else:
            a = hw.pins[board_config.config(board)["dials"][0]["a"]]
            assert a.handler is not None and a.hard, "hard IRQ handlers on the dial pins"
        assert app.scanners[0].start(), board


def test_config_errors_say_what_is_wrong():
    cfg = dict(board_config.config("pico_w"))
    cfg["readers"] = [{"type": "mfrc522", "bus": "i2c", "cs": 1}]
    try:
        device.build(cfg, SimHw(), KeyStore("/nokeys"), rng, b"1234", 0)
    except device.ConfigError as e:
        assert "use mfrc522 on spi" in str(e)
    else:
        raise AssertionError("an MFRC522 on I2C was accepted")
    cfg = dict(board_config.config("pico_w"))
    cfg["dials"] = [{"a": i, "b": i + 1} for i in range(9)]
    try:
        device.build(cfg, SimHw(), KeyStore("/nokeys"), rng, b"1234", 0)
    except device.ConfigError as e:
        assert "at most 8" in str(e)
    else:
        raise AssertionError("nine dials accepted")


def test_dial_turns_become_dial_events_through_the_app():
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    app, link = build("pico_w", hw)
    a = hw.pins[2]
    b = hw.pins[3]
    a.level = 0
    b.level = 0
    a.handler(a)
    dec = app.dials[0].source
    for state in ((0, 1), (1, 1), (1, 0), (0, 0)) * 3:  # three detents clockwise
        a.level, b.level = state
        a.handler(a)
    app.sense_step(0)
    assert app.dials[0].value == 3, dec.count
    assert link.pending == 1, "one DIAL event carrying the absolute value"


def test_steady_state_loop_allocates_nothing():
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    app, link = build("pico_w", hw)
    from altarfw.serial_io import SerialTransport

    transport = SerialTransport(link, IdleStream())
    for s in app.scanners:
        s.start()
    chip.field.place(Tag(b"\x04\x11\x22\x33\x44\x55\x66", ndef_pages(b"ZL-1")))
    app.reader_step()
    app.sense_step(0)
    transport.step(0)
    pin_a = hw.pins[2]
    micropython.heap_lock()
    try:
        for t in range(1, 400):
            pin_a.level ^= 1 if t % 7 == 0 else 0
            pin_a.handler(pin_a)
            app.sense_step(t)
            if t % 10 == 0:
                app.reader_step()
            transport.step(t)
    finally:
        micropython.heap_unlock()
    assert app.scanners[0].latch.uid_len == 7


def test_status_reports_heap_uptime_and_errors():
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    app, link = build("pico_w", hw)
    app.status_step(0)
    assert link.pending == 0, "not before its period"
    link.errors = 3
    app.status_step(10_000)
    assert link.pending == 1
    link.on_connect(10_000)
    frames = []
    while True:
        n = link.next_frame(10_000)
        if not n:
            break
        frames.append(wire.unpack(bytes(link.tx[:n])))
    status = [f for f in frames if f.msg_type == wire.STATUS][0]
    battery, free_heap, uptime, errors = wire.parse_status(status.payload)
    assert battery == 255 and free_heap > 0 and uptime == 10 and errors == 3
    app.status_step(20_600)
    app.status_step(30_400)  # 30.4 s since start: the 0.6 s left over last time still counts
    assert app._uptime_s == 30


async def test_a_raising_part_never_stops_the_device():
    import asyncio

    from altarfw.main_loop import DIAG_INTERNAL

    chip = SimMfrc522()
    hw = SimHw({17: chip})
    app, link = build("pico_w", hw)

    def broken():
        raise OSError(5)  # EIO from a loose wire

    app.scanners[0].driver.poll = broken
    stream = IdleStream()
    from altarfw.serial_io import SerialTransport

    t = SerialTransport(link, stream)
    ticks = [0]

    def stop():
        ticks[0] += 1
        return ticks[0] > 30

    await app.run(t, stop)
    assert app.internal_errors > 0
    diags = [link._pend[i * 16 + 2] for i in range(16) if link._pend[i * 16] == wire.DIAG]
    assert DIAG_INTERNAL in diags
    assert app.dials[0].value == 0, "sensing went on"
    await asyncio.sleep_ms(1)


def _turn(hw, detents):
    # Dial 0 of pico_w (pins 2 and 3) through the Gray sequence, clockwise when detents > 0.
    a = hw.pins[2]
    b = hw.pins[3]
    cw = ((0, 1), (1, 1), (1, 0), (0, 0))
    ccw = ((1, 0), (1, 1), (0, 1), (0, 0))
    for state in (cw if detents > 0 else ccw) * abs(detents):
        a.level, b.level = state
        a.handler(a)


def _drain(link, now):
    out = []
    n = link.next_frame(now)
    while n:
        out.append(wire.unpack(bytes(link.tx[:n])))
        n = link.next_frame(now)
    return out


def _dials(frames):
    return [
        (wire.parse_dial(f.payload), wire.dial_at_stop(f.payload))
        for f in frames
        if f.msg_type == wire.DIAL
    ]


def test_a_dial_turned_against_its_stop_says_so_when_the_host_asked():
    """Issue 16 item 11 (docs/protocol.md, DIAL and SET_DIAL): turned down at 0, the dial
    answers with its unchanged value flagged DIAL_AT_STOP, but only for a host that asked
    with SET_DIAL's flag; to any other host it stays silent, as before."""
    hw = SimHw({17: SimMfrc522()})
    app, link = build("pico_w", hw)
    assert link._hello_buf[7] & wire.CAP_DIAL_STOP, "HELLO says the device can"
    a = hw.pins[2]
    a.level = 0
    hw.pins[3].level = 0
    a.handler(a)
    link.on_connect(0)
    _drain(link, 0)  # HELLO

    def host(msg_type, seq, payload):
        raw = bytearray(wire.pack(msg_type, seq, payload))
        link.receive(raw, len(raw), 0)

    host(wire.PING, 0, b"")  # the host's numbering
    host(wire.SET_DIAL, 0, wire.set_dial_payload(0, 0, 0, 13))  # a host that did not ask
    assert _dials(_drain(link, 0)) == [((0, 0), False)], "the echo only"
    _turn(hw, -2)
    app.sense_step(1)
    assert _dials(_drain(link, 1)) == [], "silent at the stop for a host that did not ask"

    host(wire.SET_DIAL, 1, wire.set_dial_payload(0, 0, 0, 13, report_stops=True))
    assert _dials(_drain(link, 2)) == [((0, 0), False)]
    _turn(hw, -1)
    app.sense_step(3)
    assert _dials(_drain(link, 3)) == [((0, 0), True)], "at 0 and turned down: said so"
    _turn(hw, 1)
    app.sense_step(4)
    assert _dials(_drain(link, 4)) == [((0, 1), False)], "a real turn is a plain DIAL"

    host(wire.SET_DIAL, 2, wire.set_dial_payload(0, 13, 0, 13, report_stops=True))
    _drain(link, 5)
    _turn(hw, 3)
    app.sense_step(6)
    frames = _dials(_drain(link, 6))
    assert frames == [((0, 13), True)], "at the top too; three clicks waiting are one event"


def test_a_real_turn_waiting_behind_a_stop_report_replaces_it():
    """A DIAL waiting to be sent is replaced by a newer one of the same dial, flag and all: a
    stop report must not turn a later real turn into a stop report (nor the other way)."""
    hw = SimHw({17: SimMfrc522()})
    app, link = build("pico_w", hw)
    link.event(wire.DIAL, b"\x00\x00\x01", 3)  # at the stop
    link.event(wire.DIAL, b"\x00\x01", 2)  # then turned up, before either was sent
    link.on_connect(0)
    raw = bytearray(wire.pack(wire.PING, 0, b""))
    link.receive(raw, len(raw), 0)
    assert _dials(_drain(link, 0)) == [((0, 1), False)]
