"""`altar app`: open the tablet app, on real devices or on simulated ones (--simulator).

With no display, Kivy's SDL2 falls back to offscreen drawing, so the app still starts and
draws; --screenshot saves what it drew and quits, which is how a headless machine checks it.
"""

from __future__ import annotations

import argparse
import asyncio
import os

NAME = "app"
HELP = "open the tablet app"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--simulator",
        action="store_true",
        help="use simulated hardware: two virtual devotion dials and a virtual card reader "
        "(keys: Up/Down and W/S turn the dials, 1-9 scan a card, F2 opens the simulator panel)",
    )
    parser.add_argument("--db", help="the saved-games file (default: your data folder)")
    parser.add_argument(
        "--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)"
    )
    parser.add_argument(
        "--players",
        help="skip the new-game screen: comma-separated names, e.g. Alena,Anton",
    )
    parser.add_argument(
        "--screenshot",
        help="draw the first screen, save it to this PNG and quit (checks a headless setup)",
    )


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 320:
        raise SystemExit("--size must be at least 320x320")
    return w, h


def run(args: argparse.Namespace) -> int:
    width, height = _size(args.size)
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    # Window size must be configured before Kivy creates the window.
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("input", "mouse", "mouse,multitouch_on_demand")

    from companion_app.app import AltarApp
    from companion_app.hardware_side import device_side, simulator_side

    app = AltarApp(db_path=args.db, hardware=simulator_side if args.simulator else device_side)
    if args.players:
        names = [n for n in args.players.split(",") if n.strip()]
        app.start_names = names
    if args.screenshot:
        app.screenshot_then_quit = args.screenshot
    asyncio.run(app.run_async())
    return 0
