"""`altar scenario run FILE.toml [--json]`: set up a position, apply its actions, print the state.

`altar scenario check FILE.toml` also compares the file's [[expect]] entries with the result.
Exit 0 when everything applied (and matched); 1 with a message naming the refused action's
index and the rule, or the expectation that failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.errors import IllegalAction
from engine.scenario import (
    ScenarioError,
    check_expectations,
    load_scenario,
    run_scenario,
    state_view,
)
from engine.zeal import ZealGame

NAME = "scenario"
HELP = "run or check a scenario file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        choices=("run", "check"),
        help="run: print the result; check: also test [[expect]]",
    )
    parser.add_argument("file", type=Path, help="the scenario or saved game (.toml)")
    parser.add_argument("--json", action="store_true", help="print the resulting state as JSON")


def _text(game: ZealGame) -> str:
    state = game.state
    lines = [f"Turn {state.turn}, {state.players[state.active].name}'s {state.step.label} step"]
    for seat, p in enumerate(state.players):
        bases = " ".join(
            f"{b.defense}{'' if b.face_up else 'x'}{f'({b.damage})' if b.damage else ''}"
            for b in p.bases
        )
        out = " (out)" if p.eliminated else ""
        lines.append(
            f"  [{seat}] {p.name}{out}: devotion {p.devotion}/{p.max_devotion}, hand {p.hand_size}, "
            f"deck {p.deck_size}, bases {bases}"
        )
        for x in p.in_play:
            dmg = f", {x.damage} damage" if x.damage else ""
            kw = f" [{', '.join(x.keywords)}]" if x.keywords else ""
            combat = f" combat {x.combat}" if x.is_character else ""
            lines.append(f"      #{x.id} {x.name}{combat}{dmg}{kw}")
    for item in state.stack:
        lines.append(f"  stack: {item.name} ({state.players[item.controller].name})")
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"can't read {path}: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        scenario = load_scenario(text, str(path))
        game = run_scenario(scenario)
    except ScenarioError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except IllegalAction as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    problems = check_expectations(scenario, game) if args.action == "check" else []
    if args.json:
        view = state_view(game.state)
        view["prompts"] = [
            {"player": p.player, "text": p.text, "kind": p.kind} for p in game.prompts()
        ]
        view["log"] = [e.text for e in game.log]
        print(json.dumps(view, indent=2))
    else:
        print(_text(game))
    for problem in problems:
        print(f"{path}: expectation failed: {problem}", file=sys.stderr)
    return 1 if problems else 0
