"""The draft at the table (Draft Tournament; 8 Player Variant; Sideboard Variant).

Each player opens a pack, picks a card and passes the rest; the pack passed from the other side
is picked from next. With the standard rules, a player passed two cards picks one and puts the
other face down in the centre; in the Sideboard Variant that last card is passed on and is the
receiver's last pick. The packs of one round must all be empty before anyone opens the next.

The app does not see the packs: a player's scan of a card is their pick (``pick(seat, card)``).
So a pack is tracked by how many cards it holds, and by its card ids only when they are known
(a simulated draft, or a pack scanned when it was opened). Seats are numbered clockwise, so a
player's left neighbour is the next seat.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

LEFT = 1  # pass to the next seat clockwise (Draft Tournament: "passes the rest ... to their left")
RIGHT = -1


class DraftError(ValueError):
    """A pick or a deal the draft does not allow now; the message is in the players' words."""


@dataclass(frozen=True)
class DraftFormat:
    """How packs are dealt and passed: pack count and size, the direction of each pack's round,
    and whether the last card is passed on (Sideboard Variant) or put aside."""

    pack_size: int
    directions: tuple[int, ...]  # one per pack, LEFT or RIGHT
    sideboard: bool = False  # Sideboard Variant: pass the last card, keep 3 cards aside
    sideboard_size: int = 3

    @property
    def packs(self) -> int:
        return len(self.directions)

    @property
    def picks_per_pack(self) -> int:
        # Standard: the last card of each pack goes to the centre, so one card fewer is picked.
        return self.pack_size if self.sideboard else self.pack_size - 1

    @property
    def picks(self) -> int:
        return self.packs * self.picks_per_pack

    @property
    def deck_size(self) -> int:
        """Cards in the deck at the first game: every pick, less the sideboard."""
        return self.picks - (self.sideboard_size if self.sideboard else 0)


def draft_format(
    players: int, *, sideboard: bool = False, eight_player_variant: bool = False
) -> DraftFormat:
    """Draft Tournament: three 9-card packs passed left, right, left (a 24-card deck).
    8 Player Variant: two 13-card packs, both passed left, so the packs wheel."""
    if not 2 <= players <= 8:
        raise DraftError(f"a draft is for 2 to 8 players, not {players}")
    if eight_player_variant:
        if players != 8:
            raise DraftError("the 8 player variant (two 13-card packs) is for 8 players")
        return DraftFormat(pack_size=13, directions=(LEFT, LEFT), sideboard=sideboard)
    return DraftFormat(pack_size=9, directions=(LEFT, RIGHT, LEFT), sideboard=sideboard)


@dataclass
class Pack:
    """One pack in play: its number (which round), who opened it, how many cards it holds, and
    its card ids when known."""

    round: int
    opener: int
    count: int
    cards: list[str] | None = None

    def take(self, card_id: str, who: str) -> None:
        if self.cards is not None:
            if card_id not in self.cards:
                raise DraftError(f"{card_id} is not in the pack {who} holds")
            self.cards.remove(card_id)
        self.count -= 1


