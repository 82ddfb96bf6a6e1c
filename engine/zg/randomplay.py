"""Random legal play-outs (property tests, the benchmark): open hands, the sample decks."""

from __future__ import annotations

import random

from engine.core import playout
from engine.core.kind import RandomGame
from engine.zg import actions as zga
from engine.zg.card_model import Catalog
from engine.zg.cards import sample_catalog
from engine.zg.game import ZgGame
from engine.zg.setup import OPTIONS, PlayerSetup, ZgSetup
from engine.zg.state import Terrain

NAMES = ("Alena", "Anton", "Bea", "Cato")


def random_setup(
    seed: int, players: int = 2, catalog: Catalog | None = None, options: bool = True
) -> ZgSetup:
    """Each player a sample figure's deck and character; with ``options``, a seeded choice of
    the optional rules and a piece of terrain, so play-outs cover them."""
    catalog = catalog or sample_catalog()
    rnd = random.Random(seed)
    figures = catalog.figures()
    seats = []
    for i in range(players):
        figure = figures[(seed + i) % len(figures)]
        seats.append(
            PlayerSetup(NAMES[i], catalog.deck_of(figure), None, catalog.character_of(figure) or "")
        )
    chosen = tuple(o for o in OPTIONS if options and rnd.random() < 0.5)
    terrain = (Terrain("Bookshelf", 3),) if options and rnd.random() < 0.5 else ()
    return ZgSetup(
        tuple(seats),
        seed=seed,
        hidden_hands=False,
        options=chosen,
        terrain=terrain,
        catalog=catalog,
    )


def choose(rnd: random.Random, options: list[zga.Action]) -> zga.Action:
    """Random choices with a taste for attacking, so games end as real ones do: attack rather
    than end the pulse, accept most tests, use powerups and retests now and then."""
    plain: list[zga.Action] = [
        a for a in options if not isinstance(a, zga.UsePowerup | zga.Flameout)
    ]
    if plain and (len(plain) == len(options) or rnd.random() < 0.95):
        options = plain
    attacks = [a for a in options if isinstance(a, zga.Attack)]
    if attacks and rnd.random() < 0.9:
        return rnd.choice(attacks)
    resolve = [a for a in options if isinstance(a, zga.Resolve)]
    if resolve and rnd.random() < 0.85:
        return resolve[0]
    moves = [a for a in options if isinstance(a, zga.Move)]
    if moves and rnd.random() < 0.7:
        return rnd.choice(moves)
    return rnd.choice(options)


def play_out(game: ZgGame, seed: int, max_actions: int = 5000) -> int:
    return playout.play_out(game, choose, seed, max_actions)


def random_game(seed: int, players: int = 2, max_actions: int = 5000) -> RandomGame:
    """A random play-out from a fresh open-handed game (the registry's entry for Z-G)."""
    return playout.random_game(ZgGame(random_setup(seed, players)), choose, seed, max_actions)
