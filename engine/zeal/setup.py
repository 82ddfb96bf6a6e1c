"""Game setup (Game Setup; Game Modes): seats, decks, bases, the first player, opening hands."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import rng as rngmod
from engine.core.turn_order import in_turn_order
from engine.errors import SetupError
from engine.zeal.cards import Catalog, sample_catalog
from engine.zeal.context import Ctx
from engine.zeal.ops import draw, starting_bases
from engine.zeal.state import GameState, PlayerState, Step

# Game Modes: deck sizes the rulebook gives; "casual" accepts any deck.
DECK_SIZES = {"constructed": 36, "limited": 24, "draft": 24}
MODES = ("casual", "cult", "constructed", "limited", "draft")
OPENING_HAND_FIRST = 6  # Game Setup
OPENING_HAND_OTHERS = 7
HIDDEN_DECK_SIZE = 36  # hidden hands with no deck list: a constructed deck's size


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    deck: tuple[str, ...] = ()  # card ids; with hidden hands it may be empty
    deck_size: int | None = None  # hidden hands: how many cards, when no list is given


@dataclass(frozen=True)
class ZealSetup:
    players: tuple[PlayerSetup, ...]
    seed: int = 0
    catalog: Catalog | None = field(default=None, compare=False)
    first_player: int | None = None  # None: random from the seed
    hidden_hands: bool = True  # the table's mode: hands and decks are counts
    mode: str = "casual"

    def the_catalog(self) -> Catalog:
        return self.catalog if self.catalog is not None else sample_catalog()


def cult_deck(catalog: Catalog, cult: str) -> tuple[str, ...]:
    """Game Modes: Cult Decks: all the cards of one cult make a deck."""
    return tuple(c.id for c in catalog.of_cult(cult))


def _check(setup: ZealSetup, catalog: Catalog) -> None:
    n = len(setup.players)
    if not 2 <= n <= 8:
        raise SetupError(f"Zeal is played by 2 to 8 players, not {n}")
    if setup.mode not in MODES:
        raise SetupError(f"unknown game mode {setup.mode!r} (known: {', '.join(MODES)})")
    if setup.first_player is not None and not 0 <= setup.first_player < n:
        raise SetupError(f"first player must be a seat from 0 to {n - 1}")
    names = [p.name for p in setup.players]
    if len(set(names)) != n or not all(names):
        raise SetupError("every player needs a name, and names must differ")
    for p in setup.players:
        for card_id in p.deck:
            if card_id not in catalog:
                raise SetupError(f"{p.name}'s deck: there is no card {card_id!r} in the catalog")
            if catalog.get(card_id).type == "base":
                raise SetupError(f"{p.name}'s deck: bases don't go in the deck ({card_id})")
        if not setup.hidden_hands and not p.deck:
            raise SetupError(f"{p.name} needs a deck list when hands are not hidden")
        size = len(p.deck) if p.deck else (p.deck_size or HIDDEN_DECK_SIZE)
        wanted = DECK_SIZES.get(setup.mode)
        if wanted is not None and size != wanted:
            raise SetupError(f"{p.name}'s deck has {size} cards; a {setup.mode} deck has {wanted}")
        if setup.mode == "cult" and p.deck:
            cults = {catalog.get(c).cult for c in p.deck}
            if len(cults) != 1:
                raise SetupError(
                    f"{p.name}'s cult deck mixes cults: {', '.join(sorted(map(str, cults)))}"
                )


def initial_state(setup: ZealSetup, ctx: Ctx) -> GameState:
    catalog = ctx.catalog
    _check(setup, catalog)
    n = len(setup.players)
    rng = setup.seed & ((1 << 64) - 1)
    if setup.first_player is None:
        first, rng = rngmod.below(rng, n)  # Determine the first player randomly.
    else:
        first = setup.first_player
    players = []
    for seat, p in enumerate(setup.players):
        if setup.hidden_hands:
            size = len(p.deck) if p.deck else (p.deck_size or HIDDEN_DECK_SIZE)
            players.append(PlayerState(name=p.name, deck_size=size, bases=starting_bases(seat)))
        else:
            deck, rng = rngmod.shuffled(rng, p.deck)
            players.append(
                PlayerState(name=p.name, deck=deck, deck_size=len(deck), bases=starting_bases(seat))
            )
    state = GameState(
        players=tuple(players),
        first_player=first,
        active=first,
        step=Step.MULLIGAN,
        hidden=setup.hidden_hands,
        rng=rng,
    )
    ctx.say(state, first, f"{state.players[first].name} goes first")
    # Game Setup: "The first player draws six cards and the second player draws seven." With
    # more players the text is silent; the reading players expect is that only the first
    # player is short one card: everyone after the first draws seven (engine/README.md).
    for k, seat in enumerate(in_turn_order(first, n)):
        count = OPENING_HAND_FIRST if k == 0 else OPENING_HAND_OTHERS
        state = draw(ctx, state, seat, count)
        ctx.say(state, seat, f"{state.players[seat].name} draws {count}")
    return state
