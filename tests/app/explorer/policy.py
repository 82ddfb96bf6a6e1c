"""Which legal action the explorer makes next: mostly what moves the game on (the game's
player model's ``prefer``: attacks, plays, bases), so whole games end as real ones do; a kind
of action the engine listed and the explorer has not made yet, whenever one is offered, so
every kind is made over a run; and now and then any legal action at all."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

NEW_KIND = 0.6  # a kind of action never made yet, when the engine offers one
ANY = 0.08  # any legal action, drawn evenly


def kind(action: Any) -> str:
    return type(action).__name__


def choose(
    rng: random.Random, model: Any, game: Any, legal: Sequence[Any], made: Iterable[str]
) -> Any:
    """One of ``legal``; ``made``: the kinds of action already made."""
    done = set(made)
    fresh = [a for a in legal if kind(a) not in done]
    if fresh and rng.random() < NEW_KIND:
        return rng.choice(fresh)
    if rng.random() < ANY:
        return rng.choice(list(legal))
    return model.prefer(rng, game, legal)
