"""Zeal in the registry of games (engine/games.py): its one declaration."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.zeal import actions, cards, randomplay, record, scenario, summary, view
from engine.zeal.game import ZealGame

KIND = GameKind.of_modules(
    "zeal",
    "Zeal",
    "zeal.md",
    (2, 8),
    ZealGame,
    cards=cards,
    record=record,
    actions=actions,
    scenario=scenario,
    view=view,
    summary=summary,
    randomplay=randomplay,
)
