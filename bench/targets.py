"""The targets every benchmark prints beside its figures, read from DESIGN.md's table.

The table in ``shared/DESIGN.md`` (beside the repository) is the one place a target is set, so a
benchmark never carries a weaker one of its own: it names a row ("replay of a 10,000-command
game"), prints that row's target as written there, and says "met" or "not met".
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# shared/ sits beside the repository (the main tree, a worktree's ../shared link, CI's clone).
DESIGN_PLACES = (ROOT.parent / "shared" / "DESIGN.md", ROOT / "shared" / "DESIGN.md")


@cache
def table() -> dict[str, str]:
    """DESIGN.md's Targets table: what -> target, as written. Empty if DESIGN.md is missing."""
    for path in DESIGN_PLACES:
        if path.exists():
            text = path.read_text(encoding="utf-8")
            break
    else:
        return {}
    section = text.split("## Targets", 1)[-1]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] not in ("what", "") and not re.fullmatch(r"-+", cells[0]):
            rows[cells[0]] = cells[1]
        elif rows and not line.startswith("|"):
            break  # the table ended
    return rows


def target(what: str) -> str:
    """The target of the row ``what``, word for word, or a note that it could not be read."""
    found = table().get(what)
    if found is None:
        return f"(no row {what!r} in DESIGN.md's targets: looked in {DESIGN_PLACES[0]})"
    return found


def verdict(ok: bool) -> str:
    return "met" if ok else "not met"


def report(figure: str, what: str, ok: bool) -> str:
    """One line: the figure, DESIGN.md's target for ``what``, met or not met."""
    return f"{figure}  [target: {what}: {target(what)}]  {verdict(ok)}"
