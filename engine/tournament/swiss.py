"""A Swiss event as stores run them (docs/tournament.md, "Swiss"): rounds paired by match points,
byes, drops and late entries at the organizer's hand, the standard tiebreakers, and a single-
elimination top cut.

Rulings where Zeal's rulebook is silent (its Draft Tournament formats stop at eight players; a
Swiss event is the store's, not the rulebook's), each said where it applies:

- Rounds: ceil(log2(players)) by default (128 players: 7), or as many as the organizer asks.
- Round 1 pairs the seeded draw (the players shuffled by the event's seed, which is shown):
  1st v 2nd, 3rd v 4th, ... The draw also breaks a tie left on all four tiebreakers.
- Later rounds are a maximum-weight matching over every pair of players still in (the matcher
  is handed in: this package is pure standard library). The weights make it, in this order:
  (1) play as few rematches as possible (none while one can be avoided); (2) pair down the
  fewest players (pairs across match-point groups); (3) pair down as little as possible (the
  smallest sum of point gaps); (4) among equal pairings, a seeded random one.
- An odd count gives a bye, before the matching, to the lowest-ranked player without one (the
  lowest-ranked of all once everyone has had one): a match win, 2-0, counted (like a round a
  late entry missed) once its round is over.
- A drop takes effect from the next round paired; a dropped player stays in the standings. A
  match the player still had to finish is, as the organizer decides: played out ("play"),
  conceded 0-2 ("loss"), or drawn with the games played so far ("draw").
- A late entry is paired from the next round on; every round already paired counts as a match
  loss 0-2 with no opponent.
- The cut (4 or 8) takes the best players of the final standings who have not dropped, seeded
  1 v 8, 4 v 5, 2 v 7, 3 v 6 (1 v 4, 2 v 3 for four) so 1 and 2 can meet only in the final. A
  cut match that ends drawn plays deciding games (up to three) until one has a winner; if none
  has, the higher seed goes through. The cut does not change the Swiss standings.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.tournament.matches import MatchScore, games_needed
from engine.tournament.standings import Standing, Standings
from engine.tournament.tiebreakers import BYE, DRAW, MISSED, WIN, Figures, Outcome, Record
from engine.tournament.tiebreakers import figures as compute_figures
from engine.tournament.tiebreakers import ranked as rank_figures
from engine.tournament.tournament import (
    MAX_DECIDERS,
    GameSlot,
    Match,
    Tournament,
    TournamentError,
)

# matcher(players, weight) -> pairs: a maximum-cardinality, maximum-weight matching of every
# player given (an even count) on the complete graph weighted by weight(a, b) (integers).
Matcher = Callable[[Sequence[str], Callable[[str, str], int]], Sequence[tuple[str, str]]]
CUT_SIZES = (0, 4, 8)
PENDING = ("play", "loss", "draw")
TIE_RANGE = 1000  # the seeded random term of a pair's weight is below this


def default_rounds(players: int) -> int:
    """ceil(log2(players)), at least 1: 8 players 3 rounds, 9-16 four, 65-128 seven."""
    return max(1, (players - 1).bit_length())


def seeded_draw(players: Sequence[str], seed: int) -> tuple[str, ...]:
    """The players in the order the seed draws them (the same on every machine)."""
    order = sorted(players)
    random.Random(f"altar-swiss {seed}").shuffle(order)
    return tuple(order)


def bracket(size: int) -> list[tuple[int, int]]:
    """Seed indexes (0-based) of the first cut round, in bracket order: 8 gives 1v8, 4v5, 2v7,
    3v6, so the winners of neighbouring matches meet next and seeds 1 and 2 only in the final."""
    order = [0]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n - 1 - s)]
    return [(order[i], order[i + 1]) for i in range(0, size, 2)]


@dataclass(frozen=True)
class SwissStanding(Standing):
    points: int = 0
    omw: Fraction = Fraction(0)
    gw: Fraction = Fraction(0)
    ogw: Fraction = Fraction(0)
    mw: Fraction = Fraction(0)
    byes: int = 0
    dropped_after: int | None = None  # rounds played before the drop (1-based count)
    entered_round: int | None = None  # 1-based round a late entry was first paired in


@dataclass
class SwissEvent(Tournament):
    seed: int = 0
    swiss_rounds: int = 1
    cut: int = 0
    draw: tuple[str, ...] = ()
    paired: int = 0  # rounds paired so far, the cut's included
    byes: dict[int, str] = field(default_factory=dict)  # round (0-based) -> player
    entered: dict[str, int] = field(default_factory=dict)  # late entry -> first round paired
    dropped: dict[str, int] = field(default_factory=dict)  # player -> first round not paired
    decisions: dict[str, tuple[str | None, int, int]] = field(default_factory=dict)
    cut_seeds: tuple[str, ...] = ()
    revision: int = 0  # changes that are not a game's result: pairings, drops, entries ...
    # Caches, not state: the matches by round, and how many leading rounds are known finished
    # (a match once finished stays so: results and decisions are only ever added).
    _by_round: dict[int, list[Match]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _settled: int = field(default=0, init=False, repr=False, compare=False)

    # -- making one ---------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        *,
        tables: int,
        seed: int,
        rounds: int | None = None,
        cut: int = 0,
        best_of: int = 2,
    ) -> SwissEvent:
        """A Swiss event with round 1 paired (the seeded draw)."""
        names = tuple(players)
        for p in names:
            _check_name(p)
        if len(set(names)) != len(names):
            raise TournamentError("player names must differ")
        if len(names) < 2:
            raise TournamentError("a Swiss event needs at least two players")
        if best_of not in (2, 3):
            raise TournamentError("matches are best of two, or best of three in the variant")
        if tables < 1:
            raise TournamentError("a tournament needs at least one table")
        if rounds is not None and not 1 <= rounds <= 30:
            raise TournamentError("a Swiss event plays 1 to 30 rounds")
        if cut not in CUT_SIZES:
            raise TournamentError("the top cut is 4 or 8 players (or none)")
        if cut > len(names):
            raise TournamentError(f"a top {cut} needs at least {cut} players")
        t = cls(
            players=names,
            matches=(),
            best_of=best_of,
            tables=tables,
            seed=seed,
            swiss_rounds=rounds or default_rounds(len(names)),
            cut=cut,
            draw=seeded_draw(names, seed),
        )
        t._pair_first()
        return t

    # -- who is in --------------------------------------------------------------------------

    def active(self, rnd: int) -> list[str]:
        """Players paired in round ``rnd`` (0-based): entered by then, not dropped before."""
        return [
            p
            for p in self.players
            if self.entered.get(p, 0) <= rnd and self.dropped.get(p, rnd + 1) > rnd
        ]

    def is_cut(self, rnd: int) -> bool:
        return rnd >= self.swiss_rounds

    @property
    def cut_rounds(self) -> int:
        return (self.cut - 1).bit_length() if self.cut else 0

    @property
    def total_rounds(self) -> int:
        return self.swiss_rounds + self.cut_rounds

    def round_matches(self, rnd: int) -> list[Match]:
        if not self._by_round and self.matches:
            for m in self.matches:
                self._by_round.setdefault(m.round, []).append(m)
        return list(self._by_round.get(rnd, ()))

    # -- scores -------------------------------------------------------------------------------

    def score(self, match_id: str) -> MatchScore:
        if match_id in self.decisions:
            m = self.match(match_id)
            winner, wa, wb = self.decisions[match_id]
            return MatchScore(m.a, m.b, wa, wb, True, winner)
        return super().score(match_id)

    def cut_winner(self, m: Match) -> str | None:
        """Who goes through from a cut match: its winner, or the higher seed (listed first)
        once a drawn match has used its deciding games without a winner."""
        s = self.score(m.id)
        if s.winner is not None:
            return s.winner
        if s.finished and len(self.deciders_of(m.id)) >= MAX_DECIDERS:
            return m.a
        return None

    def match_done(self, m: Match) -> bool:
        if m.id in self.decisions:
            return True
        if self.is_cut(m.round):
            return self.cut_winner(m) is not None
        return self.score(m.id).finished

    def current_round(self) -> int:
        """The first paired round with a match still to finish; ``paired`` when all are."""
        for rnd in range(self._settled, self.paired):
            if not all(self.match_done(m) for m in self.round_matches(rnd)):
                return rnd
            self._settled = rnd + 1
        return self.paired

    @property
    def round_complete(self) -> bool:
        return self.current_round() == self.paired

    @property
    def next_round_due(self) -> bool:
        """Every paired round is played and another is to be paired."""
        return self.round_complete and self.paired < self._rounds_to_play()

    def _rounds_to_play(self) -> int:
        if self.paired < self.swiss_rounds or not self.cut:
            return self.swiss_rounds + (self.cut_rounds if self.cut else 0)
        return self.swiss_rounds + (len(self.cut_seeds) - 1).bit_length()

    @property
    def finished(self) -> bool:
        return self.round_complete and self.paired >= self._rounds_to_play()

    @property
    def version(self) -> int:
        return len(self.results) + self.revision

    def pending(self) -> list[GameSlot]:
        rnd = self.current_round()
        out = []
        for m in self.round_matches(rnd):
            if m.id in self.decisions:
                continue
            played = self.games_of(m.id)
            if len(played) < games_needed(self.best_of, played, m.a, m.b):
                out.append(self._slot(m, len(played), decider=False))
            elif self.is_cut(rnd) and self.cut_winner(m) is None:
                n = len(self.deciders_of(m.id))
                out.append(self._slot(m, self.best_of + n, decider=True))
        return out

    # -- standings ----------------------------------------------------------------------------

    def records(self) -> dict[str, Record]:
        """Each player's counted rounds: finished Swiss matches, and the byes and missed rounds
        of the rounds that are over."""
        recs = {p: Record() for p in self.players}
        # A bye or a missed round counts once its round is over, like the matches beside it.
        over = min(self.current_round(), self.swiss_rounds)
        for p, first in self.entered.items():
            recs[p].outcomes.extend([MISSED] * min(first, over))
        for r, p in self.byes.items():
            if r < over:
                recs[p].outcomes.append(BYE)
        for m in self.matches:
            if self.is_cut(m.round) or not self.match_done(m):
                continue
            s = self.score(m.id)
            drawn = 0
            if m.id not in self.decisions:
                needed = games_needed(self.best_of, self.games_of(m.id), m.a, m.b)
                drawn = sum(g.winner is None for g in self.games_of(m.id)[:needed])
            pa = WIN if s.winner == m.a else DRAW if s.winner is None else 0
            pb = WIN if s.winner == m.b else DRAW if s.winner is None else 0
            recs[m.a].outcomes.append(Outcome(m.b, pa, s.wins_a, s.wins_b, drawn))
            recs[m.b].outcomes.append(Outcome(m.a, pb, s.wins_b, s.wins_a, drawn))
        return recs

    def ranking(self) -> list[Figures]:
        """Everyone's figures, best first (the Swiss standings)."""
        return rank_figures(compute_figures(self.records()), self.draw)

    def standings(self) -> Standings:
        order = self.ranking()
        rows = tuple(
            SwissStanding(
                player=f.player,
                place=i + 1,
                match_wins=f.wins,
                match_draws=f.draws,
                match_losses=f.losses,
                game_wins=f.game_wins,
                played=f.rounds,
                points=f.points,
                omw=f.omw,
                gw=f.gw,
                ogw=f.ogw,
                mw=f.mw,
                byes=f.byes,
                dropped_after=self.dropped.get(f.player),
                entered_round=(self.entered[f.player] + 1) if f.player in self.entered else None,
            )
            for i, f in enumerate(order)
        )
        leaders: tuple[str, ...] = (order[0].player,) if order else ()
        if self.cut_seeds:
            champion = self.champion()
            leaders = (champion,) if champion else ()
        return Standings(rows, (), leaders, self.finished)

    def champion(self) -> str | None:
        """The cut's last winner, once the final is played."""
        if not self.cut_seeds or not self.finished:
            return None
        final = self.round_matches(self.paired - 1)
        return self.cut_winner(final[0]) if len(final) == 1 else None

    # -- the organizer's hand -----------------------------------------------------------------

    def pair_next(self, matcher: Matcher) -> list[Match]:
        """Pairs the next round (a Swiss round by the matcher, or a round of the cut)."""
        if not self.round_complete:
            raise TournamentError(
                f"round {self.current_round() + 1} is still being played: pair the next one "
                "when its last result is in"
            )
        if self.finished:
            raise TournamentError("every round is played: the event is over")
        rnd = self.paired
        new = self._pair_swiss(rnd, matcher) if rnd < self.swiss_rounds else self._pair_cut(rnd)
        self.paired += 1
        self.revision += 1
        return new

    def drop(self, player: str, pending: str = "play") -> None:
        """``player`` is not paired from the next round on. A match of theirs still being
        played is played out, conceded 0-2 (``loss``) or drawn as it stands (``draw``)."""
        self._known(player)
        if player in self.dropped:
            raise TournamentError(f"{player} has already dropped")
        if pending not in PENDING:
            raise TournamentError("a dropped player's match is played out, lost or drawn")
        m = self._open_match(player)
        if m is not None and self.is_cut(m.round) and pending != "loss":
            raise TournamentError(f"{player} is still in the cut: dropping concedes the match")
        self.dropped[player] = self.paired
        if m is not None and pending != "play":
            s = self.score(m.id)
            if pending == "loss":
                other = m.b if player == m.a else m.a
                wa, wb = (0, 2) if player == m.a else (2, 0)
                self.decisions[m.id] = (other, wa, wb)
            else:
                self.decisions[m.id] = (None, s.wins_a, s.wins_b)
        self.revision += 1

    def enter(self, player: str) -> None:
        """A late entry: paired from the next round on, a 0-2 loss for each round paired."""
        _check_name(player)
        if player in self.players:
            raise TournamentError(f"{player} is already in the event")
        if self.paired >= self.swiss_rounds:
            raise TournamentError("every Swiss round is paired: too late to enter")
        self.players = (*self.players, player)
        self.draw = (*self.draw, player)
        self.entered[player] = self.paired
        self.revision += 1

    def decide(self, match_id: str, wins_a: int, wins_b: int) -> None:
        """The organizer's result for a match still being played (a table that broke down)."""
        m = self.match(match_id)
        if m.round != self.current_round() or self.match_done(m):
            raise TournamentError(f"match {match_id} is not being played now")
        if not (0 <= wins_a <= 3 and 0 <= wins_b <= 3):
            raise TournamentError("a match's games are 0 to 3 each")
        if self.is_cut(m.round) and wins_a == wins_b:
            raise TournamentError("a match of the cut needs a winner")
        winner = m.a if wins_a > wins_b else m.b if wins_b > wins_a else None
        self.decisions[match_id] = (winner, wins_a, wins_b)
        self.revision += 1

    # -- pairing ------------------------------------------------------------------------------

    def _pair_first(self) -> None:
        order = list(self.draw)
        if len(order) % 2:
            self.byes[0] = order.pop()  # the lowest-ranked: all level, last in the draw
        pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
        self._add_round(0, pairs)
        self.paired = 1
        self.revision += 1

    def _pair_swiss(self, rnd: int, matcher: Matcher) -> list[Match]:
        players = self.active(rnd)
        if len(players) < 2:
            raise TournamentError("fewer than two players are left to pair")
        order = [f.player for f in self.ranking()]
        place = {p: i for i, p in enumerate(order)}
        players.sort(key=place.__getitem__)
        if len(players) % 2:
            had = set(self.byes.values())
            without = [p for p in players if p not in had] or players
            bye = without[-1]
            self.byes[rnd] = bye
            players.remove(bye)
        weight = self.pair_weight(rnd, players)
        pairs = list(matcher(players, weight))
        seen = [p for pair in pairs for p in pair]
        if sorted(seen) != sorted(players):
            raise TournamentError("the pairing left a player out or paired one twice")
        ordered = [(a, b) if place[a] < place[b] else (b, a) for a, b in pairs]
        ordered.sort(key=lambda ab: place[ab[0]])
        return self._add_round(rnd, ordered)

    def met(self) -> dict[frozenset[str], int]:
        out: dict[frozenset[str], int] = {}
        for m in self.matches:
            if not self.is_cut(m.round):
                k = frozenset((m.a, m.b))
                out[k] = out.get(k, 0) + 1
        return out

    def pair_weight(self, rnd: int, players: Sequence[str]) -> Callable[[str, str], int]:
        """The weight of pairing a with b in round ``rnd``: lexicographic in (no rematch, same
        match points, small point gap, seeded random), each term worth more than every lower
        term can add up over the whole round (k pairs)."""
        points = {f.player: f.points for f in self.ranking()}
        met = self.met()
        k = len(players) // 2 + 1
        gap_max = WIN * self.total_rounds + WIN
        c = TIE_RANGE * k
        b = c * (gap_max + 1) * k
        a = 2 * b * k
        seed = self.seed

        def weight(x: str, y: str) -> int:
            lo, hi = sorted((x, y))
            gap = abs(points[x] - points[y])
            digest = hashlib.sha256(f"{seed}/{rnd}/{lo}/{hi}".encode()).digest()
            tie = int.from_bytes(digest[:8], "big") % TIE_RANGE
            fresh = frozenset((x, y)) not in met
            return a * fresh + b * (gap == 0) + c * (gap_max - gap) + tie

        return weight

    def _pair_cut(self, rnd: int) -> list[Match]:
        if rnd == self.swiss_rounds:
            standing = [f.player for f in self.ranking() if f.player not in self.dropped]
            size = self.cut
            while size > len(standing):
                size //= 2
            if size < 2:
                raise TournamentError("too few players are left for the cut")
            self.cut_seeds = tuple(standing[:size])
            seeds = self.cut_seeds
            pairs = [(seeds[i], seeds[j]) for i, j in bracket(size)]
        else:
            seed_of = {p: i for i, p in enumerate(self.cut_seeds)}
            last = self.round_matches(rnd - 1)
            winners = [self.cut_winner(m) or m.a for m in last]
            pairs = []
            for i in range(0, len(winners), 2):
                x, y = winners[i], winners[i + 1]
                pairs.append((x, y) if seed_of[x] < seed_of[y] else (y, x))
        return self._add_round(rnd, pairs)

    def _add_round(self, rnd: int, pairs: Sequence[tuple[str, str]]) -> list[Match]:
        new = [
            Match(f"r{rnd + 1}m{k + 1}", rnd, k % self.tables, a, b)
            for k, (a, b) in enumerate(pairs)
        ]
        self.round_matches(0)  # the index exists before the new round joins it
        self.matches = (*self.matches, *new)
        self._by_id.update((m.id, m) for m in self.matches)
        self._by_round[rnd] = list(new)
        return new

    def _open_match(self, player: str) -> Match | None:
        for m in self.round_matches(self.paired - 1):
            if player in (m.a, m.b) and not self.match_done(m):
                return m
        return None

    def _known(self, player: str) -> None:
        if player not in self.players:
            raise TournamentError(f"there is no player {player} in this event")

    def table_of(self, player: str) -> Match | None:
        """The match ``player`` plays in the newest round, if any (a player's table by name)."""
        for m in self.round_matches(self.paired - 1):
            if player in (m.a, m.b):
                return m
        return None

    # -- to and from plain data ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d.update(
            format="swiss",
            seed=self.seed,
            swiss_rounds=self.swiss_rounds,
            cut=self.cut,
            draw=list(self.draw),
            paired=self.paired,
            byes={str(r): p for r, p in sorted(self.byes.items())},
            entered=dict(self.entered),
            dropped=dict(self.dropped),
            decisions={k: list(v) for k, v in sorted(self.decisions.items())},
            cut_seeds=list(self.cut_seeds),
            revision=self.revision,
        )
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SwissEvent:
        base = Tournament.from_dict({**data, "format": "plain"})
        t = cls(
            players=base.players,
            matches=base.matches,
            best_of=base.best_of,
            tables=base.tables,
            results=base.results,
            seed=int(data["seed"]),
            swiss_rounds=int(data["swiss_rounds"]),
            cut=int(data["cut"]),
            draw=tuple(str(p) for p in data["draw"]),
            paired=int(data["paired"]),
            byes={int(r): str(p) for r, p in data["byes"].items()},
            entered={str(p): int(r) for p, r in data["entered"].items()},
            dropped={str(p): int(r) for p, r in data["dropped"].items()},
            decisions={
                str(k): (None if w is None else str(w), int(a), int(b))
                for k, (w, a, b) in data["decisions"].items()
            },
            cut_seeds=tuple(str(p) for p in data["cut_seeds"]),
            revision=int(data["revision"]),
        )
        return t


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise TournamentError("a player's name is 1 to 40 characters")
