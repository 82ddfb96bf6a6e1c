"""A random legal play-out, the same in every game: the game's own ``choose`` (its taste for
action, so random games end as real ones do) picks among the legal actions until the game
ends or the cap is reached. The registry's ``random_game`` of a game whose play-out needs
nothing more (no stalemate proof, no prayer rhythm) is these two functions and its setup."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.game import Game
from engine.core.kind import RandomGame

A = TypeVar("A")


def play_out(
    game: Game[Any, Any, A],
    choose: Callable[[random.Random, list[A]], A],
    seed: int,
    max_actions: int,
) -> int:
    """Plays ``game`` on from where it stands; how many actions were applied."""
    rnd = random.Random(seed)
    applied = 0
    while game.outcome() is None and applied < max_actions:
        options = list(game.legal_actions())
        if not options:
            raise AssertionError(f"no legal action and the game is not over: {game.prompts()}")
        game.apply(choose(rnd, options))
        applied += 1
    return applied


def random_game(
    game: Game[Any, Any, A],
    choose: Callable[[random.Random, list[A]], A],
    seed: int,
    max_actions: int,
) -> RandomGame:
    """``game`` (fresh) played out; capped when it was still going at ``max_actions``."""
    applied = play_out(game, choose, seed, max_actions)
    return RandomGame(game, capped=game.outcome() is None and applied >= max_actions)
