"""A store's Swiss event (docs/tournament.md, "Swiss"): pairings, byes, drops, late entries, the
standard tiebreakers and the top cut, on examples computed by hand (the arithmetic is in the
comments beside each figure)."""

from __future__ import annotations

import json
import random
from fractions import Fraction as F

import pytest

from companion_app.tournament.swiss_pairing import max_weight_pairs
from engine.tournament import (
    GameResult,
    ResultConflict,
    SwissEvent,
    Tournament,
    TournamentError,
    tournament_from_dict,
)
from engine.tournament.swiss import bracket, default_rounds, seeded_draw
from engine.tournament.tiebreakers import FLOOR, Figures, Outcome, Record, figures, ranked

W = 3  # match points for a win


def win(t: SwissEvent, match: str, winner: str, loser_games: int = 0) -> None:
    """``winner`` wins ``match`` 2-0 (best of two), or 2-1 in best of three when asked."""
    m = t.match(match)
    other = m.b if winner == m.a else m.a
    games = [winner] * 2 if loser_games == 0 else [other, winner, winner]
    for g, w in enumerate(games):
        t.record(match, g, GameResult(w))


def draw(t: SwissEvent, match: str) -> None:
    """1-1 in best of two: each wins one game."""
    m = t.match(match)
    t.record(match, 0, GameResult(m.a))
    t.record(match, 1, GameResult(m.b))


def round_of(t: SwissEvent, rnd: int) -> list[tuple[str, str]]:
    return [(m.a, m.b) for m in t.round_matches(rnd)]


def row(t: SwissEvent, player: str):  # type: ignore[no-untyped-def]
    return next(r for r in t.standings().rows if r.player == player)


# -- the figures, on records written out by hand ------------------------------------------------


def test_tiebreakers_worked_example_five_players_three_rounds() -> None:
    """R1: A beats B 2-0, C beats D 2-1, E bye. R2: A and C draw 1-1, B beats E 2-1, D bye.
    R3: A beats D 2-0, C beats E 2-0, B bye."""
    recs = {
        "A": Record([Outcome("B", 3, 2, 0), Outcome("C", 1, 1, 1), Outcome("D", 3, 2, 0)]),
        "B": Record([Outcome("A", 0, 0, 2), Outcome("E", 3, 2, 1), Outcome(None, 3, 2, 0)]),
        "C": Record([Outcome("D", 3, 2, 1), Outcome("A", 1, 1, 1), Outcome("E", 3, 2, 0)]),
        "D": Record([Outcome("C", 0, 1, 2), Outcome(None, 3, 2, 0), Outcome("A", 0, 0, 2)]),
        "E": Record([Outcome(None, 3, 2, 0), Outcome("B", 0, 1, 2), Outcome("C", 0, 0, 2)]),
    }
    f = figures(recs)
    # match points: A 3+1+3 = 7, B 0+3+3 = 6, C 7, D 3, E 3
    assert [f[p].points for p in "ABCDE"] == [7, 6, 7, 3, 3]
    # MW = points / (3 x rounds): A 7/9, B 6/9, C 7/9, D 3/9, E 3/9 (1/3 is above the 33 % floor)
    assert [f[p].mw for p in "ABCDE"] == [F(7, 9), F(2, 3), F(7, 9), F(1, 3), F(1, 3)]
    # GW = game points / (3 x games): A 5 won, 1 lost -> 15/18; B 4-3 -> 12/21; C 5-2 -> 15/21;
    # D 3-4 -> 9/21; E 3-4 -> 9/21
    assert [f[p].gw for p in "ABCDE"] == [F(5, 6), F(4, 7), F(5, 7), F(3, 7), F(3, 7)]
    # OMW, byes not counted: A (B 6/9 + C 7/9 + D 3/9) / 3 = 16/27; B (A 7/9 + E 3/9) / 2 = 5/9;
    # C (D 3/9 + A 7/9 + E 3/9) / 3 = 13/27; D (C + A) / 2 = 7/9; E (B 6/9 + C 7/9) / 2 = 13/18
    assert [f[p].omw for p in "ABCDE"] == [F(16, 27), F(5, 9), F(13, 27), F(7, 9), F(13, 18)]
    # OGW: A (B 4/7 + C 5/7 + D 3/7) / 3 = 4/7; E (B 4/7 + C 5/7) / 2 = 9/14
    assert f["A"].ogw == F(4, 7) and f["E"].ogw == F(9, 14)
    # A and C both 7: A's OMW 16/27 beats C's 13/27. D and E both 3: D's OMW 7/9 beats 13/18.
    assert [x.player for x in ranked(f, "ABCDE")] == ["A", "C", "B", "D", "E"]
    assert f["B"].byes == 1 and f["A"].byes == 0


