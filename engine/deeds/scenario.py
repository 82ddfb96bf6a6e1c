"""Deeds Not Words' part of a scenario or save file: the setup, the players, the battlefield,
the position and inline cards (the generic reader, engine/scenario.py, does the rest).

    [setup]        seed, first_player, hidden_hands, base_health, fresh
    [[players]]    fresh: name, deck, deck_size; else name, base, pool, hand, hand_size, deck,
                   deck_size, graveyard, decided
    [[battlefield]] id, card, owner, ready, deployed_round, damage, tokens, attack_mod,
                   defense_mod, attached_to, fed
    [position]     round, attacker, phase, next_id, rng, attacked, battle, notes
    [[card]]       cards beyond the sample catalog, as in a catalog file
"""

from __future__ import annotations

from typing import Any

from engine.core.catalog import with_inline_cards
from engine.core.fields import FieldError, Fields, check_known
from engine.deeds.card_toml import card_to_dict, cards_from_list, sample_catalog
from engine.deeds.game import DeedsGame
from engine.deeds.position import PLAYER_KEYS, position_to_dict, read_player, read_position
from engine.deeds.setup import BASE_HEALTH, DeedsSetup, PlayerSetup, initial_state
from engine.deeds.state import DeedsState

FILE_KEYS = ("setup", "players", "battlefield", "position", "card")
SETUP_KEYS = ("seed", "first_player", "hidden_hands", "base_health", "fresh")
FRESH_PLAYER_KEYS = ("name", "deck", "deck_size")


def read_scenario(data: dict[str, Any], source: str) -> tuple[DeedsSetup, DeedsState]:
    check_known(data, "the file", FILE_KEYS)
    catalog = sample_catalog()
    if "card" in data:
        catalog = catalog.merged(cards_from_list(data["card"], source))
    s = Fields(data.get("setup", {}), "setup", SETUP_KEYS)
    fresh = s.flag("fresh", False)
    hidden = s.flag("hidden_hands", True)
    base = s.number("base_health", BASE_HEALTH, 1, 999)
    listed = data.get("players")
    if not isinstance(listed, list) or len(listed) != 2:
        raise FieldError("the file: Deeds Not Words needs exactly 2 [[players]]")
    keys = FRESH_PLAYER_KEYS if fresh else PLAYER_KEYS
    rows = [Fields(p, f"players[{i}]", keys) for i, p in enumerate(listed)]
    first = s.opt_number("first_player", 0, 1)
    if fresh:
        setup = DeedsSetup(
            players=tuple(
                PlayerSetup(
                    f.text("name", ""), f.card_ids("deck", catalog), f.opt_number("deck_size")
                )
                for f in rows
            ),
            seed=s.number("seed", 0, 0, (1 << 64) - 1),
            catalog=catalog,
            first_player=first,
            hidden_hands=hidden,
            base_health=base,
        )
        return setup, initial_state(setup)
    first = 0 if first is None else first
    players = tuple(read_player(f, catalog, hidden, base) for f in rows)
    setup = DeedsSetup(
        players=tuple(PlayerSetup(p.name) for p in players),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        catalog=catalog,
        first_player=first,
        hidden_hands=hidden,
        base_health=base,
    )
    return setup, read_position(data, players, catalog, first)


def game_to_dict(game: Any) -> dict[str, Any]:
    """A game's part of a save file: setup, starting position, inline cards."""
    assert isinstance(game, DeedsGame)
    setup = game.setup
    start = game.initial_state
    out: dict[str, Any] = {
        "setup": {
            "seed": setup.seed,
            "first_player": start.first_player,
            "hidden_hands": setup.hidden_hands,
            "base_health": setup.base_health,
        }
    }
    out.update(position_to_dict(start))
    return with_inline_cards(out, game.catalog.cards, sample_catalog(), card_to_dict)
