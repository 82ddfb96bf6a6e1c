"""Core Exceptions (character card, cover, terrain, bolster, augment, retest), the Rules
Options as setup switches (high ground, sneak attack, knockdown, dash, flameout, stances), the
Rule of Prime, and manual adjustments (rules/z-g.md)."""

from __future__ import annotations

from engine.zg import actions as zga
from engine.zg.game import ZgGame
from engine.zg.state import Terrain

from .helpers import FILLER, FOE_FILLER, attack_with, hidden_duel, start_turn, zcard

CARDS = [
    zcard("red3", "red red red"),
    zcard("red3_b", "red red red"),
    zcard("miss", "blue blue blue"),
    zcard("one", "blue blue red"),
    zcard("two", "blue red red"),
    zcard("shoot", "red red red", range=6),
    zcard("boots_a", "red red red", part="footgear", colour="blue", move=4),
    zcard("boots_b", "red red red", part="footgear", colour="blue", move=5),
]
ALENA = ("red3", "red3_b", "miss", "shoot", "boots_a", "boots_b") + FILLER
ANTON = ("miss", "one", "two") + FOE_FILLER


def duel(*options: str, characters: tuple[str, str] = ("", ""), **kw: object) -> ZgGame:
    game = hidden_duel(CARDS, ALENA, ANTON, options=options, characters=characters, **kw)  # type: ignore[arg-type]
    start_turn(game, 753, 642)
    return game


def test_core1__the_character_powerup_is_once_per_turn() -> None:
    game = duel(characters=("zero", "phantom"))
    game.apply(zga.UsePowerup(1))
    assert "once per turn" in (game.explain(zga.UsePowerup(1)) or "")
    assert "Retest" in game.log[-1].text or "Bolster" in game.log[-1].text


def test_core1__sacrificing_the_character_card_saves_the_zgear_card() -> None:
    game = duel(characters=("zero", "phantom"))
    attack_with(game, "red3", "two")
    game.apply(zga.Resolve(0))
    assert game.state.phase == "save" and game.acting_player() == 1
    game.apply(zga.Save(1, True))
    anton = game.state.players[1]
    assert anton.slag == () and anton.character_sacrificed and anton.zgear == len(ANTON)
    game.apply(zga.PlayCard(0, "red3_b"))
    game.apply(zga.Attack(0, 1, 0))
    game.apply(zga.DrawTarget(1, "two"))
    game.apply(zga.Spin(1, 0))
    game.apply(zga.Resolve(0))
    assert game.state.players[1].slag == ("two",), "no second sacrifice: it is slagged"


def test_core4__a_target_card_in_cover_fails_the_attack() -> None:
    game = duel()
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0, cover=("two",)))
    game.apply(zga.DrawTarget(1, "two"))
    assert game.state.phase == "card" and game.state.players[1].slag == ()
    assert any("in cover: the attack fails" in e.text for e in game.log)


def test_core5__terrain_takes_its_mass_in_strikes_with_a_card_from_your_own_deck() -> None:
    game = duel(terrain=(Terrain("Bookshelf", 4),))
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.AttackTerrain(0, 0, 0))
    assert game.acting_player() == 0, "you draw the target from your own deck"
    game.apply(zga.DrawTarget(0, "red3_b"))
    game.apply(zga.Spin(0, 0))
    game.apply(zga.Resolve(0))
    assert game.state.terrain[0].strikes == 3 and game.state.terrain[0].standing
    game.apply(zga.PlayCard(0, "shoot"))
    game.apply(zga.AttackTerrain(0, 0, 0))
    game.apply(zga.DrawTarget(0, "red3_b"))
    game.apply(zga.Spin(0, 0))
    game.apply(zga.Resolve(0))
    assert not game.state.terrain[0].standing
    assert game.state.players[0].slag == (), "terrain slags nothing"


def test_core6__bolsters_are_declared_at_the_spin_and_placed_after_the_test() -> None:
    game = duel()
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0))
    game.apply(zga.DrawTarget(1, "two"))
    game.apply(zga.Spin(1, 0, bolsters=1))
    assert game.state.phase == "bolster" and game.acting_player() == 1
    assert game.explain(zga.Bolster(1, (1, 2))) == "place 1 bolster: one dot for each"
    game.apply(zga.Bolster(1, (1,)))
    game.apply(zga.Resolve(0))
    assert game.state.players[1].slag == () and game.state.players[0].lock_card == "two"


