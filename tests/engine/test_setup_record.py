"""The codec every game shares for its setup record (engine/core/setup_record.py), on a
made-up game, so that what is shared is pinned once, apart from any game; and every game's
saved records, written as they always were, read back to the same setup."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from engine import games
from engine.core.card_game_record import card_game_record, player_table
from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    HIDDEN_HANDS,
    NAME,
    SEED,
    SetupCodec,
    Table,
    choice,
    number,
    opt_number,
    rows,
    text,
    texts,
)
from engine.errors import SetupError


class Cards(frozenset[str]):
    """Hopscotch's catalog: the card ids it knows."""


@dataclass(frozen=True)
class Hopper:
    name: str
    chalk: str = "white"
    deck: tuple[str, ...] = ()
    deck_size: int | None = None
    nickname: str = ""


@dataclass(frozen=True)
class Square:
    name: str
    size: int = 1


@dataclass(frozen=True)
class HopSetup:
    players: tuple[Hopper, ...]
    seed: int = 0
    hidden_hands: bool = True
    squares: tuple[Square, ...] = ()
    rules: tuple[str, ...] = ()
    start: int | None = None
    rounds: int = 3
    catalog: Cards = field(default=Cards(), compare=False)


def two_players(setup: HopSetup) -> None:
    if len(setup.players) != 2:
        raise SetupError(f"Hopscotch is for 2 players, not {len(setup.players)}")


HOPPER = Table(
    Hopper,
    NAME,
    choice("chalk", "white", ("white", "pink")),
    DECK,
    DECK_SIZE,
    text("nickname", left_out_when_default=True),
)
RECORD: SetupCodec[HopSetup] = SetupCodec(
    "Hopscotch",
    HopSetup,
    Cards,
    rows("players", HOPPER),
    SEED,
    HIDDEN_HANDS,
    rows("squares", Table(Square, NAME, number("size", 1, 1, left_out_when_default=True))),
    texts("rules", ("one_foot", "no_lines")),
    opt_number("start", 0, 1),
    number("rounds", 3, 1, 9),
    check=two_players,
)
CARDS = Cards({"stone", "shell"})


def test_setup_record__writes_each_key_in_order_leaving_out_nothing_and_defaults_asked_for() -> (
    None
):
    setup = HopSetup(
        (Hopper("Alena", deck=("stone",)), Hopper("Anton", "pink", deck_size=9, nickname="A")),
        seed=4,
        squares=(Square("home"), Square("sky", 2)),
        rules=("one_foot",),
        catalog=CARDS,
    )
    record = RECORD.to_dict(setup)
    assert json.dumps(record) == json.dumps(
        {
            "players": [
                {"name": "Alena", "chalk": "white", "deck": ["stone"]},
                {"name": "Anton", "chalk": "pink", "deck": [], "deck_size": 9, "nickname": "A"},
            ],
            "seed": 4,
            "hidden_hands": True,
            "squares": [{"name": "home"}, {"name": "sky", "size": 2}],
            "rules": ["one_foot"],
            "rounds": 3,
        }
    )
    back = RECORD.from_dict(record, CARDS)
    assert back == setup and back.catalog is CARDS
    assert RECORD.from_dict(json.loads(json.dumps(record | {"start": 1})), CARDS).start == 1


def test_setup_record__absent_keys_take_their_defaults_and_names_are_trimmed() -> None:
    setup = RECORD.from_dict({"players": [{"name": " Alena "}, {"name": "Anton"}]}, CARDS)
    assert setup == HopSetup((Hopper("Alena"), Hopper("Anton")))


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"players": [], "colour": "red"}, "setup: unknown key 'colour' (the keys allowed here:"),
        ({"players": [{"name": "A", "hat": 1}]}, "setup.players[0]: unknown key 'hat'"),
        ({"players": [{"name": "A", "deck": ["rock"]}]}, "'deck' names 'rock', which is not in"),
        ({"players": [], "seed": -1}, "setup: field 'seed' must be 0 to 18446744073709551615"),
        ({"players": [], "hidden_hands": 1}, "field 'hidden_hands' must be true or false, not 1"),
        ({"players": [], "start": 2}, "setup: field 'start' must be 0 to 1, not 2"),
        ({"players": [], "rounds": True}, "field 'rounds' must be a whole number, not True"),
        ({"players": [], "rules": ["hop"]}, "field 'rules' has 'hop', which is not allowed here"),
        ({"players": [{"name": "A", "chalk": "red"}]}, "'chalk' is 'red'; it may be one of: pink,"),
        ({"players": [], "squares": [{"name": "x", "size": 0}]}, "squares[0]: field 'size' must"),
        ({"players": {"name": "A"}}, "setup: field 'players' must be a list"),
        ({"players": [{"name": "A"}]}, "Hopscotch is for 2 players, not 1"),
    ],
)
def test_setup_record__anything_wrong_is_a_setup_error_naming_the_field(
    record: dict, words: str
) -> None:
    with pytest.raises(SetupError, match=None) as refused:
        RECORD.from_dict(record, CARDS)
    assert words in str(refused.value)


