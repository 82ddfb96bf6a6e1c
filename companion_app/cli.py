"""The `altar` command. Each subcommand lives in its own module in companion_app/commands/.

A command module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Modules are imported only when their command runs, so `altar demo` never loads Kivy and
`altar monitor` never loads the engine.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

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
    return int(command.run(args))


if __name__ == "__main__":
    sys.exit(main())
