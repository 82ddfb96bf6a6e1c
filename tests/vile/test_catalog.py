"""Cards as data: the sample catalog for the four gods, the loader's errors (file, card,
field), and one-line card tests where a card's effect matters."""

from __future__ import annotations

import pytest

from engine.games import get
from engine.vile import Phase
from engine.vile import actions as va
from engine.vile.card_model import GODS, CatalogError
from engine.vile.card_toml import card_to_dict, cards_from_list
from engine.vile.cards import load_catalog, sample_catalog

from .helpers import ALENA, ANTON, monster, player, table


def test_catalog__each_god_has_components_sabotage_spells_and_monsters() -> None:
    catalog = sample_catalog()
    for god in GODS:
        types = {c.type for c in catalog.of_god(god)}
        assert types == {"component", "sabotage", "spell", "monster"}, god
        assert any(c.energy for c in catalog.of_god(god) if c.type == "monster")
    assert all(c.sample for c in catalog.cards), "every shipped card is marked a sample"


def test_catalog__cards_round_trip_through_toml_tables() -> None:
    catalog = sample_catalog()
    again = cards_from_list([card_to_dict(c) for c in catalog.cards], "again")
    assert tuple(again) == tuple(catalog.cards)


def test_catalog__is_registered_under_the_kind() -> None:
    kind = get("vile")
    assert kind.sample_catalog() is sample_catalog()
    assert (kind.min_players, kind.max_players, kind.rules) == (2, 2, "vile-incantations.md")


BASE = 'id = "x_card"\nname = "X"\ngod = "ape"\n'


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('type = "monster"\ndefense = ["big"]', "card x_card: field 'defense': must be a whole"),
        ('type = ["spell"]', "card x_card: field 'type': must be a word or text"),
        ('type = "spell"\neffects = [{op = "fly"}]', "field 'effects[0].op': \"fly\" is not one"),
        ('type = "spell"\neffects = [{op = "strength", amount = 2}]', "only works on components"),
        ('type = "spell"\neffects = [{op = "draw"}]', "'effects[0].amount': \"draw\" needs an"),
        ('type = "spell"\nattack = 2', "field 'attack': only monsters have it"),
        ('type = "spell"\ncolour = "red"', "unknown key 'colour'"),
        ('type = "monster"\ndefense = 0', "a monster needs a defense of 1 or more"),
        ('type = "spell"\neffects = "draw"', "must be a list of effect tables"),
    ],
)
def test_catalog__errors_name_the_file_the_card_and_the_field(body: str, words: str) -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog("[[card]]\n" + BASE + body, "mine.toml")
    assert str(info.value).startswith("mine.toml: ")
    assert words in str(info.value)


def test_catalog__a_god_not_of_the_four_is_refused() -> None:
    with pytest.raises(CatalogError, match="'god': \"owl\" is not one of: ape, phantom"):
        load_catalog('[[card]]\nid = "o"\nname = "O"\ngod = "owl"\ntype = "spell"', "m.toml")


# --- one-line card tests ----------------------------------------------------------------


def test_card__bloom_recruits_two() -> None:
    game = table(player("Alena", "fungus", cultists=2, hand=("fungus_bloom",)))
    game.apply(va.PlayCard(ALENA, "fungus_bloom"))
    assert game.state.players[ALENA].cultists == 4


def test_card__stampede_destroys_a_bolstering_monster_during_the_sabotage_window() -> None:
    game = table(
        player("Alena", ritual_zone=("kraken_tide_pool",) * 3),
        player("Anton", cultists=5, sabotage_zone=("ape_stampede",)),
        monsters=(monster(1, "kraken_leviathan", ALENA),),
        phase=Phase.CULMINATION,
    )
    game.apply(va.PerformRitual(ALENA))
    game.apply(va.FlipSabotage(ANTON, "ape_stampede", targets=(1,)))
    assert game.state.ritual is not None and game.state.ritual.bolster == 0


def test_card__leviathan_pays_three_to_destroy() -> None:
    game = table(
        player("Alena", "kraken", cultists=3),
        monsters=(monster(1, "kraken_leviathan", ALENA), monster(2, "ape_howler", ANTON)),
    )
    game.apply(va.Activate(ALENA, 1, 0, (2,)))
    assert game.state.monster(2) is None and game.state.players[ALENA].ready == 0


def test_card__puffball_grows_experience_for_one() -> None:
    game = table(
        player("Alena", "fungus", cultists=1), monsters=(monster(1, "fungus_puffball", ALENA),)
    )
    game.apply(va.Activate(ALENA, 1, 0, (1,)))
    assert game.state.monster(1).experience == 1  # type: ignore[union-attr]


def test_card__text_beyond_the_vocabulary_becomes_a_prompt_resolved_by_hand() -> None:
    game = table(
        player("Alena", "kraken", cultists=6, hand=("kraken_call_of_the_deep",)),
        monsters=(monster(1, "ape_howler", ANTON),),
    )
    game.apply(va.PlayCard(ALENA, "kraken_call_of_the_deep", (1,)))
    texts = [p.text for p in game.prompts()]
    assert (
        "Resolve by hand: Call of the Deep: At the end of the turn, return the monster to its owner."
        in texts
    )
    game.apply(va.MarkResolved(ALENA))
    assert game.state.notes == ()
