"""Swiss standings with the standard tiebreakers (docs/tournament.md, "Swiss: the figures").

In order: match points (3 a win, 1 a draw, 0 a loss), opponents' match-win percentage (OMW),
game-win percentage (GW), opponents' game-win percentage (OGW). Every percentage is floored at
33 %; a bye is a match win 2-0 and is not an opponent; a round missed by a late entry is a match
loss 0-2 with no opponent. Exact fractions throughout, so ties are ties and not float noise.

  match-win % (MW)  = match points / (3 x rounds counted), at least 33 %
  game-win % (GW)   = game points / (3 x games counted), at least 33 %;
                      game points: 3 a game won, 1 a game drawn
  OMW               = mean of each opponent's MW (an opponent met twice counts twice)
  OGW               = mean of each opponent's GW
  A player with nothing counted yet (or no opponent yet) has the floor, 33 %.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

FLOOR = Fraction(33, 100)
WIN, DRAW = 3, 1


@dataclass(frozen=True)
class Outcome:
    """One round of one player, as the standings count it."""

    opponent: str | None  # None: a bye or a missed round (no opponent)
    match_points: int  # 3, 1 or 0
    games_won: int
    games_lost: int
    games_drawn: int = 0

    @property
    def game_points(self) -> int:
        return WIN * self.games_won + DRAW * self.games_drawn

    @property
    def games(self) -> int:
        return self.games_won + self.games_lost + self.games_drawn


BYE = Outcome(None, WIN, 2, 0)
MISSED = Outcome(None, 0, 0, 2)


@dataclass
class Record:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(o.match_points for o in self.outcomes)

    def mw(self) -> Fraction:
        if not self.outcomes:
            return FLOOR
        return max(FLOOR, Fraction(self.points, WIN * len(self.outcomes)))

    def gw(self) -> Fraction:
        games = sum(o.games for o in self.outcomes)
        if not games:
            return FLOOR
        return max(FLOOR, Fraction(sum(o.game_points for o in self.outcomes), WIN * games))

    def opponents(self) -> list[str]:
        return [o.opponent for o in self.outcomes if o.opponent is not None]


@dataclass(frozen=True)
class Figures:
    player: str
    points: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    mw: Fraction
    wins: int
    draws: int
    losses: int
    game_wins: int
    byes: int
    rounds: int

    def key(self) -> tuple[int, Fraction, Fraction, Fraction]:
        """Bigger is better, in the tiebreakers' order."""
        return (self.points, self.omw, self.gw, self.ogw)


def figures(records: Mapping[str, Record]) -> dict[str, Figures]:
    """Every player's figures; opponents are looked up in ``records`` (they all play in it)."""
    mw = {p: r.mw() for p, r in records.items()}
    gw = {p: r.gw() for p, r in records.items()}
    out = {}
    for p, r in records.items():
        opp = r.opponents()
        omw = sum((mw[o] for o in opp), Fraction(0)) / len(opp) if opp else FLOOR
        ogw = sum((gw[o] for o in opp), Fraction(0)) / len(opp) if opp else FLOOR
        out[p] = Figures(
            player=p,
            points=r.points,
            omw=omw,
            gw=gw[p],
            ogw=ogw,
            mw=mw[p],
            wins=sum(o.match_points == WIN for o in r.outcomes),
            draws=sum(o.match_points == DRAW for o in r.outcomes),
            losses=sum(o.match_points == 0 for o in r.outcomes),
            game_wins=sum(o.games_won for o in r.outcomes),
            byes=sum(o == BYE for o in r.outcomes),
            rounds=len(r.outcomes),
        )
    return out


def ranked(figs: Mapping[str, Figures], draw: Sequence[str]) -> list[Figures]:
    """Best first; a tie on all four figures is broken by the seeded draw (round 1's order)."""
    where = {p: i for i, p in enumerate(draw)}
    return sorted(
        figs.values(),
        key=lambda f: (
            tuple(-x for x in f.key()),
            where.get(f.player, len(where)),
            f.player,
        ),
    )


def percent(x: Fraction, decimals: int = 2, sign: str = "%") -> str:
    """A percentage as shown: two decimals, rounded half up ("66.67%")."""
    scale = 10**decimals
    units = (x * 100 * scale + Fraction(1, 2)).__floor__()
    if not decimals:
        return f"{units}{sign}"
    return f"{units // scale}.{units % scale:0{decimals}d}{sign}"
