"""`altar demo [--game KIND] [--to-the-end] | --tournament`: a scripted opening of any game
through every layer, headless (companion_app/simulator/pipeline_demo.py); or a 4-player round robin across four
simulated tables over a real Mosquitto (companion_app/tournament/round_robin_demo.py)."""

from __future__ import annotations

import argparse

from engine import games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        default=games.DEFAULT_KIND,
        help=f"which game ({', '.join(games.kinds())}; default {games.DEFAULT_KIND})",
    )
    parser.add_argument(
        "--to-the-end",
        action="store_true",
        help="after the script, play random legal moves through the table until a winner",
    )
    parser.add_argument(
        "--tournament", action="store_true", help="a 4-player round robin over MQTT instead"
    )


def run(args: argparse.Namespace) -> int:
    if getattr(args, "tournament", False):
        from companion_app.tournament.round_robin_demo import main as tournament

        return tournament()
    from companion_app.games import adapter_for
    from companion_app.simulator.pipeline_demo import main

    try:
        adapter_for(args.game)
    except ValueError as e:
        print(f"altar demo: {e}")
        return 2
    return int(main(args.game, args.to_the_end))
