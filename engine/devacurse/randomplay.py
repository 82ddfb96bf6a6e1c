"""Random legal play-outs (property tests, the benchmark): open hands, seeded decks."""

from __future__ import annotations

import random

from engine.core.kind import RandomGame
from engine.devacurse import actions as da
from engine.devacurse.card_model import Catalog
from engine.devacurse.cards import sample_catalog
from engine.devacurse.game import DevacurseGame
from engine.devacurse.setup import DevaSetup, PlayerSetup

NAMES = ("Alena", "Anton")


def sample_deck(catalog: Catalog, seed: int, size: int = 30) -> tuple[str, ...]:
    """A Universe deck drawn (with repeats) from the catalog: half soldiers, a sixth heroes,
    the rest events."""
    rnd = random.Random(seed)
    by_type = {
        kind: sorted(c.id for c in catalog.cards if c.type == kind)
        for kind in ("soldier", "hero", "event")
    }
    pools = [by_type[k] for k in ("soldier", "soldier", "soldier", "hero", "event", "event")]
    pools = [pool for pool in pools if pool] or [sorted(c.id for c in catalog.cards)]
    return tuple(rnd.choice(pools[i % len(pools)]) for i in range(size))


def random_setup(seed: int, catalog: Catalog | None = None) -> DevaSetup:
    catalog = catalog or sample_catalog()
    return DevaSetup(
        players=tuple(
            PlayerSetup(NAMES[i], deck=sample_deck(catalog, seed * 31 + i)) for i in range(2)
        ),
        seed=seed,
        catalog=catalog,
        first_order=seed % 2,
        hidden_hands=False,
    )


def choose(rnd: random.Random, state_options: list[da.Action], blessed: bool) -> da.Action:
    """Random legal choices with a plan, so games end as real ones do: in part 1 enter some
    blessings and draw once, spend what you can, attack with everything most of the time."""
    first = state_options[0]
    if isinstance(first, da.Pass) and len(state_options) > 1:
        rest = state_options[1:]
        if isinstance(rest[0], da.Draw | da.Bless):
            if not blessed:
                bless = [a for a in rest if isinstance(a, da.Bless)]
                draws = [a for a in rest if isinstance(a, da.Draw)]
                return (
                    rnd.choice(bless) if bless and (not draws or rnd.random() < 0.5) else draws[0]
                )
            return first
        if rnd.random() < 0.8:
            return rnd.choice(rest)
        return first
    if isinstance(first, da.Attack) and rnd.random() < 0.8:
        return first
    return rnd.choice(state_options)


def play_out(game: DevacurseGame, seed: int, max_actions: int = 3000) -> int:
    rnd = random.Random(seed)
    applied = 0
    entered: set[tuple[int, int, str]] = set()
    while game.outcome() is None and applied < max_actions:
        options = list(game.legal_actions())
        if not options:
            raise AssertionError(f"no legal action and the game is not over: {game.prompts()}")
        state = game.state
        seat = game.acting_player()
        assert seat is not None
        key = (state.spiral, seat, "bless")
        action = choose(rnd, options, key in entered and (state.spiral, seat, "draw") in entered)
        if isinstance(action, da.Bless):
            entered.add(key)
        if isinstance(action, da.Draw):
            entered.add((state.spiral, seat, "draw"))
        game.apply(action)
        applied += 1
    return applied


def random_game(seed: int, players: int = 2, max_actions: int = 3000) -> RandomGame:
    """A random play-out from a fresh open-handed game (the registry's entry for Devacurse);
    Devacurse is a 2-player game, so ``players`` is 2."""
    if players != 2:
        raise ValueError("Devacurse is played by 2 players")
    game = DevacurseGame(random_setup(seed))
    applied = play_out(game, seed, max_actions)
    return RandomGame(game, capped=game.outcome() is None and applied >= max_actions)
