"""Cards as data: the sample catalog, and the loader's errors naming file, card and field."""

from __future__ import annotations

import pytest

from engine.devacurse.card_toml import card_from_dict
from engine.devacurse.cards import CatalogError, card_to_dict, load_catalog, sample_catalog


def test_sample__every_card_is_marked_sample_and_the_texts_flash_event_is_there() -> None:
    catalog = sample_catalog()
    assert all(c.sample for c in catalog.cards)
    flash = catalog.get("metal_flash")
    assert flash.flash and flash.effect == "destroy_soldier"
    assert {c.type for c in catalog.cards} == {"soldier", "hero", "event"}


def test_sample__cards_round_trip_through_dicts() -> None:
    for i, card in enumerate(sample_catalog().cards):
        assert card_from_dict(card_to_dict(card), "x", i) == card


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('id = "a"\nname = "A"\ntype = "dragon"', "card 'a': field 'type'"),
        ('id = "a"\nname = "A"\ntype = "soldier"\ndf = 2\nat = "3"', "field 'at' must be a whole"),
        ('id = "a"\nname = "A"\ntype = "soldier"\ndf = 2\nkeywords = "pierce"', "list of skills"),
        ('id = "a"\nname = "A"\ntype = "soldier"\ndf = 2\nkeywords = ["fly"]', "skills known"),
        ('id = "a"\nname = "A"\ntype = "soldier"', "field 'df' must be 1 or more"),
        ('id = "a"\nname = "A"\ntype = "hero"', "field 'ap' must be 1 or more"),
        ('id = "a"\nname = "A"\ntype = "event"\nevent = "spell"', "field 'event'"),
        ('id = "a"\nname = "A"\ntype = "event"\nevent = "location"', "field 'time'"),
        ('id = "a"\nname = ["A"]\ntype = "soldier"\ndf = 1', "field 'name' must be text"),
        ('id = "a"\nname = "A"\ntype = "soldier"\ndf = 1\ncolour = "red"', "field 'colour'"),
        ('name = "A"\ntype = "soldier"\ndf = 1', "field 'id' is missing"),
        ('id = "a"\nname = "A"\ntype = "soldier"\ndf = 1\nflash = "yes"', "true or false"),
    ],
)
def test_loader__errors_name_the_file_the_card_and_the_field(body: str, words: str) -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog("[[card]]\n" + body + "\n", "mine.toml")
    assert str(info.value).startswith("mine.toml: card") and words in str(info.value)


def test_loader__duplicate_ids_and_bad_toml() -> None:
    card = '[[card]]\nid = "a"\nname = "A"\ntype = "soldier"\ndf = 1\n'
    with pytest.raises(CatalogError, match="listed twice"):
        load_catalog(card + card, "mine.toml")
    with pytest.raises(CatalogError, match="not valid TOML"):
        load_catalog("[[card]\n", "mine.toml")