def test_tiebreakers_game_win_percentage_and_the_33_percent_floor() -> None:
    """One round, best of three: A beats B 2-0, C beats D 2-1."""
    recs = {
        "A": Record([Outcome("B", 3, 2, 0)]),
        "B": Record([Outcome("A", 0, 0, 2)]),
        "C": Record([Outcome("D", 3, 2, 1)]),
        "D": Record([Outcome("C", 0, 1, 2)]),
    }
    f = figures(recs)
    # B and D have 0 match points: MW 0 is floored at 33 % (33/100, not 1/3), so A's OMW and C's
    # OMW are both 33/100; the tie goes to GW: A 6/6 = 1 against C 6/9 = 2/3.
    assert f["A"].omw == f["C"].omw == FLOOR == F(33, 100)
    assert (f["A"].gw, f["C"].gw) == (1, F(2, 3))
    # B and D: OMW both 1 (A's and C's MW, 3/3); B's GW 0 is floored to 33/100, D's is
    # 3/9 = 1/3, above the floor, so D ranks above B.
    assert f["B"].gw == F(33, 100) and f["D"].gw == F(1, 3)
    assert [x.player for x in ranked(f, "ABCD")] == ["A", "C", "D", "B"]


def test_tiebreakers_order_ogw_last_then_the_draw() -> None:
    def fig(p: str, ogw: F) -> Figures:
        return Figures(p, 6, F(1, 2), F(1, 2), ogw, F(2, 3), 2, 0, 1, 4, 0, 3)

    figs = {"X": fig("X", F(2, 5)), "Y": fig("Y", F(3, 5)), "Z": fig("Z", F(2, 5))}
    # Equal points, OMW and GW: OGW decides (Y); X and Z tie on everything: the draw decides.
    assert [f.player for f in ranked(figs, ["Z", "X", "Y"])] == ["Y", "Z", "X"]


# -- the event ----------------------------------------------------------------------------------


def test_swiss_round_count_from_the_player_count() -> None:
    assert [default_rounds(n) for n in (2, 3, 4, 8, 9, 16, 17, 128, 129)] == [
        1, 2, 2, 3, 4, 4, 5, 7, 8,
    ]  # fmt: skip
    assert SwissEvent.create([f"p{i}" for i in range(9)], tables=4, seed=1).swiss_rounds == 4
    assert SwissEvent.create(["a", "b", "c"], tables=1, seed=1, rounds=5).swiss_rounds == 5


def test_swiss_round_one_pairs_the_seeded_draw_and_the_last_drawn_gets_the_bye() -> None:
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    t = SwissEvent.create(names, tables=2, seed=42)
    d = seeded_draw(names, 42)
    assert t.draw == d and sorted(d) == sorted(names)
    assert round_of(t, 0) == [(d[0], d[1]), (d[2], d[3])]
    assert t.byes == {0: d[4]}
    assert [m.table for m in t.round_matches(0)] == [0, 1]
    # The same seed draws the same on every run; another seed draws otherwise.
    assert SwissEvent.create(names, tables=2, seed=42).to_dict() == t.to_dict()
    assert {seeded_draw(names, s) for s in range(6)} != {d}


def test_swiss_pairs_by_match_points_without_rematches() -> None:
    t = SwissEvent.create([f"p{i}" for i in range(8)], tables=4, seed=3)
    winners = []
    for m in t.round_matches(0):
        win(t, m.id, m.a)
        winners.append(m.a)
    t.pair_next(max_weight_pairs)
    r2 = round_of(t, 1)
    # 4 players on 3 points meet each other; 4 on 0 meet each other; the top tables first.
    assert {p for pair in r2[:2] for p in pair} == set(winners)
    met = {frozenset(p) for p in round_of(t, 0)}
    assert not met & {frozenset(p) for p in r2}


def test_swiss_no_rematch_while_one_can_be_avoided_then_one_when_it_cannot() -> None:
    t = SwissEvent.create(["a", "b", "c", "d"], tables=2, seed=7, rounds=4)
    seen: list[frozenset[str]] = []
    for rnd in range(4):
        if rnd:
            t.pair_next(max_weight_pairs)
        for m in t.round_matches(rnd):
            seen.append(frozenset((m.a, m.b)))
            win(t, m.id, min(m.a, m.b))  # a beats everyone, b all but a, ...
    # Rounds 1-3 are a round robin (no rematch can be avoided); round 4 must repeat a pair.
    assert len(set(seen[:6])) == 6
    assert set(seen[6:]) <= set(seen[:6])
    # The repeat is the one the points ask for: a (9 points) meets b (6), c (3) meets d (0).
    assert set(seen[6:]) == {frozenset("ab"), frozenset("cd")}


