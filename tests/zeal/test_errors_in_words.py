"""Errors in players' words: every refusal names cards, players and steps, never an internal
id, a reference syntax or a Python repr (Altar issue 3: "Errors ... say exactly what was wrong
in players' words")."""

from __future__ import annotations

import re

from engine.zeal import ZealGame
from engine.zeal import actions as za

from .helpers import attack, block, everyone_passes, table, until_damage

GHOST = 4242  # an id no card on the table has


def _words(game: ZealGame, action: za.Action) -> str:
    problem = game.explain(action)
    assert problem is not None, action
    assert str(GHOST) not in problem, problem
    for leak in ("base:", "discard:", "('", "')", "None", "Trigger(", "Target", "_id", "!r"):
        assert leak not in problem, (leak, problem)
    assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", problem), problem  # no ClassNames
    return problem


def test_errors__unknown_cards_in_combat_declarations_are_named_in_words() -> None:
    game = table(["specter_wisp"], ["chalice_keeper"])
    everyone_passes(game)
    assert game.state.awaiting == "attackers"
    msg = _words(game, za.DeclareAttackers(0, ((GHOST, 1),)))
    assert msg == "that card (it is not in play) is not a character Alena controls"
    msg = _words(game, za.DeclareAttackers(0, ((2, 1),)))
    assert msg.startswith("Chalice Keeper") and msg.endswith("is not a character Alena controls")
    attack(game, (1, 1))
    everyone_passes(game)
    msg = _words(game, za.DeclareBlockers(1, ((GHOST, 1),)))
    assert msg.endswith("is not a character Anton controls")


def test_errors__flankers_and_damage_choices_name_the_cards() -> None:
    game = table(["iron_juggernaut", "specter_wisp"], ["chalice_keeper"])
    attack(game, (1, 1), (2, 1))
    block(game, (3, 1))
    everyone_passes(game)
    assert game.state.awaiting == "flankers"
    msg = _words(game, za.DeclareFlankers(0, ((GHOST, 3),)))
    assert msg.endswith("can't flank or be flanked: flankers and blockers must be in play")
    game.apply(za.DeclareFlankers(0, ()))
    until_damage(game)
    msg = _words(game, za.AssignDamage(0, blockers=((1, 2),)))
    assert msg.endswith("is not blocking Iron Juggernaut (sample)")
    msg = _words(game, za.AssignDamage(0, bases=((GHOST, 1, 0),)))
    assert msg == "that card (it is not in play) is not attacking"
    msg = _words(game, za.AssignDamage(0, bases=((2, 1, 9),)))
    assert msg == "Anton has no base 10"


def test_errors__targets_are_named_never_referenced_by_syntax() -> None:
    game = table(["storm_drake"], ["chalice_keeper"])
    burn = za.PlayCard(0, "burn", targets=(GHOST,))
    game.apply(za.MoveCard(0, "burn", "hand"))
    for target in (GHOST, "base:9:9", "discard:0:nope", "nonsense"):
        msg = _words(game, za.PlayCard(0, "burn", targets=(target,)))
        assert msg.startswith("Burn")
    assert _words(game, burn) == (
        "Burn: the chosen card is not in play (the target must be a character in play)"
    )
    assert _words(game, za.PlayCard(0, "burn", targets=("nonsense",))) == (
        'Burn: "nonsense" is not a character in play'
    )


def test_errors__adjustments_and_abilities_on_missing_cards() -> None:
    game = table(["storm_drake"], ["chalice_keeper"])
    gone = "that card is not in play (it may have left play)"
    assert _words(game, za.SetDamage(0, GHOST, 1)) == gone
    assert _words(game, za.ChangeControl(0, GHOST, 1)) == gone
    assert _words(game, za.MoveCard(0, GHOST, "discard")) == gone
    assert _words(game, za.Activate(0, GHOST)) == gone
    assert _words(game, za.PlayTrigger(0, GHOST)).startswith("that triggered action is not")
    assert _words(game, za.MoveCard(0, "no_such_card", "hand")) == (
        'there is no card "no_such_card" in the catalog'
    )
    assert _words(game, za.PlayCard(0, "no_such_card")).startswith(
        'there is no card "no_such_card" in the catalog'
    )
    assert _words(game, za.SetDevotion(7, current=1)) == (
        "there is no player 7 at this table (the seats are 0 Alena, 1 Anton)"
    )


def test_errors__malformed_values_are_written_plainly() -> None:
    game = table(["storm_drake"], ["chalice_keeper"])
    msg = _words(game, za.PlayCard(0, "burn", targets=(None,)))  # type: ignore[arg-type]
    assert msg == "play card: targets must be a list of ids or references, not [nothing]"


def test_log__targets_are_named_in_players_words() -> None:
    game = table(["storm_drake"], ["chalice_keeper"], step="commit")
    game.apply(za.PlayCard(0, "siege_bolt", targets=("base:1:2",)))
    assert game.log[-1].text.endswith("for 2 devotion, targeting Anton's base 3")


def test_log__random_games_never_show_references_or_ids() -> None:
    import random

    from engine.zeal.randomplay import choose, random_setup

    for seed in range(12):
        game = ZealGame(random_setup(seed, 2 + seed % 3))
        rnd = random.Random(seed)
        for _ in range(600):
            if game.outcome() is not None:
                break
            game.apply(choose(rnd, list(game.legal_actions())))
        for entry in game.log:
            assert not re.search(r"(base|discard):\d", entry.text), entry.text
        for prompt in game.prompts():
            assert not re.search(r"(base|discard):\d", prompt.text), prompt.text


def test_errors__target_counts_and_bases_in_plain_sentences() -> None:
    game = table(["storm_drake"], ["chalice_keeper"], step="commit")
    assert _words(game, za.PlayCard(0, "accelerate", targets=(2,))) == (
        "Accelerate has no targets, but 1 was given"
    )
    assert _words(game, za.PlayCard(0, "burn", targets=(2, 2))) == (
        "Burn has 1 target, but 2 were given"
    )
    game = table(["iron_juggernaut"], [], [])
    game.apply(za.SetBase(1, 2, face_up=False))
    attack(game, (1, 1))
    until_damage(game)
    assert (
        _words(game, za.AssignDamage(0, bases=((1, 1, 2),))) == "Anton's base 3 is already defeated"
    )
    assert _words(game, za.AssignDamage(0, bases=((1, 2, 2),))).endswith(
        "attacks Anton: Bea's base 3 is not theirs"
    )
