# The MFRC522 driver against the register-level simulated chip.
import micropython
from altarfw import ndef
from altarfw.iso14443a import POLL_FAIL, POLL_NONE, POLL_TAG
from altarfw.mfrc522 import Mfrc522
from sim_mfrc522 import CsPin, SimMfrc522
from sim_tag import Tag, ndef_pages

UID4 = b"\x04\xa1\xb2\xc3"
UID7 = b"\x04\x11\x22\x33\x44\x55\x66"
UID10 = b"\x04\x01\x02\x03\x04\x05\x06\x07\x08\x09"


def _reader(**kw):
    chip = SimMfrc522(**kw)
    drv = Mfrc522(chip, CsPin(chip), poll_us=0)
    return chip, drv


def test_init_checks_the_version_register():
    chip, drv = _reader()
    assert drv.init()
    assert drv.version == 0x92
    chip2, drv2 = _reader(version=0x00)
    assert not drv2.init(), "a chip that reads 0x00 is not an MFRC522"


def test_empty_field_is_a_short_bounded_poll():
    chip, drv = _reader()
    drv.init()
    before = chip.transfers
    assert drv.poll() == POLL_NONE
    used = chip.transfers - before
    # A WUPA: ~8 register writes, then the timer fires on the first status read.
    assert used < 15, used
    assert drv.failures == 0


def test_full_uids_through_every_cascade_level():
    for uid in (UID4, UID7, UID10):
        chip, drv = _reader()
        drv.init()
        chip.field.place(Tag(uid))
        assert drv.poll() == POLL_TAG, uid
        assert bytes(drv.uid[: drv.uid_len]) == uid
        for i in range(drv.uid_len):
            assert drv.uid[i] != 0x88 or i == 0 and uid[0] == 0x88, "cascade tag in the UID"


def test_a_resting_tag_answers_every_poll_after_halt():
    chip, drv = _reader()
    drv.init()
    chip.field.place(Tag(UID7))
    for _ in range(5):
        assert drv.poll() == POLL_TAG
        drv.halt()


def test_ndef_card_reference_from_ntag_pages():
    chip, drv = _reader()
    drv.init()
    chip.field.place(Tag(UID7, ndef_pages(b"ZL-PSY")))
    assert drv.poll() == POLL_TAG
    pages = bytearray(32)
    assert drv.read_page4(3, pages, 0)
    assert drv.read_page4(7, pages, 16)
    out = bytearray(10)
    n = ndef.card_ref(pages, 32, out)
    assert bytes(out[:n]) == b"ZL-PSY"


def test_noise_is_a_failed_poll_not_a_crash():
    chip, drv = _reader()
    drv.init()
    chip.field.place(Tag(UID4))
    chip.field.noise = 1
    assert drv.poll() == POLL_FAIL
    assert drv.failures == 0, "a damaged answer is the tag's, not a failing chip"
    assert drv.poll() == POLL_TAG


def test_a_chip_that_stops_answering_costs_a_bounded_poll():
    chip, drv = _reader()
    drv.init()
    chip.dead = True
    before = chip.transfers
    assert drv.poll() == POLL_FAIL
    used = chip.transfers - before
    assert used <= drv._max_polls + 12, used
    assert drv.poll() == POLL_FAIL
    assert drv.failures == 2
    chip.dead = False
    assert drv.reset()
    assert drv.poll() == POLL_NONE


def test_poll_and_page_reads_allocate_nothing():
    chip, drv = _reader()
    drv.init()
    chip.field.place(Tag(UID10, ndef_pages(b"ABC")))
    pages = bytearray(32)
    drv.poll()
    micropython.heap_lock()
    try:
        for _ in range(20):
            r = drv.poll()
            ok = drv.read_page4(3, pages, 0)
            drv.halt()
    finally:
        micropython.heap_unlock()
    assert r == POLL_TAG and ok
    chip.field.remove()
    micropython.heap_lock()
    try:
        r = drv.poll()
    finally:
        micropython.heap_unlock()
    assert r == POLL_NONE
