"""The turn (rules/z-g.md Basic Rules 2-10, Glossary) on a table with hidden hands, as it
plays: hands called or scanned, action and target cards scanned, the spin tapped."""

from __future__ import annotations

import pytest

from engine.zg import actions as zga
from engine.zg.game import ZgGame
from engine.zg.setup import PlayerSetup, ZgSetup

from .helpers import FILLER, FOE_FILLER, attack_with, hidden_duel, start_turn, zcard

CARDS = [
    zcard("red3", "red red red"),
    zcard("red3_ap", "red red red:armor_piercing"),
    zcard("miss", "blue blue blue"),
    zcard("one", "blue blue red"),
    zcard("two", "blue red red"),
    zcard("three", "red red red"),
    zcard("four", "red:weak_point red red"),
    zcard("ulster_t", "red red red", ulster=True, part="ulster"),
]
ALENA = ("red3", "red3_ap", "miss") + FILLER
ANTON = ("miss", "one", "two", "three", "four", "ulster_t") + FOE_FILLER


def duel(**kw: object) -> ZgGame:
    game = hidden_duel(CARDS, ALENA, ANTON, **kw)  # type: ignore[arg-type]
    start_turn(game, 753, 642)
    return game


def test_rule2__a_hand_is_three_cards_from_the_deck() -> None:
    game = duel()
    alena = game.state.players[0]
    assert (alena.hand_size, alena.deck_size) == (3, len(ALENA) - 3)


def test_rule2__open_hands_pick_three_cards_of_the_deck() -> None:
    setup = ZgSetup(
        (PlayerSetup("Alena", FILLER), PlayerSetup("Anton", FOE_FILLER)), hidden_hands=False
    )
    game = ZgGame(setup)
    assert game.explain(zga.PickHand(0, ("zero_blade", "zero_jet"))) == "a hand is 3 cards (Start)"
    refused = game.explain(zga.PickHand(0, ("zero_blade", "zero_jet", "phantom_jet")))
    assert refused == "Phantom's Jet Backgear is not one of Alena's zGear cards"
    game.apply(zga.PickHand(0, ("zero_blade", "zero_jet", "zero_sprint")))
    assert game.state.players[0].hand == ("zero_blade", "zero_jet", "zero_sprint")


def test_rule3__impulse_from_three_cards_is_highest_first() -> None:
    cards = [zcard("i3", "red red red", impulse=3), zcard("i7", "red red red", impulse=7)]
    cards.append(zcard("i5", "red red red", impulse=5))
    game = hidden_duel(cards, ("i3", "i7", "i5"), FOE_FILLER)
    game.apply(zga.PickHand(0, ("i3", "i7", "i5")))
    assert game.state.players[0].impulse == 753


def test_rule3__highest_impulse_goes_first() -> None:
    game = hidden_duel(CARDS, ALENA, ANTON)
    start_turn(game, 642, 753)
    assert game.state.order == (1, 0) and game.acting_player() == 1


def test_rule3__a_called_impulse_must_be_highest_first() -> None:
    game = hidden_duel(CARDS, ALENA, ANTON)
    assert "highest first" in (game.explain(zga.PickHand(0, impulse=357)) or "")


def test_rule3__open_hands_break_a_tie_by_drawing_from_the_decks() -> None:
    setup = ZgSetup(
        (PlayerSetup("Alena", FILLER), PlayerSetup("Anton", FILLER)), hidden_hands=False, seed=5
    )
    game = ZgGame(setup)
    hand = ("zero_blade", "zero_jet", "zero_sprint")
    game.apply(zga.PickHand(0, hand))
    game.apply(zga.PickHand(1, hand))  # the same impulse: a tie
    assert any("to break the tie" in e.text for e in game.log)
    assert game.state.phase == "card" and sorted(game.state.order) == [0, 1]


def test_rule3__a_tie_at_the_table_waits_for_both_draws() -> None:
    game = hidden_duel(CARDS, ALENA, ANTON)
    start_turn(game, 753, 753)
    assert game.state.phase == "tiebreak" and game.acting_player() == 0
    game.apply(zga.BreakTie(0, "miss"))  # impulse 5 (the test cards' default)
    game.apply(zga.BreakTie(1, "miss"))
    assert game.state.phase == "tiebreak", "still tied: draw again"
    game.apply(zga.BreakTie(0, "zero_blade"))
    game.apply(zga.BreakTie(1, "miss"))
    blade = game.catalog.get("zero_blade").impulse
    assert game.state.order == ((0, 1) if blade > 5 else (1, 0))


