"""Refusals are in players' words: never a Python repr, an internal name or a traceback."""

from __future__ import annotations

import re

from engine.devacurse import actions as da
from engine.devacurse.randomplay import random_game

from .helpers import SOLDIER_COMBAT, position

LEAKS = re.compile(r"Unit\(|GameState|Player\(|None|\bTrue\b|\bFalse\b|<|>|Traceback|_id\b")


def _refusals() -> list[str]:
    game = position(SOLDIER_COMBAT)
    tries: list[da.Action] = [
        da.Pass(0),
        da.Pass(5),
        da.CallSoldier(0, "nope"),
        da.CallSoldier(0, "sun_avatar"),
        da.CallHero(0, "iron_legionary"),
        da.UpgradeHero(0, 99),
        da.PlayEvent(0, "omen"),
        da.PlayEvent(1, "metal_flash", target=99),
        da.Attack(0, (11,)),
        da.Attack(0, (1, 1)),
        da.Attack(1, (11,)),
        da.Block(1, ((11, 1),)),
        da.HeroBlock(1),
        da.AssignHeroes(0),
        da.Resolve(0),
        da.Draw(0),
        da.Bless(0, 0),
        da.SetFaith(0, -1),
        da.SetCount(0, "graveyard", 1),
        da.SetUnit(0, 77),
        da.SetUnit(0, 1, level=2),
        da.MoveCard(0, "nope", "hand"),
        da.MoveCard(0, "omen", "moon"),
        da.MoveCard(0, "omen", "hand", from_zone="cenotaph"),
        da.SetLocation(0, "war_shrine", 1),
        da.SetOrder(0, 4),
        da.MarkResolved(0, "nothing"),
        da.Attack(0, ("x",)),  # type: ignore[arg-type]
        da.Bless(0, "3"),  # type: ignore[arg-type]
    ]
    out = []
    for action in tries:
        why = game.explain(action)
        assert why is not None, action
        out.append(why)
    over = random_game(1).game
    out.append(over.explain(da.Pass(0)) or "")
    return out


def test_refusals__never_leak_python_reprs_or_internal_names() -> None:
    for words in _refusals():
        assert words and not LEAKS.search(words), words


def test_refusals__a_cost_of_one_is_one_blessing() -> None:
    """III.A, calling a soldier for its blessing cost: "costs 1 blessings" read as a program's
    words (issue 33, item 9: "1 blessings")."""
    text = SOLDIER_COMBAT.replace('phase = "soldier_combat"', 'phase = "calling"')
    text = text.replace("faith = 18", "faith = 18\nhand_size = 3", 1)
    why = position(text).explain(da.CallSoldier(0, "temple_guard"))
    assert why is not None and "costs 1 blessing and Alena has 0" in why, why
