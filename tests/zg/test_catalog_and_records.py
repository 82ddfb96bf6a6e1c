"""Cards as data (a TOML loader that names the file, card and field), actions and setups as
plain data, and the registry entry."""

from __future__ import annotations

import pytest

from engine import games
from engine.errors import MalformedAction, SetupError
from engine.zg import actions as zga
from engine.zg.card_model import CatalogError, Dot
from engine.zg.cards import card_to_dict, cards_from_list, load_catalog, sample_catalog
from engine.zg.record import setup_from_dict, setup_to_dict

GOOD = """
[[card]]
id = "x"
name = "X Gear"
impulse = 7
move = 2
range = 4
attack = "Blast"
powerups = ["Z-G"]
ends = [["red", "blue:armor", "green"], ["yellow:weak_point", "red", "blue"]]
"""


def test_catalog__a_card_is_its_two_ends_impulse_move_range_attack_and_powerups() -> None:
    (card,) = load_catalog(GOOD, "mine.toml").cards
    assert card.ends[0][1] == Dot("blue", "armor") and card.ends[1][0].blaze == "weak_point"
    assert (card.impulse, card.move, card.range, card.attack) == (7, 2, 4, "Blast")
    assert card.powerups == ("Z-G",)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("impulse = 7", None),
        ('impulse = "seven"', "mine.toml: card x: field 'impulse': must be a whole number"),
        ("impulse = 12", "field 'impulse': must be 0 to 9"),
        ('impulse = 7\npowerups2 = "Z-G"', "field 'powerups2': is not a field"),
        ('colour = "mauve"', "field 'colour': \"mauve\" is not a colour"),
        ("speed = 3", "field 'speed': is not a field of a zgear card"),
    ],
)
def test_catalog__errors_name_the_file_card_and_field(change: str, words: str | None) -> None:
    text = GOOD.replace("impulse = 7", change)
    if words is None:
        load_catalog(text, "mine.toml")
        return
    with pytest.raises(CatalogError) as info:
        load_catalog(text, "mine.toml")
    assert words in str(info.value)


def test_catalog__a_list_where_a_word_belongs_is_a_clear_error() -> None:
    with pytest.raises(CatalogError, match="field 'powerups': must be a list of powerup names"):
        load_catalog(GOOD.replace('["Z-G"]', '"Z-G"'), "mine.toml")
    with pytest.raises(CatalogError, match="card x: field 'attack': must be text"):
        load_catalog(GOOD.replace('"Blast"', '["Blast"]'), "mine.toml")


def test_catalog__dots_and_ends_are_checked() -> None:
    bad_blaze = GOOD.replace("blue:armor", "blue:shiny")
    with pytest.raises(CatalogError, match="field 'ends\\[0\\]': \"shiny\" is not a blaze"):
        load_catalog(bad_blaze, "mine.toml")
    two_dots = GOOD.replace('["red", "blue:armor", "green"]', '["red", "blue"]')
    with pytest.raises(CatalogError, match="must be a list of three dots"):
        load_catalog(two_dots, "mine.toml")
    with pytest.raises(CatalogError, match="each dot is written"):
        load_catalog(GOOD.replace('"green"]', "3]"), "mine.toml")


def test_sample_catalog__a_deck_and_character_per_figure_marked_sample() -> None:
    catalog = sample_catalog()
    # Four figures: a fourth player has a deck of their own (issue 20), not a borrowed one.
    assert catalog.figures() == ("Zero", "Phantom", "Vulcan", "Nova")
    for figure in catalog.figures():
        deck = [catalog.get(c) for c in catalog.deck_of(figure)]
        assert len(deck) == 10 and sum(c.ulster for c in deck) == 1
        assert catalog.character_of(figure) is not None
    assert all(c.sample for c in catalog.cards)
    named = {c.name for c in catalog.cards}
    assert "Zero's Reaction Armor Frontgear" in named and "Zero's Maneuvering Footgear" in named
    assert catalog.get("zero_reaction").powerups == ("Knockback",)
    assert catalog.get("zero_maneuvering").move == 4


def test_catalog__cards_round_trip_through_dicts() -> None:
    for card in sample_catalog().cards:
        assert cards_from_list([card_to_dict(card)], "x")[0] == card


def test_actions__round_trip_and_malformed_ones_are_named() -> None:
    for action in (
        zga.PickHand(0, ("a", "b", "c")),
        zga.PickHand(1, impulse=753),
        zga.Attack(0, 1, 1, augments=1, cover=("x",), sneak=True),
        zga.Bolster(1, (0, 2)),
        zga.SetMarkers(0, 1, stunned=True),
        zga.RuleOfPrime(0, 1, "a", 0, "b", 1),
    ):
        assert zga.from_dict(zga.to_dict(action)) == action
    with pytest.raises(MalformedAction, match='unknown action type "Fly"'):
        zga.from_dict({"type": "Fly", "player": 0})
    with pytest.raises(MalformedAction, match="Spin needs end"):
        zga.from_dict({"type": "Spin", "player": 0})
    with pytest.raises(
        MalformedAction, match="Bolster: dots must be a list of whole numbers, not 1"
    ):
        zga.from_dict({"type": "Bolster", "player": 0, "dots": 1})
    with pytest.raises(MalformedAction, match='Resolve has no field "colour"'):
        zga.from_dict({"type": "Resolve", "player": 0, "colour": "red"})


def test_setup_record__figures_give_sample_decks_and_round_trip() -> None:
    catalog = sample_catalog()
    record = {
        "players": [{"name": "Alena", "figure": "Zero"}, {"name": "Anton", "figure": "Vulcan"}],
        "options": ["dash", "stances"],
        "terrain": [{"name": "Box", "mass": 2}],
        "hidden_hands": False,
    }
    setup = setup_from_dict(record, catalog)
    assert setup.players[0].deck == catalog.deck_of("Zero") and setup.players[0].character == "zero"
    assert setup_from_dict(setup_to_dict(setup), catalog) == setup
    with pytest.raises(SetupError, match="setup: field 'options' has 'gravity'"):
        setup_from_dict({**record, "options": ["gravity"]}, catalog)
    with pytest.raises(SetupError, match="unknown key 'colour'"):
        setup_from_dict({**record, "colour": 1}, catalog)


def test_registry__zg_is_a_registered_game() -> None:
    kind = games.get("zg")
    assert (kind.title, kind.min_players, kind.max_players) == ("Z-G", 2, 4)
    game = kind.new_game(
        {"players": [{"name": "A", "figure": "Zero"}, {"name": "B", "figure": "Phantom"}]}
    )
    assert game.acting_player() == 0 and game.prompts()
    assert kind.summary(game)[0].startswith("Turn 1")
