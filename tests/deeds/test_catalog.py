"""Cards as data: the sample catalog holds the rulebook's cards and a card for every keyword;
the loader names the file, the card and the field in every error."""

from __future__ import annotations

import pytest

from engine import games
from engine.deeds.card_toml import card_from_dict, card_to_dict, load_catalog, sample_catalog
from engine.deeds.cards import KEYWORDS, SUBTYPES, TYPES, CatalogError


def test_sample__names_the_rulebooks_cards() -> None:
    catalog = sample_catalog()
    for card_id in (
        "ol_tank",
        "shambler",
        "wall_of_flesh",
        "raging_dead",
        "necromender",
        "canned_rage",
    ):
        assert card_id in catalog


def test_sample__every_keyword_type_and_subtype_has_a_card() -> None:
    cards = sample_catalog().cards
    assert {k for c in cards for k in c.keywords} == set(KEYWORDS)
    assert {c.type for c in cards} == set(TYPES)
    assert {c.subtype for c in cards if c.subtype} == set(SUBTYPES)


def test_sample__sample_values_are_marked() -> None:
    assert all(c.sample for c in sample_catalog().cards)


def test_sample__round_trips_through_toml_data() -> None:
    for card in sample_catalog().cards:
        assert card_from_dict(card_to_dict(card)) == card


def test_registry__lists_deeds_not_words() -> None:
    kind = games.get("deeds")
    assert kind.title == "Deeds Not Words" and kind.sample_catalog() is sample_catalog()


@pytest.mark.parametrize(
    ("toml", "words"),
    [
        ('[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\nattack = "big"', "'attack'"),
        ('[[card]]\nid = "x"\nname = ["X"]\ntype = "unit"\ndefense = 1', "must be a word"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "spell"', "may be one of"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\nkeywords = "rage"', "a list"),
        (
            '[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\nkeywords = ["flying"]',
            "flying",
        ),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\ncost = { gold = 1 }', "gold"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\ncolour = "red"', "colour"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "technology"', "'subtype' is missing"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "resource"', "'gives' is missing"),
        ('[[card]]\nid = "x"\nname = "X"\ntype = "unit"', "must be 1 or more"),
        (
            '[[card]]\nid = "x"\nname = "X"\ntype = "tactic"\nabilities = [{ kind = "x", text = "t" }]',
            "kind",
        ),
    ],
)
def test_loader__errors_name_the_file_the_card_and_the_field(toml: str, words: str) -> None:
    with pytest.raises(CatalogError) as err:
        load_catalog(toml, "horde.toml")
    message = str(err.value)
    assert message.startswith("horde.toml: card")
    assert words in message


def test_loader__a_duplicate_id_is_an_error() -> None:
    card = '[[card]]\nid = "x"\nname = "X"\ntype = "unit"\ndefense = 1\n'
    with pytest.raises(CatalogError, match="twice"):
        load_catalog(card + card, "deck.toml")
