"""What the host, a table and the broadcast show of a Swiss event, as plain rows and text: the
round, the pairings with table numbers and byes, the standings with their tiebreakers, drops,
late entries, the cut, and a player's table found by name (docs/tournament.md, "Swiss")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tournament import SwissEvent, SwissStanding, percent

CUT_NAMES = {1: "final", 2: "semi-finals", 4: "quarter-finals"}


@dataclass(frozen=True)
class SwissRow:
    place: int
    player: str
    points: int
    record: str  # wins-losses-draws, a bye counted as a win, a missed round as a loss
    omw: str
    gw: str
    ogw: str
    note: str  # "dropped after round 2", "entered in round 3", "1 bye"


def swiss_rows(t: SwissEvent) -> list[SwissRow]:
    out = []
    for r in t.standings().rows:
        assert isinstance(r, SwissStanding)
        notes = []
        if r.byes:
            notes.append(f"{r.byes} bye" + ("s" if r.byes > 1 else ""))
        if r.entered_round is not None:
            notes.append(f"entered in round {r.entered_round}")
        if r.dropped_after is not None:
            notes.append(f"dropped after round {r.dropped_after}")
        out.append(
            SwissRow(
                r.place,
                r.player,
                r.points,
                f"{r.match_wins}-{r.match_losses}-{r.match_draws}",
                percent(r.omw),
                percent(r.gw),
                percent(r.ogw),
                ", ".join(notes),
            )
        )
    return out


def round_name(t: SwissEvent, rnd: int) -> str:
    if not t.is_cut(rnd):
        return f"Round {rnd + 1} of {t.swiss_rounds}"
    matches = len(t.round_matches(rnd)) or len(t.cut_seeds) // 2 or t.cut // 2
    return f"Top {len(t.cut_seeds) or t.cut}: {CUT_NAMES.get(matches, f'round {rnd + 1}')}"


def headline(t: SwissEvent) -> str:
    if t.finished:
        champ = t.champion() if t.cut_seeds else t.standings().rows[0].player
        return f"{champ} wins the event"
    rnd = t.current_round()
    if rnd >= t.paired:
        return f"{round_name(t, rnd)}: waiting for the organizer to pair it"
    return round_name(t, rnd)


def match_line(t: SwissEvent, match_id: str) -> str:
    m = t.match(match_id)
    s = t.score(match_id)
    if m.id in t.decisions:
        state = f"{s.wins_a}-{s.wins_b} (organizer)"
    elif t.match_done(m):
        w = t.cut_winner(m) if t.is_cut(m.round) else s.winner
        state = f"{s.wins_a}-{s.wins_b} " + (f"{w} wins" if w else "drawn")
    elif t.games_of(m.id):
        state = f"{s.wins_a}-{s.wins_b} ..."
    else:
        state = "playing"
    return f"table {m.table + 1:>3}  {m.a} v {m.b}  {state}"


def pairings_lines(t: SwissEvent, rnd: int | None = None) -> list[str]:
    """A round's pairings (the newest one paired by default), by table, then its bye."""
    rnd = t.paired - 1 if rnd is None else rnd
    lines = [line for m in t.round_matches(rnd) for line in [match_line(t, m.id)]]
    if rnd in t.byes:
        lines.append(f"bye        {t.byes[rnd]} (a match win, 2-0)")
    return lines


def find_player(t: SwissEvent, name: str) -> str:
    """Where ``name`` plays now, in words: typed as the player says it (any case, or the start
    of a name when only one player's name starts so)."""
    wanted = name.strip().casefold()
    exact = [p for p in t.players if p.casefold() == wanted]
    found = exact or [p for p in t.players if p.casefold().startswith(wanted)] if wanted else []
    if not found:
        return f"No player named {name.strip()!r} in this event."
    if len(found) > 1:
        return f"{len(found)} players' names start {name.strip()!r}: " + ", ".join(found)
    p = found[0]
    rnd = t.paired - 1
    head = round_name(t, rnd)
    m = t.table_of(p)
    if m is not None:
        other = m.b if p == m.a else m.a
        return f"{p}: {head}, table {m.table + 1}, against {other}"
    if t.byes.get(rnd) == p:
        return f"{p}: {head}, a bye (a match win, 2-0)"
    if p in t.dropped and t.dropped[p] <= rnd:
        return f"{p} dropped after round {t.dropped[p]}"
    if t.entered.get(p, 0) > rnd:
        return f"{p} enters: paired from round {t.entered[p] + 1}"
    if t.cut_seeds and t.is_cut(rnd):
        return f"{p} is out of the cut; finished Swiss in place {_place(t, p)}"
    return f"{p} has no match in {head}"


def _place(t: SwissEvent, player: str) -> int:
    return next(r.place for r in t.standings().rows if r.player == player)


def cut_lines(t: SwissEvent) -> list[str]:
    if not t.cut_seeds:
        return [f"Top {t.cut} after round {t.swiss_rounds}"] if t.cut else []
    seed = {p: i + 1 for i, p in enumerate(t.cut_seeds)}
    lines = [f"Top {len(t.cut_seeds)}: " + ", ".join(f"{i}. {p}" for p, i in seed.items())]
    for rnd in range(t.swiss_rounds, t.paired):
        lines.append(round_name(t, rnd))
        for m in t.round_matches(rnd):
            lines.append(f"  ({seed[m.a]}) " + match_line(t, m.id).split("  ", 1)[1])
    return lines


def standings_text(t: SwissEvent) -> str:
    head = f"{'#':>3}  {'player':<16} {'pts':>3}  {'W-L-D':>7}  {'OMW':>7}  {'GW':>7}  {'OGW':>7}"
    lines = [headline(t), f"seed {t.seed}; {len(t.players)} players", "", head]
    for r in swiss_rows(t):
        lines.append(
            f"{r.place:>3}  {r.player:<16} {r.points:>3}  {r.record:>7}  {r.omw:>7}  {r.gw:>7}  "
            f"{r.ogw:>7}  {r.note}".rstrip()
        )
    if t.cut:
        lines += ["", *cut_lines(t)]
    return "\n".join(lines)


def round_text(t: SwissEvent) -> str:
    rnd = t.paired - 1
    return "\n".join([round_name(t, rnd), *pairings_lines(t, rnd)])


def broadcast_fields(t: SwissEvent) -> dict[str, object]:
    """What the broadcast page adds for a Swiss event (companion_app/broadcast/serve.py): each
    row's tiebreakers and notes, the newest round's pairings by table with its bye, the cut."""
    return {
        "swiss": {
            "seed": t.seed,
            "rounds": t.swiss_rounds,
            "round_name": round_name(t, t.paired - 1),
            "rows": [
                {
                    "place": r.place,
                    "name": r.player,
                    "points": r.points,
                    "record": r.record,
                    "omw": r.omw,
                    "gw": r.gw,
                    "ogw": r.ogw,
                    "note": r.note,
                }
                for r in swiss_rows(t)
            ],
            # A page collapses the text's alignment spaces anyway: one space each.
            "pairings": [" ".join(line.split()) for line in pairings_lines(t)],
            "cut": [" ".join(line.split()) for line in cut_lines(t)],
        }
    }
