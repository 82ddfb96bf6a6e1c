"""A Zeal game no one can win any more is claimed only where the rules prove it (issue 34;
engine/zeal/stalemate.py): every deck and hand empty, nothing waiting, only cards whose rules
the engine implements, and two players each with a base no turn's combat can defeat.
Elsewhere the table is told only what it sees (``stall_note``: no base lost for good in 20
turns), with no claim: seed 10553's random game shows that at turn 191 and, played on, ends
by the rules at turn 195.

Also the core shortcut that apply() trusts the check explain() has just made: only for the
same action in the same state."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core.evolve import evolve
from engine.errors import IllegalAction
from engine.scenario import load_scenario, run_scenario
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import choose, play_out, random_setup
from engine.zeal.stalemate import (
    QUIET_TURNS,
    most_damage_by,
    most_damage_in_a_turn,
    stalemate,
    stall_note,
)
from engine.zeal.state import GameState

from .helpers import LOOPING_SEED, looping_game

# Two players with nothing in hand or deck, a Specter Wisp each (combat 1, Zeal 2) and their
# bases 4 to 6 standing: a player's combat in a turn is at most 2 (4 if one could hold both),
# so bases 5 and 6 never fall. ``extra`` goes into Anton's side of the position.
DRY = """
[setup]
first_player = 0
hidden_hands = false
[[players]]
name = "Alena"
hand = []
deck = []
bases = [{{ face_up = false }}, {{ face_up = false }}, {{ face_up = false }}]
in_play = [{{ card = "specter_wisp", id = 1 }}]
[[players]]
name = "Anton"
hand = []
deck = []
bases = [{{ face_up = false }}, {{ face_up = false }}, {{ face_up = false }}]
in_play = [{{ card = "specter_wisp", id = 2 }}{extra}]
{discard}
[position]
turn = 30
step = "commit"
"""


def dry(extra: str = "", discard: str = "") -> ZealGame:
    scenario = load_scenario(DRY.format(extra=extra, discard=discard), "dry.toml")
    game = run_scenario(scenario)
    assert isinstance(game, ZealGame)
    return game


def test_proven__no_turn_can_defeat_a_base_of_either_player() -> None:
    game = dry()
    assert most_damage_in_a_turn(game.state, game.catalog) == 4
    assert [most_damage_by(game.state, game.catalog, seat) for seat in (0, 1)] == [2, 2]
    why = game.stalemate()
    assert why is not None and why.startswith("no one can win any more")
    assert "(2)" in why and "Alena or Anton" in why


def test_proven_or_not__a_neurocontroller_takes_one_character_and_an_obelisk_adds_one() -> None:
    # Alena: a Wisp and a Neurocontroller; Anton: two Wisps. Alena at most 2 + 2 (one taken).
    both = ', { card = "specter_wisp", id = 3 }'
    steal = dry(both, "").state
    game = run_scenario(
        load_scenario(
            DRY.format(extra=both, discard="").replace(
                'in_play = [{ card = "specter_wisp", id = 1 }]',
                'in_play = [{ card = "specter_wisp", id = 1 }, { card = "neurocontroller", id = 4 }]',
            ),
            "steal.toml",
        )
    )
    assert most_damage_by(steal, game.catalog, 0) == 2
    assert most_damage_by(game.state, game.catalog, 0) == 4
    assert game.stalemate() is not None  # 4 < 5: no base of 5 or 6 can fall
    rallied = run_scenario(
        load_scenario(
            DRY.format(extra=both, discard="").replace(
                'in_play = [{ card = "specter_wisp", id = 1 }]',
                'in_play = [{ card = "specter_wisp", id = 1 }, { card = "neurocontroller", id = 4 }'
                ', { card = "ancient_obelisk", id = 5 }]',
            ),
            "rally.toml",
        )
    )
    assert most_damage_by(rallied.state, rallied.catalog, 0) == 6  # (2 + 1) * 2: base 6 falls
    assert rallied.stalemate() is None


def test_not_proven__enough_combat_to_defeat_the_strongest_base() -> None:
    # An Iron Juggernaut (4) and an Ancient Obelisk: 2 + 2 + 4 + 3 = 11 could defeat base 6.
    game = dry(', { card = "iron_juggernaut", id = 3 }, { card = "ancient_obelisk", id = 4 }')
    assert most_damage_in_a_turn(game.state, game.catalog) == 11
    assert game.stalemate() is None


def test_not_proven__a_reanimation_chamber_may_bring_back_any_discard() -> None:
    chamber = ', { card = "reanimation_chamber", id = 3 }'
    assert dry(chamber).stalemate() is not None  # nothing to bring back
    game = dry(chamber, 'discard = ["iron_juggernaut", "iron_juggernaut"]')
    assert game.stalemate() is None  # 4 + 4 more could be in play: 12


def test_not_proven__a_card_left_to_draw_or_a_card_the_engine_does_not_know() -> None:
    game = dry()
    p = game.state.players[1]
    players = (game.state.players[0], evolve(p, deck=("burn",), deck_size=1))
    assert stalemate([evolve(game.state, players=players)], game.catalog) is None
    # A catalog's own card with the same id as a sample one: other rules, no proof.
    other = game.catalog.merged([evolve(game.catalog.get("specter_wisp"), text="Anything.")])
    assert stalemate([game.state], other) is None


def test_not_proven__the_looping_game_is_noted_not_claimed_and_ends_by_the_rules() -> None:
    """The claim the old check made at turn 191 was false: played on, the game ends."""
    game, rnd = looping_game()
    assert (len(game.history), game.state.turn) == (3692, 191)
    note = game.stall_note()
    assert note is not None and f"for {QUIET_TURNS} turns" in note
    assert "no one can win" not in note
    assert game.stalemate() is None
    while game.outcome() is None:
        game.apply(choose(rnd, list(game.legal_actions())))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 1
    assert (len(game.history), game.state.turn) == (3789, 195)


@cache
def looping_positions() -> tuple[GameState, ...]:
    return tuple(looping_game()[0].positions())


def test_stall_note__not_before_the_quiet_turns_have_passed() -> None:
    positions = looping_positions()
    now = positions[0].turn
    cut = next(i for i, s in enumerate(positions) if s.turn <= now - 3)
    assert stall_note(positions[cut:]) is None


def test_stall_note__a_base_lost_for_good_in_the_stretch_means_the_game_still_moves() -> None:
    positions = looping_positions()
    now = positions[0].turn

    def one_base_down(state: GameState) -> GameState:
        if state.turn != now:
            return state
        p = state.players[0]
        first = next(i for i, b in enumerate(p.bases) if b.face_up)
        bases = list(p.bases)
        bases[first] = evolve(bases[first], face_up=False)
        players = (evolve(p, bases=tuple(bases)), *state.players[1:])
        return evolve(state, players=players)

    assert stall_note(positions) is not None
    assert stall_note([one_base_down(s) for s in positions]) is None


def test_random_play__stops_only_at_a_proof_and_pushes_for_an_end_in_a_loop() -> None:
    assert play_out(dry(), 1) == (0, False)  # proven at once: nothing played
    game, _ = looping_game()  # noted, not proven: played on, pushing for an end
    applied, noted = play_out(game, LOOPING_SEED, 20_000)
    assert noted and 0 < applied < 20_000 and game.outcome() is not None


def test_a_fresh_game_is_no_stalemate() -> None:
    game = ZealGame(random_setup(1))
    assert game.stalemate() is None and game.stall_note() is None


def test_apply_trusts_explain_only_for_the_same_action_in_the_same_state() -> None:
    game = ZealGame(random_setup(1))
    seat = game.acting_player()
    assert seat is not None
    keep = za.KeepHand(seat)
    assert game.explain(keep) is None
    game.apply(keep)  # checked once, by explain
    # The same action object, checked in the state before: here it is illegal, and apply
    # checks it again rather than trust the old answer.
    with pytest.raises(IllegalAction):
        game.apply(keep)
    game.undo()
    game.apply(keep)  # the state it was checked in again: legal there
    assert game.history == (keep,)
