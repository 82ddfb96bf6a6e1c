"""Positions for the tests, written as a scenario file's game part (players, battlefield,
position) so each test says only what matters to it."""

from __future__ import annotations

from typing import Any

from engine.deeds import actions as da
from engine.deeds.game import DeedsGame
from engine.deeds.scenario import read_scenario


def game_at(
    *cards: dict[str, Any],
    phase: str = "deploy",
    attacker: int = 0,
    round: int = 3,
    pools: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    hands: tuple[list[str], list[str]] | None = None,
    bases: tuple[int, int] = (20, 20),
    graveyards: tuple[list[str], list[str]] = ([], []),
    battle: dict[str, Any] | None = None,
) -> DeedsGame:
    """A game at a position. ``cards`` are battlefield entries; ids default to their order
    (from 1), owner to 0. With ``hands`` the hands are open lists, else hidden counts."""
    hidden = hands is None
    players = []
    for seat in (0, 1):
        entry: dict[str, Any] = {
            "name": ("Amy", "John")[seat],
            "base": bases[seat],
            "pool": pools[seat],
            "graveyard": graveyards[seat],
        }
        if hidden:
            entry |= {"hand_size": 4, "deck_size": 20}
        else:
            assert hands is not None
            entry |= {"hand": hands[seat], "deck": ["shambler"] * 10}
        players.append(entry)
    battlefield = [{"id": i + 1, "owner": 0} | c for i, c in enumerate(cards)]
    position: dict[str, Any] = {"round": round, "attacker": attacker, "phase": phase}
    if battle is not None:
        position["battle"] = battle
    data = {
        "setup": {"hidden_hands": hidden, "first_player": 0},
        "players": players,
        "battlefield": battlefield,
        "position": position,
    }
    setup, state = read_scenario(data, "test")
    return DeedsGame.start(setup, state)


def fight(game: DeedsGame, attackers: tuple[int, ...], blocks: tuple[tuple[int, int], ...]) -> None:
    """Attack, block, both pass: the battle resolves."""
    attacker = game.state.attacker
    game.apply(da.Attack(attacker, attackers))
    game.apply(da.Block(1 - attacker, blocks))
    game.apply(da.Pass(attacker))
    game.apply(da.Pass(1 - attacker))


def card(game: DeedsGame, card_id: int) -> Any:
    return game.state.card(card_id)


def refusal(game: DeedsGame, action: Any) -> str:
    why = game.explain(action)
    assert why is not None, f"{action} should be refused"
    return why
