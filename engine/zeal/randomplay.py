"""Random legal play-outs (for property tests and the benchmark): full, non-hidden decks."""

from __future__ import annotations

import random

from engine.cards import Catalog, sample_catalog
from engine.zeal import actions as za
from engine.zeal.game import ZealGame
from engine.zeal.setup import PlayerSetup, ZealSetup


def sample_deck(catalog: Catalog, seed: int, size: int = 36) -> tuple[str, ...]:
    """A deck of ``size`` cards drawn (with repeats) from the catalog's cult cards."""
    rnd = random.Random(seed)
    pool = sorted(c.id for c in catalog.cards if c.type != "base")
    return tuple(rnd.choice(pool) for _ in range(size))


def random_setup(seed: int, players: int = 2, catalog: Catalog | None = None) -> ZealSetup:
    catalog = catalog or sample_catalog()
    names = ("Alena", "Anton", "Bea", "Cato", "Dara", "Emil", "Fay", "Gus")
    return ZealSetup(
        players=tuple(
            PlayerSetup(names[i], deck=sample_deck(catalog, seed * 31 + i)) for i in range(players)
        ),
        seed=seed,
        catalog=catalog,
        hidden_hands=False,
    )


def choose(rnd: random.Random, options: list[za.Action]) -> za.Action:
    """Random, with a taste for aggression so games end: attack with everything most of the
    time, raise devotion early, block sometimes, prefer doing something over passing."""
    first = options[0]
    if isinstance(first, za.DeclareAttackers) and rnd.random() < 0.8:
        return max(
            options, key=lambda a: len(a.attackers) if isinstance(a, za.DeclareAttackers) else 0
        )
    if isinstance(first, za.Develop):
        return options[1] if rnd.random() < 0.7 else options[0]
    doing = [a for a in options if not isinstance(a, za.Pass)]
    if doing and (len(doing) == len(options) or rnd.random() < 0.6):
        return rnd.choice(doing)
    return rnd.choice(options)


def play_out(game: ZealGame, seed: int, max_actions: int = 5000) -> int:
    """Plays random legal actions until the game ends; returns how many were applied."""
    rnd = random.Random(seed)
    applied = 0
    while game.outcome() is None and applied < max_actions:
        options = list(game.legal_actions())
        if not options:
            raise AssertionError(f"no legal action and the game is not over: {game.prompts()}")
        game.apply(choose(rnd, options))
        applied += 1
    return applied
