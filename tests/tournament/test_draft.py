"""The draft at the table (rules/zeal.md: Draft Tournament; 8 Player Variant; Sideboard Variant)."""

from collections import Counter

import pytest

from engine.tournament import Draft, DraftError, check_deck, draft_format
from engine.tournament.draft import LEFT, RIGHT, deal

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def labelled_packs(players: int, packs: int, size: int) -> list[list[list[str]]]:
    """Pack cards named seat-round-index, so a test can tell where a card came from."""
    return [[[f"s{s}r{r}c{i}" for i in range(size)] for r in range(packs)] for s in range(players)]


def pick_first_everywhere(draft: Draft) -> None:
    """Everyone holding a pack picks its first card: one pass around the table."""
    holding = [s for s in range(len(draft.players)) if draft.pack_in_hand(s) is not None]
    for s in holding:
        pack = draft.pack_in_hand(s)
        assert pack is not None and pack.cards
        draft.pick(s, pack.cards[0])


def test_draft_tournament_three_9_card_packs_left_right_left_make_24_card_decks() -> None:
    fmt = draft_format(4)
    assert (fmt.packs, fmt.pack_size, fmt.directions) == (3, 9, (LEFT, RIGHT, LEFT))
    assert fmt.deck_size == 24
    draft = Draft.start(PLAYERS, fmt, labelled_packs(4, 3, 9))
    # Round 1: Ann picks, and her pack goes to her left (Bo, the next seat).
    pick_first_everywhere(draft)
    assert draft.pack_in_hand(1) is not None and draft.pack_in_hand(1).opener == 0
    assert draft.pick_count(0) == 1
    for _ in range(7):
        pick_first_everywhere(draft)
    # Passed two cards, pick one and put the other face down in the centre: round 1 is over.
    assert draft.round == 1 and len(draft.put_aside) == 4
    assert draft.direction() == RIGHT
    pick_first_everywhere(draft)
    assert draft.pack_in_hand(0) is not None and draft.pack_in_hand(0).opener == 1  # from Bo
    for _ in range(100):  # bounded: a draft that never ends fails below
        if draft.over:
            break
        pick_first_everywhere(draft)
    assert [draft.pick_count(s) for s in range(4)] == [24] * 4
    assert len(draft.put_aside) == 12
    every = [c for s in range(4) for c in draft.picks_of(s)] + [str(c) for c in draft.put_aside]
    assert Counter(every) == Counter(c for s in labelled_packs(4, 3, 9) for p in s for c in p)


def test_draft_tournament_a_scan_is_a_pick_and_must_be_in_the_pack_held() -> None:
    draft = Draft.start(PLAYERS, draft_format(4), labelled_packs(4, 3, 9))
    with pytest.raises(DraftError, match="not in the pack Ann holds"):
        draft.pick("Ann", "s1r0c0")
    draft.pick("Ann", "s0r0c4")
    assert draft.picks_of(0) == ("s0r0c4",)
    with pytest.raises(DraftError, match="Ann has no pack yet: waiting for"):
        draft.pick("Ann", "s3r0c0")
    with pytest.raises(DraftError, match="Eve is not in this draft"):
        draft.pick("Eve", "s0r0c0")


def test_draft_tournament_the_next_pack_opens_only_when_every_pack_is_picked() -> None:
    draft = Draft.start(("Ann", "Bo"), draft_format(2), labelled_packs(2, 3, 9))
    # Ann picks her whole share quickly; Bo is slow: packs queue up in front of Bo.
    draft.pick("Ann", "s0r0c0")
    assert draft.holding(1) == 2
    with pytest.raises(DraftError, match="waiting for Bo"):
        draft.pick("Ann", "s0r0c1")
    assert draft.round == 0 and draft.waiting_on() == ("Bo",)


def test_8_player_variant_two_13_card_packs_both_left_so_packs_wheel() -> None:
    names = tuple(f"P{i}" for i in range(8))
    fmt = draft_format(8, eight_player_variant=True)
    assert (fmt.packs, fmt.pack_size, fmt.directions, fmt.deck_size) == (2, 13, (LEFT, LEFT), 24)
    draft = Draft.start(names, fmt, labelled_packs(8, 2, 13))
    for _ in range(8):
        pick_first_everywhere(draft)
    # After eight passes left a pack is back with its opener: the wheel.
    assert draft.pack_in_hand(0) is not None and draft.pack_in_hand(0).opener == 0
    for _ in range(100):  # bounded: a draft that never ends fails below
        if draft.over:
            break
        pick_first_everywhere(draft)
    assert {draft.pick_count(s) for s in range(8)} == {24}
    with pytest.raises(DraftError, match="for 8 players"):
        draft_format(6, eight_player_variant=True)


def test_sideboard_variant_last_card_is_passed_and_three_go_to_the_sideboard() -> None:
    fmt = draft_format(4, sideboard=True)
    assert (fmt.picks, fmt.deck_size) == (27, 24)
    draft = Draft.start(PLAYERS, fmt, labelled_packs(4, 3, 9))
    for _ in range(100):  # bounded: a draft that never ends fails below
        if draft.over:
            break
        pick_first_everywhere(draft)
    assert draft.put_aside == [] and draft.pick_count(2) == 27
    picks = draft.picks_of(2)
    ok = check_deck("Cy", picks, picks[:24], fmt, sideboard=picks[24:])
    assert ok.ok, ok.problems
    # Between games: switch a card in and out; still the same 27 cards.
    swapped = (*picks[1:24], picks[24])
    assert check_deck("Cy", picks, swapped, fmt, sideboard=(picks[0], *picks[25:])).ok
    short = check_deck("Cy", picks, picks[:24], fmt, sideboard=picks[24:26])
    assert "Cy's sideboard has 2 cards; it should have 3" in short.problems


def test_deck_check_24_cards_all_drafted() -> None:
    fmt = draft_format(4)
    picks = tuple(f"c{i}" for i in range(24))
    assert check_deck("Ann", picks, picks, fmt).ok
    bad = check_deck("Ann", picks, (*picks[:23], "stranger"), fmt)
    assert not bad.ok
    assert "Ann did not draft: stranger" in bad.problems
    assert "Ann's drafted cards not in deck or sideboard: c23" in bad.problems
    short = check_deck("Ann", picks, picks[:23], fmt)
    assert "Ann's deck has 23 cards; it should have 24" in short.problems
    extra = check_deck("Ann", picks, picks, fmt, ["c0"]).problems
    assert "Ann has a sideboard, but this draft has no sideboard" in extra


def test_draft_with_packs_the_app_never_saw_counts_cards_and_takes_any_scan() -> None:
    draft = Draft.start(PLAYERS, draft_format(4))
    scans = 0
    for _ in range(100):
        if draft.over:
            break
        for s in range(4):
            if draft.pack_in_hand(s) is not None:
                draft.pick(s, f"scan{scans}")
                scans += 1
    assert scans == 96 and draft.put_aside == [None] * 12
    assert draft.pick_count(3) == 24


def test_deal_shuffles_a_pool_into_packs_and_refuses_a_short_pool() -> None:
    fmt = draft_format(4)
    packs = deal([f"c{i}" for i in range(108)], 4, fmt, seed=3)
    assert [len(p) for s in packs for p in s] == [9] * 12
    assert packs == deal([f"c{i}" for i in range(108)], 4, fmt, seed=3)
    with pytest.raises(DraftError, match="need 108 cards"):
        deal(["c"] * 100, 4, fmt, seed=3)
