"""Devacurse in the registry of games (engine/games.py): its one declaration."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.devacurse import actions, cards, randomplay, record, scenario, summary, view
from engine.devacurse.game import DevacurseGame

KIND = GameKind.of_modules(
    "devacurse",
    "Devacurse",
    "devacurse.md",
    (2, 2),
    DevacurseGame,
    cards=cards,
    record=record,
    actions=actions,
    scenario=scenario,
    view=view,
    summary=summary,
    randomplay=randomplay,
)
