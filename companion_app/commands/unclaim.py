"""`altar unclaim DEVICE --port PORT --keys FILE`: let a device go, as the Devices screen's
"Unclaim" does: by a signed word, sent until the device answers that it forgot the key, and
then in the table's key file; the device is then free for a new claim in pairing mode
(docs/protocol.md, "Unclaim"). The device must be connected (USB serial): one that does not
answer within ``--wait`` keeps its key, and so does the file. ``--here-only`` forgets the key
in the file alone, for a device that is lost (it then keeps a key nobody holds until it is claimed
again in pairing mode)."""

from __future__ import annotations

import argparse
import asyncio

NAME = "unclaim"
HELP = "forget a device's key here and on the device"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("device", help="the device's id, as the Devices screen shows it (a1b2c3d4)")
    parser.add_argument("--keys", required=True, help="the table's key file (device-keys.sqlite)")
    parser.add_argument("--port", default=None, help="the device's serial port (/dev/ttyACM0)")
    parser.add_argument("--here-only", action="store_true", help="forget the key in the file only")
    parser.add_argument("--wait", type=float, default=10.0, help="seconds to wait for the device")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion_app.commands.args import BadInput, check_altar_sqlite
    from hardware.keys import SCHEMA
    from hardware.unclaim import NotUnclaimed, unclaim_here, unclaim_over_serial

    device = args.device.strip().lower()
    if len(device) != 8 or any(c not in "0123456789abcdef" for c in device):
        raise BadInput(
            f"{args.device.encode(errors='replace').decode()!r} is not a device id: 8 hex digits, "
            "as the Devices screen shows it (a1b2c3d4)"
        )
    args.device = device
    if not Path(args.keys).exists():
        raise BadInput(f"there is no key file at {args.keys}: no device is claimed there")
    # Only Altar's key file, and nothing written into an empty one (issue 35).
    if not check_altar_sqlite(args.keys, SCHEMA, "the table's key file"):
        raise BadInput(
            f"{args.keys} is empty: it holds no device's key (nothing was written to it)"
        )
    if not args.here_only and args.port is None:
        print("Say where the device is (--port /dev/ttyACM0), or --here-only for a lost one.")
        return 2
    try:
        if args.here_only:
            message = unclaim_here(args.device, args.keys)
        else:
            message = asyncio.run(unclaim_over_serial(args.device, args.keys, args.port, args.wait))
    except NotUnclaimed as e:
        print(e)
        return 1
    print(message)
    return 0
