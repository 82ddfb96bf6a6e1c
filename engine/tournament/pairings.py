"""Who plays whom, round by round (4 Player Round Robin; 6-8 Player Team Draft)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    round: int  # 0-based
    a: str  # the player first in the match's first game
    b: str


def round_robin(players: Sequence[str]) -> tuple[Pairing, ...]:
    """4 Player Round Robin: every player against every other, in n-1 rounds (n even) by the
    circle method: one seat stays, the others turn one place each round. With an odd count a
    bye is added and whoever meets it sits the round out."""
    names: list[str | None] = list(players)
    if len(names) < 2:
        raise ValueError("a round robin needs at least two players")
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    if len(names) % 2:
        names.append(None)
    n = len(names)
    out: list[Pairing] = []
    ring = names[1:]
    for rnd in range(n - 1):
        order = [names[0], *ring]
        for i in range(n // 2):
            x, y = order[i], order[n - 1 - i]
            if x is None or y is None:
                continue
            # Alternate who is listed first so each player starts about half their matches.
            a, b = (x, y) if (rnd + i) % 2 == 0 else (y, x)
            out.append(Pairing(rnd, a, b))
        ring = ring[-1:] + ring[:-1]
    return tuple(out)


def team_seating(team_a: Sequence[str], team_b: Sequence[str]) -> tuple[str, ...]:
    """6-8 Player Team Draft: the teams sit in alternating order during the draft."""
    _check_teams(team_a, team_b)
    return tuple(p for pair in zip(team_a, team_b, strict=True) for p in pair)


def team_pairings(team_a: Sequence[str], team_b: Sequence[str]) -> tuple[Pairing, ...]:
    """6-8 Player Team Draft: each player plays every player of the other team; round r pairs
    team A's i-th player with team B's (i+r)-th, so nobody plays twice in a round."""
    _check_teams(team_a, team_b)
    k = len(team_a)
    return tuple(
        Pairing(r, team_a[i], team_b[(i + r) % k])
        if r % 2 == 0
        else Pairing(r, team_b[(i + r) % k], team_a[i])
        for r in range(k)
        for i in range(k)
    )


def _check_teams(team_a: Sequence[str], team_b: Sequence[str]) -> None:
    if len(team_a) != len(team_b) or not 3 <= len(team_a) <= 4:
        raise ValueError("a team draft is two teams of three or of four (6 or 8 players)")
    if len(set(team_a) | set(team_b)) != 2 * len(team_a):
        raise ValueError("player names must differ")
