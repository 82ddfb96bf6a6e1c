"""`altar demo [--game KIND] [--to-the-end]`: a scripted opening of any game through every
layer, headless (companion_app/demo.py)."""

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


def run(args: argparse.Namespace) -> int:
    from companion_app.demo import main
    from companion_app.games import adapter_for

    try:
        adapter_for(args.game)
    except ValueError as e:
        print(f"altar demo: {e}")
        return 2
    return int(main(args.game, args.to_the_end))
