"""Refusals in players' words: never a Python repr, a class name or an internal id."""

from __future__ import annotations

import random
import re

from engine.zg import actions as zga
from engine.zg.game import ZgGame
from engine.zg.randomplay import choose, random_setup

LEAKS = ("None", "('", "')", "_id", "Action(", "<", "Attack(", "lock_card", "again_foe")


def _clean(problem: str) -> None:
    for leak in LEAKS:
        assert leak not in problem, (leak, problem)
    assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w+\b", problem), problem  # no ClassNames


def _every_kind(seat: int) -> list[zga.Action]:
    return [
        zga.PickHand(seat, ("nope", "x", "y")),
        zga.PickHand(seat, impulse=1000),
        zga.BreakTie(seat, "nope"),
        zga.Flameout(seat),
        zga.PlayCard(seat, "nope"),
        zga.Move(seat, 99),
        zga.Stance(seat, "dance"),
        zga.StandUp(seat),
        zga.Attack(seat, 9, 3, augments=7, cover=("nope",), sneak=True, high_ground=True),
        zga.Attack(seat, seat, 0, locked=True),
        zga.AttackTerrain(seat, 4, 0),
        zga.EndPulse(seat),
        zga.DrawTarget(seat, "nope"),
        zga.Spin(seat, 5, bolsters=9),
        zga.Bolster(seat, (7,)),
        zga.Augment(seat, (0, 0, 0, 0)),
        zga.Retest(seat, "both", 3),
        zga.Resolve(seat),
        zga.Save(seat, True),
        zga.Knockdown(seat, seat),
        zga.RuleOfPrime(seat, seat, "nope", 3, "nope", 0),
        zga.SetCard(seat, 7, "nope", "gone"),
        zga.SetCard(seat, 0, "nope", "gone"),
        zga.SetMarkers(seat, 0, stance="dance", hand_size=-1),
        zga.SetTerrain(seat, 3, 99),
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
    assert game.explain(zga.Resolve(5)) == "there is no player 6 at this table"
