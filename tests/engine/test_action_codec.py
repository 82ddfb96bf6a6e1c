"""The reader every game shares for its actions' plain-data form (engine/core/actions.py),
on a made-up game of two actions, so that what is shared is pinned once, apart from any game."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

import pytest

from engine.core.actions import ActionCodec, action_to_dict, is_whole_or_text, list_of
from engine.errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Hop:
    player: int
    to: int | str
    over: tuple[tuple[int, int], ...] = ()
    loud: bool | None = None


@dataclass(frozen=True, slots=True)
class Rest:
    player: int
    notes: tuple[str, ...] = field(default_factory=tuple)


CODEC: ActionCodec[Hop | Rest] = ActionCodec(
    "Hopscotch", (Hop, Rest), {"int | str": (is_whole_or_text, "a square or its name")}
)


def test_codec__reads_back_what_action_to_dict_wrote_with_tuples_all_the_way_down() -> None:
    for action in (Hop(0, "start", ((1, 2), (3, 4)), loud=False), Hop(1, 3), Rest(0, ("a",))):
        data = action_to_dict(action)
        assert CODEC.from_dict(data) == action
        assert hash(CODEC.from_dict(data)) == hash(action)
    # any mapping will do (a TOML reader's, a read-only view)
    assert CODEC.from_dict(MappingProxyType({"type": "Rest", "player": 1})) == Rest(1)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("Hop", 'an action must be a table, not "Hop"'),
        ({"player": 0}, r"unknown action type nothing \(the actions of Hopscotch: Hop, Rest\)"),
        ({"type": "Jump"}, 'unknown action type "Jump"'),
        ({"type": "Rest", "player": 0, "mood": 1}, r'Rest has no field "mood" \(it has: player,'),
        ({"type": "Hop", "player": 0}, r"Hop needs to \(a square or its name\)"),
        ({"type": "Hop"}, r"Hop needs player \(a whole number\), to \(a square or its name\)"),
        ({"type": "Hop", "player": True, "to": 1}, "Hop: player must be a whole number, not true"),
        ({"type": "Hop", "player": 0, "to": 1.5}, "Hop: to must be a square or its name, not 1.5"),
        (
            {"type": "Hop", "player": 0, "to": 1, "over": [1, 2]},
            "Hop: over must be a list of pairs",
        ),
        ({"type": "Hop", "player": 0, "to": 1, "over": [[1]]}, r"pairs .*, not \[\[1\]\]"),
        (
            {"type": "Hop", "player": 0, "to": 1, "loud": "yes"},
            "loud must be true, false or nothing",
        ),
        ({"type": "Rest", "player": 0, "notes": "zzz"}, "Rest: notes must be a list of card ids"),
    ],
)
def test_codec__refuses_malformed_data_naming_the_action_and_the_field(
    data: object, words: str
) -> None:
    with pytest.raises(MalformedAction, match=words):
        CODEC.from_dict(data)


def test_codec__type_problem_says_what_a_field_should_hold_in_players_words() -> None:
    assert CODEC.type_problem(Hop(0, 2)) is None
    assert CODEC.type_problem(Hop(0, None)) == "hop: to must be a square or its name, not nothing"  # type: ignore[arg-type]
    assert CODEC.type_problem(Rest(0, (1,))) == "rest: notes must be a list of card ids, not [1]"  # type: ignore[arg-type]
    assert CODEC.type_problem("Hop") == '"str" is not an action of Hopscotch'


def test_codec__an_annotation_without_a_check_is_found_when_the_codec_is_made() -> None:
    @dataclass(frozen=True)
    class Fly:
        player: int
        wings: list[int]

    with pytest.raises(TypeError, match=r"Fly.wings: no check for 'list\[int\]'"):
        ActionCodec("Hopscotch", (Fly,))
    # a game's own words for an annotation it shares with the others
    codec: ActionCodec[Rest] = ActionCodec(
        "Hopscotch", (Rest,), {"tuple[str, ...]": list_of(lambda v: isinstance(v, str), "notes")}
    )
    assert codec.type_problem(Rest(0, (1,))) == "rest: notes must be notes, not [1]"  # type: ignore[arg-type]
