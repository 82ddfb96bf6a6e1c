"""The test (rules/z-g.md, Basic Rules 5-6; Core Exceptions 6-7): one test per blaze rule, on
the pure function, and the damage chart."""

from __future__ import annotations

from engine.zg.card_model import Dot, End
from engine.zg.dot_match import any_match, chart, chart_words, facing, pair, run_test, stuns


def end(*dots: str) -> End:
    """An end from "colour" / "colour:blaze" words, left to right as printed."""
    made = [Dot(*(d.split(":") + [""])[:2]) for d in dots]
    return (made[0], made[1], made[2])


def test_rule5__dots_face_across_the_ends_first_against_third() -> None:
    assert [facing(i) for i in range(3)] == [2, 1, 0]
    result = run_test(end("red", "blue", "green"), end("green", "yellow", "red"))
    assert [p.match for p in result.pairs] == [True, False, True]


def test_rule5__no_matches_is_a_miss() -> None:
    result = run_test(end("red", "red", "red"), end("blue", "blue", "blue"))
    assert result.matches == 0 and result.strikes == 0 and result.result == "miss"


def test_rule6__a_match_without_blazes_is_a_strike() -> None:
    assert pair(Dot("red"), Dot("red")).strikes == 1


def test_rule6__an_attacker_blaze_on_a_plain_target_dot_still_strikes_once() -> None:
    assert pair(Dot("red", "armor_piercing"), Dot("red")).strikes == 1
    assert pair(Dot("red", "armor"), Dot("red")).strikes == 1  # the attacker's armor: no part


def test_rule6__armor_blocks_a_strike() -> None:
    result = pair(Dot("red"), Dot("red", "armor"))
    assert result.match and result.strikes == 0 and result.why == "blocked by armor"


def test_rule6__armor_piercing_on_the_opposing_dot_pierces_armor() -> None:
    result = pair(Dot("red", "armor_piercing"), Dot("red", "armor"))
    assert result.strikes == 1 and result.why == "armor pierced: a strike"


def test_rule6__piercing_on_another_dot_does_not_pierce() -> None:
    result = run_test(
        end("red:armor_piercing", "blue", "green"), end("yellow", "blue:armor", "red")
    )
    assert [p.strikes for p in result.pairs] == [1, 0, 0]


def test_rule6__weak_point_with_armor_piercing_is_two_strikes() -> None:
    assert pair(Dot("red", "armor_piercing"), Dot("red", "weak_point")).strikes == 2


def test_rule6__weak_point_without_piercing_is_one_strike() -> None:
    assert pair(Dot("red"), Dot("red", "weak_point")).strikes == 1


def test_rule6__explosive_against_a_weak_point_strikes_without_a_match() -> None:
    result = pair(Dot("blue", "explosive"), Dot("red", "weak_point"))
    assert not result.match and result.strikes == 1


def test_rule6__explosive_against_a_weak_point_strikes_under_armor() -> None:
    assert pair(Dot("blue", "explosive"), Dot("red", "weak_point"), bolsters=2).strikes == 1


def test_rule6__explosive_without_a_weak_point_is_a_plain_match() -> None:
    assert pair(Dot("red", "explosive"), Dot("blue")).strikes == 0
    assert pair(Dot("red", "explosive"), Dot("red", "armor")).strikes == 0


def test_rule6__double_armor_falls_only_to_double_armor_piercing() -> None:
    assert pair(Dot("red", "armor_piercing"), Dot("red", "double_armor")).strikes == 0
    assert pair(Dot("red", "double_armor_piercing"), Dot("red", "double_armor")).strikes == 1
    assert pair(Dot("red"), Dot("red", "double_armor")).why == "blocked by double armor"


def test_rule6__double_armor_piercing_pierces_single_armor() -> None:
    assert pair(Dot("red", "double_armor_piercing"), Dot("red", "armor")).strikes == 1


def test_core6__a_bolster_adds_armor_on_the_dot_the_defender_chooses() -> None:
    attack, target = end("red", "blue", "green"), end("green", "blue", "red")
    assert run_test(attack, target).strikes == 3
    bolstered = run_test(attack, target, bolster_dots=(0,))  # target's first dot faces our third
    assert [p.strikes for p in bolstered.pairs] == [1, 1, 0]


def test_core6__a_bolster_on_armor_makes_it_double() -> None:
    assert pair(Dot("red", "armor_piercing"), Dot("red", "armor"), bolsters=1).strikes == 0


def test_core7__an_augment_adds_piercing_on_the_attackers_chosen_dot() -> None:
    attack, target = end("red", "blue", "green"), end("green:armor", "blue", "red")
    assert run_test(attack, target).strikes == 2
    assert run_test(attack, target, augment_dots=(2,)).strikes == 3


def test_core7__an_augment_on_piercing_breaks_double_armor() -> None:
    assert pair(Dot("red", "armor_piercing"), Dot("red", "double_armor"), augments=1).strikes == 1


def test_core7__an_augment_answers_a_bolster() -> None:
    assert pair(Dot("red"), Dot("red"), bolsters=1, augments=1).strikes == 1


def test_core7__an_augmented_match_on_a_weak_point_is_two_strikes() -> None:
    assert pair(Dot("red"), Dot("red", "weak_point"), augments=1).strikes == 2


def test_rule6__chart_one_strike_is_targetlock() -> None:
    assert chart(1) == "targetlock" and "targetlock" in chart_words(1)


def test_rule6__chart_two_strikes_slag_three_slag_and_attack_again_four_stun() -> None:
    assert (chart(0), chart(2), chart(3), chart(4)) == ("miss", "slag", "slag_again", "slag_again")
    assert not stuns(3) and stuns(4) and stuns(6)
    assert "stunned" in chart_words(5) and "stunned" not in chart_words(3)


def test_rule_of_prime__asks_whether_any_dot_matches() -> None:
    assert any_match(end("red", "blue", "green"), end("yellow", "yellow", "red"))
    assert not any_match(end("red", "blue", "green"), end("red", "yellow", "yellow"))


def test_rule6__explosive_with_a_match_and_augmented_piercing_on_a_weak_point_is_two() -> None:
    assert pair(Dot("red", "explosive"), Dot("red", "weak_point"), augments=1).strikes == 2
    assert pair(Dot("red", "explosive"), Dot("red", "weak_point")).strikes == 1
