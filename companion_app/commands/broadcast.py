"""`altar broadcast serve`: every table's game live in a web browser (docs/broadcast.md).

  altar broadcast serve --broker HOST:PORT --watch-code CODE [--port 8080] [--replays DIR]
  altar broadcast serve --broker HOST:PORT [--user U --password P]   (tables outside a tournament)
        [--admit CODE ...] [--admitted FILE]

Outside a tournament a table is shown once its key is admitted: the server prints a new table's
name and key code (its tablet's Broadcast page shows the same code), and the operator types
`admit CODE` here, or lists codes with --admit or in --admitted FILE (one a line; codes
admitted at the console are added to it).

The page is at http://HOST:PORT/ (the tournament), /table/NAME, /overlay/NAME?layout=bar|column|corner,
and /replay?file=NAME.json (a game exported with `altar export`, from --replays).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

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
    s.add_argument(
        "--admit", action="append", default=[], metavar="CODE", help="a table's key code to show"
    )
    s.add_argument("--admitted", type=Path, default=None, help="a file of admitted key codes")
    s.add_argument(
        "--per-address", type=int, default=32, help="connections one address may hold (32)"
    )
    s.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        help="connections in all (1000; lowered to fit the open-file limit)",
    )


def _read_codes(path: Path | None) -> list[str]:
    if path is None or not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def _console(feed: Any, loop: asyncio.AbstractEventLoop, admitted: Path | None) -> None:
    """The operator's lines on standard input: `admit CODE` shows that table."""
    from companion_app.broadcast import channel

    for line in sys.stdin:
        words = line.split()
        if len(words) != 2 or words[0].lower() != "admit":
            if words:
                print("type: admit CODE (the code the server printed for a table)", flush=True)
            continue
        code = channel.normal_code(words[1])

        def admit(code: str = code) -> None:
            feed.admit(code)
            print(f"admitted {code}", flush=True)

        loop.call_soon_threadsafe(admit)
        if admitted is not None:
            try:
                with admitted.open("a", encoding="utf-8") as f:
                    f.write(code + "\n")
            except OSError as e:
                print(f"could not add {code} to {admitted} ({e.strerror or e})", flush=True)


def _broker(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--broker wants HOST:PORT, such as 127.0.0.1:1883 (not {text!r})")
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    from companion_app.broadcast.guard import ConnectionLimits
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
    try:
        codes = [*args.admit, *_read_codes(args.admitted)]
    except (OSError, UnicodeDecodeError) as e:
        print(f"altar broadcast: cannot read --admitted {args.admitted} ({e})")
        return 2

    def new_table(table: str, code: str) -> None:
        print(
            f"a new table asks to be shown: {table}, key code {code}. "
            f"To show it, type: admit {code}",
            flush=True,
        )

    if args.per_address < 1 or args.max_connections < 1:
        print("altar broadcast: --per-address and --max-connections are 1 or more")
        return 2
    limits = ConnectionLimits(per_address=args.per_address, total=args.max_connections)
    feed = Feed(host, port, watch, args.user, args.password, admitted=tuple(codes))
    feed.on_new = new_table
    logging.basicConfig(level=logging.WARNING, format="altar broadcast: %(message)s")
    print(f"broadcast on http://{args.bind}:{args.port}/ (Ctrl-C stops it)", flush=True)
    print(f"at most {limits.total} connections, {limits.per_address} from one address", flush=True)
    if watch is None:
        print(f"{len(codes)} table key codes admitted; type admit CODE to add one", flush=True)

    async def main() -> None:
        task = asyncio.create_task(
            serve(feed, args.bind, args.port, args.replays, args.seconds, connections=limits)
        )
        loop = asyncio.get_running_loop()
        if watch is None:
            threading.Thread(target=_console, args=(feed, loop, args.admitted), daemon=True).start()
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
