"""The draft at this table, in the app (rules/zeal.md, "Draft Tournament"; 8 Player Variant;
Sideboard Variant): a scan is a pick.

``Draft`` (engine/tournament/draft.py) holds the rules: who holds which pack, which way it
passes, the card put aside. This module adds what the table needs around it: which player a
reader picks for (a reader given to a seat picks for that player; the shared reader for the
player shown "at the reader", who moves on to the next player holding a pack after each pick),
refusals in words, the Sideboard Variant's three sideboard cards (scanned after the last pick),
the deck checks at the end, and a file (synced after every pick) from which a restarted app
replays the draft. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion_app.tournament.files import read_json, write_json
from engine.tournament import (
    DeckCheck,
    Draft,
    DraftError,
    DraftFormat,
    Tournament,
    check_deck,
    team_seating,
)
from engine.tournament.draft import LEFT, deal

DRAFT_FILE = "draft.json"


@dataclass(frozen=True)
class Verdict:
    ok: bool
    text: str
    seat: int | None = None  # the player it is about


@dataclass(frozen=True)
class PlayerRow:
    """One line of the draft screen."""

    name: str
    pack: str  # the pack in hand: "7 cards (Bo's pack)", or "waiting"
    queued: int  # packs waiting behind it
    picks: str  # "5 / 24"
    at_reader: bool


def seating(t: Tournament) -> tuple[str, ...]:
    """Who sits where for the draft: the round robin's players in order; in the 6-8 Player Team
    Draft the two teams "sit in alternating order during the draft"."""
    if not t.teams:
        return t.players
    first = t.teams[t.players[0]]
    team_a = [p for p in t.players if t.teams[p] == first]
    team_b = [p for p in t.players if t.teams[p] != first]
    return team_seating(team_a, team_b)


class DraftAtTable:
    def __init__(self, path: Path, record: dict[str, Any]) -> None:
        self.path = path
        self.record = record
        fmt = record["format"]
        self.format = DraftFormat(
            pack_size=int(fmt["pack_size"]),
            directions=tuple(int(d) for d in fmt["directions"]),
            sideboard=bool(fmt["sideboard"]),
        )
        self.draft = Draft.start(record["players"], self.format, record.get("packs"))
        self.sideboards: list[list[str]] = [[] for _ in self.draft.players]
        self.at_reader = 0
        for seat, card in record["picks"]:  # a restart replays every pick made
            self.draft.pick(int(seat), str(card))
        for seat, cards in enumerate(record.get("sideboards", [])):
            self.sideboards[seat] = list(cards)
        self._move_reader(int(record.get("at_reader", 0)))

    # -- starting and coming back --------------------------------------------------------------

    @classmethod
    def start(
        cls,
        folder: Path,
        players: Sequence[str],
        fmt: DraftFormat,
        pool: Sequence[str] | None = None,
        seed: int = 0,
    ) -> DraftAtTable:
        """A new draft. ``pool``: deal known packs from these card ids (a simulated table, or
        a store that deals from a list); without it the packs are real and only counted."""
        packs = deal(pool, len(players), fmt, seed) if pool else None
        record: dict[str, Any] = {
            "players": list(players),
            "format": {
                "pack_size": fmt.pack_size,
                "directions": list(fmt.directions),
                "sideboard": fmt.sideboard,
            },
            "packs": packs,
            "picks": [],
            "sideboards": [[] for _ in players],
        }
        folder.mkdir(parents=True, exist_ok=True)
        made = cls(folder / DRAFT_FILE, record)
        made._save()
        return made

    @classmethod
    def load(cls, folder: Path) -> DraftAtTable | None:
        record = read_json(folder / DRAFT_FILE, None)
        return cls(folder / DRAFT_FILE, record) if record else None

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)

    def _save(self) -> None:
        self.record["sideboards"] = [list(s) for s in self.sideboards]
        self.record["at_reader"] = self.at_reader
        write_json(self.path, self.record)

    # -- reading the table ---------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.draft.players

    @property
    def choosing_sideboards(self) -> bool:
        return self.draft.over and self.format.sideboard and not self.sideboards_done

    @property
    def sideboards_done(self) -> bool:
        want = self.format.sideboard_size
        return all(len(s) == want for s in self.sideboards)

    @property
    def finished(self) -> bool:
        return self.draft.over and (not self.format.sideboard or self.sideboards_done)

    def headline(self) -> str:
        d, fmt = self.draft, self.format
        if self.finished:
            return "The draft is over: decks checked below"
        if self.choosing_sideboards:
            return f"Sideboards: each player scans {fmt.sideboard_size} of their picks"
        way = "left" if d.direction() == LEFT else "right"
        return f"Pack {d.round + 1} of {fmt.packs}, passing {way}"

    def whose_pick(self) -> str:
        """The sentence on top of the screen: whose pick it is, and from which pack."""
        seat = self.at_reader
        name = self.players[seat]
        if self.finished:
            aside = len(self.draft.put_aside)
            return f"{aside} cards went to the centre face down" if aside else ""
        if self.choosing_sideboards:
            have = len(self.sideboards[seat])
            return f"{name}: scan a sideboard card ({have} of {self.format.sideboard_size})"
        pack = self.draft.pack_in_hand(seat)
        if pack is None:
            return f"Waiting for {', '.join(self.draft.waiting_on())} to pass"
        return (
            f"{name}'s pick from {self._pack_name(pack.opener, seat)} "
            f"({pack.count} cards): pick {self.draft.pick_count(seat) + 1} "
            f"of {self.format.picks}"
        )

    def _pack_name(self, opener: int, seat: int) -> str:
        return "their own pack" if opener == seat else f"the pack {self.players[opener]} opened"

    def rows(self) -> list[PlayerRow]:
        out = []
        for seat, name in enumerate(self.players):
            pack = self.draft.pack_in_hand(seat)
            if self.draft.over:
                side = self.sideboards[seat]
                held = (
                    f"sideboard {len(side)} / {self.format.sideboard_size}"
                    if (self.format.sideboard)
                    else "done"
                )
            elif pack is None:
                held = "waiting"
            else:
                held = f"{pack.count} cards ({self.players[pack.opener]}'s pack)"
            out.append(
                PlayerRow(
                    name=name,
                    pack=held,
                    queued=max(0, self.draft.holding(seat) - 1),
                    picks=f"{self.draft.pick_count(seat)} / {self.format.picks}",
                    at_reader=seat == self.at_reader and not self.finished,
                )
            )
        return out

    def take_reader(self, seat: int) -> None:
        """A player tapped their name: the shared reader picks for them now."""
        if 0 <= seat < len(self.players):
            self.at_reader = seat
            self._save()

    # -- a scan ---------------------------------------------------------------------------------

    def scan(
        self, reader_seat: int | None, card_id: str | None, name_of: Callable[[str], str]
    ) -> Verdict:
        """A card scanned on a reader given to ``reader_seat`` (None: the shared reader, for the
        player at the reader). ``card_id`` None: a tag that is no card."""
        if card_id is None:
            return Verdict(False, "This tag is not a card we know: enrol it first (Catalog).")
        seat = self.at_reader if reader_seat is None else reader_seat
        name = self.players[seat]
        if self.finished:
            return Verdict(False, "The draft is over: every deck is checked.", seat)
        if self.choosing_sideboards:
            return self._sideboard(seat, card_id, name_of)
        pack = self.draft.pack_in_hand(seat)
        if pack is not None and pack.cards is not None and card_id not in pack.cards:
            holder = self._holder_of(card_id)
            if holder is not None and holder != seat:
                other = self.players[holder]
                how = (
                    f"{other} scans it on their own reader"
                    if reader_seat is not None
                    else f"tap {other}'s name, then scan it"
                )
                return Verdict(
                    False,
                    f"{name_of(card_id)} is in {other}'s pack, not {name}'s: {how}.",
                    seat,
                )
            return Verdict(False, f"{name_of(card_id)} is not in the pack {name} holds.", seat)
        try:
            self.draft.pick(seat, card_id)
        except DraftError as e:
            return Verdict(False, str(e), seat)
        self.record["picks"].append([seat, card_id])
        if reader_seat is None:
            self._move_reader(seat + 1)
        self._save()  # on disk before the screen says it is picked
        count = self.draft.pick_count(seat)
        text = f"{name} picks {name_of(card_id)} ({count} of {self.format.picks})"
        return Verdict(True, text, seat)

    def _holder_of(self, card_id: str) -> int | None:
        for seat in range(len(self.players)):
            pack = self.draft.pack_in_hand(seat)
            if pack is not None and pack.cards is not None and card_id in pack.cards:
                return seat
        return None

    def _move_reader(self, start: int) -> None:
        """The shared reader goes to the next player, clockwise, who has something to scan."""
        n = len(self.players)
        if self.finished:
            return
        for step in range(n):
            seat = (start + step) % n
            if self.draft.over:
                if len(self.sideboards[seat]) < self.format.sideboard_size:
                    self.at_reader = seat
                    return
            elif self.draft.pack_in_hand(seat) is not None:
                self.at_reader = seat
                return

    def _sideboard(self, seat: int, card_id: str, name_of: Callable[[str], str]) -> Verdict:
        name, side = self.players[seat], self.sideboards[seat]
        want = self.format.sideboard_size
        if len(side) >= want:
            return Verdict(False, f"{name}'s sideboard has its {want} cards already.", seat)
        if self.draft.picks_of(seat).count(card_id) <= side.count(card_id):
            return Verdict(False, f"{name} did not draft {name_of(card_id)}.", seat)
        side.append(card_id)
        if len(side) == want:
            self._move_reader(seat + 1)
        self._save()
        return Verdict(
            True, f"{name}'s sideboard: {name_of(card_id)} ({len(side)} of {want})", seat
        )

    # -- the end ---------------------------------------------------------------------------------

    def deck_of(self, seat: int) -> tuple[str, ...]:
        deck = list(self.draft.picks_of(seat))
        for card in self.sideboards[seat]:
            deck.remove(card)
        return tuple(deck)

    def checks(self) -> list[tuple[str, DeckCheck]]:
        """Each player's deck checked against their picks at the format's counts."""
        return [
            (
                name,
                check_deck(
                    name,
                    self.draft.picks_of(seat),
                    self.deck_of(seat),
                    self.format,
                    self.sideboards[seat] if self.format.sideboard else (),
                ),
            )
            for seat, name in enumerate(self.players)
        ]

    def decks(self) -> dict[str, tuple[str, ...]]:
        """The checked decks by player, once the draft is over (the table's games use them)."""
        if not self.finished:
            return {}
        return {name: self.deck_of(seat) for seat, name in enumerate(self.players)}
