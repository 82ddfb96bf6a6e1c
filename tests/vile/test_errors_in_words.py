"""Refusals in players' words: never a Python repr, an internal id or a class name."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.vile import Phase, VileGame
from engine.vile import actions as va
from engine.vile.randomplay import choose, random_setup
from engine.vile.state import Combat
from tests import game_properties as props

from .helpers import ALENA, ANTON, monster, player, table

GHOST = 4242  # a monster number nobody has


def words(game: VileGame, action: va.Action) -> str:
    problem = game.explain(action)
    assert problem is not None, action
    assert str(GHOST) not in problem, problem
    for leak in ("('", "')", "None", "_", "!r", "<", "Target"):
        assert leak not in problem, (leak, problem)
    assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", problem), problem  # no ClassNames
    return problem


def test_errors__unknown_monsters_and_cards_are_named_in_words() -> None:
    game = table(player("Alena", cultists=3, hand=("ape_howler",)))
    assert words(game, va.Deploy(ALENA, GHOST)) == "that is not a monster Alena controls"
    assert words(game, va.PlayCard(ALENA, "no_such_card")) == (
        "that card (the catalog does not know it) can't be played"
    )
    assert words(game, va.PlayCard(ANTON, "ape_howler")).startswith("it is Alena's turn")
    assert words(game, va.PlayCard(7, "ape_howler")) == "there are two players: seat 1 and seat 2"


def test_errors__combat_refusals_name_the_monsters() -> None:
    game = table(
        monsters=(monster(1, "ape_silverback", ALENA), monster(2, "kraken_tentacle", ANTON)),
        phase=Phase.COMBAT,
        combat=Combat("damage", (1,)),
    )
    assert words(game, va.AssignDamage(ALENA, ((GHOST, 2, 5),))) == "that monster is not attacking"
    assert words(game, va.AssignDamage(ALENA, ((1, GHOST, 5),))) == (
        "Silverback can only damage a deployed monster of the opponent"
    )


def test_errors__targets_are_named_never_referenced_by_number() -> None:
    game = table(
        player("Alena", "kraken", cultists=4, hand=("kraken_maelstrom",)),
        monsters=(monster(1, "ape_howler", ANTON),),
    )
    assert words(game, va.PlayCard(ALENA, "kraken_maelstrom", (GHOST,))) == (
        "that card can't be the target of Maelstrom: it takes a monster in play"
    )
    assert words(game, va.PlayCard(ALENA, "kraken_maelstrom")) == "choose a monster for Maelstrom"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 500), steps=st.integers(0, 80), action=props.junk_actions(va._TYPES))
def test_errors__any_action_at_all_is_explained_never_crashes(
    seed: int, steps: int, action: va.Action
) -> None:
    game = props.advance(VileGame(random_setup(seed)), random.Random(seed), choose, steps)
    props.refused_in_words(game, action, leaks=("<",))
