# The card reference from NTAG pages: the NDEF TLV walk and the "altar:" URI record rules.
from altarfw import ndef
from sim_tag import ndef_pages


def ref(pages):
    buf = bytearray(32)
    for i in range(min(32, len(pages))):
        buf[i] = pages[i]
    out = bytearray(10)
    n = ndef.card_ref(buf, 32, out)
    return bytes(out[:n])


def uri_tlvs(uri, prefix_code=0, lead=b""):
    record = bytes([0xD1, 0x01, len(uri) + 1, 0x55, prefix_code]) + uri
    return b"\xe1\x10\x12\x00" + lead + bytes([0x03, len(record)]) + record + b"\xfe"


def test_plain_reference():
    assert ref(ndef_pages(b"ZL-042")) == b"ZL-042"
    assert ref(ndef_pages(b"1234567890")) == b"1234567890"


def test_lock_control_and_null_tlvs_are_skipped():
    assert ref(uri_tlvs(b"altar:AB", lead=b"\x00\x01\x03\xa0\x10\x44")) == b"AB"


def test_anything_else_is_no_reference():
    assert ref(uri_tlvs(b"altar:12345678901")) == b"", "11 characters: too long"
    assert ref(uri_tlvs(b"altar:")) == b"", "empty"
    assert ref(uri_tlvs(b"https://x.org/a")) == b"", "another URI"
    assert ref(uri_tlvs(b"altar:AB", prefix_code=4)) == b"", "an abbreviated URI (https://)"
    assert ref(uri_tlvs(b"altar:A\x01B")) == b"", "a control character"
    assert ref(b"\x00" * 32) == b"", "no capability container: not NDEF formatted"
    blank = b"\xe1\x10\x12\x00\x03\x00\xfe"
    assert ref(blank) == b"", "an empty NDEF message"
