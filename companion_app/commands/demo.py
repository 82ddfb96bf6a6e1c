"""`altar demo`: a scripted Zeal opening through every layer, headless (companion_app/demo.py)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tournament", action="store_true", help="a 4-player round robin over MQTT instead"
    )


def run(args: argparse.Namespace) -> int:
    if getattr(args, "tournament", False):
        from companion_app.tournament.demo import main as tournament

        return tournament()
    from companion_app.demo import main

    return main()