def test_setup_record__another_games_catalog_is_refused_in_words() -> None:
    with pytest.raises(SetupError, match="a game of Hopscotch needs its own card catalog"):
        RECORD.from_dict({"players": []}, games.get("zeal").sample_catalog())


def test_card_game_record__players_seed_hidden_hands_then_the_games_own_keys_in_order() -> None:
    """engine/core/card_game_record.py: the shape most games' records share, said once, is
    the record Hopscotch lists key by key (its players without the nickname), to the letter."""
    short = card_game_record(
        "Hopscotch",
        HopSetup,
        Cards,
        player_table(Hopper, choice("chalk", "white", ("white", "pink"))),
        rows("squares", Table(Square, NAME, number("size", 1, 1, left_out_when_default=True))),
        texts("rules", ("one_foot", "no_lines")),
        opt_number("start", 0, 1),
        number("rounds", 3, 1, 9),
        check=two_players,
    )
    setup = HopSetup(
        (Hopper("Alena", deck=("stone",)), Hopper("Anton", "pink", deck_size=9)),
        seed=4,
        squares=(Square("sky", 2),),
        start=1,
        catalog=CARDS,
    )
    record = short.to_dict(setup)
    assert json.dumps(record) == json.dumps(RECORD.to_dict(setup))
    assert list(record) == [
        "players",
        "seed",
        "hidden_hands",
        "squares",
        "rules",
        "start",
        "rounds",
    ]
    assert short.from_dict(record, CARDS) == setup
    with pytest.raises(SetupError, match="Hopscotch is for 2 players, not 1"):
        short.from_dict({"players": [{"name": "A"}]}, CARDS)


# Records as the five games wrote them before they shared the codec (issue 24): read back to
# the same setup, and written again to the very same text.
SAVED = {
    "zeal": '{"players": [{"name": "Alena", "deck": []}, {"name": "Anton", "deck": [], '
    '"deck_size": 30}], "seed": 5, "hidden_hands": true, "mode": "casual", "first_player": 1}',
    "deeds": '{"players": [{"name": "Alena", "deck": [], "deck_size": 20}, {"name": "Anton", '
    '"deck": [], "deck_size": 20}], "seed": 5, "hidden_hands": true, "base_health": 7}',
    "vile": '{"players": [{"name": "Alena", "god": "%s", "deck": []}, {"name": "Anton", '
    '"god": "%s", "deck": [], "deck_size": 40}], "seed": 9, "hidden_hands": true, '
    '"first_player": 0}',
    "devacurse": '{"players": [{"name": "Alena", "deck": []}, {"name": "Anton", "deck": [], '
    '"deck_size": 40}], "seed": 5, "first_order": 1, "hidden_hands": true, "faith": 9, '
    '"hand_size": 5, "prayers": 1, "strike_back": false}',
    "zg": '{"players": [{"name": "Alena", "deck": [], "character": "%s"}, {"name": "Anton", '
    '"deck": []}], "seed": 5, "hidden_hands": true, "options": [], "edge": "fall", '
    '"terrain": [{"name": "Crate", "mass": 2}]}',
}


@pytest.mark.parametrize("kind", sorted(SAVED))
def test_setup_record__every_games_saved_records_read_back_and_are_written_the_same(
    kind: str,
) -> None:
    engine = games.get(kind)
    catalog = engine.sample_catalog()
    saved = SAVED[kind]
    if kind == "vile":
        from engine.vile.card_model import GODS

        saved = saved % (GODS[0], GODS[1])
    if kind == "zg":
        saved = saved % catalog.character_of(catalog.figures()[0])
    setup = engine.setup_from_dict(json.loads(saved), catalog)
    assert json.dumps(engine.setup_to_dict(setup)) == saved
    assert engine.setup_from_dict(json.loads(saved), catalog) == setup


def test_setup_record__z_g_terrain_keeps_its_strikes_once_it_has_some() -> None:
    engine = games.get("zg")
    catalog = engine.sample_catalog()
    record = {"players": [{"name": "A"}, {"name": "B"}], "terrain": [{"name": "Crate", "mass": 3}]}
    record["terrain"][0]["strikes"] = 2
    setup = engine.setup_from_dict(record, catalog)
    assert engine.setup_to_dict(setup)["terrain"] == [{"name": "Crate", "mass": 3, "strikes": 2}]
    assert engine.setup_from_dict(engine.setup_to_dict(setup), catalog) == setup
