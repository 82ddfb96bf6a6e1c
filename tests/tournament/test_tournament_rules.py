"""Pairings, matches, standings and tie-breaks (rules/zeal.md: 4 Player Round Robin; 6-8 Player
Team Draft; Best of Three Variant)."""

import random
from itertools import combinations

import pytest

from engine.tournament import (
    GameResult,
    ResultConflict,
    Tournament,
    TournamentError,
    round_robin,
    score_match,
    team_pairings,
    team_seating,
)

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def test_4_player_round_robin_three_rounds_everyone_meets_everyone_once() -> None:
    pairings = round_robin(PLAYERS)
    assert {p.round for p in pairings} == {0, 1, 2}
    assert sorted(tuple(sorted((p.a, p.b))) for p in pairings) == sorted(
        tuple(sorted(c)) for c in combinations(PLAYERS, 2)
    )
    for r in range(3):
        seated = [x for p in pairings if p.round == r for x in (p.a, p.b)]
        assert sorted(seated) == sorted(PLAYERS)


def test_4_player_round_robin_each_player_first_player_once_per_match() -> None:
    t = Tournament.round_robin(PLAYERS, tables=2)
    m = t.matches[0]
    first_game = t.pending()[0]
    assert (first_game.first, first_game.second) == (m.a, m.b)
    t.record(m.id, 0, GameResult(m.a))
    second = next(s for s in t.pending() if s.match == m.id)
    assert (second.game, second.first, second.second) == (1, m.b, m.a)


def test_4_player_round_robin_2_0_wins_the_match_1_1_is_a_draw() -> None:
    assert score_match("A", "B", 2, [GameResult("A"), GameResult("A")]).winner == "A"
    draw = score_match("A", "B", 2, [GameResult("A"), GameResult("B")])
    assert draw.finished and draw.drawn
    half = score_match("A", "B", 2, [GameResult("B")])
    assert not half.finished and half.winner is None
    # A game the engine ends with no winner counts for nobody: 1 win and a drawn game wins.
    assert score_match("A", "B", 2, [GameResult("A"), GameResult(None)]).winner == "A"


def test_best_of_three_variant_first_to_two_wins() -> None:
    two_nil = score_match("A", "B", 3, [GameResult("B"), GameResult("B")])
    assert two_nil.finished and two_nil.winner == "B"
    level = score_match("A", "B", 3, [GameResult("A"), GameResult("B")])
    assert not level.finished
    third = score_match("A", "B", 3, [GameResult("A"), GameResult("B"), GameResult("A")])
    assert third.winner == "A"
    t = Tournament.round_robin(PLAYERS, tables=2, best_of=3)
    m = t.matches[0]
    t.record(m.id, 0, GameResult(m.a))
    t.record(m.id, 1, GameResult(m.a))
    assert all(s.match != m.id for s in t.pending())  # 2-0: no third game


def test_6_8_player_team_draft_alternating_seats_and_every_cross_team_match() -> None:
    red, blue = ("R1", "R2", "R3", "R4"), ("B1", "B2", "B3", "B4")
    assert team_seating(red, blue) == ("R1", "B1", "R2", "B2", "R3", "B3", "R4", "B4")
    pairings = team_pairings(red, blue)
    assert len(pairings) == 16
    assert {frozenset((p.a, p.b)) for p in pairings} == {
        frozenset((r, b)) for r in red for b in blue
    }
    for r in range(4):
        seated = [x for p in pairings if p.round == r for x in (p.a, p.b)]
        assert sorted(seated) == sorted(red + blue)
    with pytest.raises(ValueError, match="two teams of three or of four"):
        team_pairings(("a", "b"), ("c", "d"))


def test_6_8_player_team_draft_team_with_most_match_wins_wins() -> None:
    t = Tournament.team_draft(("Red", ("R1", "R2", "R3")), ("Blue", ("B1", "B2", "B3")), tables=3)
    for _ in range(100):
        if not t.pending():
            break
        slot = t.pending()[0]
        red = slot.first if slot.first.startswith("R") else slot.second
        t.record(slot.match, slot.game, GameResult(red))
    st = t.standings()
    assert st.teams == (("Red", 9), ("Blue", 0)) and st.winner == "Red"


def play(t: Tournament, winners: dict[str, tuple[str | None, ...]]) -> None:
    """Plays every match: ``winners[match id]`` are its games' winners ("a", "b" or None)."""
    for _ in range(100):
        pending = t.pending()
        if not pending:
            return
        for slot in pending:
            m = t.match(slot.match)
            code = winners[m.id][slot.game]
            t.record(slot.match, slot.game, GameResult({"a": m.a, "b": m.b, None: None}[code]))
    raise AssertionError("the tournament did not end")


