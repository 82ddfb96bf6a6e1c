"""A game's setup ("Setup") and the state it starts from."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import below, shuffled
from engine.deeds.cards import Catalog
from engine.deeds.state import DeedsState, Phase, Player, Pool
from engine.errors import SetupError

HAND = 5  # "draw 5 cards to form your first hand"; also the hand limit ("Your Hand")
BASE_HEALTH = 20  # "In a standard game, each player starts with 20 Base Health"


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    deck: tuple[str, ...] = ()  # the faction deck's card ids, resource counters left out
    deck_size: int | None = None  # hidden hands: how many cards, when the list is not given


@dataclass(frozen=True)
class DeedsSetup:
    players: tuple[PlayerSetup, ...]
    seed: int
    catalog: Catalog
    first_player: int | None = None  # None: chosen by the seeded rng ("any means you desire")
    hidden_hands: bool = True  # at the table: hands and decks are counts
    base_health: int = BASE_HEALTH


def check_setup(setup: DeedsSetup) -> None:
    """SetupError in players' words for a setup that can't start."""
    if len(setup.players) != 2:
        raise SetupError(f"Deeds Not Words is for 2 players, not {len(setup.players)}")
    if setup.first_player is not None and setup.first_player not in (0, 1):
        raise SetupError("the first player is seat 0 or seat 1")
    if setup.base_health < 1:
        raise SetupError("base health must be 1 or more")
    for seat, p in enumerate(setup.players):
        who = p.name or f"seat {seat}"
        if not p.name.strip():
            raise SetupError(f"the player in seat {seat} needs a name")
        for card_id in p.deck:
            if card_id not in setup.catalog:
                raise SetupError(f"{who}'s deck names {card_id!r}, which is not in the catalog")
        size = deck_size(setup, seat)
        if size < HAND:
            raise SetupError(
                f"{who}'s deck has {size} cards; a hand of {HAND} needs at least {HAND}"
            )
        if not setup.hidden_hands and not p.deck:
            raise SetupError(f"open hands need {who}'s deck list")
        if p.deck and p.deck_size is not None and p.deck_size != len(p.deck):
            raise SetupError(f"{who}'s deck lists {len(p.deck)} cards but says {p.deck_size}")


def deck_size(setup: DeedsSetup, seat: int) -> int:
    p = setup.players[seat]
    return len(p.deck) if p.deck else (p.deck_size or 0)


def initial_state(setup: DeedsSetup) -> DeedsState:
    check_setup(setup)
    rng = setup.seed
    first = setup.first_player
    if first is None:
        first, rng = below(rng, 2)
    players = []
    for seat, p in enumerate(setup.players):
        size = deck_size(setup, seat)
        if setup.hidden_hands:
            hand: tuple[str, ...] = ()
            deck: tuple[str, ...] = ()
        else:
            deck, rng = shuffled(rng, p.deck)
            hand, deck = deck[:HAND], deck[HAND:]
        players.append(
            Player(
                name=p.name.strip(),
                base=setup.base_health,
                pool=Pool(),
                hand=hand,
                hand_size=HAND,
                deck=deck,
                deck_size=size - HAND,
                graveyard=(),
                decided=False,
            )
        )
    return DeedsState(
        round=0,
        attacker=first,
        phase=Phase.MULLIGAN,
        players=tuple(players),
        cards=(),
        first_player=first,
        rng=rng,
    )
