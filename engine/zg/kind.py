"""Z-G in the registry of games (engine/games.py): its one declaration."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.zg import actions, cards, randomplay, record, scenario, summary, view
from engine.zg.game import ZgGame

KIND = GameKind.of_modules(
    "zg",
    "Z-G",
    "z-g.md",
    (2, 4),
    ZgGame,
    cards=cards,
    record=record,
    actions=actions,
    scenario=scenario,
    view=view,
    summary=summary,
    randomplay=randomplay,
)
