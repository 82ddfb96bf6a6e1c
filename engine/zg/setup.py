"""A Z-G setup (Basic Rules 1-2): 2 to 4 players, each with a zGear deck and a character card;
the optional rules as switches; the terrain that may be blown up; the opening state."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import rng
from engine.errors import SetupError
from engine.zg.card_model import Catalog
from engine.zg.cards import sample_catalog
from engine.zg.state import GameState, PlayerState, Terrain

# Rules Options 1, 2, 5, 6, 7, 8 as setup switches.
OPTIONS = ("high_ground", "sneak_attack", "knockdown", "dash", "flameout", "stances")
EDGES = ("wall", "fall")
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    deck: tuple[str, ...] = ()  # zGear card ids; may be empty with hidden hands and a size
    deck_size: int | None = None  # hidden hands: how many zGear cards, when not listed
    character: str = ""


@dataclass(frozen=True)
class ZgSetup:
    players: tuple[PlayerSetup, ...]
    seed: int = 0
    hidden_hands: bool = True
    options: tuple[str, ...] = ()
    edge: str = "wall"
    terrain: tuple[Terrain, ...] = ()
    catalog: Catalog = field(default_factory=sample_catalog)


def check_setup(setup: ZgSetup) -> None:
    """SetupError, in players' words, for a setup the rules can't start."""
    if not MIN_PLAYERS <= len(setup.players) <= MAX_PLAYERS:
        raise SetupError(f"Z-G is for 2 to 4 players, not {len(setup.players)}")
    for option in setup.options:
        if option not in OPTIONS:
            raise SetupError(f'"{option}" is not an optional rule ({", ".join(OPTIONS)})')
    if setup.edge not in EDGES:
        raise SetupError('the table edge is a "wall" or a "fall"')
    for seat, p in enumerate(setup.players):
        who = p.name or f"player {seat + 1}"
        if not p.name.strip():
            raise SetupError(f"player {seat + 1} needs a name")
        for card_id in p.deck:
            card = setup.catalog.find(card_id)
            if card is None or not card.is_zgear:
                raise SetupError(f'{who}\'s deck names "{card_id}", which is not a zGear card')
        if p.character:
            card = setup.catalog.find(p.character)
            if card is None or card.type != "character":
                raise SetupError(f'{who}\'s character "{p.character}" is not a character card')
        size = len(p.deck) if p.deck or not setup.hidden_hands else p.deck_size or 0
        if size < 3:
            raise SetupError(f"{who} needs at least 3 zGear cards to pick a hand")
    for t in setup.terrain:
        if t.mass < 1 or not t.name.strip():
            raise SetupError("each piece of terrain needs a name and a Mass of 1 or more")


def initial_state(setup: ZgSetup) -> GameState:
    """Everyone's zGear in their deck, shuffled when open; the turn starts at Start."""
    check_setup(setup)
    seed = setup.seed
    players = []
    for p in setup.players:
        size = len(p.deck) if p.deck or not setup.hidden_hands else p.deck_size or 0
        if setup.hidden_hands:
            players.append(PlayerState(p.name, p.character, tuple(sorted(p.deck)), deck_size=size))
        else:
            deck, seed = rng.shuffled(seed, p.deck)
            roster = tuple(sorted(p.deck))
            players.append(PlayerState(p.name, p.character, roster, deck=deck, deck_size=size))
    return GameState(
        players=tuple(players),
        options=tuple(o for o in OPTIONS if o in setup.options),
        hidden=setup.hidden_hands,
        edge=setup.edge,
        terrain=setup.terrain,
        rng=seed,
    )
