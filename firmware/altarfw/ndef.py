# The card reference on an NTAG21x sticker: an NDEF URI record "altar:<ref>".
#
# The scanner reads pages 3..10 (two READs, 32 bytes): page 3 is the capability container
# (first byte 0xE1 when the tag holds NDEF), then the TLVs from page 4. We look for the NDEF
# message TLV (0x03), skipping NULL, lock-control and memory-control TLVs, and take its first
# record if it is a short well-known URI record ("U") with no prefix code and "altar:" at the
# start. Anything else simply yields no reference; the UID still identifies the card.
from micropython import const

_CC_MAGIC = const(0xE1)
_TLV_NULL = const(0x00)
_TLV_NDEF = const(0x03)
_TLV_TERMINATOR = const(0xFE)
_PREFIX = b"altar:"
MAX_REF = const(10)


def card_ref(buf, n, out):
    """Copies the reference (1..10 ASCII bytes) into out; returns its length, 0 if none."""
    if n < 8 or buf[0] != _CC_MAGIC:
        return 0
    i = 4
    while i + 1 < n:
        t = buf[i]
        if t == _TLV_NULL:
            i += 1
            continue
        if t == _TLV_TERMINATOR or buf[i + 1] == 0xFF:  # 3-byte lengths: not for our sizes
            return 0
        length = buf[i + 1]
        if t == _TLV_NDEF:
            return _uri_record(buf, i + 2, min(n, i + 2 + length), out)
        i += 2 + length
    return 0


def _uri_record(buf, i, end, out):
    # Header: MB ME SR set, TNF 1 (well known): 0xD1 for a lone record; IL must be clear.
    if i + 4 > end or buf[i] & 0x1F != 0x11 or buf[i] & 0x08:
        return 0
    if buf[i + 1] != 1 or buf[i + 3] != 0x55:  # type length 1, type "U"
        return 0
    payload_len = buf[i + 2]
    p = i + 4
    if buf[p] != 0x00:  # URI identifier code 0: no abbreviation, the text is all there
        return 0
    text = p + 1
    text_len = payload_len - 1
    if text + text_len > end:
        return 0  # the record runs past what we read: too long to be one of ours
    plen = len(_PREFIX)
    ref_len = text_len - plen
    if ref_len < 1 or ref_len > MAX_REF:
        return 0
    for k in range(plen):
        if buf[text + k] != _PREFIX[k]:
            return 0
    for k in range(ref_len):
        c = buf[text + plen + k]
        if c < 0x21 or c > 0x7E:  # printable ASCII only: it is shown to players
            return 0
        out[k] = c
    return ref_len
