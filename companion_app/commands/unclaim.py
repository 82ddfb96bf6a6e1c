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
    from hardware.unclaim import unclaim_here, unclaim_over_serial

    if args.here_only:
        message = unclaim_here(args.device, args.keys)
    elif args.port is None:
        print("Say where the device is (--port /dev/ttyACM0), or --here-only for a lost one.")
        return 2
    else:
        message = asyncio.run(unclaim_over_serial(args.device, args.keys, args.port, args.wait))
    print(message)
    return 0 if message.startswith("Device") and "is unclaimed" in message else 1
