"""The Cards (rules/zeal.md): card types, devotion costs, damage, combat scores."""

from __future__ import annotations

from engine.zeal import Step
from engine.zeal import actions as za

from .helpers import table, to_step


def test_devotion__you_must_pay_the_cost_to_play_a_card() -> None:
    game = table([], [], step="commit", devotion=2)
    game.apply(za.PlayCard(0, "burn"))
    assert game.state.players[0].devotion == 0


def test_bases__six_of_defense_1_to_6_in_play_from_the_start() -> None:
    game = table([], [])
    assert [b.defense for b in game.state.players[1].bases] == [1, 2, 3, 4, 5, 6]


def test_defense__the_damage_it_takes_to_defeat_a_base() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "siege_bolt", targets=("base:1:2",)))  # 2 damage to the 3
    game.apply(za.Pass(1))
    assert game.state.players[1].bases[2].face_up and game.state.players[1].bases[2].damage == 2
    game.apply(za.PlayCard(0, "siege_bolt", targets=("base:1:2",)))
    game.apply(za.Pass(1))
    assert not game.state.players[1].bases[2].face_up


def test_characters__when_a_character_dies_it_goes_to_the_discard() -> None:
    game = table([], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "burn", targets=(1,)))
    game.apply(za.Pass(1))
    assert game.state.players[1].in_play == () and game.state.players[1].discard == (
        "chalice_keeper",
    )


def test_combat_score__damage_equal_to_it_kills() -> None:
    game = table([], ["iron_juggernaut"], step="commit")
    game.apply(za.PlayCard(0, "burn", targets=(1,)))  # 3 of 4
    game.apply(za.Pass(1))
    assert game.state.permanent(1) is not None
    game.apply(za.SetDamage(0, 1, 4))
    assert game.state.permanent(1) is None


def test_devices__remain_in_play_until_explicitly_destroyed() -> None:
    game = table(["shrine_of_dawn"], [], step="commit")
    game.apply(za.PlayCard(0, "revenge_of_the_goddess"))  # kills characters, not devices
    game.apply(za.Pass(1))
    to_step(game, Step.DEVELOP)
    assert [p.name for p in game.state.players[0].in_play] == ["Shrine of Dawn (sample)"]


def test_spells__go_to_the_discard_when_they_resolve() -> None:
    game = table([], [], step="commit")
    game.apply(za.PlayCard(0, "accelerate"))
    assert game.state.players[0].discard == ()
    game.apply(za.Pass(1))
    assert game.state.players[0].discard == ("accelerate",)


def test_cults__four_cults_every_non_base_card_has_one() -> None:
    from engine.zeal.cards import sample_catalog

    cults = {c.cult for c in sample_catalog().cards if c.type != "base"}
    assert cults == {"Cognoid", "Lunari", "Magi", "Specter"}
