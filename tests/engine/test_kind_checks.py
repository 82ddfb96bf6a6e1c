"""The generated check of an action's field kinds (engine/core/kind_checks.py) says what the
full check of every field says: values of every kind, right and wrong, planted in a field of
every annotation the games share (COMMON_CHECKS), each judged against that field's own check."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.actions import COMMON_CHECKS, ActionCodec, is_whole_or_text, list_of, optional
from engine.core.words import plain

# A field per shared annotation, named after it ("int | None" -> int_or_none).
NAMES = {
    hint: hint.replace(" | None", "_or_none")
    .replace("tuple[tuple[int, int], ...]", "pairs")
    .replace("tuple[tuple[int, int, int], ...]", "triples")
    .replace("tuple[str, ...]", "texts")
    .replace("tuple[int, ...]", "wholes")
    for hint in COMMON_CHECKS
}
RIGHT = {
    "int": 3,
    "str": "x",
    "bool": False,
    "int | None": None,
    "str | None": "y",
    "bool | None": True,
    "tuple[str, ...]": ("a", "b"),
    "tuple[int, ...]": (),
    "tuple[tuple[int, int], ...]": ((3, 1),),
    "tuple[tuple[int, int, int], ...]": ((3, 1, 2),),
}
Every = dataclasses.make_dataclass(
    "EveryKind", [(NAMES[hint], hint) for hint in COMMON_CHECKS], frozen=True, slots=True
)
CODEC: ActionCodec[Any] = ActionCodec("Test", (Every,))

# Right and wrong for some field each: True and 1.0 equal 1, and are still not whole numbers.
PLANTED: list[object] = [
    0,
    -7,
    True,
    False,
    1.0,
    "",
    "card",
    None,
    (),
    (1,),
    (1, 2),
    (True,),
    (1.0,),
    ("a",),
    ("a", 1),
    (None,),
    ((3, 1),),
    ((3, 1, 2),),
    ((True, 1),),
    ((3, 1), (2,)),
    [1, 2],
    ["a"],
    {"a": 1},
]


def expected(hint: str, value: object) -> str | None:
    accepts, words = COMMON_CHECKS[hint]  # the field's full check: the reference
    if accepts(value):
        return None
    return f"every kind: {NAMES[hint].replace('_', ' ')} must be {words}, not {plain(value)}"


@pytest.mark.parametrize("hint", list(COMMON_CHECKS))
def test_kind_checks__every_shared_kind_judged_as_its_full_check_judges(hint: str) -> None:
    assert CODEC.type_problem(Every(**{NAMES[h]: RIGHT[h] for h in COMMON_CHECKS})) is None
    refused = 0
    for value in PLANTED:
        action = Every(**{NAMES[h]: value if h == hint else RIGHT[h] for h in COMMON_CHECKS})
        assert CODEC.type_problem(action) == expected(hint, value), value
        refused += expected(hint, value) is not None
    assert 0 < refused < len(PLANTED), "some planted values are right, some wrong"


def test_kind_checks__the_kinds_equal_values_take_are_told_apart() -> None:
    """A seat of True or 1.0 equals seat 1, and is refused; so is a list of them."""
    every = Every(**{NAMES[h]: RIGHT[h] for h in COMMON_CHECKS})
    for name, value, words in [
        ("int", True, "int must be a whole number, not true"),
        ("int", 1.0, "int must be a whole number, not 1.0"),
        ("int_or_none", False, "int or none must be a whole number or nothing, not false"),
        ("bool", 0, "bool must be true or false, not 0"),
        ("wholes", (1, True), "wholes must be a list of whole numbers, not [1, true]"),
        ("texts", ("a", None), 'texts must be a list of card ids, not ["a", nothing]'),
    ]:
        assert CODEC.type_problem(dataclasses.replace(every, **{name: value})) == (
            f"every kind: {words}"
        )


def test_kind_checks__the_first_wrong_field_is_named_and_a_games_own_check_is_asked() -> None:
    every = Every(**{NAMES[h]: RIGHT[h] for h in COMMON_CHECKS})
    two_wrong = dataclasses.replace(every, str="text", bool="yes", pairs=[1])
    assert CODEC.type_problem(two_wrong) == 'every kind: bool must be true or false, not "yes"'

    asked: list[object] = []

    def own(value: object) -> bool:  # a game's own check: no type is surely right for it
        asked.append(value)
        return value == "north"

    @dataclasses.dataclass(frozen=True, slots=True)
    class Face:
        player: int
        to: str
        via: int | str | None = None
        over: tuple[int | str, ...] = ()

    codec: ActionCodec[Face] = ActionCodec(
        "Test",
        (Face,),
        {
            "str": (own, "north"),
            "int | str | None": optional((is_whole_or_text, "a square")),
            "tuple[int | str, ...]": list_of(is_whole_or_text, "squares"),
        },
    )
    assert codec.type_problem(Face(0, "north", "a1", (1, "b2"))) is None and asked == ["north"]
    assert codec.type_problem(Face(0, "south")) == 'face: to must be north, not "south"'
    assert codec.type_problem(Face(0, "north", True)) == (  # type: ignore[arg-type]
        "face: via must be a square or nothing, not true"
    )
    assert codec.type_problem(Face(0, "north", over=(2.0,))) == (  # type: ignore[arg-type]
        "face: over must be squares, not [2.0]"
    )
