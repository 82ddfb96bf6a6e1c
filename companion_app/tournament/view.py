"""What a tablet shows of the tournament, as plain rows and text: the standings, the pairings
with their scores, and this table's match. Used by the screen and by the commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion_app.tournament import swiss_view
from engine.tournament import GameSlot, SwissEvent, Tournament, tournament_from_dict


@dataclass(frozen=True)
class PairingRow:
    round: int  # 1-based
    table: int  # 1-based, as the tables are labelled in the store
    match: str
    a: str
    b: str
    score: str  # "2-0", "1-1 (drawn)", "1-0 ..." while playing


def standings_rows(t: Tournament) -> list[tuple[str, str, str, str, str]]:
    """(place, player, match wins, draws/losses, game wins) for each player, best first."""
    return [
        (
            str(r.place),
            r.player + (f" ({r.team})" if r.team else ""),
            str(r.match_wins),
            f"{r.match_draws}/{r.match_losses}",
            str(r.game_wins),
        )
        for r in t.standings().rows
    ]


def pairing_rows(t: Tournament) -> list[PairingRow]:
    out = []
    for m in t.matches:
        s = t.score(m.id)
        score = f"{s.wins_a}-{s.wins_b}"
        if s.finished:
            score += " (drawn)" if s.drawn else f" {s.winner} wins"
            if s.decided_by_tiebreak:
                score += " on a decider"
        elif t.games_of(m.id):
            score += " ..."
        else:
            score = ""
        out.append(PairingRow(m.round + 1, m.table + 1, m.id, m.a, m.b, score))
    return out


def this_table(t: Tournament, table: int) -> GameSlot | None:
    """The game this table plays next, if one is due."""
    return next((s for s in t.pending() if s.table == table), None)


def describe_slot(slot: GameSlot | None) -> str:
    if slot is None:
        return "No game for this table now."
    what = "deciding game" if slot.decider else f"game {slot.game + 1}"
    return (
        f"Round {slot.round + 1}, match {slot.match}, {what}: "
        f"{slot.first} (first player) against {slot.second}"
    )


def match_title(t: Tournament, slot: GameSlot) -> str:
    """A tournament game named by its match, as a saved game's short title: "Round 2, table 1:
    Alena v Anton, game 2 of 2" (the match's players in the pairing's order)."""
    m = t.match(slot.match)
    which = "deciding game" if slot.decider else f"game {slot.game + 1} of {t.best_of}"
    return f"Round {slot.round + 1}, table {slot.table + 1}: {m.a} v {m.b}, {which}"


def headline(t: Tournament) -> str:
    if isinstance(t, SwissEvent):
        return swiss_view.headline(t)
    table = t.standings()
    if t.finished:
        if table.winner is not None:
            return f"{table.winner} wins the tournament"
        return "Tournament over: first place shared by " + ", ".join(table.leaders)
    return f"Round {t.current_round() + 1} of {1 + max(m.round for m in t.matches)}"


def standings_text(t: Tournament) -> str:
    if isinstance(t, SwissEvent):
        return swiss_view.standings_text(t)
    lines = [headline(t), "", f"{'#':>2}  {'player':<16} {'wins':>4}  {'d/l':>5}  {'games':>5}"]
    for place, who, wins, dl, games in standings_rows(t):
        lines.append(f"{place:>2}  {who:<16} {wins:>4}  {dl:>5}  {games:>5}")
    st = t.standings()
    if st.teams:
        lines.append("")
        lines.extend(f"team {name}: {wins} match wins" for name, wins in st.teams)
    return "\n".join(lines)


def pairings_text(t: Tournament) -> str:
    if isinstance(t, SwissEvent):
        return swiss_view.round_text(t)
    return "\n".join(
        f"round {r.round}  table {r.table}  {r.a} v {r.b}  {r.score}" for r in pairing_rows(t)
    )


def summary(state: dict[str, Any]) -> dict[str, Any]:
    """The parts of a state two runs must agree on: every result, and the standings."""
    t = tournament_from_dict(state["tournament"])
    return {
        "results": state["tournament"]["results"],
        "standings": standings_rows(t),
        "leaders": list(t.standings().leaders),
        "final": state["final"],
    }
