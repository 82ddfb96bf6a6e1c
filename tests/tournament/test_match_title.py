"""A tournament game's short title, saved in its metadata for the start screen: the match by
round, table and players, and which game of it."""

from dataclasses import replace

from companion_app.saves.game_record import title_of
from companion_app.tournament.view import match_title
from engine.tournament import GameResult, GameSlot, Tournament


def test_4_player_round_robin_best_of_two_names_round_table_players_and_game() -> None:
    t = Tournament.round_robin(("Alena", "Anton", "Bea", "Cal"), tables=2)
    # Round 2's matches, every game of each: the match's players in the pairing's order, even
    # when the other one is first player (the second game).
    second = [s for s in _all_games(t) if s.round == 1]
    m = t.match(second[0].match)
    assert {match_title(t, s) for s in second if s.match == m.id} == {
        f"Round 2, table {m.table + 1}: {m.a} v {m.b}, game 1 of 2",
        f"Round 2, table {m.table + 1}: {m.a} v {m.b}, game 2 of 2",
    }


def test_best_of_three_variant_and_a_deciding_game() -> None:
    t = Tournament.round_robin(("Ann", "Bo", "Cy", "Di"), tables=1, best_of=3)
    slot = t.pending()[0]
    m = t.match(slot.match)
    assert match_title(t, slot) == f"Round 1, table 1: {m.a} v {m.b}, game 1 of 3"
    decider = replace(slot, game=3, decider=True)
    assert match_title(t, decider) == f"Round 1, table 1: {m.a} v {m.b}, deciding game"


def test_the_start_screen_takes_only_a_usable_title() -> None:
    assert title_of({"title": " Round 1, table 2: A v B, game 1 of 2 "}) == (
        "Round 1, table 2: A v B, game 1 of 2"
    )
    assert title_of({}) is None and title_of({"title": ""}) is None
    assert title_of({"title": 3}) is None


def _all_games(t: Tournament) -> list[GameSlot]:
    """Every game of the tournament as it comes due, each recorded as it is played."""
    games: list[GameSlot] = []
    while t.pending():
        for slot in t.pending():
            games.append(slot)
            winner = slot.first if slot.game == 0 else slot.second
            t.record(slot.match, slot.game, GameResult(winner, "the last base standing"))
    return games
