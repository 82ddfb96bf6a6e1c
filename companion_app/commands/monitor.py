"""`altar monitor SOURCE`: print a device's decoded frames and events live, for people wiring one.

SOURCE is a serial port (/dev/ttyACM0), ``ble:NAME``, ``nfc:PATH`` (an nfcpy path such as
``nfc:usb`` or ``nfc:tty:USB0:pn532``), or ``sim`` (the simulator, driven by a short script).
The logic is in hardware/monitor.py; this module only reads the command line.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import sqlite3
import sys

from companion_app.commands.args import SCRIPT_LIMIT, BadInput, read_text_file

NAME = "monitor"
HELP = "print a device's frames and events live"

# Which optional package each kind of source needs, to say so before failing on an import.
_NEEDS = {"ble:": ("bleak", "ble"), "nfc:": ("nfc", "nfc")}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", help="serial port, ble:NAME, nfc:PATH, or sim")
    parser.add_argument(
        "--seconds", type=_seconds, default=0, help="stop after this long (0: never)"
    )
    parser.add_argument("--keys", default=None, help="the table's key file (SQLite)")
    parser.add_argument("--frames", action="store_true", help="also print every raw frame")
    parser.add_argument(
        "--script",
        default=None,
        help="sim only: a file of simulator commands, or - to type them (default: a short demo)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"a number of seconds, 0 or more, not {text!r}")
    return value


def _check_files(args: argparse.Namespace) -> None:
    """The script and the key file, before any device is opened: BadInput in words."""
    if args.script not in (None, "-"):
        read_text_file(args.script, SCRIPT_LIMIT)  # a binary file or /dev/zero says so now
    keys = args.keys
    if keys is not None and os.path.lexists(keys) and not os.path.isfile(keys):
        raise BadInput(f"the key file {keys} is not an ordinary file")


def run(args: argparse.Namespace) -> int:
    for prefix, (module, extra) in _NEEDS.items():
        if args.source.startswith(prefix) and importlib.util.find_spec(module) is None:
            print(f"{module} is not installed: pip install 'altar[{extra}]'")
            return 2
    try:
        _check_files(args)
    except BadInput as e:
        print(f"altar monitor: {e}", file=sys.stderr)
        return 2
    from hardware.monitor import monitor

    try:
        return monitor(
            args.source,
            seconds=args.seconds,
            keys_path=args.keys,
            frames=args.frames,
            script=args.script,
        )
    except sqlite3.DatabaseError as e:  # the key file is not one (a damaged or foreign file)
        print(f"altar monitor: the key file {args.keys} can't be used ({e})", file=sys.stderr)
        return 2
