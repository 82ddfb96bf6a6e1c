"""Every action the engine allows at the table has gestures that make it (issue 20), checked
without Kivy: seeded random games set up as the app sets them up (hidden hands), and at every
step every legal action's gestures are played through the same pure parts the widgets show
(the band's choices, the scan and what it asks, the battle assistant's rows and Confirm, the
Cards in play page), which must make exactly that action."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from companion_app.games import adapter_for
from companion_app.games.deeds.adapter import ADAPTER as _ADAPTER
from companion_app.games.deeds.battle_preview import preview, rows
from companion_app.games.deeds.card_actions import card_actions
from companion_app.games.deeds.player_model import BATTLE, CARDS
from companion_app.games.gestures import ChooseRow, OpenScreen, Scan, TapText
from engine.deeds import actions as da
from engine.deeds.game import DeedsGame
from tests.app import player_model_walk as walk

from .helpers import game_at

MODEL = _ADAPTER.player_model()

ADAPTER = adapter_for("deeds")


def new_game(seed: int) -> DeedsGame:
    game = walk.new_game(ADAPTER, seed, names=("Amy", "John"))
    assert isinstance(game, DeedsGame)
    return game


def played(game: DeedsGame, gestures: list[Any]) -> Any:
    """What the gestures make, through what each place of the table offers."""
    todo = list(gestures)
    first = todo.pop(0)
    if isinstance(first, TapText):  # a one-tap decision on the player's panel
        assert not todo
        return walk.tapped(ADAPTER, game, first)
    if isinstance(first, Scan):
        action = ADAPTER.scan_action(game, first.seat, first.card_id)
        return walk.answered(ADAPTER, game, action, first.seat, todo)
    assert isinstance(first, OpenScreen)
    if first.name == CARDS:
        (tap,) = todo
        return walk.only([a for words, a in card_actions(game) if words == tap.text], tap.text)
    assert first.name == BATTLE
    listed = list(rows(game))
    chosen = {r.card_id: 0 for r in listed}
    order: list[int] = []

    def shown(r: Any) -> str:
        blocking = game.state.battle is not None  # only blockers are numbered
        place = order.index(r.card_id) + 1 if blocking and r.card_id in order else None
        return str(r.text(chosen[r.card_id], place))

    for tap in todo[:-1]:  # each row's button tapped round until it reads the choice
        assert isinstance(tap, ChooseRow) and tap.where == f"screen:{BATTLE}", tap
        row = [r for r in listed if r.label() == tap.row][tap.nth]
        for _ in range(len(row.options)):
            if shown(row) == tap.option:
                break
            chosen[row.card_id] = (chosen[row.card_id] + 1) % len(row.options)
            if row.card_id in order:
                order.remove(row.card_id)
            if row.options[chosen[row.card_id]][1] is not None:
                order.append(row.card_id)
        assert shown(row) == tap.option, (tap, shown(row))
    assert todo[-1] == TapText("Confirm", f"screen:{BATTLE}")
    value = {r.card_id: r.options[chosen[r.card_id]][1] for r in listed}
    attackers = tuple(r.card_id for r in listed if value[r.card_id] is not None)
    blocks = tuple((value[b], b) for b in order)
    result = preview(game, attackers if game.state.battle is None else (), blocks)
    assert result.ready, result.problem  # Confirm is enabled only then
    return result.action


def pick(rnd: random.Random, legal: list[Any], deploys: float) -> Any:
    """Random play with a taste for what makes the table's harder moments: deploying,
    battles, equipment, and ending a round over the hand limit."""
    for kinds, chance in (
        ((da.Equip, da.Unequip, da.Activate), 0.5),
        ((da.Attack,), 0.8),
        ((da.Block,), 0.9),
        ((da.Deploy,), deploys),
        ((da.Discard,), 0.9),
    ):
        some = [a for a in legal if isinstance(a, kinds)]
        if some and rnd.random() < chance:
            return rnd.choice(some)
    others = [a for a in legal if not isinstance(a, da.Deploy)]
    return rnd.choice(others or legal)


def test_every_legal_action_has_gestures_that_make_it() -> None:
    made: Counter[str] = Counter()
    sections: Counter[str] = Counter()
    for seed in range(4):
        game, rnd = new_game(seed), random.Random(seed)
        for _step in range(160):
            legal = list(game.legal_actions())
            if not legal:
                break
            for action in walk.sample(rnd, legal, da.Deploy):
                gestures = MODEL.gestures(game, action)
                assert gestures is not None, f"seed {seed}: no gestures make {action}"
                assert played(game, list(gestures)) == action, f"seed {seed}: {gestures}"
                made[_kind(action, gestures)] += 1
            sections[ADAPTER.rule_now(game).section] += 1  # the rules at hand, every step
            game.apply(pick(rnd, legal, 0.35 if seed % 2 else 0.05))
    # The table's harder moments were all met (else this test would prove little).
    for kind in (
        "Deploy",
        "Deploy+ask",
        "Discard",
        "Discard+band",
        "Attack+band",
        "Attack+assistant",
        "Block+assistant",
        "Equip",
        "Regroup",
    ):
        assert made[kind], f"no {kind} was met: {made}"
    for section in ("1. Regroup", "2. Draw", "4.2 Defend", "4.3 Tactics, 4.4 Battle Resolution"):
        assert sections[section], f"no {section}: {sections}"
    assert sections["Your Hand"], sections


def _kind(action: Any, gestures: Any) -> str:
    name = type(action).__name__
    if isinstance(gestures[0], OpenScreen) and gestures[0].name == BATTLE:
        return f"{name}+assistant"
    if isinstance(gestures[0], TapText) and isinstance(action, (da.Attack, da.Discard)):
        return f"{name}+band"
    if isinstance(gestures[0], Scan) and len(gestures) > 1:
        return f"{name}+ask"
    return name


def test_the_assistant_offers_no_attack_the_engine_refuses() -> None:
    """A unit that came in this round stays home and says why; Confirm stays off (issue 20:
    it was toggled to "attacks", forecast "base: 20 -> 19", and Confirm did nothing)."""
    game = game_at({"card": "scavenger", "deployed_round": 3}, {"card": "shambler"})
    new, old = rows(game)
    assert new.options == (("stays home", None),) and "came into play" in new.why_not
    assert [v for _w, v in old.options] == [None, 2]
    refused = preview(game, (1,), ())
    assert not refused.ready and refused.lines == ()
    assert preview(game, (2,), ()).ready


def test_the_hand_limit_is_a_decision_with_its_own_buttons() -> None:
    """Over five cards at the end of the round: "Discard a card" on the band, and a scanned
    card that could be deployed asks "Deploy it" or "Discard it"."""
    game = game_at(phase="retreat", pools=({"bio": 5}, {}))
    game.apply(da.SetCounts(0, hand_size=6))
    assert ADAPTER.choice_label(game, da.Discard(0, "")) == "Discard a card"
    game.apply(da.Discard(0, ""))
    assert game.state.players[0].hand_size == 5 and game.state.players[0].graveyard == ()
    game.undo()
    request = ADAPTER.target_request(game, ADAPTER.scan_action(game, 0, "shambler"))
    assert request is not None and request.none_label == "Deploy Shambler"
    assert [o.label for o in request.options] == ["Discard Shambler"]
    discard = ADAPTER.with_target(game, da.Deploy(0, "shambler"), request.options[0].value)
    assert discard == da.Discard(0, "shambler")
    prompt = game.prompts()[0].text
    assert "discard down to 5 cards (6 in hand): scan each card you discard, or tap" in prompt


@pytest.mark.parametrize("units", [1, 2])
def test_attacking_with_every_able_unit_is_one_tap(units: int) -> None:
    """docs/games/deeds.md's "Attack with everything" (and with one unit, its name)."""
    game = game_at(*[{"card": "shambler"}] * units)
    first = next(a for a in game.legal_actions() if isinstance(a, da.Attack))
    words = "Attack with everything"
    assert ADAPTER.choice_label(game, first) == words


def test_the_rules_at_hand_follow_the_round_and_the_reader() -> None:
    """Tapping the step line or a refusal shows the rule that applies now, with its section
    of the rulebook; a refusal tapped by the player who is not acting says whose round it is."""
    game = game_at({"card": "shambler"}, phase="defend", battle={"attackers": [1]})
    note = ADAPTER.rule_now(game)
    assert note is not None and note.section == "4.2 Defend" and "blocking order" in note.words
    game = game_at(phase="deploy")
    theirs = ADAPTER.rule_now(game, seat=1)
    assert theirs is not None and theirs.section.startswith("Gameplay")
    assert theirs.words.startswith("It is Amy's round")
