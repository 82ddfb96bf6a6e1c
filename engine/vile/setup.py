"""Setting up a game (Setup 1-3): each player's god and gate deck, a random first player,
seven cards each."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import below, shuffled
from engine.errors import SetupError
from engine.vile.card_model import GODS, Catalog
from engine.vile.context import Ctx
from engine.vile.state import OPENING_HAND, GameState, Phase, PlayerState

DECK_SIZE = 50  # Materials: a fifty-card gate deck per god


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    god: str
    deck: tuple[str, ...] = ()  # open hands: the gate deck's cards (shuffled at the start)
    deck_size: int | None = None  # hidden hands: how many cards (default fifty)


@dataclass(frozen=True)
class VileSetup:
    players: tuple[PlayerSetup, ...]
    seed: int
    catalog: Catalog
    first_player: int | None = None  # None: chosen at random (Setup 2)
    hidden_hands: bool = True


def check_setup(setup: VileSetup) -> None:
    """SetupError, in players' words, for a setup that can't start."""
    if len(setup.players) != 2:
        raise SetupError("Vile Incantations is a game for two players")
    if setup.first_player is not None and setup.first_player not in (0, 1):
        raise SetupError("the first player must be seat 1 or seat 2")
    for seat, p in enumerate(setup.players):
        who = p.name or f"Player {seat + 1}"
        if not p.name.strip():
            raise SetupError(f"player {seat + 1} needs a name")
        if p.god not in GODS:
            raise SetupError(f"{who} must pick a god: one of {', '.join(GODS)}")
        if setup.hidden_hands:
            size = DECK_SIZE if p.deck_size is None else p.deck_size
            if size < OPENING_HAND:
                raise SetupError(f"{who}'s gate deck needs at least {OPENING_HAND} cards")
            continue
        if len(p.deck) < OPENING_HAND:
            raise SetupError(f"{who}'s gate deck needs at least {OPENING_HAND} cards")
        for card_id in p.deck:
            card = setup.catalog.find(card_id)
            if card is None:
                raise SetupError(f"{who}'s gate deck has a card the catalog does not know")
            if card.god != p.god:
                raise SetupError(f"{who}'s gate deck is the {p.god}'s: {card.name} is not")


def initial_state(setup: VileSetup, ctx: Ctx) -> GameState:
    """Setup 1-3: decks shuffled, a random first player unless chosen, seven cards each.
    The first player's first turn skips its draw, so the game starts in Main Phase 1."""
    check_setup(setup)
    rng = setup.seed
    if setup.first_player is None:
        first, rng = below(rng, 2)
    else:
        first = setup.first_player
    players = []
    for p in setup.players:
        if setup.hidden_hands:
            size = DECK_SIZE if p.deck_size is None else p.deck_size
            players.append(
                PlayerState(p.name, p.god, hand_size=OPENING_HAND, deck_size=size - OPENING_HAND)
            )
        else:
            deck, rng = shuffled(rng, p.deck)
            hand, rest = deck[:OPENING_HAND], deck[OPENING_HAND:]
            players.append(
                PlayerState(
                    p.name, p.god, hand=hand, hand_size=len(hand), deck=rest, deck_size=len(rest)
                )
            )
    state = GameState(
        players=(players[0], players[1]),
        first_player=first,
        active=first,
        phase=Phase.MAIN1,
        rng=rng,
        hidden=setup.hidden_hands,
    )
    ctx.say(state, first, f"{players[first].name} goes first; each player drew seven cards")
    return state
