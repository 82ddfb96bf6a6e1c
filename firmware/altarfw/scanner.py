# One NFC reader seen as events: polls the driver, latches presence, reads the card reference
# once per placement, rejects random UIDs and resets a chip that keeps failing.
#
# step() is called from the reader task; it calls back into `sink` (the app) with what
# happened, and allocates nothing.
from micropython import const

from altarfw import iso14443a as iso
from altarfw import ndef
from altarfw.iso14443a import POLL_FAIL, POLL_TAG
from altarfw.tags import LATCH_PLACED, LATCH_REMOVED, TagLatch

# Diagnostic codes (DIAG payload byte 0) the scanner sends; all are listed in docs/hardware.md.
DIAG_READER_RESET = const(1)  # wire.DIAG_READER_RESET; detail: reader, 1 if it came back
DIAG_RANDOM_UID = const(5)  # detail: reader index (a phone or a bank card, not a card tag)
DIAG_READER_MISSING = const(6)  # detail: reader index (did not answer at start-up)


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
