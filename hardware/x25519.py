"""X25519 (RFC 7748) in plain Python, for the claim's key agreement on the host and the device.

Like wire.py this module runs unchanged on MicroPython (the firmware deploy copies it to the
board) and on CPython. It uses big integers, which MicroPython has on every board we target,
and allocates freely: a device runs it twice per claim (its public key, then the shared
secret), never in its main loop. The ladder swaps by arithmetic, not by branching on key bits;
big-integer arithmetic is still not constant-time, which a once-per-claim exchange with a fresh
key each time tolerates (docs/protocol.md, "Threat model").
"""

_P = 2**255 - 19
_A24 = 121665
BASE_POINT = b"\x09" + bytes(31)
KEY_SIZE = 32


def _from_le(data: bytes | bytearray) -> int:
    n = 0
    for i in range(len(data) - 1, -1, -1):
        n = (n << 8) | data[i]
    return n


def _to_le(n: int) -> bytes:
    out = bytearray(32)
    for i in range(32):
        out[i] = n & 0xFF
        n >>= 8
    return bytes(out)


def clamp(scalar: bytes | bytearray) -> int:
    """The private scalar as RFC 7748 decodes it: low 3 bits cleared, bit 254 set."""
    k = bytearray(scalar)
    k[0] &= 248
    k[31] &= 127
    k[31] |= 64
    return _from_le(k)


def x25519(scalar: bytes | bytearray, u: bytes | bytearray) -> bytes:
    """The X25519 function: scalar (32 bytes) times the point with u-coordinate u (32 bytes)."""
    if len(scalar) != KEY_SIZE or len(u) != KEY_SIZE:
        raise ValueError("X25519 takes 32-byte scalars and points")
    p = _P
    k = clamp(scalar)
    x1 = _from_le(u) & ((1 << 255) - 1)
    x2, z2, x3, z3 = 1, 0, x1, 1
    swap = 0
    for t in range(254, -1, -1):
        bit = (k >> t) & 1
        swap ^= bit
        # Conditional swap by arithmetic: mask is 0 or all ones.
        mask = -swap
        d = mask & (x2 ^ x3)
        x2 ^= d
        x3 ^= d
        d = mask & (z2 ^ z3)
        z2 ^= d
        z3 ^= d
        swap = bit
        a = x2 + z2
        aa = a * a % p
        b = x2 - z2
        bb = b * b % p
        e = aa - bb
        c = x3 + z3
        dd = x3 - z3
        da = dd * a % p
        cb = c * b % p
        s = da + cb
        x3 = s * s % p
        s = da - cb
        z3 = x1 * (s * s % p) % p
        x2 = aa * bb % p
        z2 = e * (aa + _A24 * e) % p
    mask = -swap
    d = mask & (x2 ^ x3)
    x2 ^= d
    d = mask & (z2 ^ z3)
    z2 ^= d
    return _to_le(x2 * pow(z2, p - 2, p) % p)


def public_key(private: bytes | bytearray) -> bytes:
    return x25519(private, BASE_POINT)


def shared_secret(private: bytes | bytearray, peer_public: bytes | bytearray) -> bytes:
    """The shared secret; ValueError when it is all zeros (a peer key of small order)."""
    s = x25519(private, peer_public)
    acc = 0
    for b in s:
        acc |= b
    if acc == 0:
        raise ValueError("the other side's public key is not a usable X25519 key")
    return s