def test_swiss_pairs_down_the_fewest_players() -> None:
    """R1: A beats B, C beats D, E and F draw. R2: A v C (3 v 3); E v F would be a rematch, so
    E and F (1 point) each pair down to a 0 (B, D): two pair-downs of one point."""
    t = SwissEvent.create(list("ABCDEF"), tables=3, seed=11)
    ms = t.round_matches(0)
    # Name the roles after the draw: match 1 a beats b, match 2 a beats b, match 3 drawn.
    A, B = ms[0].a, ms[0].b
    C, D = ms[1].a, ms[1].b
    E, Fp = ms[2].a, ms[2].b
    win(t, ms[0].id, A)
    win(t, ms[1].id, C)
    draw(t, ms[2].id)
    t.pair_next(max_weight_pairs)
    r2 = {frozenset(p) for p in round_of(t, 1)}
    assert frozenset((A, C)) in r2
    assert frozenset((E, Fp)) not in r2
    assert {frozenset((E, B)), frozenset((Fp, D))} <= r2 or {
        frozenset((E, D)),
        frozenset((Fp, B)),
    } <= r2


def test_swiss_bye_to_the_lowest_ranked_without_one_counted_as_a_2_0_win() -> None:
    """Three players: round 1 x v y, z has the bye; x beats y 2-0. Then x and z have 3 points,
    OMW 33 % (x's only opponent y has MW 0, floored; z has no opponent), GW 1 each, OGW 33 %:
    level, the draw puts x first. y is the lowest-ranked without a bye: y gets round 2's bye."""
    t = SwissEvent.create(["Kim", "Lu", "Mo"], tables=1, seed=5)
    (x, y), z = round_of(t, 0)[0], t.byes[0]
    win(t, "r1m1", x)
    rz = row(t, z)
    assert (rz.points, rz.match_wins, rz.game_wins, rz.gw, rz.omw) == (3, 1, 2, 1, FLOOR)
    assert [r.player for r in t.standings().rows] == [x, z, y]
    t.pair_next(max_weight_pairs)
    assert t.byes[1] == y and round_of(t, 1) == [(x, z)]
    assert row(t, y).points == 0  # a bye counts once its round is over, like the matches
    win(t, "r2m1", x)
    # y: the bye's 3 points, 2-0; not an opponent: y's OMW counts only x (MW 6/6 = 1).
    ry = row(t, y)
    assert (ry.points, ry.omw, ry.gw, ry.byes) == (3, 1, F(6, 12), 1)


def test_swiss_bye_goes_up_the_standings_once_the_lowest_has_had_one() -> None:
    t = SwissEvent.create(["Kim", "Lu", "Mo"], tables=1, seed=5, rounds=3)
    (x, y), z = round_of(t, 0)[0], t.byes[0]
    win(t, "r1m1", x)
    t.pair_next(max_weight_pairs)  # y: bye; x v z
    win(t, "r2m1", z)
    # Now z 6, x 3, y 3 (a bye); z and y had byes: x is the only player without one.
    t.pair_next(max_weight_pairs)
    assert t.byes[2] == x and {*round_of(t, 2)[0]} == {y, z}


def test_swiss_drop_between_rounds_keeps_the_standings_and_leaves_the_pairings() -> None:
    t = SwissEvent.create([f"p{i}" for i in range(6)], tables=3, seed=2)
    for m in t.round_matches(0):
        win(t, m.id, m.a)
    gone = t.round_matches(0)[0].a
    t.drop(gone)
    t.pair_next(max_weight_pairs)
    assert gone not in {p for pair in round_of(t, 1) for p in pair}
    assert len(t.byes) == 1 and t.byes[1] != gone  # 5 left: one bye, not to the dropped
    r = row(t, gone)
    assert (r.points, r.dropped_after) == (3, 1)
    with pytest.raises(TournamentError, match="already dropped"):
        t.drop(gone)


