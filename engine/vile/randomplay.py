"""Random legal play-outs (property tests, the benchmark): open hands, sample decks."""

from __future__ import annotations

import random

from engine.core import playout
from engine.core.kind import RandomGame
from engine.vile import actions as va
from engine.vile.card_model import GODS, Catalog
from engine.vile.cards import sample_catalog
from engine.vile.game import VileGame
from engine.vile.setup import DECK_SIZE, PlayerSetup, VileSetup

# A gate deck's mix, by card type: what a playable deck might hold.
_MIX = ("component",) * 4 + ("monster",) * 3 + ("sabotage", "spell", "spell")


def sample_deck(catalog: Catalog, god: str, seed: int, size: int = DECK_SIZE) -> tuple[str, ...]:
    """A gate deck of ``size`` cards of ``god`` (with repeats), mixed as ``_MIX`` says."""
    rnd = random.Random(seed)
    by_type: dict[str, list[str]] = {}
    for card in catalog.of_god(god):
        by_type.setdefault(card.type, []).append(card.id)
    kinds = [k for k in _MIX if k in by_type]
    return tuple(rnd.choice(by_type[kinds[i % len(kinds)]]) for i in range(size))


def random_setup(seed: int, catalog: Catalog | None = None) -> VileSetup:
    catalog = catalog or sample_catalog()
    rnd = random.Random(seed)
    gods = (rnd.choice(GODS), rnd.choice(GODS))
    return VileSetup(
        players=tuple(
            PlayerSetup(name, gods[i], deck=sample_deck(catalog, gods[i], seed * 31 + i))
            for i, name in enumerate(("Alena", "Anton"))
        ),
        seed=seed,
        catalog=catalog,
        hidden_hands=False,
    )


def choose(rnd: random.Random, options: list[va.Action]) -> va.Action:
    """Random legal choices with a taste for progress: perform rituals, set components,
    attack, and move on rather than dither."""
    for wanted in (va.PerformRitual, va.SetComponent):
        found = [a for a in options if isinstance(a, wanted)]
        if found:
            return rnd.choice(found)
    gathers = [a for a in options if isinstance(a, va.Gather) and a.card_id]
    if gathers:
        return rnd.choice(gathers)
    first = options[0]
    if isinstance(first, va.Pass) and len(options) > 1:
        if rnd.random() < 0.3:
            return first
        return rnd.choice(options[1:])
    return rnd.choice(options)


def play_out(game: VileGame, seed: int, max_actions: int) -> int:
    return playout.play_out(game, choose, seed, max_actions)


def random_game(seed: int, players: int = 2, max_actions: int = 3000) -> RandomGame:
    """A random play-out from a fresh open-handed game (the registry's entry)."""
    return playout.random_game(VileGame(random_setup(seed)), choose, seed, max_actions)
