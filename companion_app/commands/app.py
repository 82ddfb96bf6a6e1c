"""`altar app`: open the tablet app, on real devices or on simulated ones (--simulator).

With no display, Kivy's SDL2 falls back to offscreen drawing, so the app still starts and
draws; --screenshot saves what it drew and quits, which is how a headless machine checks it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

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
        "--size",
        type=_size,
        default=(1280, 800),
        help="window size WIDTHxHEIGHT (default 1280x800)",
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
        raise argparse.ArgumentTypeError(f"must look like 1280x800, not {text!r}") from None
    if not (320 <= w <= 16384 and 320 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"must be from 320x320 to 16384x16384, not {text!r}")
    return w, h


def _players(text: str) -> list[str] | None:
    """--players for the default game, checked before a window opens; None with words."""
    from engine import games

    names = [n.strip() for n in text.split(",") if n.strip()]
    engine = games.get(games.DEFAULT_KIND)
    if not engine.min_players <= len(names) <= engine.max_players:
        print(
            f"altar app: --players: {engine.title} is for {engine.min_players} to "
            f"{engine.max_players} players, not {len(names)} ({text!r})",
            file=sys.stderr,
        )
        return None
    return names


def run(args: argparse.Namespace) -> int:
    width, height = args.size
    names = _players(args.players) if args.players else []
    if names is None:
        return 2
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    # Window size must be configured before Kivy creates the window.
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("input", "mouse", "mouse,multitouch_on_demand")

    from companion_app.app import AltarApp
    from companion_app.hardware_link.hardware_side import device_side, simulator_side

    app = AltarApp(db_path=args.db, hardware=simulator_side if args.simulator else device_side)
    if names:
        app.start_names = names
    if args.screenshot:
        app.screenshot_then_quit = args.screenshot
    from kivy.clock import Clock

    from companion_app.collector import tune_collector

    # At the first frame everything is loaded (screens, kv rules, catalogs, the resumed game):
    # frozen out of the collector's passes, which are then rarer (companion_app/collector.py).
    Clock.schedule_once(lambda _dt: tune_collector(), 0)
    asyncio.run(app.run_async())
    # Everything is saved: each command was committed as it was made and on_stop committed
    # the last burst; closing folds the WAL in, so the saves are one file again.
    app.store.close()
    # Then leave without Python's own teardown of Kivy's window and GL objects: it saves
    # nothing and took 6 s of a loaded machine, where the OS that sent SIGTERM waits for a
    # second or so before it kills the app.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
