"""`altar firmware deploy --port PORT`: put the Altar firmware on a MicroPython board."""

from __future__ import annotations

import argparse
import sys

from hardware.deploy import BOARDS, DeployError, deploy

NAME = "firmware"
HELP = "deploy the firmware to a board"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    d = sub.add_parser("deploy", help="install aioble and copy the firmware with mpremote")
    d.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyUSB0")
    d.add_argument(
        "--board",
        choices=BOARDS,
        help="set BOARD in the deployed board_config.py (default: as the file says)",
    )
    d.add_argument("--no-ble", action="store_true", help="skip installing aioble (USB only)")
    d.add_argument(
        "--romfs",
        action="store_true",
        help="put the firmware in the board's ROMFS partition (bytecode stays in flash)",
    )
    d.add_argument("--dry-run", action="store_true", help="print the steps, touch nothing")


def run(args: argparse.Namespace) -> int:
    try:
        deploy(
            args.port, args.board, with_ble=not args.no_ble, dry_run=args.dry_run, romfs=args.romfs
        )
    except DeployError as e:
        print(f"altar firmware deploy: {e}", file=sys.stderr)
        return 2
    if not args.dry_run:
        print("done: the board now runs the Altar firmware")
    return 0
