"""Deeds Not Words in the registry of games (engine/games.py): its one declaration."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.deeds import actions, card_toml, randomplay, record, scenario, summary, view
from engine.deeds.game import DeedsGame

KIND = GameKind.of_modules(
    "deeds",
    "Deeds Not Words",
    "deeds-not-words.md",
    (2, 2),
    DeedsGame,
    cards=card_toml,
    record=record,
    actions=actions,
    scenario=scenario,
    view=view,
    summary=summary,
    randomplay=randomplay,
)