def test_4_player_round_robin_tie_finished_by_playing_drawn_matches() -> None:
    t = Tournament.round_robin(PLAYERS, tables=4)
    ids = {frozenset((m.a, m.b)): m for m in t.matches}
    ann_bo, cy_di = ids[frozenset(("Ann", "Bo"))], ids[frozenset(("Cy", "Di"))]
    winners: dict[str, tuple[str | None, ...]] = {m.id: ("a", "a") for m in t.matches}
    # Ann and Bo win everything else (two match wins each) and draw their own match.
    for m in t.matches:
        if m is ann_bo:
            winners[m.id] = ("a", "b", "b")  # 1-1, then a deciding game
        elif m is cy_di:
            winners[m.id] = ("a", "b")
        elif "Ann" in (m.a, m.b) or "Bo" in (m.a, m.b):
            winners[m.id] = ("a", "a") if m.a in ("Ann", "Bo") else ("b", "b")
    play(t, winners)
    assert [r.match_wins for r in t.standings().rows] == [3, 2, 0, 0]
    assert t.score(ann_bo.id).decided_by_tiebreak
    assert t.standings().winner == ann_bo.b
    assert t.finished


def test_a_tie_left_with_no_drawn_match_to_finish_is_shared() -> None:
    t = Tournament.round_robin(("Ann", "Bo"), tables=1)
    m = t.matches[0]
    play(t, {m.id: ("a", "b", None, None, None)})  # the deciders are drawn games too
    st = t.standings()
    assert t.finished and st.winner is None and set(st.leaders) == {"Ann", "Bo"}


def test_a_result_recorded_twice_counts_once_and_a_contrary_one_is_refused() -> None:
    t = Tournament.round_robin(PLAYERS, tables=2)
    m = t.matches[0]
    assert t.record(m.id, 0, GameResult(m.a, "bases")) is True
    assert t.record(m.id, 0, GameResult(m.a, "bases")) is False
    assert len(t.results) == 1
    with pytest.raises(ResultConflict, match=f"already recorded as won by {m.a}"):
        t.record(m.id, 0, GameResult(m.b))
    with pytest.raises(TournamentError, match="not due"):
        t.record(t.matches[-1].id, 0, GameResult(t.matches[-1].a))
    with pytest.raises(TournamentError, match="does not play in match"):
        t.record(m.id, 1, GameResult("Nobody"))


def test_tournament_to_plain_data_and_back_keeps_results_and_standings() -> None:
    t = Tournament.round_robin(PLAYERS, tables=4)
    play(t, {m.id: ("a", "b", "a") for m in t.matches})
    back = Tournament.from_dict(t.to_dict())
    assert back.results == t.results and back.standings() == t.standings()


def test_matches_are_spread_over_every_table() -> None:
    t = Tournament.round_robin(PLAYERS, tables=4)
    assert sorted({m.table for m in t.matches}) == [0, 1, 2, 3]
    for r in range(3):
        tables = [m.table for m in t.matches if m.round == r]
        assert len(set(tables)) == len(tables)


def test_6_8_player_team_draft_tied_teams_finish_drawn_matches() -> None:
    t = Tournament.team_draft(("Red", ("R1", "R2", "R3")), ("Blue", ("B1", "B2", "B3")), tables=3)
    for _ in range(100):
        pending = t.pending()
        if not pending:
            break
        slot = pending[0]
        m = t.match(slot.match)
        red, blue = (m.a, m.b) if m.a.startswith("R") else (m.b, m.a)
        if slot.decider:
            winner: str | None = blue
        elif m.id in ("r1m1", "r2m1"):
            winner = red  # two matches to Red
        elif m.id in ("r1m2", "r2m2"):
            winner = blue  # two to Blue
        else:
            winner = (red, blue)[slot.game % 2]  # the rest drawn 1-1
        t.record(slot.match, slot.game, GameResult(winner))
    st = t.standings()
    assert st.teams == (("Blue", 3), ("Red", 2)) and st.winner == "Blue"
    decided = [m.id for m in t.matches if t.score(m.id).decided_by_tiebreak]
    assert len(decided) == 1  # one decider settled it; the other drawn matches stay drawn


def test_results_resent_in_any_order_give_the_same_standings() -> None:
    reference = Tournament.round_robin(PLAYERS, tables=4)
    play(reference, {m.id: ("a", "b", "b") if m.round else ("a", "a") for m in reference.matches})
    log = [(k, r) for k, r in reference.results.items()]
    for seed in range(20):
        rnd = random.Random(seed)
        t = Tournament.round_robin(PLAYERS, tables=4)
        # Each result arrives one to three times, shuffled; ones not yet due are refused and
        # sent again later, as a table's outbox does.
        inbox = [x for x in log for _ in range(rnd.randint(1, 3))]
        for _ in range(50):
            if not inbox:
                break
            rnd.shuffle(inbox)
            later = []
            for (mid, g), r in inbox:
                try:
                    t.record(mid, g, r)
                except TournamentError:
                    later.append(((mid, g), r))
            inbox = later
        assert t.results == reference.results
        assert t.standings() == reference.standings()
