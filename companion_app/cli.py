"""The `altar` command. Each subcommand lives in its own module in companion_app/commands/.

A command module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Modules are imported only when their command runs, so `altar demo` never loads Kivy and
`altar monitor` never loads the engine.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys

from companion_app import engine_build
from companion_app.commands.args import BadInput

# Exit codes of every command (README.md "Exit codes"): 0 done as asked; 1 it ran and the
# outcome is not what was asked (an expectation failed, a tournament did not finish);
# 2 the command line or a file it names can't be used (argparse's own code for usage).
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it
EXIT_UNEXPECTED = 70  # EX_SOFTWARE (sysexits.h): a bug, said in words

# (command name, module, one-line help). Kept here, not discovered, so `altar --help` is fast
# and the list of commands is one place a newcomer can read.
COMMANDS: list[tuple[str, str, str]] = [
    ("app", "companion_app.commands.app", "open the tablet app"),
    (
        "demo",
        "companion_app.commands.demo",
        "play a scripted opening of any game through every layer, headless",
    ),
    ("scenario", "companion_app.commands.scenario", "run or check a scenario file"),
    ("monitor", "companion_app.commands.monitor", "print a device's frames and events live"),
    ("firmware", "companion_app.commands.firmware", "deploy the firmware to a board"),
    ("broadcast", "companion_app.commands.broadcast", "serve every table's game to web browsers"),
    ("export", "companion_app.commands.export", "write a saved game as a replay file"),
    ("unclaim", "companion_app.commands.unclaim", "forget a device's key here and on the device"),
    (
        "tournament",
        "companion_app.commands.tournament",
        "host or join a draft tournament over MQTT",
    ),
]


def _available() -> list[tuple[str, str, str]]:
    found = []
    for name, module, help_text in COMMANDS:
        if importlib.util.find_spec(module) is not None:
            found.append((name, module, help_text))
    return found


def main(argv: list[str] | None = None) -> int:
    # The compiled engine when `make` built it from this source, else the source itself:
    # chosen before any command imports the engine (ALTAR_ENGINE=python|compiled to choose).
    try:
        engine_build.activate()
    except engine_build.EngineBuildError as e:
        print(f"altar: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    parser = argparse.ArgumentParser(prog="altar", description="Altar: the table companion.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module, help_text in _available():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module)
        # Arguments come from the module itself, loaded lazily only for the command asked for.
        if argv is None:
            argv = sys.argv[1:]
        if argv and argv[0] == name:
            importlib.import_module(module).add_arguments(p)
    args = parser.parse_args(argv)
    command = importlib.import_module(args._module)
    try:
        return int(command.run(args))
    except BadInput as e:  # junk from the command line or a file it names, in words
        print(f"altar {args.command}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:  # Ctrl-C: stopped as asked, no traceback
        return EXIT_INTERRUPTED
    except OSError as e:  # a path that is a file where a folder must be, no permission ...
        where = f"{e.filename}: " if e.filename else ""
        print(f"altar {args.command}: can't use {where}{e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:
        if os.environ.get("ALTAR_DEBUG"):
            raise
        # A case nobody foresaw: still words, and how to see the details.
        print(
            f"altar {args.command}: something unexpected went wrong ({type(e).__name__}: {e}). "
            "Run it again with ALTAR_DEBUG=1 to see where, and please report it.",
            file=sys.stderr,
        )
        return EXIT_UNEXPECTED


if __name__ == "__main__":
    sys.exit(main())
