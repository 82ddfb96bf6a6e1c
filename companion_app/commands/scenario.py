"""`altar scenario run FILE.toml [--json]`: set up a position of any game, apply its actions,
check what the file expects, and say what happened.

It prints the file's description, each action in players' words (or its refusal, when the file
expects one), the engine's log, and the final position. Exit 0 when every action did what the
file says and every expectation held; 1 naming the action (counted from 1) or the expectation
that failed; 2 when the file can't be read as a scenario (missing, not UTF-8 text, too large,
nested too deeply, a field that is wrong), naming the file. `check` is the same as `run` (kept for older scripts).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion_app.commands.args import SCENARIO_LIMIT, BadInput, read_text_file
from engine.scenario import ScenarioError, load_scenario, play_scenario, scenario_view

NAME = "scenario"
HELP = "run a scenario file of any game and check its expectations"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        choices=("run", "check"),
        help="run the actions and check the file's expectations (check: the same)",
    )
    parser.add_argument("file", type=Path, help="the scenario or saved game (.toml)")
    parser.add_argument("--json", action="store_true", help="print the resulting state as JSON")


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    try:
        text = read_text_file(path, SCENARIO_LIMIT)
    except BadInput as exc:  # missing, a folder, a device, binary, UTF-16, too large
        print(str(exc), file=sys.stderr)
        return 2
    try:
        scenario = load_scenario(text, str(path))
        result = play_scenario(scenario)
    except ScenarioError as exc:  # the file can't be a scenario: it names the field
        print(str(exc), file=sys.stderr)
        return 2
    game = result.game
    if args.json:
        view = scenario_view(scenario, game)  # what expectations look into, and more
        view["game"] = scenario.kind.kind
        view["prompts"] = [
            {"player": p.player, "text": p.text, "kind": p.kind} for p in game.prompts()
        ]
        view["actions"] = result.lines
        view["failures"] = result.failures
        print(json.dumps(view, indent=2))
    else:
        print(f"{scenario.kind.title}: {path.name}")
        if scenario.description:
            print(scenario.description.strip())
        print("\nWhat was done:")
        for line in result.lines or ["(no actions)"]:
            print(f"  {line}")
        print("\nThe game's log:")
        for entry in game.log:
            print(f"  Turn {entry.turn} · {entry.step}: {entry.text}")
        print("\nWhere it stands:")
        for line in scenario.kind.summary(game):
            print(line)
    for failure in result.failures:
        print(f"{path}: {failure}", file=sys.stderr)
    return 1 if result.failures else 0
