# Starting the device (firmware/main.py calls main() at boot): read board_config.py, build the
# parts, run the link over BLE or USB serial until the host asks for the REPL. Kept in the
# package, not in main.py, so it is frozen / in ROMFS with the rest and its bytecode stays in
# flash; main.py is two lines.
#
# Back to the REPL: hold the pair button (dial 0's push switch) while the board resets, or,
# in USB mode, send Ctrl-C twice (or CR then Ctrl-C, as mpremote does) between frames.
#
# Builds for players set "locked": True in board_config.py (docs/hardware.md, "Builds for
# players"): then there is no way back to the REPL, where `mpremote cat altar_key.bin` would
# read the table's key. Ctrl-C is never an interrupt (kbd_intr(-1), in BLE mode too), the
# held button and the serial escape are ignored, and if the firmware ever stops the board
# resets instead of falling into the REPL.
import asyncio
import sys

import board_config
import micropython
from micropython import const

from altarfw import device
from altarfw.keystore import KeyStore
from altarfw.serial_io import SerialTransport, StdioStream

_CAP_SERIAL = const(0x01)  # wire.CAP_SERIAL (tests/hardware/test_firmware_numbers.py)
_CAP_BLE = const(0x02)  # wire.CAP_BLE


def _rng(buf):
    import os

    data = os.urandom(len(buf))
    for i in range(len(buf)):
        buf[i] = data[i]


def _held_at_boot(cfg):
    import machine

    dials = cfg.get("dials", [])
    b = cfg.get("pair_button", 0)
    if b is None or b >= len(dials) or dials[b].get("button") is None:
        return False
    pin = machine.Pin(dials[b]["button"], machine.Pin.IN, machine.Pin.PULL_UP)
    return pin.value() == 0


def _ble_available():
    try:
        import aioble  # noqa: F401
        import bluetooth  # noqa: F401
    except ImportError:
        return False
    return True


async def _run(cfg, use_ble):
    import machine

    try:
        import neopixel
    except ImportError:
        neopixel = None
    keys = KeyStore()
    uid = machine.unique_id()
    device_id = bytes(uid[-4:]) if len(uid) >= 4 else bytes(4 - len(uid)) + bytes(uid)
    caps = _CAP_BLE if use_ble else _CAP_SERIAL
    app, link = device.build(cfg, machine, keys, _rng, device_id, caps, neopixel)
    # One link, one transport: two transports would share (and split) one sequence space.
    if use_ble:
        from altarfw.ble import BleTransport

        transport = BleTransport(link)
    else:
        transport = SerialTransport(link, StdioStream())
    await app.run(transport)


def repl_allowed(cfg, held_at_boot):
    """True when this boot may end in the REPL: never for a locked (player) build."""
    return not cfg.get("locked", False) and held_at_boot


def main():
    cfg = board_config.config()
    if cfg.get("locked", False):
        _run_locked(cfg)
        return
    if repl_allowed(cfg, _held_at_boot(cfg)):
        print("Altar: pair button held at boot, staying in the REPL")
        return
    mode = cfg.get("transport", "auto")
    use_ble = mode == "ble" or (mode == "auto" and _ble_available())
    if use_ble:
        # stdin is free for the REPL: Ctrl-C stops the firmware as usual.
        asyncio.run(_run(cfg, True))
        return
    micropython.kbd_intr(-1)  # 0x03 is data inside frames; see serial_io for the escape
    try:
        asyncio.run(_run(cfg, False))
    finally:
        micropython.kbd_intr(3)
    sys.stdout.write("\r\nAltar: left run mode, REPL ready\r\n")


def _run_locked(cfg):
    import machine

    micropython.kbd_intr(-1)  # Ctrl-C is data, never an interrupt: no way into the REPL
    mode = cfg.get("transport", "auto")
    use_ble = mode == "ble" or (mode == "auto" and _ble_available())
    try:
        asyncio.run(_run(cfg, use_ble))
    finally:
        machine.reset()  # stopped (a REPL escape, an error): start again, never the REPL
