"""`altar monitor SOURCE`: print a device's decoded frames and events live, for people wiring one.

SOURCE is a serial port (/dev/ttyACM0), ``ble:NAME``, ``nfc:PATH`` (an nfcpy path such as
``nfc:usb`` or ``nfc:tty:USB0:pn532``), or ``sim`` (the simulator, driven by a short script).
The logic is in hardware/monitor.py; this module only reads the command line.
"""

from __future__ import annotations

import argparse
import importlib.util

NAME = "monitor"
HELP = "print a device's frames and events live"

# Which optional package each kind of source needs, to say so before failing on an import.
_NEEDS = {"ble:": ("bleak", "ble"), "nfc:": ("nfc", "nfc")}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", help="serial port, ble:NAME, nfc:PATH, or sim")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this long (0: never)")
    parser.add_argument("--keys", default=None, help="the table's key file (SQLite)")
    parser.add_argument("--frames", action="store_true", help="also print every raw frame")
    parser.add_argument(
        "--script",
        default=None,
        help="sim only: a file of simulator commands, or - to type them (default: a short demo)",
    )


def run(args: argparse.Namespace) -> int:
    for prefix, (module, extra) in _NEEDS.items():
        if args.source.startswith(prefix) and importlib.util.find_spec(module) is None:
            print(f"{module} is not installed: pip install 'altar[{extra}]'")
            return 2
    from hardware.monitor import monitor

    return monitor(
        args.source,
        seconds=args.seconds,
        keys_path=args.keys,
        frames=args.frames,
        script=args.script,
    )
