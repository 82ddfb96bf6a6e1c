"""Stand-ins for the players, for tests, the demo and the bench: a seeded draft from the sample
catalog builds every deck, and the Zeal engine's random play-outs play the games. The result is
read from the engine's outcome. Everything is a function of the seed, so a table that crashes
and plays a game again gets the same result, and a run with faults can be compared with one
without.
"""

from __future__ import annotations

import hashlib
import random

from engine.tournament import Draft, GameResult, GameSlot, draft_format
from engine.tournament.draft import deal
from engine.zeal import PlayerSetup, ZealGame, ZealSetup
from engine.zeal.cards import sample_catalog
from engine.zeal.randomplay import play_out

MAX_ACTIONS = 20_000  # a play-out still going after this many actions is called a draw


def _seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def drafted_decks(players: tuple[str, ...], seed: int) -> dict[str, tuple[str, ...]]:
    """A whole draft (Draft Tournament: three 9-card packs, left, right, left) with random picks."""
    catalog = sample_catalog()
    cards = sorted(c.id for c in catalog.cards if c.type != "base")
    fmt = draft_format(len(players))
    need = len(players) * fmt.packs * fmt.pack_size
    pool = (cards * (need // len(cards) + 1))[:need]
    draft = Draft.start(players, fmt, deal(pool, len(players), fmt, seed))
    rnd = random.Random(seed)
    while not draft.over:
        for seat in range(len(players)):
            pack = draft.pack_in_hand(seat)
            if pack is not None and pack.cards:
                draft.pick(seat, rnd.choice(pack.cards))
    return {p: draft.picks_of(i) for i, p in enumerate(players)}


class StandIns:
    """Plays a tournament's games for the players at a table."""

    def __init__(self, players: tuple[str, ...], seed: int) -> None:
        self.seed = seed
        self.decks = drafted_decks(players, seed)
        self.catalog = sample_catalog()

    def play(self, slot: GameSlot) -> GameResult:
        seed = _seed(self.seed, slot.match, slot.game)
        setup = ZealSetup(
            players=(
                PlayerSetup(slot.first, deck=self.decks[slot.first]),
                PlayerSetup(slot.second, deck=self.decks[slot.second]),
            ),
            seed=seed,
            catalog=self.catalog,
            first_player=0,  # the pairing says who goes first in this game
            hidden_hands=False,
            mode="draft",
        )
        game = ZealGame(setup)
        play_out(game, seed, max_actions=MAX_ACTIONS)
        outcome = game.outcome()
        if outcome is None:
            return GameResult(None, f"called a draw after {MAX_ACTIONS} random actions")
        winner = None if outcome.winner is None else setup.players[outcome.winner].name
        return GameResult(winner, outcome.reason)
