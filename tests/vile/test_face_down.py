"""Set (Glossary) / Scanning at the table: a component or sabotage card set face down is known
to the state, never named to the other player: describe, prompts, the log, the summary and
the other seat's public view count it and never say which card it is."""

from __future__ import annotations

import random

from engine.games import get
from engine.vile import VileGame
from engine.vile import actions as va
from engine.vile.cards import sample_catalog
from engine.vile.randomplay import choose, random_setup
from engine.vile.view import public_view

from .helpers import ALENA, ANTON, player, table

SECRET = ("ape_bone_totem", "ape_broken_branch")


def _public_words(game: VileGame) -> str:
    words = [e.text for e in game.log] + [p.text for p in game.prompts()]
    words += get("vile").summary(game)
    words += [game.describe(a) for a in game.history]
    return "\n".join(words)


def _names(card_ids: tuple[str, ...]) -> list[str]:
    catalog = sample_catalog()
    return [catalog.get(c).name for c in card_ids] + list(card_ids)


def test_set__component_and_sabotage_are_known_to_the_state_but_never_named() -> None:
    game = table(player("Alena", cultists=3, hand=SECRET), hidden=False)
    for action in (
        va.SetComponent(ALENA, "ape_bone_totem"),
        va.SetSabotage(ALENA, "ape_broken_branch", 2),
    ):
        text = game.describe(action)
        game.apply(action)
        for name in _names(SECRET):
            assert name not in text
    alena = game.state.players[ALENA]
    assert alena.ritual_zone == ("ape_bone_totem",)
    assert alena.sabotage_zone == ("ape_broken_branch",)
    words = _public_words(game)
    for name in _names(SECRET):
        assert name not in words, name
    assert "sets a sabotage card face down, stockpiling 2 devotion" in words


def test_set__the_other_seats_public_view_counts_face_down_cards() -> None:
    game = table(
        player("Alena", ritual_zone=("ape_bone_totem",), sabotage_zone=("ape_broken_branch",))
    )
    view = public_view(game.state, ANTON)
    assert view["players"][ALENA]["ritual_zone"] == 1
    assert view["players"][ALENA]["sabotage_zone"] == 1
    assert public_view(game.state, ALENA)["players"][ALENA]["ritual_zone"] == ["ape_bone_totem"]


def test_gather__the_gathered_component_is_not_named() -> None:
    game = table(player("Alena", deck=("ape_bone_totem",) * 6), gathers=(ALENA,))
    game.apply(va.Gather(ALENA, "ape_bone_totem"))
    assert "Bone Totem" not in _public_words(game)


def test_set__random_games_never_name_a_card_before_it_is_flipped() -> None:
    """Whatever sits face down at the end of a random game is named nowhere public, unless
    another copy of it was seen face up (played, flipped, in a void)."""
    for seed in range(15):
        game = VileGame(random_setup(seed))
        rnd = random.Random(seed)
        for _ in range(250):
            if game.outcome() is not None:
                break
            game.apply(choose(rnd, list(game.legal_actions())))
        state = game.state
        seen = {c for p in state.players for c in p.void}
        seen |= {m.card_id for m in state.monsters}
        if state.ritual is not None:
            seen |= set(state.ritual.components)
        hidden = {c for p in state.players for c in (*p.ritual_zone, *p.sabotage_zone)}
        words = _public_words(game)
        catalog = sample_catalog()
        for card_id in hidden - seen:
            assert catalog.get(card_id).name not in words, (seed, card_id)
