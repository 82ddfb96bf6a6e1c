"""The command log's plain-data form: to_dict / from_dict."""

from __future__ import annotations

import pytest

from engine.errors import MalformedAction
from engine.zeal import actions as za

ALL = [
    za.KeepHand(0),
    za.Mulligan(1),
    za.Develop(0, "draw"),
    za.Pass(1),
    za.PlayCard(0, "burn", targets=(3, "base:1:2"), zeal=True),
    za.PlayCard(0, "psychopomp"),
    za.PlayTrigger(1, 4, targets=(2,)),
    za.DeclineTrigger(1, 4),
    za.Activate(0, 5, targets=(6,), ability=0),
    za.DeclareAttackers(0, ((3, 1), (4, 1)), hunts=((3, 9),)),
    za.DeclareBlockers(1, ((9, 3),)),
    za.DeclareFlankers(0, ((4, 9),)),
    za.AssignDamage(0, blockers=((3, 9),), bases=((4, 1, 2),)),
    za.SetDevotion(0, current=3),
    za.SetBase(1, 5, damage=2, face_up=True),
    za.SetDamage(0, 3, 1),
    za.MoveCard(0, "burn", "discard", from_zone="hand"),
    za.MoveCard(0, 7, "hand"),
    za.MoveCard(0, "god_matrix", "play", from_zone="hand", enters=True),
    za.ChangeControl(0, 3, 1),
    za.MarkResolved(0, "God Matrix: put a device into play"),
]


@pytest.mark.parametrize("action", ALL, ids=lambda a: type(a).__name__)
def test_actions__round_trip_through_plain_data(action: za.Action) -> None:
    data = za.to_dict(action)
    assert None not in data.values()  # TOML has no null
    assert za.from_dict(data) == action


def test_actions__malformed_data_is_refused_clearly() -> None:
    with pytest.raises(MalformedAction, match='unknown action type "Jump"'):
        za.from_dict({"type": "Jump", "player": 0})
    with pytest.raises(MalformedAction, match='Pass has no field "card"'):
        za.from_dict({"type": "Pass", "player": 0, "card": "x"})
    with pytest.raises(MalformedAction, match=r"Pass needs player \(a whole number\)"):
        za.from_dict({"type": "Pass"})
    with pytest.raises(MalformedAction, match="Pass: player must be a whole number, not true"):
        za.from_dict({"type": "Pass", "player": True})
    with pytest.raises(MalformedAction, match="DeclareBlockers: blocks must be a list of pairs"):
        za.from_dict({"type": "DeclareBlockers", "player": 1, "blocks": [3, 1]})
    with pytest.raises(MalformedAction, match="must be a table"):
        za.from_dict(["Pass", 0])


def test_actions__wrong_kinds_of_values_are_explained_not_crashed_on() -> None:
    from .helpers import started

    game = started()
    assert game.explain(za.PlayCard(0, 5)) == "play card: card id must be text, not 5"  # type: ignore[arg-type]
    assert "pairs of numbers" in (game.explain(za.DeclareBlockers(1, ((1, 2, 3),))) or "")  # type: ignore[arg-type]
    assert "whole number" in (game.explain(za.SetBase(0, None)) or "")  # type: ignore[arg-type]
    # From a file, the same wrong values are refused as it is read, naming the action and field.
    data = {"type": "SetDamage", "player": 0, "permanent_id": "x", "damage": 1}
    with pytest.raises(
        MalformedAction, match='SetDamage: permanent_id must be a whole number, not "x"'
    ):
        za.from_dict(data)
