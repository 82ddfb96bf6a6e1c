"""The targets every benchmark prints beside its figures, read from ``bench/targets.toml``.

The targets sit in the repository beside the benches (the same rows as DESIGN.md's Targets
table), so a bench never carries a weaker threshold of its own and never depends on a file
outside the checkout: it names a row ("replay of a 10,000-command game"), compares its figure
with that row's ``number``, prints the row's target as written there, and says "met" or "not
met". A row that is missing is an error, not a silent "met".
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

TARGETS = Path(__file__).resolve().parent / "targets.toml"


@cache
def table() -> dict[str, dict[str, Any]]:
    """targets.toml: what -> {target, number, unit}."""
    with TARGETS.open("rb") as f:
        return tomllib.load(f)


def _row(what: str) -> dict[str, Any]:
    row = table().get(what)
    if row is None:
        raise KeyError(f"no row {what!r} in {TARGETS}: add it there (and to DESIGN.md)")
    return row


def target(what: str) -> str:
    """The target of the row ``what``, word for word."""
    return str(_row(what)["target"])


def target_number(what: str) -> float:
    """The threshold the row ``what`` sets, in its ``unit``."""
    return float(_row(what)["number"])


def verdict(ok: bool) -> str:
    return "met" if ok else "not met"


def report(figure: str, what: str, ok: bool) -> str:
    """One line: the figure, the target for ``what``, met or not met."""
    return f"{figure}  [target: {what}: {target(what)}]  {verdict(ok)}"
