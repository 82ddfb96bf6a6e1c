"""One long game as a table plays it, for the benches that need one (replay, per-event cost).

A hidden-hands Zeal game (as the app plays) of random legal play with a taste for holding
back (attacks are mostly declined, so the game lasts), and the devotion dial turned between
commands as players do: every command is a real one, and the state, history and log grow as
a long evening's game does. Deterministic from the seed.
"""

from __future__ import annotations

import dataclasses
import random

from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import choose, random_setup

DIAL_SHARE = 0.25  # about one command in four is a dial turn
HOLD_BACK = 0.97  # the share of attacks declined


def _hold_back(rnd: random.Random, options: list[za.Action]) -> za.Action:
    first = options[0]
    if isinstance(first, za.DeclareAttackers) and rnd.random() < HOLD_BACK:
        return min(
            options, key=lambda a: len(a.attackers) if isinstance(a, za.DeclareAttackers) else 99
        )
    return choose(rnd, options)


def next_command(game: ZealGame, rnd: random.Random) -> za.Action:
    """The next command of the long game: a dial turn, or one of the legal actions."""
    if rnd.random() < DIAL_SHARE:
        seat = rnd.randrange(len(game.state.players))
        return za.SetDevotion(seat, current=rnd.randrange(0, 14))
    return _hold_back(rnd, list(game.legal_actions()))


def long_game(commands: int, players: int = 4, seed: int = 6) -> tuple[ZealGame, random.Random]:
    """A game ``commands`` commands long and still going, with the random source that plays
    it on: the first seed from ``seed`` whose game lasts that long (most 4-player ones do)."""
    while True:
        setup = dataclasses.replace(random_setup(seed, players), hidden_hands=True)
        game = ZealGame(setup)
        rnd = random.Random(seed)
        while len(game.history) < commands and game.outcome() is None:
            game.apply(next_command(game, rnd))
        if game.outcome() is None:
            return game, rnd
        seed += 1
