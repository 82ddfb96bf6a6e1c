"""The game-sense rules the explorer checks after every step (issue 33), one module each:
hidden stays hidden (check_hidden), the right player (check_seats), no window skipped
(check_windows), keys go where they were typed (check_keys). ``after_step`` is the one hook
the runner calls with what it saw; each rule keeps its memory for one exploration.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from tests.app.explorer import check_hidden, check_keys, check_seats, check_windows


@dataclass
class Memory:
    outcome: Any
    hidden: check_hidden.HiddenWatch = field(default_factory=check_hidden.HiddenWatch)
    typed: set[str] = field(default_factory=set)  # the fields typed into (check_keys)
    scans: check_seats.Scans = field(default_factory=check_seats.Scans)


def _memory(explorer: Any) -> Memory:
    memory = getattr(explorer, "_step_rules", None)
    if memory is None or memory.outcome is not explorer.outcome:
        memory = Memory(explorer.outcome)
        explorer._step_rules = memory
    return memory


def saved(explorer: Any) -> dict[str, Any]:
    """What the rules remember, for the checkpoint (lost.py): a rule that forgot across a
    restart would judge the old log afresh (a card flipped over in a test, in a hand again,
    named by its "Flipped over" line from before the stop would read as a leak)."""
    return {"hidden": asdict(_memory(explorer).hidden)}


def restored(explorer: Any, record: dict[str, Any]) -> None:
    """The memory ``saved`` wrote, for the exploration ``explorer`` goes on with."""
    memory = Memory(explorer.outcome)
    if "hidden" in record:
        memory.hidden = check_hidden.HiddenWatch(**record["hidden"])
    explorer._step_rules = memory


async def after_step(
    explorer: Any, shown: Iterable[tuple[str, Any, list[Any]]]
) -> list[tuple[str, str]]:
    """(kind, problem) for every rule broken now; ``shown`` is (where, root, its visible
    texts) for the screen and every popup over it."""
    memory = _memory(explorer)
    session = explorer.session
    shown = list(shown)
    out = [("keys", p) for p in await check_keys.check(memory.typed, explorer, shown)]
    game = session.game
    if game is None or not isinstance(game, session.adapter.engine.game):
        return out  # another game chosen on the new-game screen, not started yet
    out += [("hidden", p) for p in check_hidden.check(memory.hidden, session, shown)]
    out += [("player", p) for p in check_seats.check(memory.scans, explorer, shown)]
    out += [("window", p) for p in check_windows.check(explorer)]
    return out
