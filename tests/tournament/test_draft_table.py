"""The draft at the table as the app runs it (rules/zeal.md, "Draft Tournament"; Sideboard
Variant): whose pick a scan is, refusals in words, the sideboard scanned after the last pick,
the deck checks, and a restart that replays every pick from the draft's file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion_app.tournament_play.draft_table import DraftAtTable, seating
from engine.tournament import Tournament, draft_format

PLAYERS = ("Ann", "Bo", "Cy", "Di")
POOL = [f"c{i:03d}" for i in range(4 * 27)]


def name(card: str) -> str:
    return card.upper()


def dealt(tmp_path: Path, sideboard: bool = False) -> DraftAtTable:
    return DraftAtTable.start(tmp_path, PLAYERS, draft_format(4, sideboard=sideboard), POOL, 1)


def pick_all(d: DraftAtTable, seed: int = 2) -> int:
    rnd, scans = random.Random(seed), 0
    while not d.draft.over:
        pack = d.draft.pack_in_hand(d.at_reader)
        assert pack is not None and pack.cards is not None
        assert d.scan(None, rnd.choice(pack.cards), name).ok
        scans += 1
    return scans


def test_draft_tournament_the_shared_reader_goes_round_the_players_holding_a_pack(
    tmp_path: Path,
) -> None:
    d = dealt(tmp_path)
    assert d.headline() == "Pack 1 of 3, passing left"
    assert d.whose_pick() == "Ann's pick from their own pack (9 cards): pick 1 of 24"
    assert d.scan(None, d.draft.pack_in_hand(0).cards[0], name).ok
    assert d.at_reader == 1
    # Bo now holds two packs: his own, and Ann's passed left to him.
    assert d.rows()[1].queued == 1 and d.rows()[1].at_reader


def test_a_card_not_in_the_pack_and_a_card_of_anothers_pack_are_refused_in_words(
    tmp_path: Path,
) -> None:
    d = dealt(tmp_path)
    bo_card = d.draft.pack_in_hand(1).cards[0]
    refused = d.scan(None, bo_card, name)
    assert not refused.ok
    assert (
        refused.text == f"{name(bo_card)} is in Bo's pack, not Ann's: tap Bo's name, then scan it."
    )
    on_cys_reader = d.scan(2, bo_card, name)
    assert on_cys_reader.text.endswith("not Cy's: Bo scans it on their own reader.")
    assert not d.scan(None, "zzz", name).ok  # in no pack at all
    assert "is not in the pack Ann holds" in d.scan(None, "zzz", name).text
    assert not d.scan(None, None, name).ok  # a tag that is no card
    assert sum(d.draft.pick_count(s) for s in range(4)) == 0


def test_a_player_with_no_pack_is_told_whom_the_table_waits_for(tmp_path: Path) -> None:
    d = DraftAtTable.start(tmp_path, PLAYERS, draft_format(4))  # real packs, only counted
    assert d.scan(3, "anything", name).ok  # a counted pack takes the card scanned
    verdict = d.scan(3, "another", name)
    assert not verdict.ok and verdict.text == "Di has no pack yet: waiting for Ann, Bo, Cy to pass"


def test_draft_tournament_every_deck_is_24_cards_and_checked(tmp_path: Path) -> None:
    d = dealt(tmp_path)
    assert pick_all(d) == 4 * 24
    assert d.finished and len(d.draft.put_aside) == 12
    assert all(check.ok for _name, check in d.checks())
    assert {p: len(deck) for p, deck in d.decks().items()} == dict.fromkeys(PLAYERS, 24)
    assert not d.scan(None, POOL[0], name).ok  # the draft is over


def test_sideboard_variant_three_of_each_players_picks_are_scanned_to_the_sideboard(
    tmp_path: Path,
) -> None:
    d = dealt(tmp_path, sideboard=True)
    assert pick_all(d) == 4 * 27  # the last card is passed on and picked
    assert d.choosing_sideboards and not d.finished
    assert d.headline() == "Sideboards: each player scans 3 of their picks"
    ann = d.draft.picks_of(0)
    not_ann = next(c for c in d.draft.picks_of(1) if c not in ann)
    assert d.scan(None, not_ann, name).text == f"Ann did not draft {name(not_ann)}."
    for seat in range(4):
        for card in d.draft.picks_of(seat)[:3]:
            assert d.at_reader == seat
            assert d.scan(None, card, name).ok
    assert d.finished
    checks = d.checks()
    assert all(check.ok for _n, check in checks), checks
    assert {p: len(deck) for p, deck in d.decks().items()} == dict.fromkeys(PLAYERS, 24)


def test_a_restarted_app_replays_the_draft_from_its_file(tmp_path: Path) -> None:
    d = dealt(tmp_path)
    rnd = random.Random(5)
    for _ in range(10):
        d.scan(None, rnd.choice(d.draft.pack_in_hand(d.at_reader).cards), name)
    back = DraftAtTable.load(tmp_path)
    assert back is not None
    assert [back.draft.picks_of(s) for s in range(4)] == [d.draft.picks_of(s) for s in range(4)]
    assert back.rows() == d.rows()


@pytest.mark.parametrize("players", [2, 8])
def test_the_screen_rows_say_each_players_pack_and_picks(tmp_path: Path, players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    d = DraftAtTable.start(tmp_path, names, draft_format(players), [f"c{i}" for i in range(300)])
    rows = d.rows()
    assert [r.pack for r in rows] == [f"9 cards ({n}'s pack)" for n in names]
    assert rows[0].picks == "0 / 24" and rows[0].at_reader


def test_team_draft_the_teams_sit_in_alternating_order_for_the_draft() -> None:
    t = Tournament.team_draft(("Red", ["A", "B", "C"]), ("Blue", ["D", "E", "F"]), tables=3)
    assert seating(t) == ("A", "D", "B", "E", "C", "F")
    assert seating(Tournament.round_robin(PLAYERS, tables=2)) == PLAYERS
