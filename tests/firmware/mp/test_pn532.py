# The PN532 driver over SPI, I2C and UART against the frame-level simulated chip.
import micropython
from altarfw import ndef
from altarfw.iso14443a import POLL_FAIL, POLL_NONE, POLL_TAG
from altarfw.pn532 import ERR_TIMEOUT, Pn532
from altarfw.pn532_bus import I2cBus, SpiBus, UartBus
from sim_pn532 import SimI2c, SimPn532, SimSpi, SimUart
from sim_tag import Tag, ndef_pages

UID4 = b"\x04\xa1\xb2\xc3"
UID7 = b"\x04\x11\x22\x33\x44\x55\x66"
UID10 = b"\x04\x01\x02\x03\x04\x05\x06\x07\x08\x09"


class _Cs:
    def value(self, v=None):
        return 1


def _spi():
    chip = SimPn532()
    return chip, Pn532(SpiBus(SimSpi(chip), _Cs()), ack_timeout_ms=3, response_timeout_ms=3)


def _i2c():
    chip = SimPn532()
    return chip, Pn532(I2cBus(SimI2c(chip)), ack_timeout_ms=3, response_timeout_ms=3)


def _uart():
    chip = SimPn532()
    return chip, Pn532(UartBus(SimUart(chip), 2), ack_timeout_ms=3, response_timeout_ms=3)


BUSES = (_spi, _i2c, _uart)


def test_init_sets_bounded_retries_on_every_bus():
    for make in BUSES:
        chip, drv = make()
        assert drv.init(), make
        assert chip.sam_done
        assert chip.max_retries == 0x01, "MaxRetries 0xFF would block a poll for ever"


def test_full_uids_and_ndef_on_every_bus():
    for make in BUSES:
        for uid in (UID4, UID7, UID10):
            chip, drv = make()
            drv.init()
            chip.field.place(Tag(uid, ndef_pages(b"VI-GATE")))
            assert drv.poll() == POLL_TAG, (make, uid)
            assert bytes(drv.uid[: drv.uid_len]) == uid
            pages = bytearray(32)
            assert drv.read_page4(3, pages, 0) and drv.read_page4(7, pages, 16)
            out = bytearray(10)
            n = ndef.card_ref(pages, 32, out)
            assert bytes(out[:n]) == b"VI-GATE", make


def test_empty_field_is_none_not_failure():
    for make in BUSES:
        chip, drv = make()
        drv.init()
        assert drv.poll() == POLL_NONE
        assert drv.failures == 0


def test_a_hung_command_is_aborted_with_ack_and_drained():
    for make in BUSES:
        chip, drv = make()
        drv.init()
        chip.no_response = True  # ACKs the command, then never answers
        assert drv.poll() == POLL_FAIL
        assert chip.aborts == 1, "after a timeout the host sends ACK: abort"
        chip.no_response = False
        chip.field.place(Tag(UID7))
        assert drv.poll() == POLL_TAG, "the next command works: nothing stale was left"


def test_a_chip_that_stops_answering_fails_within_the_deadline_then_resets():
    for make in BUSES:
        chip, drv = make()
        drv.init()
        chip.dead = True
        for i in range(3):
            assert drv.poll() == POLL_FAIL
        assert drv.failures == 3
        assert not drv.reset()
        chip.dead = False
        assert drv.reset()
        assert drv.poll() == POLL_NONE


def test_a_silent_chip_times_out_on_the_ack():
    chip, drv = _spi()
    drv.init()
    chip.silent = True
    assert drv.command(0x02, bytearray(4), 0) == ERR_TIMEOUT


def test_noise_in_a_tag_answer_is_a_miss_not_a_crash():
    chip, drv = _spi()
    drv.init()
    chip.field.place(Tag(UID4))
    chip.field.noise = 1  # the ATQA is damaged: the PN532 finds no target this time
    r = drv.poll()
    assert r in (POLL_NONE, POLL_FAIL)
    assert drv.poll() == POLL_TAG


def test_spi_poll_allocates_nothing():
    chip, drv = _spi()
    drv.init()
    chip.field.place(Tag(UID7))
    drv.poll()
    pages = bytearray(32)
    micropython.heap_lock()
    try:
        r = drv.poll()
        ok = drv.read_page4(3, pages, 0)
    finally:
        micropython.heap_unlock()
    assert r == POLL_TAG and ok
