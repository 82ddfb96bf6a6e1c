"""Vile Incantations at the table for issue 20, without a window: every action the engine
allows has gestures a player can make (the player model), no two decisions on a panel read
the same (two monsters of one name are told apart), and the panels' words have their values
and agree with their counts."""

from __future__ import annotations

import random
import re
from typing import Any

from companion_app.games.vile.adapter import ADAPTER
from engine.vile import VileGame
from engine.vile import actions as va
from tests.app.player_model_walk import Forgets, rule_at_every_step, walk_games
from tests.app.player_model_walk import new_game as start

MODEL = ADAPTER.player_model()


def new_game(seed: int) -> VileGame:
    game = start(ADAPTER, seed, first=0)
    assert isinstance(game, VileGame)
    return game


def _lively(rnd: random.Random, legal: list[Any]) -> Any:
    """Random play that moves on less often than it acts, so rituals and combats come."""
    acts = [a for a in legal if not isinstance(a, va.Pass)]
    return rnd.choice(acts if acts and rnd.random() < 0.7 else legal)


def test_every_legal_action_has_gestures() -> None:
    walk = walk_games(ADAPTER, MODEL, new_game, range(4), 250, _lively)
    assert walk.failures == [], walk.failures[:5]
    assert walk.steps >= 500
    # What the walks reached, so a model that answers nothing cannot pass by playing nothing.
    assert {"SetComponent", "SetSabotage", "PlayCard", "Recruit", "Deploy", "Pass"} <= set(
        walk.kinds
    )
    assert {"PerformRitual", "FlipSabotage", "ApplyComponent", "DeclareAttackers"} <= set(
        walk.kinds
    )


def test_the_walk_names_an_action_no_gesture_makes() -> None:
    walk = walk_games(ADAPTER, Forgets(MODEL, va.FlipSabotage), new_game, range(4), 250, _lively)
    assert any("no gesture makes FlipSabotage(" in f for f in walk.failures)


def test_two_monsters_of_one_name_are_told_apart() -> None:
    game = new_game(1)
    seat = game.state.active
    for _ in range(2):
        game.apply(va.PutMonster(seat, "ape_gorilla_priest", deployed=False))
    game.apply(va.PutMonster(1 - seat, "ape_gorilla_priest"))
    labels = {ADAPTER.choice_label(game, va.Deploy(seat, m.id)) for m in game.state.monsters}
    assert len(labels) == 3, labels
    tiles = [c.label for c in ADAPTER.counters(game, seat) if c.key.startswith("monster:")]
    assert len(set(tiles)) == 2, tiles


def test_the_panel_has_its_values_and_its_own_words() -> None:
    """Issue 20: "100 to go, Level" (no number), "Their turn" on the player's own panel, a
    face-down component's "Cost" with nothing after it, "1 ready cultists"."""
    game = new_game(2)
    seat = game.state.active
    badges = ADAPTER.summary(game, seat).badges
    assert "Their turn" not in badges and "Your turn" in badges
    race = next(b for b in badges if "to go" in b)
    assert re.fullmatch(r"\d+ to go, (tied|\d+ ahead|\d+ behind)", race), race
    for card in ADAPTER.catalog().cards:
        view = ADAPTER.card_view(card, seat, None)
        assert view.cost.strip(), card.id
    game.apply(va.AdjustPlayer(seat, cultists=1, exhausted=0))
    words = " ".join(p.text for p in game.prompts())
    assert "1 ready cultist" in words and "1 ready cultists" not in words, words


def test_the_rule_at_hand_is_named_at_every_step() -> None:
    """Issue 20, part 5: the rule that applies now, with the rulebook's section, in every
    moment a walk reaches."""
    from companion_app.games.vile.rules_at_hand import rule_at_hand

    seen = rule_at_every_step(new_game(4), rule_at_hand, r"\d|\b[IVX]+\b|Glossary")
    assert len(seen) >= 4, seen
