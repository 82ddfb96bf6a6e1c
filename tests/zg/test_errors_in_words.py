"""Refusals in players' words: never a Python repr, a class name or an internal id."""

from __future__ import annotations

import random
import re

from engine.zg import actions as za
from engine.zg.game import ZgGame
from engine.zg.randomplay import choose, random_setup

LEAKS = ("None", "('", "')", "_id", "Action(", "<", "Attack(", "lock_card", "again_foe")


def _clean(problem: str) -> None:
    for leak in LEAKS:
        assert leak not in problem, (leak, problem)
    assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", problem), problem  # no ClassNames


def _every_kind(seat: int) -> list[za.Action]:
    return [
        za.PickHand(seat, ("nope", "x", "y")),
        za.PickHand(seat, impulse=1000),
        za.BreakTie(seat, "nope"),
        za.Flameout(seat),
        za.PlayCard(seat, "nope"),
        za.Move(seat, 99),
        za.Stance(seat, "dance"),
        za.StandUp(seat),
        za.Attack(seat, 9, 3, augments=7, cover=("nope",), sneak=True, high_ground=True),
        za.Attack(seat, seat, 0, locked=True),
        za.AttackTerrain(seat, 4, 0),
        za.EndPulse(seat),
        za.DrawTarget(seat, "nope"),
        za.Spin(seat, 5, bolsters=9),
        za.Bolster(seat, (7,)),
        za.Augment(seat, (0, 0, 0, 0)),
        za.Retest(seat, "both", 3),
        za.Resolve(seat),
        za.Save(seat, True),
        za.Knockdown(seat, seat),
        za.RuleOfPrime(seat, seat, "nope", 3, "nope", 0),
        za.SetCard(seat, 7, "nope", "gone"),
        za.SetCard(seat, 0, "nope", "gone"),
        za.SetMarkers(seat, 0, stance="dance", hand_size=-1),
        za.SetTerrain(seat, 3, 99),
    ]


def test_errors__every_refusal_along_random_games_is_in_players_words() -> None:
    for seed in range(6):
        game = ZgGame(random_setup(seed, 2 + seed % 3))
        rnd = random.Random(seed)
        for _ in range(120):
            if game.outcome() is not None:
                break
            for seat in range(len(game.state.players)):
                for action in _every_kind(seat):
                    problem = game.explain(action)
                    if problem is not None:
                        _clean(problem)
            game.apply(choose(rnd, list(game.legal_actions())))


def test_errors__a_seat_that_does_not_exist() -> None:
    game = ZgGame(random_setup(1, 2))
    assert game.explain(za.Resolve(5)) == "there is no player 6 at this table"
