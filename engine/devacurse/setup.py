"""A Devacurse setup, and the state it starts from.

Part 1 of the turn spiral (prayers, how blessings are made, starting Faith, deck sizes) is
missing from the text we have, so each thing it would rule is a setup field here (README.md:
readings); the defaults are this package's, not the game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import shuffled
from engine.devacurse.card_model import Catalog
from engine.devacurse.cards import sample_catalog
from engine.devacurse.state import GameState, Player
from engine.errors import SetupError

DEFAULT_FAITH = 20  # a reading: the text gives no starting Faith ("Faith 18 to 16" in the issue)
DEFAULT_HAND = 5  # a reading: the text gives no opening hand size
DEFAULT_DECK = 40  # a reading: the text gives no Universe deck size (hidden hands)


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    deck: tuple[str, ...] = ()  # open hands: the Universe deck's cards
    deck_size: int | None = None  # hidden hands: how many cards (None: len(deck) or default)


@dataclass(frozen=True)
class DevaSetup:
    players: tuple[PlayerSetup, ...]
    seed: int = 0
    catalog: Catalog | None = None
    first_order: int = 0  # who holds "order" in the first spiral (part 1 rules it)
    hidden_hands: bool = True
    faith: int = DEFAULT_FAITH
    hand_size: int = DEFAULT_HAND
    prayers: int = 0  # closed prayers each player starts with
    strike_back: bool = True  # README: blockers deal their AT back to the attacker

    def the_catalog(self) -> Catalog:
        return self.catalog if self.catalog is not None else sample_catalog()


def check_setup(setup: DevaSetup) -> None:
    """SetupError, in players' words, for a setup that can't start."""
    if len(setup.players) != 2:
        raise SetupError("Devacurse is played by 2 players")
    for seat, p in enumerate(setup.players):
        who = p.name or f"player {seat + 1}"
        if not p.name.strip():
            raise SetupError(f"player {seat + 1} needs a name")
        if not setup.hidden_hands and len(p.deck) < setup.hand_size:
            raise SetupError(
                f"{who}'s Universe deck has {len(p.deck)} cards; the opening hand needs "
                f"{setup.hand_size}"
            )
        catalog = setup.the_catalog()
        for card_id in p.deck:
            if card_id not in catalog:
                raise SetupError(f"{who}'s deck names {card_id!r}, which is not in the catalog")
    if not 0 <= setup.first_order <= 1:
        raise SetupError("order goes to player 1 or player 2")
    if setup.faith < 1:
        raise SetupError("each player starts with at least 1 Faith")


def initial_state(setup: DevaSetup) -> GameState:
    """The first spiral, at part 1's entries, with each Universe deck shuffled (open hands)."""
    check_setup(setup)
    rng = setup.seed
    players = []
    for p in setup.players:
        if setup.hidden_hands:
            size = p.deck_size if p.deck_size is not None else (len(p.deck) or DEFAULT_DECK)
            hand = min(setup.hand_size, size)
            players.append(
                Player(
                    name=p.name.strip(),
                    faith=setup.faith,
                    hand_size=hand,
                    deck_size=size - hand,
                    prayers=setup.prayers,
                )
            )
        else:
            deck, rng = shuffled(rng, p.deck)
            hand_cards, rest = deck[: setup.hand_size], deck[setup.hand_size :]
            players.append(
                Player(
                    name=p.name.strip(),
                    faith=setup.faith,
                    hand=hand_cards,
                    hand_size=len(hand_cards),
                    deck=rest,
                    deck_size=len(rest),
                    prayers=setup.prayers,
                )
            )
    return GameState(
        players=tuple(players),
        order=setup.first_order,
        hidden=setup.hidden_hands,
        strike_back=setup.strike_back,
    )
