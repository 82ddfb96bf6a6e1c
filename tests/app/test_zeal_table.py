"""Zeal at the table (issue 20), without a window: X is asked, as amounts to tap, facing the
player who scanned the card; characters in play and their damage are on the seat's panel."""

from __future__ import annotations

from companion_app.games.zeal.adapter import ADAPTER as ZEAL
from companion_app.games.zeal.targeting import ChooseX
from engine.zeal import actions as za
from hardware.events import TagPresented

from .test_table import DEVICE, make_table, to_alenas_commit

STORM = "lightning_storm"


def test_a_scanned_x_card_asks_for_x_as_amounts_it_can_pay() -> None:
    """It was played at once for X = 0."""
    table = make_table()
    to_alenas_commit(table)
    table.apply(za.SetDevotion(0, current=3))
    before = len(table.game.history)
    reaction = table.handle(TagPresented(DEVICE, 0, b"\x01", card_ref=STORM, seat=0))
    assert reaction.ok and reaction.player == 0
    assert reaction.needs_targets == za.PlayCard(0, STORM)
    assert len(table.game.history) == before  # not played yet: X first
    request = ZEAL.target_request(table.game, reaction.needs_targets)
    assert request is not None and request.prompt == "Lightning Storm: choose X"
    assert request.optional and request.none_label == "X = 0"
    assert [o.label for o in request.options] == ["X = 1", "X = 2", "X = 3"]
    assert all(o.seat == 0 for o in request.options)
    chosen = ZEAL.with_target(table.game, reaction.needs_targets, ChooseX(2))
    assert chosen == za.PlayCard(0, STORM, x=2)
    assert ZEAL.target_request(table.game, chosen) is None  # X asked once
    table.apply(chosen)
    assert table.game.state.players[0].devotion == 1


def test_the_log_names_declared_cards_that_have_since_left_play() -> None:
    """The log is worded against the position now: after a resume or an undo, a dead
    attacker was "card 4 at Alena"."""
    import random
    import re

    from engine.zeal import ZealGame
    from engine.zeal.randomplay import choose, random_setup

    game = ZealGame(random_setup(5, players=3))
    rnd = random.Random(5)
    while not game.is_over() and len(game.history) < 1500:
        game.apply(choose(rnd, list(game.legal_actions())))
    replayed = ZealGame.replay(game.setup, game.history)  # as on resume
    gone = [
        a
        for a in replayed.history
        if isinstance(a, za.DeclareAttackers)
        and any(replayed.state.permanent(p) is None for p, _d in a.attackers)
    ]
    assert gone, "no declared attacker left play: the test proves nothing"
    for action in gone:
        words = replayed.describe(action)
        assert not re.search(r"card \d", words), words
        pid = next(p for p, _d in action.attackers if replayed.state.permanent(p) is None)
        assert f"{replayed.named[pid]} at " in words


def test_what_waits_is_told_short_enough_for_the_band() -> None:
    """The band listed every action on the stack ("Lightning Storm on the stack; Sacrificial
    Rite on the stack; ...") and was cut: now the top one and how many are below it."""
    import random

    from engine.zeal import ZealGame
    from engine.zeal.randomplay import choose, random_setup

    for seed in range(20):
        game = ZealGame(random_setup(seed, players=2))
        rnd = random.Random(seed)
        while not game.is_over() and len(game.history) < 600 and len(game.state.stack) < 2:
            game.apply(choose(rnd, list(game.legal_actions())))
        if len(game.state.stack) >= 2:
            break
    else:
        raise AssertionError("no seed stacked two actions: the test proves nothing")
    stack = game.state.stack
    waiting = game.status().waiting
    below = len(stack) - 1
    assert waiting[0] == f"{stack[-1].name} on the stack ({below} more below it)"
    assert len(waiting) <= 2


def test_a_card_paid_from_the_hand_leaves_the_hand_on_the_panel() -> None:
    """Conversion Cannon's "put a card from your hand on the bottom of its owner's deck": the
    seat's panel said "Hand 3" after it was paid (issue 34)."""
    from tests.zeal.helpers import table as zeal_at

    game = zeal_at(["conversion_cannon"], ["chalice_keeper"], step="commit", hands=3)
    assert "Hand 3" in ZEAL.summary(game, 0).badges
    game.apply(za.Activate(0, 1, targets=(2,)))
    assert "Hand 2" in ZEAL.summary(game, 0).badges