@pytest.mark.parametrize(
    ("pending", "expect"),
    # (a's points, a's game wins, b's game wins, b's points) after a, 1-0 up, drops:
    # "loss": conceded 0-2; "draw": drawn as it stood, 1-0: one point each.
    [("loss", (0, 0, 2, 3)), ("draw", (1, 1, 0, 1)), ("play", None)],
)
def test_swiss_dropped_players_pending_match_as_the_organizer_decides(
    pending: str, expect: tuple[int, int, int, int] | None
) -> None:
    t = SwissEvent.create(["Ann", "Bo"], tables=1, seed=1)
    m = t.round_matches(0)[0]
    t.record(m.id, 0, GameResult(m.a))
    t.drop(m.a, pending=pending)
    if expect is None:
        assert [s.game for s in t.pending()] == [1]  # played out: game 2 still due
        t.record(m.id, 1, GameResult(m.a))
        assert row(t, m.a).points == 3 and t.finished
        return
    assert t.pending() == [] and t.finished
    with pytest.raises(TournamentError, match="not due"):
        t.record(m.id, 1, GameResult(m.b))
    ra, rb = row(t, m.a), row(t, m.b)
    assert (ra.points, ra.game_wins, rb.game_wins, rb.points) == expect


def test_swiss_late_entry_gets_a_0_2_loss_for_each_round_missed() -> None:
    t = SwissEvent.create(["Ann", "Bo", "Cy", "Di"], tables=2, seed=9, rounds=3)
    for m in t.round_matches(0):
        win(t, m.id, m.a)
    t.enter("Eve")
    r = row(t, "Eve")
    # One round missed: MW 0 (floored 33 %), games 0-2: GW 0 (floored 33 %), no opponent.
    figures_now = (r.points, r.match_losses, r.played, r.mw, r.gw, r.omw)
    assert figures_now == (0, 1, 1, FLOOR, FLOOR, FLOOR)
    assert r.entered_round == 2
    t.pair_next(max_weight_pairs)
    paired = {p for pair in round_of(t, 1) for p in pair} | {t.byes[1]}
    assert paired == {"Ann", "Bo", "Cy", "Di", "Eve"}
    # Round 1's losers and Eve have 0 points; the losers' OMW is 1 (their opponents won), Eve's
    # is the floor (no opponent): Eve is the lowest-ranked, with no bye: the bye is hers.
    assert t.byes[1] == "Eve" and row(t, "Eve").points == 0  # counted once round 2 is over
    for m in t.round_matches(1):
        win(t, m.id, m.a)
    r = row(t, "Eve")
    # The bye (3 points, 2-0) and the missed round (0-2): 3 / 6 = 50 %, games 6 / 12 = 50 %.
    assert (r.points, r.match_wins, r.mw, r.gw) == (3, 1, F(1, 2), F(1, 2))
    with pytest.raises(TournamentError, match="already in"):
        t.enter("Ann")


def test_top_cut_seeded_1v8_4v5_2v7_3v6_single_elimination() -> None:
    assert bracket(8) == [(0, 7), (3, 4), (1, 6), (2, 5)]
    assert bracket(4) == [(0, 3), (1, 2)]
    rng = random.Random(4)
    t = SwissEvent.create([f"p{i:02d}" for i in range(12)], tables=6, seed=4, cut=8)
    while t.paired < t.swiss_rounds or not t.round_complete:
        if t.next_round_due:
            t.pair_next(max_weight_pairs)
        for s in t.pending():
            t.record(s.match, s.game, GameResult(rng.choice([s.first, s.second])))
    gone = t.standings().rows[2].player  # the 3rd drops before the cut
    t.drop(gone)
    order = [r.player for r in t.standings().rows if r.player != gone]
    t.pair_next(max_weight_pairs)
    s = order[:8]
    assert t.cut_seeds == tuple(s)
    assert round_of(t, t.swiss_rounds) == [(s[0], s[7]), (s[3], s[4]), (s[1], s[6]), (s[2], s[5])]
    # The lower seed wins every quarter-final: the semi-finals are 5 v 8 and 6 v 7, seeds kept.
    for m in t.round_matches(t.swiss_rounds):
        win(t, m.id, m.b)
    t.pair_next(max_weight_pairs)
    assert round_of(t, t.swiss_rounds + 1) == [(s[4], s[7]), (s[5], s[6])]
    for m in t.round_matches(t.swiss_rounds + 1):
        win(t, m.id, m.a)
    t.pair_next(max_weight_pairs)
    final = t.round_matches(t.swiss_rounds + 2)
    assert [(m.a, m.b) for m in final] == [(s[4], s[5])]
    assert not t.finished
    draw(t, final[0].id)  # a drawn final plays a deciding game
    assert [sl.decider for sl in t.pending()] == [True]
    t.record(final[0].id, 2, GameResult(s[5]))
    assert t.finished and t.champion() == s[5] and t.standings().winner == s[5]
    # The cut does not change the Swiss standings.
    assert [r.player for r in t.standings().rows if r.player != gone] == order


