"""Vile Incantations in the registry of games (engine/games.py): its one declaration."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.vile import actions, cards, randomplay, record, scenario, summary, view
from engine.vile.game import VileGame

KIND = GameKind.of_modules(
    "vile",
    "Vile Incantations",
    "vile-incantations.md",
    (2, 2),
    VileGame,
    cards=cards,
    record=record,
    actions=actions,
    scenario=scenario,
    view=view,
    summary=summary,
    randomplay=randomplay,
)
