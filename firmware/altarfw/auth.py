# HMAC-SHA256 for the claim handshake and the frame MACs (docs/protocol.md, "Connection,
# claim and authentication"). MicroPython has hashlib.sha256 but no hmac module.
#
# The padded keys are computed once per key, not once per frame. hashlib objects are still
# made per MAC (MicroPython cannot copy a hash state), so a signed frame allocates a few
# hundred bytes that the GC takes back; sensing and unsigned framing allocate nothing.
import hashlib

DEV_LABEL = b"altar-dev"
HOST_LABEL = b"altar-host"
SESSION_LABEL = b"altar-session"


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

    def digest(self, a, b=b"", c=b""):
        inner = hashlib.sha256(self._ipad)
        inner.update(a)
        if b:
            inner.update(b)
        if c:
            inner.update(c)
        outer = hashlib.sha256(self._opad)
        outer.update(inner.digest())
        return outer.digest()

    def mac_into(self, buf, n):
        """Writes the 4-byte frame MAC of buf[:n] at buf[n:n+4]."""
        d = self.digest(memoryview(buf)[:n])
        for i in range(4):
            buf[n + i] = d[i]

    def mac_ok(self, buf, n):
        """True when buf[n:n+4] is the MAC of buf[:n]; compares every byte either way."""
        d = self.digest(memoryview(buf)[:n])
        diff = 0
        for i in range(4):
            diff |= d[i] ^ buf[n + i]
        return diff == 0


def proofs(key, nd, nh):
    """-> (device proof, expected host proof, session key) for one claim."""
    h = Hmac(key)
    return (
        h.digest(DEV_LABEL, nd, nh)[:8],
        h.digest(HOST_LABEL, nh, nd)[:8],
        h.digest(SESSION_LABEL, nd, nh)[:16],
    )
