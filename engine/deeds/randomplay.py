"""Random legal play-outs (property tests, the benchmark): open hands, sample faction decks."""

from __future__ import annotations

import random

from engine.core import playout
from engine.core.kind import RandomGame
from engine.deeds import actions as da
from engine.deeds.card_toml import sample_catalog
from engine.deeds.cards import Catalog
from engine.deeds.game import DeedsGame
from engine.deeds.setup import DeedsSetup, PlayerSetup

FACTIONS = ("Horde", "Holdouts")


def sample_deck(catalog: Catalog, faction: str, seed: int, size: int = 30) -> tuple[str, ...]:
    """``size`` cards of one faction, drawn with repeats, about a third of them resources."""
    rnd = random.Random(seed)
    cards = sorted(c.id for c in catalog.cards if c.faction == faction and c.type != "resource")
    resources = sorted(c.id for c in catalog.cards if c.faction == faction and c.type == "resource")
    return tuple(rnd.choice(resources if resources and i % 3 == 0 else cards) for i in range(size))


def random_setup(seed: int, players: int = 2, catalog: Catalog | None = None) -> DeedsSetup:
    catalog = catalog or sample_catalog()
    names = ("Amy", "John")
    return DeedsSetup(
        players=tuple(
            PlayerSetup(names[i], sample_deck(catalog, FACTIONS[(seed + i) % 2], seed * 31 + i))
            for i in range(players)
        ),
        seed=seed,
        catalog=catalog,
        hidden_hands=False,
    )


def choose(rnd: random.Random, options: list[da.Action]) -> da.Action:
    """Random legal choices with a taste for action, so games end as real ones do: deploy
    what can be paid, attack with everything, block now and then, pass tactics quickly."""
    deploys = [a for a in options if isinstance(a, da.Deploy)]
    if deploys and rnd.random() < 0.8:
        return rnd.choice(deploys)
    attacks = [a for a in options if isinstance(a, da.Attack)]
    if attacks:
        return attacks[0] if rnd.random() < 0.8 else rnd.choice(attacks)
    first = options[0]
    if isinstance(first, da.Pass) and rnd.random() < 0.9:
        return first
    if isinstance(first, da.Block) and rnd.random() < 0.3:
        return first
    ends = [a for a in options if isinstance(a, da.EndPhase)]
    if ends and rnd.random() < 0.7:
        return ends[0]
    return rnd.choice(options)


def play_out(game: DeedsGame, seed: int, max_actions: int) -> int:
    return playout.play_out(game, choose, seed, max_actions)


def random_game(seed: int, players: int = 2, max_actions: int = 3000) -> RandomGame:
    """A random play-out from a fresh open-handed game (the registry's entry)."""
    return playout.random_game(DeedsGame(random_setup(seed, players)), choose, seed, max_actions)