def test_rule4__move_up_to_the_cards_move_once() -> None:
    game = duel()
    game.apply(zga.PlayCard(0, "red3"))
    assert game.explain(zga.Move(0, 4)) == "this card moves you at most 3 card lengths"
    game.apply(zga.Move(0, 2))
    assert "that's your move" in (game.explain(zga.Move(0, 1)) or "")


def test_rule5__only_the_attacker_acts_and_the_foe_draws_the_target() -> None:
    game = duel()
    assert game.explain(zga.PlayCard(1, "one")) == "it is Alena's turn to pick an action card"
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.Attack(0, 1, 0))
    assert game.acting_player() == 1 and game.state.phase == "target"


def test_rule5__no_matches_miss_and_the_card_returns_to_the_deck() -> None:
    game = duel()
    attack_with(game, "red3", "miss")
    game.apply(zga.Resolve(0))
    assert game.state.last_test.startswith("0 matches, no strikes")
    alena, anton = game.state.players
    assert alena.deck_size == len(ALENA) - 3 + 1 and anton.zgear == len(ANTON)


def test_rule6__one_strike_targetlocks_for_the_next_attack_this_turn() -> None:
    game = duel()
    attack_with(game, "red3", "one")
    game.apply(zga.Resolve(0))
    assert game.state.players[0].lock_card == "one"
    game.apply(zga.PlayCard(0, "red3_ap"))
    game.apply(zga.Attack(0, 1, 0, locked=True))
    assert game.state.phase == "spin" and game.state.attack is not None
    assert game.state.attack.target == "one", "no draw: the locked card is the target"


def test_rule6__targetlock_is_this_turn_only() -> None:
    game = duel()
    attack_with(game, "red3", "one")
    game.apply(zga.Resolve(0))
    for card in ("red3_ap", "miss"):
        game.apply(zga.PlayCard(0, card))
        game.apply(zga.EndPulse(0))
    assert game.state.players[0].lock_card == ""


def test_rule6__a_targetlock_is_for_the_next_attack_only() -> None:
    """The chart: "you may target this card again with your next attack (this turn only)":
    an attack on a new target in the next pulse uses the lock up or loses it."""
    game = duel()
    attack_with(game, "red3", "one")
    game.apply(zga.Resolve(0))
    assert game.state.players[0].lock_card == "one"
    attack_with(game, "red3_ap", "miss")  # the next attack: a new target drawn
    assert game.state.players[0].lock_card == ""
    assert any("Targetlock on" in e.text and "lost" in e.text for e in game.log)
    game.apply(zga.Resolve(0))
    game.apply(zga.PlayCard(0, "miss"))
    assert "no targetlock" in (game.explain(zga.Attack(0, 1, 0, locked=True)) or "")


def test_rule6__two_strikes_slag_the_target_card() -> None:
    game = duel()
    attack_with(game, "red3", "two")
    game.apply(zga.Resolve(0))
    assert game.state.players[1].slag == ("two",)


def test_rule6__three_strikes_slag_and_attack_the_same_foe_again_with_the_same_card() -> None:
    game = duel()
    attack_with(game, "red3", "three")
    game.apply(zga.Resolve(0))
    state = game.state
    assert state.phase == "act" and state.pulse is not None and state.pulse.card == "red3"
    assert state.pulse.again_foe == 1
    assert "with no move" in (game.explain(zga.Move(0, 1)) or "")
    game.apply(zga.Attack(0, 1, 1))
    assert game.state.phase == "target", "a new target card is drawn"


def test_rule6__four_strikes_also_stun_until_the_end_of_the_foes_next_turn() -> None:
    game = duel()
    attack_with(game, "red3_ap", "four")
    game.apply(zga.Resolve(0))
    assert game.state.players[1].stunned
    game.apply(zga.EndPulse(0))
    for card in ("red3", "miss"):
        game.apply(zga.PlayCard(0, card))
        game.apply(zga.EndPulse(0))
    assert game.state.players[1].stunned, "Anton's turn has not ended yet"
    for card in ("one", "two", "three"):
        game.apply(zga.PlayCard(1, card))
        game.apply(zga.EndPulse(1))
    assert not game.state.players[1].stunned


def test_rule7_and_8__three_pulses_then_the_next_player_by_impulse() -> None:
    game = duel()
    game.apply(zga.PlayCard(0, "red3"))
    game.apply(zga.EndPulse(0))
    assert "has been played this turn" in (game.explain(zga.PlayCard(0, "red3")) or "")
    for card in ("red3_ap", "miss"):
        game.apply(zga.PlayCard(0, card))
        game.apply(zga.EndPulse(0))
    assert game.state.active == 1 and game.state.pulse_no == 0