def test_core7__augments_are_placed_after_the_bolsters() -> None:
    game = duel()
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0, augments=1))
    game.apply(zga.DrawTarget(1, "two"))
    game.apply(zga.Spin(1, 0, bolsters=1))
    game.apply(zga.Bolster(1, (1,)))
    assert game.state.phase == "augment" and game.acting_player() == 0
    game.apply(zga.Augment(0, (1,)))  # the attacker's middle dot faces the bolstered one
    game.apply(zga.Resolve(0))
    assert game.state.players[1].slag == ("two",)


def test_core8__each_player_retests_once_per_test() -> None:
    game = duel()
    attack_with(game, "red3", "miss")
    game.apply(zga.Retest(1, "target", 1))
    assert game.explain(zga.Retest(1, "target", 0)) == "each player may retest only once per test"
    game.apply(zga.Retest(0, "attack", 1))
    assert game.explain(zga.Retest(0, "attack", 0)) == "each player may retest only once per test"
    assert game.state.attack is not None and game.state.attack.end == 1


def test_option1_high_ground__augments_the_attack() -> None:
    game = duel("high_ground")
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0, high_ground=True))
    assert game.state.attack is not None and game.state.attack.augments == 1
    game2 = duel()
    game2.apply(zga.PlayCard(0, "red3"))
    refused = game2.explain(zga.Attack(0, 1, 0, high_ground=True))
    assert refused == "high ground is not one of this game's optional rules"


def test_option2_sneak_attack__not_with_a_card_used_last_turn() -> None:
    game = duel("sneak_attack")
    for seat, cards in ((0, ("red3", "red3_b", "miss")), (1, ("miss", "one", "two"))):
        for card in cards:
            game.apply(zga.PlayCard(seat, card))
            game.apply(zga.EndPulse(seat))
    start_turn(game, 753, 642)
    game.apply(zga.PlayCard(0, "red3"))
    refused = game.explain(zga.Attack(0, 1, 0, sneak=True))
    assert refused == "you can't sneak attack with a card that you used last turn"
    game.apply(zga.EndPulse(0))
    game.apply(zga.PlayCard(0, "shoot"))
    game.apply(zga.Attack(0, 1, 0, sneak=True))
    assert any("don't examine" in p.text for p in game.prompts())


def test_option5_knockdown__three_move_to_stand_and_one_retest_hand_to_hand() -> None:
    """Option 5's free retest is free of a card, not a second one: Core Exceptions 8, "Each
    player may retest only once per test. (This means you!)"."""
    game = duel("knockdown")
    game.apply(zga.Knockdown(1, 0))
    game.apply(zga.PlayCard(0, "red3"))
    assert game.explain(zga.Move(0, 1)) == "Alena is knocked down: stand up first (3 Move)"
    game.apply(zga.StandUp(0))
    assert not game.state.players[0].knocked_down
    game.apply(zga.Knockdown(0, 1))
    game.apply(zga.Attack(0, 1, 0))
    game.apply(zga.DrawTarget(1, "miss"))
    game.apply(zga.Spin(1, 0))
    assert game.state.attack is not None and game.state.attack.free_retests == 1
    game.apply(zga.Retest(0, "target", 1))
    assert game.explain(zga.Retest(0, "target", 0)) == "each player may retest only once per test"
    assert not any(isinstance(a, zga.Retest) and a.player == 0 for a in game.legal_actions())


def test_option6_dash__the_second_footgear_of_a_colour_moves_three_more() -> None:
    game = duel("dash")
    game.apply(zga.PlayCard(0, "boots_a"))
    assert game.state.pulse is not None and game.state.pulse.move_left == 4
    game.apply(zga.EndPulse(0))
    game.apply(zga.PlayCard(0, "boots_b"))
    assert game.state.pulse is not None and game.state.pulse.move_left == 8


def test_option7_flameout__six_actions_and_forfeit_without_a_defeat() -> None:
    game = hidden_duel(CARDS, ALENA, ANTON, options=("flameout",))
    game.apply(zga.Flameout(0))
    start_turn(game, 753, 642)
    assert "before anyone picks" in (game.explain(zga.Flameout(1)) or "")
    for card in ("red3", "red3_b", "miss", "red3", "red3_b", "miss"):
        game.apply(zga.PlayCard(0, card))
        game.apply(zga.EndPulse(0))
    assert game.state.active == 1, "each hand card twice: six pulses"
    for card in ("miss", "one", "two"):
        game.apply(zga.PlayCard(1, card))
        game.apply(zga.EndPulse(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 1 and game.state.players[0].defeated


def test_option8_stances__cost_three_move_and_limit_the_move() -> None:
    game = duel("stances")
    game.apply(zga.PlayCard(0, "boots_a"))  # Move 4
    game.apply(zga.Move(0, 1))
    game.apply(zga.Stance(0, "kneel"))
    assert game.state.pulse is not None and game.state.pulse.move_left == 0
    game.apply(zga.EndPulse(0))
    game.apply(zga.PlayCard(0, "red3"))
    assert game.explain(zga.Move(0, 1)) == "a kneeling figure may not move"


def test_option8_prone__hand_to_hand_attacks_against_you_are_augmented() -> None:
    game = duel("stances")
    game.apply(zga.SetMarkers(1, 1, stance="prone"))
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0))
    assert game.state.attack is not None and game.state.attack.augments == 1


