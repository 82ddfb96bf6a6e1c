"""Cards as data: the catalog format, its validation and the shipped sample."""

from __future__ import annotations

import pytest

from engine.zeal.cards import CatalogError, load_catalog, sample_catalog

RULEBOOK_NAMES = [
    "Psychopomp", "Burn", "Outmaneuver", "Chalice Keeper", "Revenge of the Goddess",
    "Accelerate", "Andrenid Destroyer", "Andrenid Worker", "Apocalypse Chamber",
    "Asterion Bull", "Asterion Crusher", "Ancient Obelisk", "Bloodmoon Ritual",
    "Cnidarian Immortal", "Cnidarian Lord", "Cnidarian Assassin", "Conversion Cannon",
    "Dirac Archmage", "Entanglement Collider", "Formic Commander", "Detainment Cell",
    "God Matrix", "Invert", "Lightning Storm", "Neurocontroller", "Noctium Gargoyle",
    "Nullmage Warrior", "Coordinated Strike", "Possess the Dead", "Possess the Living",
    "Reanimation Chamber", "Void", "Waveform Master",
]  # fmt: skip


@pytest.mark.parametrize("name", RULEBOOK_NAMES)
def test_sample_catalog__has_every_card_the_rulebook_names(name: str) -> None:
    card = sample_catalog().find_by_name(name)
    assert card is not None
    assert card.sample, "values the rulebook does not give are marked as sample values"


def test_sample_catalog__has_base_cards_of_defense_1_to_6() -> None:
    bases = [c for c in sample_catalog().cards if c.type == "base"]
    assert sorted(c.defense for c in bases) == [1, 2, 3, 4, 5, 6]  # type: ignore[type-var]


def test_catalog__get_unknown_id_is_a_clear_key_error() -> None:
    with pytest.raises(KeyError, match="no card with id 'nope'"):
        sample_catalog().get("nope")


def _one(fields: str) -> str:
    return f'[[card]]\nid = "x"\nname = "X"\n{fields}\n'


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        (_one('type = "character"\ncult = "Magi"'), "field 'combat'"),
        (_one('type = "thing"\ncult = "Magi"'), "field 'type'"),
        (_one('type = "spell"\ncult = "Elves"'), "field 'cult'"),
        (_one('type = "spell"\ncult = "Magi"\ncost = -1'), "field 'cost': must be 0 or more"),
        (_one('type = "spell"\ncult = "Magi"\nkeywords = ["flying"]'), "unknown keyword 'flying'"),
        (_one('type = "spell"\ncult = "Magi"\ncolour = "red"'), "field 'colour'"),
        (
            _one(
                'type = "spell"\ncult = "Magi"\nabilities = [{trigger = "resolve", effects = [{op = "explode"}]}]'
            ),
            "unknown effect op 'explode'",
        ),
    ],
)
def test_catalog__errors_name_the_source_the_card_and_the_field(toml: str, message: str) -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog(toml, "my_cards.toml")
    text = str(info.value)
    assert text.startswith("my_cards.toml: card 'x': ") and message in text


def test_catalog__missing_id_names_the_card_position() -> None:
    with pytest.raises(CatalogError, match="my.toml: card #2: field 'id'"):
        load_catalog(
            '[[card]]\nid="a"\nname="A"\ntype="spell"\ncult="Magi"\n[[card]]\nname="B"\n', "my.toml"
        )


def test_catalog__invalid_toml_names_the_source() -> None:
    with pytest.raises(CatalogError, match="bad.toml: not valid TOML"):
        load_catalog("[[card]\n", "bad.toml")


def test_catalog__zeal_text_adds_unless_instead() -> None:
    catalog = sample_catalog()
    dead = catalog.get("possess_the_dead")
    assert len(dead.abilities_with(True)) == 1  # "instead"
    bull = catalog.get("asterion_bull")
    assert bull.abilities_with(False) == () and len(bull.abilities_with(True)) == 1
