"""Deck check after the draft (Draft Tournament: "a deck of 24 cards"; Sideboard Variant).

A drafted deck is exactly the player's picks: 24 cards with the standard packs. In the
Sideboard Variant every card is picked (27, or 26 with the 8 Player Variant) and three of them
go to the sideboard before the first game; between games a player may switch cards in and out,
which is the same check on the new split.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.tournament.draft import DraftFormat


@dataclass(frozen=True)
class DeckCheck:
    ok: bool
    problems: tuple[str, ...]


def check_deck(
    player: str,
    picks: Sequence[str],
    deck: Sequence[str],
    fmt: DraftFormat,
    sideboard: Sequence[str] = (),
) -> DeckCheck:
    """Is this deck (and sideboard) what ``player`` drafted, at the format's counts?"""
    problems: list[str] = []
    want_side = fmt.sideboard_size if fmt.sideboard else 0
    if len(deck) != fmt.deck_size:
        problems.append(f"{player}'s deck has {len(deck)} cards; it should have {fmt.deck_size}")
    if len(sideboard) != want_side:
        if want_side:
            problems.append(
                f"{player}'s sideboard has {len(sideboard)} cards; it should have {want_side}"
            )
        else:
            problems.append(f"{player} has a sideboard, but this draft has no sideboard")
    have = Counter(deck) + Counter(sideboard)
    drafted = Counter(picks)
    extra = have - drafted
    missing = drafted - have
    if extra:
        problems.append(f"{player} did not draft: {_list(extra)}")
    if missing:
        problems.append(f"{player}'s drafted cards not in deck or sideboard: {_list(missing)}")
    return DeckCheck(ok=not problems, problems=tuple(problems))


def _list(cards: Counter[str]) -> str:
    return ", ".join(f"{c} x{n}" if n > 1 else c for c, n in sorted(cards.items()))