def test_rule_of_prime__a_match_and_you_decide_no_match_and_the_foe_does() -> None:
    game = duel()
    game.apply(zga.RuleOfPrime(0, 1, "red3", 0, "one", 0))
    assert game.state.prime == "Rule of Prime: a match, Alena decides"
    game.apply(zga.RuleOfPrime(0, 1, "red3", 0, "miss", 0))
    assert game.state.prime == "Rule of Prime: no match, Anton decides"


def test_adjustments__always_legal_logged_and_undone() -> None:
    game = duel()
    before = game.state
    game.apply(zga.SetCard(1, 1, "two", "slagged"))
    game.apply(zga.SetMarkers(1, 0, stunned=True, knocked_down=True))
    assert game.state.players[1].slag == ("two",) and game.state.players[0].stunned
    assert game.log[-1].text.endswith("(adjustment)")
    game.undo()
    game.undo()
    assert game.state == before


def test_adjustments__slagging_to_fewer_than_three_defeats() -> None:
    game = hidden_duel(CARDS, ALENA, ("miss", "one", "two"))
    start_turn(game, 753, 642)
    game.apply(zga.SetCard(0, 1, "one", "slagged"))
    assert game.outcome() is not None and game.outcome().winner == 0  # type: ignore[union-attr]


def test_adjustments__name_something_real() -> None:
    game = duel()
    assert game.explain(zga.SetCard(0, 1, "two", "standing")) == "Two is not in Anton's slag heap"
    assert game.explain(zga.SetMarkers(0, 5)) == "there is no player 6 at this table"
    assert "stances" in (game.explain(zga.SetMarkers(0, 1, stance="dance")) or "")


def test_setup_switches__unknown_rules_are_refused_in_words() -> None:
    import pytest

    from engine.errors import SetupError

    with pytest.raises(SetupError, match='"gravity" is not an optional rule'):
        hidden_duel(CARDS, ALENA, ANTON, options=("gravity",))
    with pytest.raises(SetupError, match="needs at least 3 zGear cards"):
        hidden_duel(CARDS, ("red3",), ANTON)


def test_core1__a_sacrifice_saves_the_card_only_three_strikes_still_attack_again() -> None:
    cards = CARDS + [zcard("three", "red red red")]
    game = hidden_duel(cards, ALENA, ("three",) + ANTON, characters=("", "phantom"))
    start_turn(game, 753, 642)
    attack_with(game, "red3", "three")
    game.apply(zga.Resolve(0))
    game.apply(zga.Save(1, True))
    pulse = game.state.pulse
    assert pulse is not None and pulse.again_foe == 1 and game.state.players[1].slag == ()


def test_option8_attack_stance__hand_to_hand_attacks_are_sneak_unless_the_foe_defends() -> None:
    game = duel("stances")
    game.apply(zga.SetMarkers(0, 0, stance="attack"))
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0))
    assert game.state.attack is not None and game.state.attack.sneak
    game = duel("stances")
    game.apply(zga.SetMarkers(0, 0, stance="attack"))
    game.apply(zga.SetMarkers(1, 1, stance="defense"))
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0))
    assert game.state.attack is not None and not game.state.attack.sneak


def test_open_hands__a_card_returned_to_the_deck_is_shuffled_in() -> None:
    from engine.zg import zones
    from engine.zg.state import GameState, PlayerState

    state = GameState((PlayerState("A", deck=("a", "b", "c"), deck_size=3),), hidden=False)
    places = {
        zones.to_deck(state.__class__(**{**_fields(state), "rng": s}), 0, "x")
        .players[0]
        .deck.index("x")
        for s in range(40)
    }
    assert places == {0, 1, 2, 3}


def _fields(state: object) -> dict[str, object]:
    import dataclasses

    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}  # type: ignore[arg-type]
