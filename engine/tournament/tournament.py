"""A whole tournament: its matches, which table plays each, the games still to play, the results
recorded, and the standings (Draft Tournament: 4 Player Round Robin, 6-8 Player Team Draft,
Best of Three Variant).

Results are keyed by (match, game): recording the same result twice changes nothing, and a
different result for a game already recorded is refused. That is what lets a table resend a
result after a dropped link or a restart without doubling it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.tournament.matches import GameResult, MatchScore, games_needed, score_match
from engine.tournament.pairings import Pairing, round_robin, team_pairings
from engine.tournament.standings import Standings, standings

MAX_DECIDERS = 3  # deciding games per drawn match before the tie is declared shared


class TournamentError(ValueError):
    """A result or a set-up the tournament can't take; the message is in the players' words."""


class ResultConflict(TournamentError):
    """A game already has a different result recorded."""


@dataclass(frozen=True)
class Match:
    id: str
    round: int
    table: int
    a: str
    b: str


@dataclass(frozen=True)
class GameSlot:
    """One game to play: which match, which game of it, who is first player, at which table."""

    match: str
    game: int
    first: str
    second: str
    table: int
    round: int
    decider: bool = False


@dataclass
class Tournament:
    players: tuple[str, ...]
    matches: tuple[Match, ...]
    best_of: int = 2
    tables: int = 1
    teams: dict[str, str] = field(default_factory=dict)  # player -> team; empty: round robin
    results: dict[tuple[str, int], GameResult] = field(default_factory=dict)
    _by_id: dict[str, Match] = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- making one ---------------------------------------------------------------------------

    @classmethod
    def round_robin(cls, players: Sequence[str], *, tables: int, best_of: int = 2) -> Tournament:
        """4 Player Round Robin (any even or odd count works the same way)."""
        return cls._from_pairings(tuple(players), round_robin(players), tables, best_of, {})

    @classmethod
    def team_draft(
        cls,
        team_a: tuple[str, Sequence[str]],
        team_b: tuple[str, Sequence[str]],
        *,
        tables: int,
        best_of: int = 2,
    ) -> Tournament:
        """6-8 Player Team Draft: ``(team name, players)`` for each team."""
        (name_a, a), (name_b, b) = team_a, team_b
        if name_a == name_b:
            raise TournamentError("the two teams need different names")
        teams = {p: name_a for p in a} | {p: name_b for p in b}
        return cls._from_pairings((*a, *b), team_pairings(a, b), tables, best_of, teams)

    @classmethod
    def _from_pairings(
        cls,
        players: tuple[str, ...],
        pairings: Sequence[Pairing],
        tables: int,
        best_of: int,
        teams: dict[str, str],
    ) -> Tournament:
        if best_of not in (2, 3):
            raise TournamentError("matches are best of two, or best of three in the variant")
        if tables < 1:
            raise TournamentError("a tournament needs at least one table")
        per_round: dict[int, int] = {}
        rounds = max(p.round for p in pairings) + 1
        width = max(sum(p.round == r for p in pairings) for r in range(rounds))
        matches = []
        for p in pairings:
            k = per_round.get(p.round, 0)
            per_round[p.round] = k + 1
            # Spread rounds over the tables so every table gets used, not only the first ones.
            table = (p.round * width + k) % tables
            matches.append(Match(f"r{p.round + 1}m{k + 1}", p.round, table, p.a, p.b))
        return cls(players, tuple(matches), best_of, tables, teams)

    # -- reading it ---------------------------------------------------------------------------

    def match(self, match_id: str) -> Match:
        if not self._by_id:
            self._by_id.update((m.id, m) for m in self.matches)
        try:
            return self._by_id[match_id]
        except KeyError:
            raise TournamentError(f"there is no match {match_id}") from None

    def games_of(self, match_id: str) -> list[GameResult]:
        """The regular games of a match recorded so far, in order, up to the first gap."""
        out = []
        for g in range(self.best_of):
            r = self.results.get((match_id, g))
            if r is None:
                break
            out.append(r)
        return out

    def deciders_of(self, match_id: str) -> list[GameResult]:
        out = []
        for g in range(self.best_of, self.best_of + MAX_DECIDERS):
            r = self.results.get((match_id, g))
            if r is None:
                break
            out.append(r)
        return out

    def score(self, match_id: str) -> MatchScore:
        m = self.match(match_id)
        return score_match(
            m.a, m.b, self.best_of, self.games_of(match_id), self.deciders_of(match_id)
        )

    def standings(self) -> Standings:
        return standings(self.players, [self.score(m.id) for m in self.matches], self.teams)

    def current_round(self) -> int:
        """The first round with a match still to finish; the number of rounds when all are."""
        for m in sorted(self.matches, key=lambda m: m.round):
            if not self.score(m.id).finished:
                return m.round
        return 1 + max(m.round for m in self.matches)

    def pending(self) -> list[GameSlot]:
        """The next game of every match of the current round that still has one; once every
        match is played, the deciding games of the drawn matches that settle a tie for first."""
        rnd = self.current_round()
        out = []
        for m in self.matches:
            if m.round != rnd:
                continue
            played = self.games_of(m.id)
            if len(played) < games_needed(self.best_of, played, m.a, m.b):
                out.append(self._slot(m, len(played), decider=False))
        if out or rnd <= max(m.round for m in self.matches):
            return out
        return self._deciders()

    def _deciders(self) -> list[GameSlot]:
        table = self.standings()
        if len(table.leaders) < 2:
            return []
        for m in self.matches:
            s = self.score(m.id)
            if not s.drawn:
                continue
            if not self.teams and not ({m.a, m.b} & set(table.leaders)):
                continue
            n = len(self.deciders_of(m.id))
            if n < MAX_DECIDERS:
                # One at a time, in match order: finishing one may settle the tie, and which
                # matches are finished must not depend on which table is quicker.
                return [self._slot(m, self.best_of + n, decider=True)]
        return []

    def _slot(self, m: Match, game: int, *, decider: bool) -> GameSlot:
        # Each player is first player once in a best of two; later games keep alternating.
        first, second = (m.a, m.b) if game % 2 == 0 else (m.b, m.a)
        return GameSlot(m.id, game, first, second, m.table, m.round, decider)

    @property
    def finished(self) -> bool:
        return not self.pending()

    @property
    def version(self) -> int:
        """How many changes the state has seen: here its results (a Swiss event adds its
        pairings, drops and entries)."""
        return len(self.results)

    # -- the one change: a game's result ------------------------------------------------------

    def record(self, match_id: str, game: int, result: GameResult) -> bool:
        """Records a game's result; True if it is new, False if it was already recorded the
        same. A game that is not due, or a result that contradicts one recorded, is refused."""
        m = self.match(match_id)
        if result.winner is not None and result.winner not in (m.a, m.b):
            raise TournamentError(f"{result.winner} does not play in match {match_id}")
        known = self.results.get((match_id, game))
        if known is not None:
            if known.winner != result.winner:
                raise ResultConflict(
                    f"match {match_id} game {game + 1} is already recorded as "
                    f"{_won(known)}, not {_won(result)}"
                )
            return False
        due = {(s.match, s.game) for s in self.pending()}
        if (match_id, game) not in due:
            raise TournamentError(f"match {match_id} game {game + 1} is not due to be played now")
        self.results[(match_id, game)] = result
        return True

    # -- to and from plain data (for a log, or a message between tablets) ----------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "best_of": self.best_of,
            "tables": self.tables,
            "teams": dict(self.teams),
            "matches": [[m.id, m.round, m.table, m.a, m.b] for m in self.matches],
            "results": [
                [mid, g, r.winner, r.reason] for (mid, g), r in sorted(self.results.items())
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tournament:
        if data.get("format", "plain") != "plain":  # a Swiss event: reading.py reads it
            raise TournamentError(f"not a round-robin or team tournament: {data['format']}")
        t = cls(
            players=tuple(data["players"]),
            matches=tuple(
                Match(str(i), int(r), int(tb), str(a), str(b)) for i, r, tb, a, b in data["matches"]
            ),
            best_of=int(data["best_of"]),
            tables=int(data["tables"]),
            teams={str(k): str(v) for k, v in data.get("teams", {}).items()},
        )
        for mid, g, winner, reason in data["results"]:
            t.results[(str(mid), int(g))] = GameResult(winner, str(reason))
        return t


def _won(r: GameResult) -> str:
    return f"won by {r.winner}" if r.winner else "a drawn game"
