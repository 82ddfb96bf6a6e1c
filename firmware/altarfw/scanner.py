# One NFC reader seen as events: polls the driver, latches presence, reads the card reference
# once per placement, rejects random UIDs and resets a chip that keeps failing. (The latch
# lives here rather than in a module of its own: each module costs the device heap.)
#
# step() is called from the reader task; it calls back into `sink` (the app) with what
# happened, and allocates nothing.
from micropython import const

from altarfw import iso14443a as iso
from altarfw import ndef
from altarfw.iso14443a import POLL_FAIL, POLL_TAG

# ---------------------------------------------------------------- the presence latch
#
# Readers poll every few tens of ms and a resting tag answers every poll; the latch turns that
# into edges. A tag counts as removed only after `miss_limit` polls in a row without it, so a
# single failed poll (noise, a collision, the player's hand) never fires a remove and a
# re-place. A different UID replacing the first one without a gap is a remove then a place.
LATCH_NONE = const(0)
LATCH_REMOVED = const(1)  # bit: the tag in old_uid left
LATCH_PLACED = const(2)  # bit: the tag in uid arrived


def _same(a, a_len, b, b_len):
    if a_len != b_len:
        return False
    for i in range(a_len):
        if a[i] != b[i]:
            return False
    return True


class TagLatch:
    def __init__(self, miss_limit=3):
        self.miss_limit = miss_limit
        self.uid = bytearray(10)
        self.uid_len = 0  # 0: nothing on the reader
        self.old_uid = bytearray(10)
        self.old_len = 0
        self._misses = 0

    def update(self, seen, uid, uid_len):
        """Feed one poll (seen: a tag answered, with uid[:uid_len]); returns LATCH_* bits."""
        if not seen:
            if self.uid_len == 0:
                return LATCH_NONE
            self._misses += 1
            if self._misses < self.miss_limit:
                return LATCH_NONE
            self._remember_old()
            self.uid_len = 0
            return LATCH_REMOVED
        self._misses = 0
        if self.uid_len and _same(self.uid, self.uid_len, uid, uid_len):
            return LATCH_NONE
        events = LATCH_NONE
        if self.uid_len:
            self._remember_old()
            events = LATCH_REMOVED
        for i in range(uid_len):
            self.uid[i] = uid[i]
        self.uid_len = uid_len
        return events | LATCH_PLACED

    def _remember_old(self):
        for i in range(self.uid_len):
            self.old_uid[i] = self.uid[i]
        self.old_len = self.uid_len


# Diagnostic codes (DIAG payload byte 0) the scanner sends; all are listed in docs/hardware.md.
DIAG_READER_RESET = const(1)  # wire.DIAG_READER_RESET; detail: reader, 1 if it came back
DIAG_RANDOM_UID = const(5)  # wire.DIAG_RANDOM_UID; detail: reader (a phone or a bank card)
DIAG_READER_MISSING = const(6)  # wire.DIAG_READER_MISSING; detail: reader (silent at start-up)


class Scanner:
    def __init__(self, index, driver, sink, miss_limit=3, fail_limit=3, retry_steps=20):
        self.index = index
        self.driver = driver
        self.sink = sink
        self.latch = TagLatch(miss_limit)
        self.fail_limit = fail_limit
        self.ok = False
        self.resets = 0
        self.retry_steps = retry_steps  # polls between attempts to bring a dead chip back
        self._wait = 0
        self._pages = bytearray(32)
        self._ref = bytearray(ndef.MAX_REF)
        self._random = False  # the tag on the reader has a random UID (reported once)

    def start(self):
        self.ok = self.driver.init()
        if not self.ok:
            self._wait = self.retry_steps
            self.sink.reader_diag(DIAG_READER_MISSING, self.index, 0)
        return self.ok

    def step(self):
        d = self.driver
        if not self.ok:
            # A dead chip is retried now and then, and reported only when it comes back.
            self._wait -= 1
            if self._wait <= 0:
                self._wait = self.retry_steps
                self.ok = d.reset()
                if self.ok:
                    self.sink.reader_diag(DIAG_READER_RESET, self.index, 1)
            return
        result = d.poll()
        if result == POLL_FAIL:
            # Not a miss: a damaged answer or two cards at once says nothing about presence.
            if d.failures >= self.fail_limit:
                self._reset()
            return
        seen = result == POLL_TAG
        ev = self.latch.update(seen, d.uid, d.uid_len)
        latch = self.latch
        if ev & LATCH_REMOVED:
            if self._random:
                self._random = False
            else:
                self.sink.tag_removed(self.index, latch.old_uid, latch.old_len)
        if ev & LATCH_PLACED:
            if iso.is_random_uid(latch.uid, latch.uid_len):
                self._random = True
                self.sink.reader_diag(DIAG_RANDOM_UID, self.index, 0)
            else:
                n = self._read_ref()
                self.sink.tag_placed(self.index, latch.uid, latch.uid_len, self._ref, n)
        if seen:
            d.halt()

    def _read_ref(self):
        d = self.driver
        if not d.read_page4(3, self._pages, 0) or not d.read_page4(7, self._pages, 16):
            return 0
        return ndef.card_ref(self._pages, 32, self._ref)

    def _reset(self):
        self.resets += 1
        self.ok = self.driver.reset()
        self._wait = self.retry_steps
        self.sink.reader_diag(DIAG_READER_RESET, self.index, 1 if self.ok else 0)
