"""Z-G's part of a scenario or save file: the setup switches, the players (decks, slag heaps,
markers), the terrain, inline cards, and the turn. A position starts a turn at Start (every
hand in the deck): the worked examples and saved games both start there."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import with_inline_cards
from engine.core.fields import FieldError, Fields, check_known
from engine.errors import SetupError
from engine.zg.card_toml import card_to_dict, cards_from_list
from engine.zg.cards import sample_catalog
from engine.zg.game import ZgGame
from engine.zg.record import player_from, terrain_from
from engine.zg.setup import EDGES, OPTIONS, ZgSetup, check_setup, initial_state
from engine.zg.state import STANCES, GameState, PlayerState

FILE_KEYS = ("setup", "players", "terrain", "position", "card")
SETUP_KEYS = ("seed", "hidden_hands", "options", "edge", "fresh")
PLAYER_KEYS = (
    "name",
    "figure",
    "deck",
    "deck_size",
    "character",
    "slag",
    "stance",
    "stunned",
    "knocked_down",
    "character_sacrificed",
    "defeated",
)
MARKERS = ("stunned", "knocked_down", "character_sacrificed", "defeated")
TERRAIN_KEYS = ("name", "mass", "strikes")


def read_scenario(data: dict[str, Any], source: str) -> tuple[ZgSetup, GameState]:
    """The setup and starting position a file's Z-G part describes. ``fresh = true`` deals a
    new game from the setup (decks shuffled with the seed); otherwise each open deck is in the
    order written, top first."""
    check_known(data, "the file", FILE_KEYS)
    catalog = sample_catalog()
    if "card" in data:
        catalog = catalog.merged(cards_from_list(data["card"], source))
    s = Fields(data.get("setup", {}), "setup", SETUP_KEYS)
    top = Fields(data, "the file")
    players = top.tables("players", PLAYER_KEYS)
    if not 2 <= len(players) <= 4:
        raise FieldError("Z-G needs 2 to 4 [[players]]")
    setups = [player_from(p, catalog) for p in players]
    slags = [p.card_ids("slag", catalog) for p in players]
    hidden = s.flag("hidden_hands", True)
    setup = ZgSetup(
        players=tuple(
            ps if not slag else type(ps)(ps.name, ps.deck + slag, ps.deck_size, ps.character)
            for ps, slag in zip(setups, slags, strict=True)
        ),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        hidden_hands=hidden,
        options=s.texts("options", OPTIONS),
        edge=s.choice("edge", "wall", EDGES),
        terrain=tuple(terrain_from(t) for t in top.tables("terrain", TERRAIN_KEYS)),
        catalog=catalog,
    )
    try:
        check_setup(setup)
        if s.flag("fresh", False):
            return setup, initial_state(setup)
    except SetupError as exc:
        raise FieldError(f"{source}: {exc}") from None
    turn = Fields(data.get("position", {}), "position", ("turn",)).number("turn", 1, 1)
    state = initial_state(setup)
    seats = []
    for f, ps, slag in zip(players, setups, slags, strict=True):
        size = len(ps.deck) if ps.deck or not hidden else ps.deck_size or 0
        if hidden and slag and not ps.deck:
            size -= len(slag)
        stance = f.choice("stance", "stand", STANCES)
        seats.append(
            PlayerState(
                ps.name,
                ps.character,
                roster=tuple(sorted(ps.deck + slag)),
                deck=() if hidden else ps.deck,
                deck_size=size,
                slag=slag,
                stance=stance,
                stunned=f.flag("stunned", False),
                knocked_down=f.flag("knocked_down", False),
                character_sacrificed=f.flag("character_sacrificed", False),
                defeated=f.flag("defeated", False),
            )
        )
    return setup, GameState(
        players=tuple(seats),
        options=state.options,
        hidden=hidden,
        edge=setup.edge,
        terrain=setup.terrain,
        turn=turn,
        rng=setup.seed,
    )


def game_to_dict(game: Any) -> dict[str, Any]:
    """A game's Z-G part as TOML-ready data, from its starting position (always at Start)."""
    assert isinstance(game, ZgGame)
    start = game.initial_state
    if start.phase != "impulse" or any(p.picked for p in start.players):
        raise ValueError("a game that starts mid-turn can't be saved yet; save from a Start")
    setup = game.setup
    out: dict[str, Any] = {
        "setup": {
            "seed": start.rng,
            "hidden_hands": start.hidden,
            "options": list(start.options),
            "edge": start.edge,
        },
        "position": {"turn": start.turn},
    }
    players = []
    for seat, p in enumerate(start.players):
        standing = tuple(c for c in p.roster if c not in p.slag) if start.hidden else p.deck
        entry: dict[str, Any] = {"name": p.name, "deck": list(standing)}
        if start.hidden and not p.roster:
            entry["deck_size"] = p.deck_size
        if p.character:
            entry["character"] = p.character
        if p.slag:
            entry["slag"] = list(p.slag)
        if p.stance != "stand":
            entry["stance"] = p.stance
        entry.update({m: True for m in MARKERS if getattr(p, m)})
        del seat
        players.append(entry)
    out["players"] = players
    if start.terrain:
        out["terrain"] = [
            {"name": t.name, "mass": t.mass, "strikes": t.strikes} for t in start.terrain
        ]
    return with_inline_cards(out, setup.catalog.cards, sample_catalog(), card_to_dict)
