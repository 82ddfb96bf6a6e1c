"""Pebbles in the registry of games: its GameKind (docs/adding-a-game.md, "Register it")."""

from __future__ import annotations

import random
from typing import Any

from engine.core.card_game_record import card_game_record, player_table
from engine.core.kind import GameKind, RandomGame
from engine.core.setup_record import number
from tests.toy import actions
from tests.toy.game import Catalog, PebblesGame, PebblesSetup, Player

RECORD = card_game_record(
    "Pebbles", PebblesSetup, Catalog, player_table(Player), number("heap", 7, 1, 99)
)


def load_catalog(text: str, where: str) -> Catalog:
    return Catalog()  # one catalog: its three stones


def read_scenario(part: dict[str, Any], where: str) -> tuple[PebblesSetup, Any]:
    setup = RECORD.from_dict(part["setup"], Catalog())
    return setup, None


def random_game(seed: int, players: int, cap: int) -> RandomGame:
    record = {"players": [{"name": f"P{i}"} for i in range(players)], "seed": seed}
    game = PebblesGame.start(RECORD.from_dict(record, Catalog()))
    rnd = random.Random(seed)
    for _ in range(cap):
        legal = list(game.legal_actions())
        if not legal:
            return RandomGame(game, capped=False)
        game.apply(rnd.choice(legal))
    return RandomGame(game, capped=game.outcome() is None)


KIND = GameKind(
    kind="pebbles",
    title="Pebbles",
    rules="pebbles.md",
    min_players=2,
    max_players=4,
    game=PebblesGame,
    sample_catalog=Catalog,
    load_catalog=load_catalog,
    setup_from_dict=RECORD.from_dict,
    setup_to_dict=RECORD.to_dict,
    action_from_dict=actions.from_dict,
    action_to_dict=actions.to_dict,
    read_scenario=read_scenario,
    state_view=lambda state: {"heap": state.heap, "piles": list(state.piles)},
    position_to_dict=lambda game: {"setup": RECORD.to_dict(game.setup)},
    summary=lambda game: [f"Heap: {game.state.heap}"],
    random_game=random_game,
)