def test_rule9__a_new_turn_repeats_from_start() -> None:
    game = duel()
    for seat, cards in ((0, ("red3", "red3_ap", "miss")), (1, ("one", "two", "three"))):
        for card in cards:
            game.apply(zga.PlayCard(seat, card))
            game.apply(zga.EndPulse(seat))
    state = game.state
    assert (state.turn, state.phase) == (2, "impulse")
    assert all(p.hand_size == 0 and not p.picked for p in state.players)
    assert state.players[0].deck_size == len(ALENA)


def test_rule10__slagging_the_ulster_card_defeats_the_foe_and_wins() -> None:
    game = duel()
    attack_with(game, "red3", "ulster_t")
    game.apply(zga.Resolve(0))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.eliminated == (1,)
    assert outcome.reason == "Alena defeated every foe"
    assert game.acting_player() is None and game.explain(zga.Resolve(0)) == "the game is over"


def test_rule10__fewer_than_three_zgear_cards_defeats() -> None:
    game = hidden_duel(CARDS, ALENA, ("two", "miss", "one"))
    start_turn(game, 753, 642)
    attack_with(game, "red3", "two")
    game.apply(zga.Resolve(0))
    assert game.state.players[1].defeated and game.outcome() is not None


def test_glossary_deck__an_empty_deck_gives_targets_from_the_hand() -> None:
    game = hidden_duel(CARDS, ALENA, ("miss", "one", "two"))
    start_turn(game, 753, 642)
    assert game.state.players[1].deck_size == 0
    attack_with(game, "red3", "miss")
    assert game.state.attack is not None and game.state.attack.from_hand
    game.apply(zga.Resolve(0))
    assert game.state.players[1].hand_size == 3, "the target goes back to the hand"


def test_three_players__the_defeated_are_skipped() -> None:
    game = hidden_duel(CARDS, ALENA, ANTON, third=("ulster_t",) + FILLER)
    start_turn(game, 753, 642, 531)
    attack_with(game, "red3", "ulster_t", foe=2)
    game.apply(zga.Resolve(0))
    assert game.state.players[2].defeated and game.outcome() is None
    game.apply(zga.PlayCard(0, "red3_ap"))
    assert game.explain(zga.Attack(0, 2, 0)) == "Bea is out of the game"
    game.apply(zga.EndPulse(0))
    game.apply(zga.PlayCard(0, "miss"))
    game.apply(zga.EndPulse(0))
    for card in ("one", "two", "three"):
        game.apply(zga.PlayCard(1, card))
        game.apply(zga.EndPulse(1))
    assert game.state.phase == "impulse" and game.state.turn == 2


@pytest.mark.parametrize("hand", [0, 1])
def test_hidden_hands__a_card_is_played_by_id_while_the_hand_is_not_empty(hand: int) -> None:
    game = duel()
    game.apply(zga.SetMarkers(0, 0, hand_size=hand))
    problem = game.explain(zga.PlayCard(0, "zero_blade"))
    assert problem == (None if hand else "Alena's hand is empty")


def test_rule3__at_the_table_three_scans_pick_the_hand_and_call_the_impulse() -> None:
    cards = [zcard("i3", "red red red", impulse=3), zcard("i7", "red red red", impulse=7)]
    cards.append(zcard("i5", "red red red", impulse=5))
    game = hidden_duel(cards, ("i3", "i7", "i5"), FOE_FILLER)
    game.apply(zga.ScanHand(0, "i3"))
    assert game.explain(zga.ScanHand(0, "i3")) == "I3 is scanned already: scan another card"
    game.apply(zga.ScanHand(0, "i7"))
    assert not game.state.players[0].picked
    game.apply(zga.ScanHand(0, "i5"))
    alena = game.state.players[0]
    assert alena.picked and alena.impulse == 753 and alena.scanned == () and alena.hand_size == 3


def test_rule7__the_last_hand_card_is_counted_in_the_singular() -> None:
    """Basic Rule 7: "After that, play your third and final card": the prompt said "1 hand
    cards left"."""
    game = duel()
    assert game.prompts()[0].text == "Alena: pick an action card (3 hand cards left)"
    for card in ("red3", "red3_ap"):
        game.apply(zga.PlayCard(0, card))
        game.apply(zga.EndPulse(0))
    assert game.prompts()[0].text == "Alena: pick an action card (1 hand card left)"