@dataclass
class Draft:
    """Who holds which pack, which way packs pass, each player's picks, the cards put aside."""

    players: tuple[str, ...]
    format: DraftFormat
    round: int = 0  # the pack being drafted: 0 .. packs-1; == packs when the draft is over
    queues: list[deque[Pack]] = field(default_factory=list)
    picked: list[list[str]] = field(default_factory=list)
    put_aside: list[str | None] = field(default_factory=list)  # None: a card the app never saw
    unopened: list[list[list[str] | None]] = field(default_factory=list)

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        fmt: DraftFormat,
        packs: Sequence[Sequence[Sequence[str]]] | None = None,
    ) -> Draft:
        """A draft with every player's first pack open. ``packs[seat][round]`` are the dealt
        card ids, when the app knows them; without them packs are counted, not listed."""
        names = tuple(players)
        if len(set(names)) != len(names) or not all(names):
            raise DraftError("every player needs a name, and names must differ")
        if packs is not None:
            if len(packs) != len(names) or any(len(p) != fmt.packs for p in packs):
                raise DraftError(f"deal {fmt.packs} packs to each of the {len(names)} players")
            for seat, mine in enumerate(packs):
                for pack in mine:
                    if len(pack) != fmt.pack_size:
                        raise DraftError(
                            f"{names[seat]}'s pack has {len(pack)} cards, not {fmt.pack_size}"
                        )
        unopened: list[list[list[str] | None]] = [
            [list(packs[s][r]) if packs is not None else None for r in range(fmt.packs)]
            for s in range(len(names))
        ]
        draft = cls(
            players=names,
            format=fmt,
            queues=[deque() for _ in names],
            picked=[[] for _ in names],
            unopened=unopened,
        )
        draft._open_round()
        return draft

    # -- reading the table -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.round >= self.format.packs

    def direction(self) -> int:
        """Which way packs pass this round: LEFT (+1) or RIGHT (-1)."""
        return self.format.directions[min(self.round, self.format.packs - 1)]

    def holding(self, seat: int) -> int:
        """How many packs wait in front of a player (more than one when a neighbour is quick)."""
        return len(self.queues[seat])

    def pack_in_hand(self, seat: int) -> Pack | None:
        return self.queues[seat][0] if self.queues[seat] else None

    def pick_count(self, seat: int) -> int:
        return len(self.picked[seat])

    def picks_of(self, seat: int) -> tuple[str, ...]:
        return tuple(self.picked[seat])

    def waiting_on(self) -> tuple[str, ...]:
        """The players holding a pack now: the ones the table is waiting for."""
        return tuple(self.players[s] for s, q in enumerate(self.queues) if q)

    def seat_of(self, player: str | int) -> int:
        if isinstance(player, int):
            if not 0 <= player < len(self.players):
                raise DraftError(f"there is no seat {player}")
            return player
        try:
            return self.players.index(player)
        except ValueError:
            raise DraftError(f"{player} is not in this draft") from None

    # -- the one action: a pick --------------------------------------------------------------

    def pick(self, player: str | int, card_id: str) -> None:
        """A player scanned a card from the pack in front of them: it joins their picks, and
        the rest of the pack passes on (or its last card goes to the centre)."""
        seat = self.seat_of(player)
        name = self.players[seat]
        if self.over:
            raise DraftError("the draft is over: every pack has been picked")
        if not self.queues[seat]:
            waiting = ", ".join(self.waiting_on())
            raise DraftError(f"{name} has no pack yet: waiting for {waiting} to pass")
        pack = self.queues[seat][0]
        pack.take(card_id, name)
        self.queues[seat].popleft()
        self.picked[seat].append(card_id)
        if pack.count == 1 and not self.format.sideboard:
            # Passed two cards: pick one and put the other face down in the centre.
            self.put_aside.append(pack.cards[0] if pack.cards is not None else None)
            pack.count = 0
        if pack.count > 0:
            receiver = (seat + self.direction()) % len(self.players)
            self.queues[receiver].append(pack)
        if all(not q for q in self.queues):
            self.round += 1
            if not self.over:
                self._open_round()

    def _open_round(self) -> None:
        for seat in range(len(self.players)):
            cards = self.unopened[seat][self.round]
            self.queues[seat].append(
                Pack(round=self.round, opener=seat, count=self.format.pack_size, cards=cards)
            )


def deal(pool: Sequence[str], players: int, fmt: DraftFormat, seed: int) -> list[list[list[str]]]:
    """Shuffles the pool and deals ``fmt.packs`` packs of ``fmt.pack_size`` to each player, for a
    simulated draft; a real table deals real cards. The pool must hold enough cards."""
    need = players * fmt.packs * fmt.pack_size
    if len(pool) < need:
        raise DraftError(f"{players} players need {need} cards to deal; the pool has {len(pool)}")
    cards = list(pool)
    random.Random(seed).shuffle(cards)
    it = iter(cards)
    return [
        [[next(it) for _ in range(fmt.pack_size)] for _ in range(fmt.packs)] for _ in range(players)
    ]
