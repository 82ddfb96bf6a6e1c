"""Paying a cost from a resource pool ("Deployment Cost": each symbol paid in its resource,
``*`` paid with any)."""

from __future__ import annotations

from engine.core.evolve import maker
from engine.deeds.cards import RESOURCES, Cost
from engine.deeds.state import Pool


def pay(pool: Pool, cost: Cost, choice: tuple[str, ...] = ()) -> Pool | str:
    """The pool after paying ``cost``, or why it can't be paid, in players' words.

    ``choice`` names the resource for each ``*`` (empty: the engine pays each ``*`` from the
    resource the pool holds most of, Bio first on ties; README: readings)."""
    if not cost.any and not choice:  # (most costs) no dict: each symbol from its own pile
        bio = pool.bio - cost.bio
        power = pool.power - cost.power
        supplies = pool.supplies - cost.supplies
        survivors = pool.survivors - cost.survivors
        if bio >= 0 and power >= 0 and supplies >= 0 and survivors >= 0:
            return _make_pool(bio, power, supplies, survivors)
    left = {
        "bio": pool.bio - cost.bio,
        "power": pool.power - cost.power,
        "supplies": pool.supplies - cost.supplies,
        "survivors": pool.survivors - cost.survivors,
    }
    if min(left.values()) < 0:
        short = [f"{-v} more {r.capitalize()}" for r, v in left.items() if v < 0]
        return f"that costs {cost.words()}; the pool is short by {', '.join(short)}"
    if not cost.any and not choice:
        return _pool(left)
    if choice:
        if len(choice) != cost.any:
            return f"name one resource for each of the {cost.any} of any in the cost, no more"
        for resource in choice:
            if resource not in left:
                return f"{resource} is not a resource (they are: {', '.join(RESOURCES)})"
            left[resource] -= 1
            if left[resource] < 0:
                return f"the pool has not enough {resource.capitalize()} to pay that way"
    else:
        for _ in range(cost.any):
            best = max(RESOURCES, key=lambda r: left[r])
            if left[best] <= 0:
                return f"that costs {cost.words()}; the pool has too few resources for it"
            left[best] -= 1
    return _pool(left)


def affordable(pool: Pool, cost: Cost) -> bool:
    """Whether ``pay(pool, cost)`` pays, without building the pool after it (the legal
    actions ask it of every card in hand): every symbol covered by its own resource, and
    enough left over for the ``*`` (paid one at a time from the largest pile, it runs out only
    when nothing is left)."""
    bio = pool.bio - cost.bio
    power = pool.power - cost.power
    supplies = pool.supplies - cost.supplies
    survivors = pool.survivors - cost.survivors
    if bio < 0 or power < 0 or supplies < 0 or survivors < 0:
        return False
    return bio + power + supplies + survivors >= cost.any


_make_pool = maker(Pool)  # made without the frozen __init__ (every field, in order)


def _pool(left: dict[str, int]) -> Pool:
    return _make_pool(left["bio"], left["power"], left["supplies"], left["survivors"])
