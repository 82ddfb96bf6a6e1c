"""Scoring one match from its games (4 Player Round Robin; Best of Three Variant).

Best of two: each player is first player once; winning both games wins the match, one each is a
draw. A game the engine ends with no winner counts for neither player, so 1 win and 1 drawn game
wins the match (more game wins than the opponent: the rulebook's 2-0 read generally). Best of
three: first to two game wins; the third game is played only at 1-1. A drawn match can be
finished later to break a tie (the tie-break "finish drawn matches"): its deciding games are
played until one of them has a winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class GameResult:
    """One game's result as the engine's outcome gave it: the winning player's name, or None."""

    winner: str | None
    reason: str = ""


@dataclass(frozen=True)
class MatchScore:
    a: str
    b: str
    wins_a: int
    wins_b: int
    finished: bool  # every regular game played (or decided early in best of three)
    winner: str | None  # the match's winner; None while unfinished or drawn
    decided_by_tiebreak: bool = False

    @property
    def drawn(self) -> bool:
        return self.finished and self.winner is None


def games_needed(best_of: int, played: Sequence[GameResult], a: str, b: str) -> int:
    """How many regular games this match plays, given the games played so far."""
    if best_of == 2:
        return 2
    wins_a = sum(g.winner == a for g in played[:2])
    wins_b = sum(g.winner == b for g in played[:2])
    if len(played) >= 2 and (wins_a == 2 or wins_b == 2):
        return 2
    return 3


def score_match(
    a: str,
    b: str,
    best_of: int,
    games: Sequence[GameResult],
    deciders: Sequence[GameResult] = (),
) -> MatchScore:
    """The match as its games stand; ``deciders`` are the games played to finish it if drawn."""
    if best_of not in (2, 3):
        raise ValueError("matches are best of two or (Best of Three Variant) best of three")
    needed = games_needed(best_of, games, a, b)
    regular = games[:needed]
    wins_a = sum(g.winner == a for g in regular)
    wins_b = sum(g.winner == b for g in regular)
    finished = len(regular) >= needed
    winner: str | None = None
    if finished and wins_a != wins_b:
        winner = a if wins_a > wins_b else b
    by_tiebreak = False
    if finished and winner is None:
        for g in deciders:
            if g.winner is not None:
                winner, by_tiebreak = g.winner, True
                break
    return MatchScore(a, b, wins_a, wins_b, finished, winner, by_tiebreak)
