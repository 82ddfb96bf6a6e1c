"""`altar broadcast serve`: every table's game live in a web browser (docs/broadcast.md).

  altar broadcast serve --broker HOST:PORT --watch-code CODE [--port 8080] [--replays DIR]
  altar broadcast serve --broker HOST:PORT [--user U --password P]   (tables outside a tournament)

The page is at http://HOST:PORT/ (the tournament), /table/NAME, /overlay/NAME?layout=bar|column|corner,
and /replay?file=NAME.json (a game exported with `altar export`, from --replays).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from pathlib import Path

from companion_app.commands.args import port_argument

NAME = "broadcast"
HELP = "serve every table's game live to web browsers"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    s = sub.add_parser("serve", help="the web page and its live feed")
    s.add_argument("--broker", default="127.0.0.1:1883", help="host:port of the MQTT broker")
    s.add_argument("--watch-code", default=None, help="a tournament's watcher's code")
    s.add_argument("--user", default=None, help="the broker user, outside a tournament")
    s.add_argument("--password", default=None, help="that user's password")
    s.add_argument("--bind", default="127.0.0.1", help="the address to serve on (0.0.0.0: all)")
    s.add_argument("--port", type=port_argument, default=8080, help="the web page's port")
    s.add_argument("--replays", type=Path, default=None, help="a folder of exported games")
    s.add_argument("--seconds", type=float, default=0.0, help="stop after this long (0: never)")


def _broker(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--broker wants HOST:PORT, such as 127.0.0.1:1883 (not {text!r})")
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    from companion_app.broadcast.serve import Feed, serve
    from companion_app.tournament.codes import JoinCode
    from companion_app.tournament.messages import BadMessage

    try:
        host, port = _broker(args.broker)
        watch = JoinCode.for_watching(args.watch_code) if args.watch_code else None
    except (ValueError, BadMessage) as e:
        print(f"altar broadcast: {e}")
        return 2
    if args.replays is not None and not args.replays.is_dir():
        print(f"altar broadcast: --replays {args.replays} is not a folder")
        return 2
    feed = Feed(host, port, watch, args.user, args.password)
    print(f"broadcast on http://{args.bind}:{args.port}/ (Ctrl-C stops it)", flush=True)

    async def main() -> None:
        task = asyncio.create_task(serve(feed, args.bind, args.port, args.replays, args.seconds))
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await task

    try:
        asyncio.run(main())
    except OSError as e:  # the port is taken, the address is not ours
        print(f"altar broadcast: cannot serve on {args.bind}:{args.port} ({e.strerror or e})")
        return 1
    print(f"served {feed.board.taken} views; dropped {sum(feed.board.dropped.values())}")
    return 0