def test_top_4_cut_and_its_checks() -> None:
    with pytest.raises(TournamentError, match="4 or 8"):
        SwissEvent.create(list("abcdefgh"), tables=4, seed=1, cut=6)
    with pytest.raises(TournamentError, match="at least 8 players"):
        SwissEvent.create(list("abcd"), tables=2, seed=1, cut=8)
    t = SwissEvent.create(list("abcdefgh"), tables=4, seed=1, cut=4, rounds=1)
    for m in t.round_matches(0):
        win(t, m.id, m.a)
    t.pair_next(max_weight_pairs)
    s = [r.player for r in t.standings().rows[:4]]
    assert round_of(t, 1) == [(s[0], s[3]), (s[1], s[2])]
    with pytest.raises(TournamentError, match="concedes"):
        t.drop(s[0], pending="draw")


def test_swiss_a_result_twice_counts_once_and_a_contrary_one_is_refused() -> None:
    t = SwissEvent.create(["Ann", "Bo"], tables=1, seed=1)
    m = t.round_matches(0)[0]
    assert t.record(m.id, 0, GameResult(m.a)) is True
    v = t.version
    assert t.record(m.id, 0, GameResult(m.a)) is False
    assert t.version == v and len(t.results) == 1
    with pytest.raises(ResultConflict):
        t.record(m.id, 0, GameResult(m.b))


def test_swiss_round_still_playing_is_not_paired_again() -> None:
    t = SwissEvent.create(["Ann", "Bo", "Cy", "Di"], tables=2, seed=1)
    with pytest.raises(TournamentError, match="still being played"):
        t.pair_next(max_weight_pairs)


def test_swiss_snapshot_resumes_mid_round_with_the_same_pairings() -> None:
    rng = random.Random(8)
    t = SwissEvent.create([f"p{i}" for i in range(10)], tables=5, seed=8, cut=4)
    for m in t.round_matches(0):
        win(t, m.id, m.a)
    t.drop("p3", pending="loss")
    t.enter("late")
    t.pair_next(max_weight_pairs)
    s = t.pending()[0]
    t.record(s.match, s.game, GameResult(rng.choice([s.first, s.second])))
    copy = SwissEvent.from_dict(json.loads(json.dumps(t.to_dict())))
    assert copy.to_dict() == t.to_dict() and copy.pending() == t.pending()
    assert copy.standings() == t.standings() and copy.version == t.version


def test_any_tournament_read_back_is_the_event_it_was_written_as() -> None:
    """One reader above both formats (engine/tournament/reading.py): a Swiss event's data comes
    back a Swiss event; the round robin's own reader refuses it rather than drop its rounds."""
    swiss = SwissEvent.create([f"p{i}" for i in range(6)], tables=3, seed=2, cut=0)
    back = tournament_from_dict(json.loads(json.dumps(swiss.to_dict())))
    assert isinstance(back, SwissEvent) and back.to_dict() == swiss.to_dict()
    plain = Tournament.round_robin(["a", "b", "c", "d"], tables=2)
    assert type(tournament_from_dict(plain.to_dict())) is Tournament
    with pytest.raises(TournamentError, match="not a round-robin"):
        Tournament.from_dict(swiss.to_dict())


def test_percentages_shown_rounded_half_up() -> None:
    from engine.tournament import percent

    assert [percent(F(2, 3)), percent(F(33, 100)), percent(F(1)), percent(F(1, 3))] == [
        "66.67%", "33.00%", "100.00%", "33.33%",
    ]  # fmt: skip
    assert percent(F(16, 27), 1, "") == "59.3" and percent(F(1, 8), 0) == "13%"


def test_organizer_decides_a_match_and_a_cut_match_needs_a_winner() -> None:
    t = SwissEvent.create(list("abcd"), tables=2, seed=1, cut=4, rounds=1)
    m = t.round_matches(0)[0]
    t.record(m.id, 0, GameResult(m.b))
    t.decide(m.id, 2, 1)  # the table broke down at 0-1: the organizer gives it 2-1 to a
    assert t.score(m.id).winner == m.a and row(t, m.a).points == 3
    # a: won 2, lost 1 -> GW 6/9; b: won 1, lost 2 -> 3/9 = 1/3
    assert (row(t, m.a).gw, row(t, m.b).gw) == (F(2, 3), F(1, 3))
    with pytest.raises(TournamentError, match="not being played now"):
        t.decide(m.id, 0, 2)
    win(t, t.round_matches(0)[1].id, t.round_matches(0)[1].a)
    t.pair_next(max_weight_pairs)
    final = t.round_matches(1)[0]
    with pytest.raises(TournamentError, match="needs a winner"):
        t.decide(final.id, 1, 1)
