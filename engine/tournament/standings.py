"""Standings and the tie-break (4 Player Round Robin; 6-8 Player Team Draft).

The player (or team) with the most match wins wins the tournament. A tie for first is resolved by
finishing drawn matches: here, the drawn matches a tied leader played (for teams: any drawn match,
all being between the teams). Nothing else breaks a tie; a tie left after that is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.tournament.matches import MatchScore


@dataclass(frozen=True)
class Standing:
    player: str
    place: int  # 1-based; players with the same match wins share a place
    match_wins: int
    match_draws: int
    match_losses: int
    game_wins: int
    played: int  # finished matches
    team: str | None = None


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
    teams: tuple[tuple[str, int], ...]  # (team, match wins), most first; empty without teams
    leaders: tuple[str, ...]  # players (or teams) with the most match wins
    complete: bool  # every regular match finished

    @property
    def winner(self) -> str | None:
        """The tournament's winner once every match is played and the lead is not shared."""
        return self.leaders[0] if self.complete and len(self.leaders) == 1 else None


def standings(
    players: Sequence[str],
    scores: Sequence[MatchScore],
    teams: Mapping[str, str] | None = None,
) -> Standings:
    """Standings from match scores; ``teams`` maps a player to their team's name."""
    wins = dict.fromkeys(players, 0)
    draws = dict.fromkeys(players, 0)
    losses = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    for s in scores:
        games[s.a] += s.wins_a
        games[s.b] += s.wins_b
        if not s.finished:
            continue
        played[s.a] += 1
        played[s.b] += 1
        if s.winner is None:
            draws[s.a] += 1
            draws[s.b] += 1
        else:
            loser = s.b if s.winner == s.a else s.a
            wins[s.winner] += 1
            losses[loser] += 1
    order = sorted(players, key=lambda p: (-wins[p], p))
    rows = tuple(
        Standing(
            player=p,
            place=1 + sum(wins[q] > wins[p] for q in players),
            match_wins=wins[p],
            match_draws=draws[p],
            match_losses=losses[p],
            game_wins=games[p],
            played=played[p],
            team=teams.get(p) if teams else None,
        )
        for p in order
    )
    complete = all(s.finished for s in scores)
    if teams:
        totals: dict[str, int] = {}
        for p in players:
            totals[teams[p]] = totals.get(teams[p], 0) + wins[p]
        team_rows = tuple(sorted(totals.items(), key=lambda t: (-t[1], t[0])))
        best = team_rows[0][1]
        leaders = tuple(t for t, w in team_rows if w == best)
        return Standings(rows, team_rows, leaders, complete)
    best = max(wins.values())
    leaders = tuple(p for p in order if wins[p] == best)
    return Standings(rows, (), leaders, complete)
