"""Devacurse at the table for issue 20, without a window: every action the engine allows has
gestures a player can make (the player model), no two decisions on a panel read the same,
and the words on the band, the panels and the cards are the table's (step names, not section
numbers; a count's noun agrees with it)."""

from __future__ import annotations

import random
import re
from typing import Any

from companion_app.games.devacurse.adapter import ADAPTER
from companion_app.games.gestures import Scan, TapText
from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from tests.app.player_model_walk import Forgets, band_labels, rule_at_every_step, walk_games
from tests.app.player_model_walk import new_game as start

MODEL = ADAPTER.player_model()


def new_game(options: dict[str, str] | None = None) -> Any:
    def make(seed: int) -> DevacurseGame:
        game = start(ADAPTER, seed, first=0, options=options)
        assert isinstance(game, DevacurseGame)
        return game

    return make


def test_every_legal_action_has_gestures() -> None:
    kinds: set[str] = set()
    for options in ({}, {"prayers": "2"}):
        walk = walk_games(ADAPTER, MODEL, new_game(options), range(3), 250)
        assert walk.failures == [], walk.failures[:5]
        assert walk.steps >= 200
        kinds |= set(walk.kinds)
    # What the walks reached, so a model that answers nothing cannot pass by playing nothing.
    assert {"Bless", "CallSoldier", "CallHero", "PlayEvent", "Attack", "Block"} <= kinds
    assert {"UpgradeHero", "Resolve", "Pass", "Draw"} <= kinds


def test_the_walk_names_an_action_no_gesture_makes() -> None:
    walk = walk_games(ADAPTER, Forgets(MODEL, da.UpgradeHero), new_game(), range(3), 250)
    assert any("no gesture makes UpgradeHero(" in f for f in walk.failures)


def test_a_soldier_called_from_a_closed_prayer_is_asked_after_the_scan() -> None:
    """With cards in hand and closed prayers, a scanned soldier may come from either: the
    tablet asks, on the caller's picker ("From the hand" is the default answer)."""
    game = new_game({"prayers": "2"})(3)
    while game.state.phase != "calling":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, da.Pass)))
    seat = game.acting_player()
    assert seat is not None
    game.apply(da.SetBlessings(seat, 9))  # the blessings part 1 made, entered by hand
    calls = [a for a in game.legal_actions() if isinstance(a, da.CallSoldier)]
    assert {a.from_prayer for a in calls} == {False, True}
    for call in calls:
        gestures = MODEL.gestures(game, call)
        assert gestures is not None and isinstance(gestures[0], Scan)
        answer = gestures[-1]
        assert isinstance(answer, TapText)
        assert answer.text == ("From a closed prayer" if call.from_prayer else "From the hand")


def test_no_two_decisions_read_the_same_and_none_is_doubled() -> None:
    """Issue 20: two "No attack" buttons side by side (the engine listed "attack with every
    ready soldier" when none was ready); two soldiers of one name read the same."""
    for seed in range(6):
        game = new_game()(seed)
        rnd = random.Random(seed)
        for _ in range(200):
            legal = list(game.legal_actions())
            if not legal or game.outcome() is not None:
                break
            assert len(legal) == len(set(legal)), [a for a in legal if legal.count(a) > 1]
            for words in band_labels(ADAPTER, game, legal).values():
                assert len(words) == len(set(words)), words
            game.apply(rnd.choice(legal))


SECTION = re.compile(r"\b(I|II|III|IV|V|VI)\.[AB]\b|\b(I|II|III|IV|V|VI)\b ")
BAD_GRAMMAR = re.compile(r"\b1 (blessings|cards|cultists)\b")


def test_the_table_reads_words_not_section_numbers() -> None:
    """Issue 20: step names "III.A calling", "IV.A soldiers"; "Done: order passes"; "Order"
    with no number; "Cost 1 blessings"."""
    for seed in range(3):
        game = new_game()(seed)
        rnd = random.Random(seed)
        for _ in range(200):
            legal = list(game.legal_actions())
            if not legal or game.outcome() is not None:
                break
            status = game.status()
            assert not SECTION.search(status.phase), status.phase
            for seat in range(2):
                badges = ADAPTER.summary(game, seat).badges
                assert "Order" not in badges, badges
            for action in legal:
                label = ADAPTER.choice_label(game, action) or ""
                assert "order passes" not in label and not BAD_GRAMMAR.search(label), label
            game.apply(rnd.choice(legal))
        for entry in game.log:
            assert not SECTION.search(entry.step) and "_" not in entry.step, entry.step
    for card in ADAPTER.catalog().cards:
        view = ADAPTER.card_view(card, 0, None)
        assert not BAD_GRAMMAR.search(view.cost), view.cost


def test_the_rule_at_hand_is_named_at_every_step() -> None:
    """Issue 20, part 5: the rule that applies now, with the rulebook's section, in every
    moment a walk reaches."""
    from companion_app.games.devacurse.rules_at_hand import rule_at_hand

    seen = rule_at_every_step(new_game()(4), rule_at_hand, r"\d|\b[IVX]+\b")
    assert len(seen) >= 4, seen
