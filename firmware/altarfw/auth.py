# The claim handshake's HMAC-SHA256 and the frame MAC, Chaskey-12 (docs/protocol.md, "Connection,
# claim and authentication"). MicroPython has hashlib.sha256 but no hmac module.
#
# HMAC is used a few times per connection (proofs, session keys), where allocating is fine. The
# frame MAC runs on every frame of a session, in the main loop, so it allocates nothing: Chaskey
# is a 32-bit ARX MAC, computed here in 16-bit halves because MicroPython's small integers stop
# at 2**30 and a larger one would be a heap object. Its state lives in local variables and two
# preallocated buffers; wire.chaskey (32-bit words, on the host) gives the same bytes.
import hashlib
from array import array

from micropython import const

_ROUNDS = const(12)

DEV_LABEL = b"altar-dev"
HOST_LABEL = b"altar-host"
D2H_LABEL = b"altar-d2h"
H2D_LABEL = b"altar-h2d"
CLAIM_LABEL = b"altar-claim"


class Hmac:
    def __init__(self, key):
        if len(key) > 64:
            key = hashlib.sha256(key).digest()
        ipad = bytearray(64)
        opad = bytearray(64)
        for i in range(64):
            k = key[i] if i < len(key) else 0
            ipad[i] = k ^ 0x36
            opad[i] = k ^ 0x5C
        self._ipad = bytes(ipad)
        self._opad = bytes(opad)

    def digest(self, a, b=b""):
        inner = hashlib.sha256(self._ipad)
        inner.update(a)
        if b:
            inner.update(b)
        outer = hashlib.sha256(self._opad)
        outer.update(inner.digest())
        return outer.digest()


def proofs(key, transcript):
    """-> (device proof, expected host proof, device-to-host key, host-to-device key)."""
    h = Hmac(key)
    return (
        h.digest(DEV_LABEL, transcript)[:8],
        h.digest(HOST_LABEL, transcript)[:8],
        h.digest(D2H_LABEL, transcript)[:16],
        h.digest(H2D_LABEL, transcript)[:16],
    )


def claim_key(shared, transcript):
    return Hmac(shared).digest(CLAIM_LABEL, transcript)[:16]


def _times2(k, src, dst):
    # k[src:src+8] doubled in GF(2**128) into k[dst:dst+8], as Chaskey's subkeys. 8 halves:
    # word j = k[2j] | k[2j+1] << 16.
    for i in range(8):
        k[dst + i] = ((k[src + i] << 1) & 0xFFFF) | (k[src + i - 1] >> 15 if i else 0)
    if k[src + 7] >> 15:
        k[dst] ^= 0x87


class Chaskey:
    """Chaskey-12 with a 16-byte key: ``mac_into`` and ``mac_ok`` for 4-byte frame MACs."""

    def __init__(self, key):
        # K, K1, K2 in one array (halves 0-7, 8-15, 16-23): each object costs the heap a header.
        k = array("H", bytes(48))
        for i in range(8):
            k[i] = key[2 * i] | (key[2 * i + 1] << 8)
        _times2(k, 0, 8)
        _times2(k, 8, 16)
        self._k = k
        self._blk = bytearray(16)  # the block being absorbed; then the tag in its first 4 bytes

    def _mac(self, buf, n):
        # The first 4 bytes of Chaskey-12(buf[:n]) into self._blk[:4].
        k = self._k
        blk = self._blk
        a0 = k[0]
        a1 = k[1]
        a2 = k[2]
        a3 = k[3]
        a4 = k[4]
        a5 = k[5]
        a6 = k[6]
        a7 = k[7]
        blocks = (n + 15) >> 4 if n else 1
        full = n and not (n & 15)
        lk = 8 if full else 16  # where K1 or K2 starts in k
        for b in range(blocks):
            o = b << 4
            m = n - o
            for i in range(16):
                blk[i] = buf[o + i] if i < m else 0
            last = b == blocks - 1
            if last and not full:
                blk[m] = 1
            a0 ^= blk[0] | (blk[1] << 8)
            a1 ^= blk[2] | (blk[3] << 8)
            a2 ^= blk[4] | (blk[5] << 8)
            a3 ^= blk[6] | (blk[7] << 8)
            a4 ^= blk[8] | (blk[9] << 8)
            a5 ^= blk[10] | (blk[11] << 8)
            a6 ^= blk[12] | (blk[13] << 8)
            a7 ^= blk[14] | (blk[15] << 8)
            if last:
                a0 ^= k[lk]
                a1 ^= k[lk + 1]
                a2 ^= k[lk + 2]
                a3 ^= k[lk + 3]
                a4 ^= k[lk + 4]
                a5 ^= k[lk + 5]
                a6 ^= k[lk + 6]
                a7 ^= k[lk + 7]
            # v0 = (a0, a1), v1 = (a2, a3), v2 = (a4, a5), v3 = (a6, a7): (low, high) halves.
            for _ in range(_ROUNDS):
                s = a0 + a2  # v0 += v1
                a0 = s & 0xFFFF
                a1 = (a1 + a3 + (s >> 16)) & 0xFFFF
                t = ((a2 << 5) | (a3 >> 11)) & 0xFFFF  # v1 = rotl(v1, 5) ^ v0
                a3 = (((a3 << 5) | (a2 >> 11)) & 0xFFFF) ^ a1
                a2 = t ^ a0
                a0, a1 = a1, a0  # v0 = rotl(v0, 16)
                s = a4 + a6  # v2 += v3
                a4 = s & 0xFFFF
                a5 = (a5 + a7 + (s >> 16)) & 0xFFFF
                t = ((a6 << 8) | (a7 >> 8)) & 0xFFFF  # v3 = rotl(v3, 8) ^ v2
                a7 = (((a7 << 8) | (a6 >> 8)) & 0xFFFF) ^ a5
                a6 = t ^ a4
                s = a0 + a6  # v0 += v3
                a0 = s & 0xFFFF
                a1 = (a1 + a7 + (s >> 16)) & 0xFFFF
                t = ((a6 << 13) | (a7 >> 3)) & 0xFFFF  # v3 = rotl(v3, 13) ^ v0
                a7 = (((a7 << 13) | (a6 >> 3)) & 0xFFFF) ^ a1
                a6 = t ^ a0
                s = a4 + a2  # v2 += v1
                a4 = s & 0xFFFF
                a5 = (a5 + a3 + (s >> 16)) & 0xFFFF
                t = ((a2 << 7) | (a3 >> 9)) & 0xFFFF  # v1 = rotl(v1, 7) ^ v2
                a3 = (((a3 << 7) | (a2 >> 9)) & 0xFFFF) ^ a5
                a2 = t ^ a4
                a4, a5 = a5, a4  # v2 = rotl(v2, 16)
        a0 ^= k[lk]
        a1 ^= k[lk + 1]
        tag = blk
        tag[0] = a0 & 0xFF
        tag[1] = a0 >> 8
        tag[2] = a1 & 0xFF
        tag[3] = a1 >> 8

    def mac_into(self, buf, n):
        """Writes the 4-byte frame MAC of buf[:n] at buf[n:n+4]."""
        self._mac(buf, n)
        for i in range(4):
            buf[n + i] = self._blk[i]

    def mac_ok(self, buf, n):
        """True when buf[n:n+4] is the MAC of buf[:n]; compares every byte either way."""
        self._mac(buf, n)
        diff = 0
        for i in range(4):
            diff |= self._blk[i] ^ buf[n + i]
        return diff == 0
