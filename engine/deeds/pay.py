"""Paying a cost from a resource pool ("Deployment Cost": each symbol paid in its resource,
``*`` paid with any)."""

from __future__ import annotations

from engine.deeds.cards import RESOURCES, Cost
from engine.deeds.state import Pool


def pay(pool: Pool, cost: Cost, choice: tuple[str, ...] = ()) -> Pool | str:
    """The pool after paying ``cost``, or why it can't be paid, in players' words.

    ``choice`` names the resource for each ``*`` (empty: the engine pays each ``*`` from the
    resource the pool holds most of, Bio first on ties; README: readings)."""
    left = {r: pool.of(r) - cost.of(r) for r in RESOURCES}
    short = [f"{-v} more {r.capitalize()}" for r, v in left.items() if v < 0]
    if short:
        return f"that costs {cost.words()}; the pool is short by {', '.join(short)}"
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
    return Pool(**left)
