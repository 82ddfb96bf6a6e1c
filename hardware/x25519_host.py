"""X25519 (RFC 7748) on the host side of a claim, from the ``cryptography`` package: a maintained,
constant-time implementation where one can be installed. The device keeps its own plain-Python
``x25519.py`` (MicroPython has no such library); the two are tested against each other and
against RFC 7748's vectors, on CPython and on the MicroPython VM
(tests/hardware/test_x25519_host.py). Same functions, same errors, as ``x25519.py``.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

KEY_SIZE = 32


def _private(scalar: bytes | bytearray) -> X25519PrivateKey:
    if len(scalar) != KEY_SIZE:
        raise ValueError("X25519 takes 32-byte scalars and points")
    return X25519PrivateKey.from_private_bytes(bytes(scalar))


def public_key(private: bytes | bytearray) -> bytes:
    return _private(private).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def x25519(scalar: bytes | bytearray, u: bytes | bytearray) -> bytes:
    """The X25519 function; ValueError when the result is all zeros (a small-order point)."""
    if len(u) != KEY_SIZE:
        raise ValueError("X25519 takes 32-byte scalars and points")
    return _private(scalar).exchange(X25519PublicKey.from_public_bytes(bytes(u)))


def shared_secret(private: bytes | bytearray, peer_public: bytes | bytearray) -> bytes:
    """The shared secret; ValueError when it is all zeros (a peer key of small order)."""
    try:
        return x25519(private, peer_public)
    except ValueError:
        raise ValueError("the other side's public key is not a usable X25519 key") from None
