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


_junk = st.one_of(st.integers(-3, 40), st.text(max_size=8), st.none(), st.booleans())


@st.composite
def junk_actions(draw: st.DrawFn) -> va.Action:
    """Actions with any values at all, as a buggy client or a damaged file might send."""
    import dataclasses

    cls = draw(st.sampled_from(sorted(va._TYPES.values(), key=lambda c: c.__name__)))
    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            kwargs["player"] = draw(st.integers(-1, 3))
        elif "tuple[tuple" in str(f.type):
            kwargs[f.name] = tuple(
                draw(st.lists(st.lists(_junk, max_size=4).map(tuple), max_size=3))
            )
        elif "tuple" in str(f.type):
            kwargs[f.name] = tuple(draw(st.lists(_junk, max_size=3)))
        else:
            kwargs[f.name] = draw(_junk)
    action: va.Action = cls(**kwargs)
    return action


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(seed=st.integers(0, 500), steps=st.integers(0, 80), action=junk_actions())
def test_errors__any_action_at_all_is_explained_never_crashes(
    seed: int, steps: int, action: va.Action
) -> None:
    game = VileGame(random_setup(seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(rnd, list(game.legal_actions())))
    before = game.state
    problem = game.explain(action)
    if problem is not None:
        assert "Error" not in problem and "<" not in problem
    else:
        game.apply(action)  # what explain lets through, perform carries out
        assert game.undo() == action and game.state is before
