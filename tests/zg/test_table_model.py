"""Z-G at the table for issue 20, without a window: every action the engine allows has
gestures a player can make (the player model), four players each have a sample deck of their
own, four players' panels are not filled with slivers of buttons, and the log speaks the
table's words (end A, dot 1, steps by name)."""

from __future__ import annotations

import random
import re
from typing import Any

from companion_app.games.gestures import Scan
from companion_app.games.zg.adapter import ADAPTER
from engine.zg import actions as zga
from engine.zg.game import ZgGame
from engine.zg.randomplay import choose
from engine.zg.setup import OPTIONS
from engine.zg.state import PHASES, STEP_WORDS
from tests.app.player_model_walk import (
    NAMES,
    Forgets,
    band_labels,
    rule_at_every_step,
    walk_games,
)
from tests.app.player_model_walk import new_game as start

MODEL = ADAPTER.player_model()

ALL_OPTIONS: dict[str, str] = {**{o: "on" for o in OPTIONS}, "terrain_mass": "3"}


def new_game(players: int, options: dict[str, str] | None = None) -> Any:
    def make(seed: int) -> ZgGame:
        game = start(ADAPTER, seed, players, options=options)
        assert isinstance(game, ZgGame)
        return game

    return make


def test_every_legal_action_has_gestures_at_two_and_four_players() -> None:
    for players, options in ((2, {}), (4, ALL_OPTIONS), (2, ALL_OPTIONS)):
        walk = walk_games(ADAPTER, MODEL, new_game(players, options), range(2), 120, choose)
        assert walk.failures == [], walk.failures[:5]
        assert walk.steps >= 100
    # What the walks reached, so a model that answers nothing cannot pass by playing nothing.
    assert {"ScanHand", "PlayCard", "Move", "Attack", "DrawTarget", "Spin", "Resolve"} <= set(
        walk.kinds
    )


def test_the_walk_names_an_action_no_gesture_makes() -> None:
    walk = walk_games(ADAPTER, Forgets(MODEL, zga.Attack), new_game(2), [1], 150, choose)
    assert any("no gesture makes Attack(" in f for f in walk.failures)


def test_a_hand_is_three_scans_and_the_tablet_calls_the_impulse() -> None:
    """Basic Rules 2-3: the engine lists a scan per standing card (what the table does), not
    impulse numbers no gesture could call; three scans call the impulse of those cards."""
    game = new_game(2)(5)
    seat = game.acting_player()
    assert seat is not None
    scanned: list[str] = []
    for _ in range(3):
        legal = [a for a in game.legal_actions() if not isinstance(a, zga.UsePowerup)]
        assert legal and all(isinstance(a, zga.ScanHand) for a in legal), legal
        assert not {a.card for a in legal} & set(scanned)  # each card once
        action = legal[-1]
        gestures = MODEL.gestures(game, action)
        assert gestures == [Scan(seat, action.card)]
        game.apply(ADAPTER.scan_action(game, seat, action.card))
        scanned.append(action.card)
    digits = sorted((game.catalog.get(c).impulse for c in scanned), reverse=True)
    assert game.state.players[seat].impulse == int("".join(map(str, digits)))


def test_four_players_each_have_a_sample_deck_of_their_own() -> None:
    """Issue 20: the sample held three figures; a fourth player borrowed one (and tied)."""
    record = ADAPTER.setup_record(NAMES[:4], [()] * 4, 3, None, {})
    figures = [p["figure"] for p in record["players"]]
    assert len(set(figures)) == 4


def test_four_players_panels_hold_few_decision_buttons() -> None:
    """Issue 20: seven buttons on one panel at four players broke their words letter by letter.
    A move is tapped on the Move tile, an attack on one of several foes is declared on the
    attack screen: a panel holds at most a handful of decisions."""
    most = 0
    for seed in range(3):
        game = new_game(4, ALL_OPTIONS)(seed)
        rnd = random.Random(seed)
        for _ in range(120):
            legal = list(game.legal_actions())
            if not legal or game.outcome() is not None:
                break
            if game.state.phase == "act":
                for words in band_labels(ADAPTER, game, legal).values():
                    most = max(most, len(words))
            game.apply(choose(rnd, legal))
    assert 0 < most <= 4, most


def test_the_log_speaks_the_tables_words() -> None:
    """Issue 20: "attacked Anton with end 0" (the screen said End A), steps named "save",
    "spin", "act", dots counted from 0."""
    internal = re.compile(r"\bend [01]\b|dot\(s\)|\bdots? 0\b")
    for seed in range(3):
        game = new_game(3, ALL_OPTIONS)(seed)
        rnd = random.Random(seed)
        for _ in range(200):
            legal = list(game.legal_actions())
            if not legal or game.outcome() is not None:
                break
            action = choose(rnd, legal)
            assert not internal.search(game.describe(action)), game.describe(action)
            game.apply(action)
        for entry in game.log:
            assert entry.step in STEP_WORDS.values() and entry.step not in PHASES, entry.step
            assert not internal.search(entry.text), entry.text


def test_the_rule_at_hand_is_named_at_every_step() -> None:
    """Issue 20, part 5: the rule that applies now, with the rulebook's section, in every
    moment a walk reaches."""
    from companion_app.games.zg.rules_at_hand import rule_at_hand

    seen = rule_at_every_step(new_game(2, ALL_OPTIONS)(4), rule_at_hand, r"\d|\b[IVX]+\b")
    assert len(seen) >= 4, seen
