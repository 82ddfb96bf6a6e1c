"""The listing of legal actions (engine/zg/legal.py) builds each position's actions from a few
facts of the state and serves the same immutable action records again: at every position of
random games, each listed action passes the rules' own check, none is listed twice, the same
position lists the same, and an equal action made fresh (as a device's command is) is legal."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core.evolve import evolve
from engine.zg import actions as zga
from engine.zg.game import ZgGame
from engine.zg.legal import listing
from engine.zg.randomplay import choose, random_setup
from engine.zg.state import STANCES


def _fresh(action: zga.Action) -> zga.Action:
    """An equal action made anew, field by field (a command from a device)."""
    return type(action)(**{name: getattr(action, name) for name in action.__slots__})


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (8, 3), (12, 4)])
def test_basic_rules_2_to_8__every_listed_action_passes_the_rules_check(
    seed: int, players: int
) -> None:
    game = ZgGame(random_setup(seed, players))
    rnd = random.Random(seed)
    positions = 0
    while game.outcome() is None and positions < 400:
        listed = list(game.legal_actions())
        assert listed, game.prompts()
        assert len(set(listed)) == len(listed), "an action listed twice"
        for action in listed:
            assert game.explain_in(game.state, action) is None, action
        assert list(game.legal_actions()) == listed, "the same position lists the same"
        chosen = _fresh(choose(rnd, listed))
        assert game.explain(chosen) is None
        game.apply(chosen)
        positions += 1
    assert positions > 50


def test_basic_rule_4__a_command_equal_to_a_listed_action_is_known_legal_only_in_that_state() -> (
    None
):
    game = ZgGame(random_setup(5, 2))
    rnd = random.Random(5)
    for _ in range(30):  # into the pulses, past the hands
        game.apply(choose(rnd, list(game.legal_actions())))
    listed = list(game.legal_actions())
    command = _fresh(listed[-1])
    assert command is not listed[-1]
    assert game.listed_now(command), "an equal command after a full listing is a lookup"
    seat = game.acting_player()
    assert seat is not None
    not_listed = zga.Move(seat, 9)  # farther than any card moves
    assert not_listed not in listed
    assert not game.listed_now(not_listed)
    assert game.explain(not_listed) is not None, "an action not listed is still explained"
    game.apply(command)
    assert not game.listed_now(command), "the note holds the state it was made in"


def test_basic_rule_4__a_listing_stopped_early_claims_only_what_it_handed_out() -> None:
    game = ZgGame(random_setup(5, 2))
    rnd = random.Random(5)
    for _ in range(30):  # into the pulses, past the hands: a short listing
        game.apply(choose(rnd, list(game.legal_actions())))
    full = list(game.legal_actions())
    assert len(full) >= 2
    listing = game.legal_actions()
    assert not game.listed_now(_fresh(full[0])), "nothing handed out yet"
    first = next(listing)
    assert first == full[0]
    assert game.listed_now(_fresh(first))
    assert not game.listed_now(_fresh(full[1])), "not handed out: not claimed"
    assert game.explain(full[1]) is None, "still legal by the rules' own check"


def test_basic_rules_2_3__a_hand_picked_from_the_long_impulse_listing_is_checked_not_looked_up() -> (
    None
):
    setup = random_setup(5, 2)
    game = ZgGame(setup)
    listed = list(game.legal_actions())
    assert len(listed) > 100 and isinstance(listed[-1], zga.PickHand), listed[-3:]
    command = _fresh(listed[-1])
    assert not game.listed_now(command), "a lookup in 120 hands costs more than the check"
    assert game.explain(command) is None
    game.apply(command)
    assert game.state.players[command.player].picked


def test_basic_rule_4__an_equal_command_of_the_wrong_kinds_is_not_looked_up() -> None:
    """True == 1: a command whose seat is ``True`` equals a listed one for seat 1, but a save
    holding it could not be read back, so the lookup leaves it to the full check."""
    game = ZgGame(random_setup(5, 2))
    rnd = random.Random(5)
    while game.acting_player() != 1:
        game.apply(choose(rnd, list(game.legal_actions())))
    listed = list(game.legal_actions())
    action = next(a for a in listed if a.player == 1)
    forged = type(action)(**{**{n: getattr(action, n) for n in action.__slots__}, "player": True})
    assert forged == action
    assert not game.listed_now(forged)
    assert game.explain(forged) is not None, "a seat that is true or false is refused"


def test_rules_options_5_and_8__the_stances_listed_are_those_the_rules_allow() -> None:
    """Stances (and standing up) are listed from the rules' conditions, not by asking the
    whole check: at every move-and-attack position of a game with stances and knockdown, and
    with the acting figure knocked down, they are exactly the ones the check allows, in the
    rules' order."""
    game = ZgGame(replace(random_setup(7, 3), options=("stances", "knockdown")))
    rnd = random.Random(7)
    seen = {"stance": 0, "stand up": 0}

    def check(position: ZgGame) -> None:
        seat = position.acting_player()
        assert seat is not None
        listed = [a for a in position.legal_actions() if isinstance(a, zga.Stance | zga.StandUp)]
        candidates: list[zga.Action] = [zga.Stance(seat, s) for s in STANCES]
        candidates.append(zga.StandUp(seat))
        allowed = [a for a in candidates if position.explain_in(position.state, a) is None]
        assert listed == allowed, (position.state.pulse, position.state.players[seat])
        seen["stance"] += any(isinstance(a, zga.Stance) for a in listed)
        seen["stand up"] += any(isinstance(a, zga.StandUp) for a in listed)

    for _ in range(300):
        if game.outcome() is not None:
            break
        if game.state.phase == "act":
            check(game)
            seat = game.acting_player()
            assert seat is not None
            foe = next(i for i, p in enumerate(game.state.players) if i != seat and not p.defeated)
            knocked = game.fork()
            knocked.apply(zga.Knockdown(foe, seat))  # Rules Options 5: stand up first
            check(knocked)
        game.apply(choose(rnd, list(game.legal_actions())))
    assert seen["stance"] > 5 and seen["stand up"] > 5, seen


def test_basic_rules_2_3__a_deck_that_lost_a_card_lists_hands_already_made() -> None:
    """Each open hand is made once per seat and cards: after a slag, the impulse lists the
    very hand records the fuller deck listed (no new ones to make)."""
    game = ZgGame(random_setup(4, 2))
    state = game.state
    full = [a for a in listing(state, game.catalog) if isinstance(a, zga.PickHand)]
    p = state.players[0]
    lost = p.deck[0]
    smaller = evolve(
        state,
        players=state.players_with(0, deck=p.deck[1:], deck_size=p.deck_size - 1, slag=(lost,)),
    )
    fewer = [a for a in listing(smaller, game.catalog) if isinstance(a, zga.PickHand)]
    mine = [a for a in full if a.player == 0 and lost not in a.cards]
    assert fewer and [a for a in fewer if a.player == 0] == mine
    by_cards = {a.cards: a for a in full}
    assert all(a is by_cards[a.cards] for a in fewer if a.player == 0), "a hand made again"
