# The device's X25519 (x25519.py) on the MicroPython VM against outputs the host's library
# (cryptography) computed on CPython: random scalars and points, public keys and shared secrets.
# Runs under tests/firmware/mptest.py.
import binascii
import json

import x25519

with open("/vectors/x25519_cross.json") as f:
    V = json.load(f)


def _b(h):
    return binascii.unhexlify(h)


def test_the_device_ladder_gives_the_host_librarys_outputs():
    for v in V:
        assert binascii.hexlify(x25519.x25519(_b(v["scalar"]), _b(v["u"]))).decode() == v["out"]
