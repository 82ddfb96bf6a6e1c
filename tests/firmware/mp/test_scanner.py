# Tag presence through the scanner: placed once, resting never re-fires, removed after a few
# missed polls, random UIDs rejected, a failing chip reset and reported, several readers.
import micropython
from altarfw.mfrc522 import Mfrc522
from altarfw.pn532 import Pn532
from altarfw.pn532_bus import SpiBus
from altarfw.scanner import (
    DIAG_RANDOM_UID,
    DIAG_READER_MISSING,
    DIAG_READER_RESET,
    LATCH_NONE,
    LATCH_PLACED,
    LATCH_REMOVED,
    Scanner,
    TagLatch,
)
from sim_mfrc522 import CsPin, SimMfrc522
from sim_pn532 import SimPn532, SimSpi
from sim_tag import Tag, ndef_pages

UID7 = b"\x04\x11\x22\x33\x44\x55\x66"
UID4 = b"\x04\xa1\xb2\xc3"
RANDOM = b"\x08\x12\x34\x56"


class Sink:
    def __init__(self):
        self.events = []

    def tag_placed(self, reader, uid, n, ref, ref_n):
        self.events.append(("placed", reader, bytes(uid[:n]), bytes(ref[:ref_n])))

    def tag_removed(self, reader, uid, n):
        self.events.append(("removed", reader, bytes(uid[:n])))

    def reader_diag(self, code, reader, detail):
        self.events.append(("diag", code, reader, detail))


class CountingSink:
    """Records counts only, so a scanner step can run with the heap locked."""

    def __init__(self):
        self.placed = 0
        self.removed = 0
        self.diags = 0

    def tag_placed(self, reader, uid, n, ref, ref_n):
        self.placed += 1

    def tag_removed(self, reader, uid, n):
        self.removed += 1

    def reader_diag(self, code, reader, detail):
        self.diags += 1


def _mfrc(sink, index=0):
    chip = SimMfrc522()
    s = Scanner(index, Mfrc522(chip, CsPin(chip), poll_us=0), sink)
    assert s.start()
    return chip, s


def test_latch_edges():
    latch = TagLatch(3)
    a = b"\x01\x02\x03\x04"
    assert latch.update(True, a, 4) == LATCH_PLACED
    assert latch.update(True, a, 4) == LATCH_NONE
    assert latch.update(False, a, 0) == LATCH_NONE
    assert latch.update(False, a, 0) == LATCH_NONE
    assert latch.update(True, a, 4) == LATCH_NONE, "two misses then back: still the same placement"
    for _ in range(2):
        latch.update(False, a, 0)
    assert latch.update(False, a, 0) == LATCH_REMOVED
    b = b"\x09\x08\x07\x06\x05\x04\x03"
    latch.update(True, a, 4)
    assert latch.update(True, b, 7) == LATCH_REMOVED | LATCH_PLACED
    assert bytes(latch.old_uid[: latch.old_len]) == a


def test_placed_once_with_its_card_reference_and_never_again_while_resting():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(UID7, ndef_pages(b"ZL-042")))
    for _ in range(200):
        s.step()
    assert sink.events == [("placed", 0, UID7, b"ZL-042")]


def test_removed_once_after_a_few_missed_polls():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(UID4))
    s.step()
    chip.field.remove()
    s.step()
    s.step()
    assert len(sink.events) == 1, "two misses are not a removal yet"
    s.step()
    for _ in range(50):
        s.step()
    assert sink.events == [("placed", 0, UID4, b""), ("removed", 0, UID4)]


def test_noise_on_a_resting_tag_does_not_re_fire():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(UID7))
    s.step()
    for _ in range(10):
        chip.field.noise = 1  # one damaged answer in every other poll
        s.step()
        s.step()
    assert sink.events == [("placed", 0, UID7, b"")]


def test_random_uids_are_not_identities():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(RANDOM))
    for _ in range(10):
        s.step()
    chip.field.remove()
    for _ in range(5):
        s.step()
    assert sink.events == [("diag", DIAG_RANDOM_UID, 0, 0)], sink.events


def test_a_chip_that_keeps_failing_is_reset_and_reported():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.dead = True
    for _ in range(3):
        s.step()
    assert sink.events == [("diag", DIAG_READER_RESET, 0, 0)], "reset tried; chip still gone"
    for _ in range(100):
        s.step()
    assert len(sink.events) == 1, "a dead chip is retried quietly, not reported every poll"
    chip.dead = False
    for _ in range(s.retry_steps):
        s.step()
    assert sink.events[-1] == ("diag", DIAG_READER_RESET, 0, 1), "reported when it comes back"
    chip.field.place(Tag(UID4))
    s.step()
    assert sink.events[-1] == ("placed", 0, UID4, b"")


def test_a_missing_reader_is_reported_at_start():
    sink = Sink()
    chip = SimMfrc522(version=0)
    s = Scanner(1, Mfrc522(chip, CsPin(chip), poll_us=0), sink)
    assert not s.start()
    assert sink.events == [("diag", DIAG_READER_MISSING, 1, 0)]


def test_several_readers_on_one_device_report_separately():
    sink = Sink()
    chip0, s0 = _mfrc(sink, 0)
    pn = SimPn532()
    s1 = Scanner(1, Pn532(SpiBus(SimSpi(pn), CsPin(chip0)), ack_timeout_ms=3), sink)
    assert s1.start()
    chip0.field.place(Tag(UID4))
    pn.field.place(Tag(UID7))
    for _ in range(5):
        s0.step()
        s1.step()
    assert ("placed", 0, UID4, b"") in sink.events
    assert ("placed", 1, UID7, b"") in sink.events
    assert len(sink.events) == 2


def test_scanner_steps_allocate_nothing():
    sink = CountingSink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(UID7, ndef_pages(b"X1")))
    micropython.heap_lock()
    try:
        for _ in range(5):
            s.step()
        chip.field.remove()
        for _ in range(5):
            s.step()
    finally:
        micropython.heap_unlock()
    assert (sink.placed, sink.removed) == (1, 1)


def test_a_damaged_answer_every_poll_neither_removes_nor_resets():
    sink = Sink()
    chip, s = _mfrc(sink)
    chip.field.place(Tag(UID7))
    s.step()
    for _ in range(20):
        chip.field.noise = 1  # e.g. a second card on top: every answer is garbled
        s.step()
    assert sink.events == [("placed", 0, UID7, b"")]
    assert s.resets == 0
