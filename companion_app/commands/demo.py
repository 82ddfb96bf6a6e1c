"""`altar demo`: a scripted Zeal opening through every layer, headless (companion_app/demo.py)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options: the demo is one fixed script


def run(args: argparse.Namespace) -> int:
    from companion_app.demo import main

    return main()
