# The end-to-end device: the firmware's own main loop (altarfw.main_loop.App.run with the serial
# transport), built from the board config for a Pico W, its chips simulated, its serial port a
# pseudo-terminal on the host (tests/firmware/test_end_to_end.py) reached through the VM's
# `altar_serial` JS module. The scenario plays the table: pair, place a card, turn a dial,
# lift the card; the host's side asserts what arrived.
import asyncio
import binascii
import os

import altar_serial
import board_config
import wire
from altarfw import device
from altarfw.keystore import KeyStore
from altarfw.link import ST_AUTHED
from altarfw.serial_io import SerialTransport
from sim_hw import SimHw
from sim_mfrc522 import SimMfrc522
from sim_tag import Tag, ndef_pages

UID = b"\x04\x5a\x11\x22\x33\x44\x80"


class PtyStream:
    """The pseudo-terminal as the serial transport's stream (test glue: it may allocate)."""

    def __init__(self):
        self._buf = b""
        self._pos = 0

    def readable(self):
        if self._pos >= len(self._buf):
            h = altar_serial.read()
            if not h:
                return False
            self._buf = binascii.unhexlify(h)
            self._pos = 0
        return True

    def read_byte(self):
        b = self._buf[self._pos]
        self._pos += 1
        return b

    def writable(self):
        return True

    def write(self, data, n):
        altar_serial.write(binascii.hexlify(data[:n]).decode())


def rng(buf):
    import random

    for i in range(len(buf)):
        buf[i] = random.getrandbits(8)


WATCH = []  # the link under test, for the message when a wait times out


def state():
    if not WATCH:
        return ""
    link = WATCH[0]
    pm = link.commands.pairing_mode
    return (
        " (link: connected=%s state=%d next_seq=%d in ring=%d sent=%d pending=%d errors=%d;"
        " claims waiting=%d, proved=%s, press base=%d; pairing open=%s, presses=%d;"
        " loop errors=%d)"
        % (
            link.connected,
            link.state,
            link.next_seq,
            link.count,
            link._sent,
            link.pending,
            link.errors,
            len(link._cands),
            link.awaiting_press,
            link._press_base,
            pm.open,
            pm.presses,
            link.commands.internal_errors,
        )
    )


async def until(cond, what, ms=8000):
    # Polls the condition every 10 ms of the VM's clock: the firmware's objects have no events
    # to await; the bound counts polls, so a loaded VM waits longer, never fails sooner.
    for _ in range(ms // 10):
        if cond():
            return
        await asyncio.sleep_ms(10)
    raise AssertionError("timed out waiting for " + what + state())


async def press(button, pin, what):
    """One short press, as a finger makes it: down until the firmware's button scanner has
    registered it (its debounced state), then up until it has registered the release. Waited
    for as events: a pulse of a guessed length went unseen on a loaded VM (60 ms), and one long
    enough for any load would be a LONG press."""
    # Up first, as the scanner sees it: a claim can prove itself within the debounce time of
    # the pairing hold's release, and a press made before that release registered is the
    # same press to the scanner (no new press: nothing confirmed; seen on a loaded machine).
    pin.level = 1
    await until(lambda: not button.pressed, what + ": the button up before it")
    pin.level = 0
    await until(lambda: button.pressed, what + ", pressed")
    pin.level = 1
    await until(lambda: not button.pressed, what + ", let go")


async def the_host_still_talks(link, what):
    """Until a frame from the table arrives after this moment (it pings every 0.5 s): it is
    still there, reading, and the link takes its frames; a guessed pause proved neither."""
    heard = link.last_rx
    await until(lambda: link.last_rx != heard, what)


def quarter(hw, a_level, b_level, bounce=True):
    a = hw.pins[2]
    b = hw.pins[3]
    if bounce and a.level != a_level:  # contact chatter on the edge that moves
        for _ in range(3):
            a.level = a_level
            a.handler(a)
            a.level = 1 - a_level
            a.handler(a)
    a.level = a_level
    b.level = b_level
    a.handler(a)


async def test_device_over_a_pseudo_terminal():
    try:
        os.remove("/e2e_keys.bin")
    except OSError:
        pass
    chip = SimMfrc522()
    hw = SimHw({17: chip})
    app, link = device.build(
        board_config.config("pico_w"),
        hw,
        KeyStore("/e2e_keys.bin"),
        rng,
        b"\xa1\x7a\x00\x01",
        wire.CAP_SERIAL,
    )
    transport = SerialTransport(link, PtyStream())
    WATCH.append(link)
    done = [False]
    runner = asyncio.create_task(app.run(transport, lambda: done[0]))

    def settled():
        return link.streaming and link.count == 0 and link.pending == 0

    def sent_and_acked(before):
        # an event was numbered after `before` and the host has acknowledged everything
        return link.next_seq != before and settled()

    # Rest position of the encoder: both contacts closed to ground (00) here.
    hw.pins[2].level = 0
    hw.pins[3].level = 0
    hw.pins[2].handler(hw.pins[2])
    # Pairing: dial 0's button held 5 s opens pairing mode (the device is unclaimed, so at any
    # time; real time here, the firmware's own clock); the table's claim then goes in.
    hw.pins[4].level = 0
    await until(lambda: app.pairing_mode.open, "pairing mode after a 5 s hold", 7000)
    hw.pins[4].level = 1  # the gesture is done
    print("E2E pairing mode open")  # the table claims on this line, not after a guessed time
    # The claim proves itself both ways, then waits for the players' press (issue 35): the
    # light asks, the table says "press once", and one short press confirms it.
    await until(lambda: link.awaiting_press, "the table's claim to prove itself", 20000)
    assert link.state != ST_AUTHED and not link.keys.claimed, "nothing kept before the press"
    seq = link.next_seq
    await press(app.buttons[app.pair_button], hw.pins[4], "the confirming press")
    await until(lambda: link.state == ST_AUTHED, "the table's claim, confirmed")
    assert not app.pairing_mode.open, "one claim per gesture"
    shown = app.signals.shown  # the pairing blinks and the claim's own confirmation
    await until(lambda: sent_and_acked(seq), "the button press to be acknowledged")
    # A card is placed on the reader and stays there.
    chip.field.place(Tag(UID, ndef_pages(b"ZL-PSY")))
    seq = link.next_seq
    await until(lambda: app.scanners[0].latch.uid_len == 7, "the card to be seen")
    await until(lambda: sent_and_acked(seq), "TAG to be acknowledged")
    # The dial turns three detents clockwise, one at a time, with contact bounce.
    for k in range(1, 4):
        for a_level, b_level in ((0, 1), (1, 1), (1, 0), (0, 0)):
            quarter(hw, a_level, b_level)
        await until(lambda: app.dials[0].value == k and settled(), "DIAL to be acknowledged")
    # The card is lifted.
    chip.field.remove()
    seq = link.next_seq
    await until(lambda: app.scanners[0].latch.uid_len == 0, "the card to be gone")
    await until(lambda: sent_and_acked(seq), "TAG removed to be acknowledged")
    # The host sets the dial and confirms the scan; then says it is finished with a PING "bye".
    await until(lambda: app.dials[0].value == 10, "SET_DIAL from the host")
    await until(lambda: app.signals.shown == shown + 1, "FEEDBACK from the host")
    await until(settled, "the DIAL answering SET_DIAL to be acknowledged")
    await the_host_still_talks(link, "the table's next frame, after the last acknowledgement")
    done[0] = True
    await runner
    assert link.security_errors == 0 and link.errors == 0, (link.security_errors, link.errors)
    assert link.keys.claimed
    print("E2E device done: largest frame %d bytes" % transport.largest)
