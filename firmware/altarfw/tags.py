# The presence latch: one report when a tag is placed, one when it is removed.
#
# Readers poll every few tens of ms and a resting tag answers every poll; the latch turns that
# into edges. A tag counts as removed only after `miss_limit` polls in a row without it, so a
# single failed poll (noise, a collision, the player's hand) never fires a remove and a
# re-place. A different UID replacing the first one without a gap is a remove then a place.
from micropython import const

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
