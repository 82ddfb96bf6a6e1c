"""Cards as data: the catalog format, its validation and the shipped sample."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.zeal.cards import CatalogError, card_to_dict, load_catalog, sample_catalog

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


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ('type = "spell"\ncult = ["Magi"]', "cult"),
        ('type = "spell"\ncult = "Magi"\nsample = [["cost"]]', "sample"),
        (
            'type = "spell"\ncult = "Magi"\nabilities = [{trigger = ["resolve"]}]',
            "abilities[1].trigger",
        ),
        (
            'type = "spell"\ncult = "Magi"\nabilities = [{trigger = "resolve"}, '
            '{trigger = "dies", effects = [{op = "draw"}, {op = ["draw"]}]}]',
            "abilities[2].effects[2].op",
        ),
        (
            'type = "spell"\ncult = "Magi"\n'
            'abilities = [{trigger = "resolve", effects = [{op = "kill", target = {a = 1}}]}]',
            "abilities[1].effects[1].target",
        ),
        (
            'type = "spell"\ncult = "Magi"\n'
            'abilities = [{trigger = "resolve", effects = [{op = "kill", scope = [1]}]}]',
            "abilities[1].effects[1].scope",
        ),
        (
            'type = "spell"\ncult = "Magi"\nabilities = [{trigger = "resolve", cost = "2"}]',
            "abilities[1].cost",
        ),
    ],
)
def test_catalog__a_list_or_table_where_a_word_belongs_is_named_not_a_type_error(
    fields: str, field: str
) -> None:
    """Issue 14: a list where a word belongs raised ``TypeError: unhashable type``."""
    with pytest.raises(CatalogError) as info:
        load_catalog(_one(fields), "my_cards.toml")
    assert str(info.value).startswith(f"my_cards.toml: card 'x': field '{field}': ")


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


# --- fuzzing: whatever a catalog file holds, the only error is a CatalogError that names the
# file, the card and the field (issue 14: a list where a word belongs raised TypeError).

SOURCE = "fuzzed_cards.toml"
# "fuzzed_cards.toml: card 'x': field 'abilities[1].effects[2].op': ..."
NAMES_FILE_CARD_FIELD = re.compile(
    rf"{re.escape(SOURCE)}: card (#\d+|'.*'|\".*\"): field '[a-z_]+(\[\d+\]\.[a-z_]+)*': \S"
)
# A few sample cards with abilities and effects, as the TOML data a catalog file holds.
_BASE_CARDS = [
    card_to_dict(c)
    for c in sample_catalog().cards
    if c.abilities or c.zeal_abilities or c.type == "base"
][:12]

_toml_values = st.recursive(
    st.one_of(
        st.booleans(),
        st.integers(-3, 12),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
        st.sampled_from(["X", "resolve", "draw", "fly", "Magi", "character", "base", "cost"]),
        st.datetimes(timezones=st.none()),
        st.dates(),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["op", "trigger", "amount", "x", "effects"]), inner),
    ),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
        out += [(*prefix, new) for new in ("amount", "op", "cult", "colour")]  # new keys too
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*prefix, i))
    return out


_PATHS = _paths(_BASE_CARDS)


def _mutated(picks: list[tuple[tuple[Any, ...], Any]]) -> list[dict[str, Any]]:
    data = copy.deepcopy(_BASE_CARDS)
    for path, value in picks:
        node: Any = data
        for key in path[:-1]:
            in_dict = isinstance(node, dict) and key in node
            if not in_dict and not (isinstance(node, list) and isinstance(key, int)):
                break
            if not in_dict and key >= len(node):
                break
            node = node[key]
        else:
            last = path[-1]
            if isinstance(node, dict) and isinstance(last, str):
                if value is None:
                    node.pop(last, None)
                else:
                    node[last] = value
            elif isinstance(node, list) and isinstance(last, int) and last < len(node):
                if value is None:
                    del node[last]
                else:
                    node[last] = value
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=st.lists(
        # None drops the field or list entry
        st.tuples(st.sampled_from(_PATHS), st.none() | _toml_values),
        min_size=1,
        max_size=3,
    )
)
def test_catalog__any_damage_is_a_catalog_error_naming_file_card_and_field(
    picks: list[tuple[tuple[Any, ...], Any]],
) -> None:
    text = tomli_w.dumps({"card": _mutated(picks)})
    try:
        load_catalog(text, SOURCE)
    except CatalogError as exc:
        assert NAMES_FILE_CARD_FIELD.match(str(exc)), str(exc)
