"""Random legal play-outs (for property tests and the benchmark): full, non-hidden decks."""

from __future__ import annotations

import random

from engine.core.kind import RandomGame
from engine.zeal import actions as za
from engine.zeal.cards import Catalog, sample_catalog
from engine.zeal.game import ZealGame
from engine.zeal.setup import PlayerSetup, ZealSetup


def sample_deck(catalog: Catalog, seed: int, size: int = 36) -> tuple[str, ...]:
    """A deck of ``size`` cards drawn (with repeats) from the catalog: two thirds characters,
    like a playable deck, the rest spells and devices."""
    rnd = random.Random(seed)
    characters = sorted(c.id for c in catalog.cards if c.type == "character")
    others = sorted(c.id for c in catalog.cards if c.type in ("spell", "device"))
    return tuple(
        rnd.choice(characters if i % 3 else others)
        if characters and others
        else rnd.choice(characters or others)
        for i in range(size)
    )


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


def choose(rnd: random.Random, options: list[za.Action], pushing: bool = False) -> za.Action:
    """Random legal choices with a taste for aggression, so games end the way real ones do:
    attack with everything, raise devotion early, play cards when possible, let most actions
    resolve rather than answering each one. ``pushing``: the game has gone round in circles
    (``stall_note``), so the players push for an end: no blocks, and every optional triggered
    action (a Reconnect takes a character, a Reanimation Chamber brings one back) is played."""
    first = options[0]
    if pushing:
        if isinstance(first, za.DeclareBlockers):
            return min(
                options, key=lambda a: len(a.blocks) if isinstance(a, za.DeclareBlockers) else 0
            )
        triggers = [a for a in options if isinstance(a, za.PlayTrigger)]
        if triggers:
            return rnd.choice(triggers)
    if isinstance(first, za.DeclareAttackers):
        return max(
            options, key=lambda a: len(a.attackers) if isinstance(a, za.DeclareAttackers) else 0
        )
    if isinstance(first, za.Develop):
        return options[1] if rnd.random() < 0.7 else options[0]
    if isinstance(first, za.Pass) and len(options) > 1:
        plays = [a for a in options if isinstance(a, za.PlayCard)]
        if plays and rnd.random() < 0.5:
            return rnd.choice(plays)
        if rnd.random() < 0.95:
            return first
    return rnd.choice(options)


def _power(game: ZealGame, seat: int) -> int:
    """The combat ``seat`` controls, less every foe's: what a push for the end looks at."""
    return sum(p.combat if p.controller == seat else -p.combat for p in game.state.permanents())


def _strongest(game: ZealGame, rnd: random.Random, options: list[za.Action]) -> za.Action:
    """Pushing for an end, a triggered action to play: the one that leaves its player the
    most combat against the foes' (a Reconnect takes the strongest character, a Reanimation
    Chamber brings back the strongest), tried and undone; ties broken at random."""
    triggers = [a for a in options if isinstance(a, za.PlayTrigger)]
    scored = []
    for action in triggers:
        game.apply(action)
        scored.append((_power(game, action.player), rnd.random(), action))
        game.undo()
    return max(scored, key=lambda x: (x[0], x[1]))[2]


def play_out(game: ZealGame, seed: int, max_actions: int = 5000) -> tuple[int, bool]:
    """Plays random legal actions until the game ends or no one can win any more, proven
    (checked as each turn begins); returns how many were applied, and whether the table would
    have been offered to stop on the way without a proof (``stall_note``)."""
    rnd = random.Random(seed)
    applied = 0
    turn = -1
    noted = pushing = False
    while game.outcome() is None and applied < max_actions:
        if game.state.turn != turn:  # whether anyone can still win changes only turn by turn
            turn = game.state.turn
            if game.stalemate() is not None:
                break
            pushing = game.stall_note() is not None
            noted = noted or pushing
        options = list(game.legal_actions())
        if not options:
            raise AssertionError(f"no legal action and the game is not over: {game.prompts()}")
        if pushing and any(isinstance(a, za.PlayTrigger) for a in options):
            game.apply(_strongest(game, rnd, options))
        else:
            game.apply(choose(rnd, options, pushing))
        applied += 1
    return applied, noted


def random_game(seed: int, players: int = 2, max_actions: int = 3000) -> RandomGame:
    """A random play-out from a fresh open-handed game (the registry's entry for Zeal)."""
    game = ZealGame(random_setup(seed, players))
    applied, noted = play_out(game, seed, max_actions)
    stalled = game.outcome() is None and game.stalemate() is not None
    capped = game.outcome() is None and not stalled and applied >= max_actions
    return RandomGame(game, capped=capped, stalled=stalled, noted=noted)
