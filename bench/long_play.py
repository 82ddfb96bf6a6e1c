"""One long game as a table plays it, for the benches that need one (replay, per-event cost).

A hidden-hands Zeal game (as the app plays) of four players, every command a real one, so the
state, history and log grow as a long evening's game does, with a full table to the end (issue
37: the long game before this ran its decks and hands dry early and went on with next to
nothing to play: 60.5 % passes, 24.8 % dial turns, 0.2 % card plays in 50,000 commands). Passes
stay the most common command (four players each pass in every step of every turn, as the rules
have it), but now beside card plays, triggers and combat:
- cards are played as the app plays them with hidden hands: a card scanned at the reader by
  the player whose window it is (the engine lists no card plays when it can't see the hands);
- attacks are often declined (HOLD_BACK), but not always: combat happens, blockers and damage;
- the table keeps the game going as a long evening's table would, with the manual adjustments
  the app offers: a deck run low gets its discard pile back (MoveCard), a player down to their
  last three bases turns one back up (SetBase), and the devotion dial is turned between commands.
The benches print the mix they measured. Deterministic from the seed.
"""

from __future__ import annotations

import dataclasses
import random

from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.randomplay import choose, random_setup

DIAL_SHARE = 0.10  # about one command in ten is a dial turn
SCAN_SHARE = 0.35  # how often the player whose window it is scans a card, when they can
HOLD_BACK = 0.85  # the share of attacks declined
LOW_DECK = 3  # a deck this low gets its discard pile back, a card a command
LAST_BASES = 3  # a player down to this many bases standing turns one back up


def _hold_back(rnd: random.Random, options: list[za.Action]) -> za.Action:
    first = options[0]
    if isinstance(first, za.DeclareAttackers) and rnd.random() < HOLD_BACK:
        return min(
            options, key=lambda a: len(a.attackers) if isinstance(a, za.DeclareAttackers) else 99
        )
    return choose(rnd, options)


def _scanned(game: ZealGame, rnd: random.Random) -> za.Action | None:
    """A card of the acting player's deck list scanned, if the rules let it be played now."""
    state = game.state
    seat = state.priority if state.priority is not None else game.acting_player()
    if seat is None or not state.players[seat].hand_size:
        return None
    deck = game.setup.players[seat].deck
    for _ in range(3):
        play = za.PlayCard(seat, rnd.choice(deck))
        if game.explain(play) is None:
            return play
    return None


def _table_keeps_going(game: ZealGame) -> za.Action | None:
    """The adjustment that keeps the long game going, if one is due."""
    for seat, p in enumerate(game.state.players):
        if p.eliminated:
            continue
        if p.deck_size < LOW_DECK and p.discard:
            return za.MoveCard(seat, p.discard[-1], "deck", "discard")
        standing = sum(b.face_up for b in p.bases)
        down = [i for i, b in enumerate(p.bases) if not b.face_up]
        if standing <= LAST_BASES and down:
            again = za.SetBase(seat, down[-1], damage=0, face_up=True)
            if game.explain(again) is None:
                return again
    return None


def next_command(game: ZealGame, rnd: random.Random) -> za.Action:
    """The next command of the long game: an adjustment the table makes, a dial turn, a card
    scanned or one of the legal actions."""
    kept = _table_keeps_going(game)
    if kept is not None:
        return kept
    roll = rnd.random()
    if roll < DIAL_SHARE:
        seat = rnd.randrange(len(game.state.players))
        return za.SetDevotion(seat, current=rnd.randrange(0, 14))
    if roll < DIAL_SHARE + SCAN_SHARE:
        scanned = _scanned(game, rnd)
        if scanned is not None:
            return scanned
    return _hold_back(rnd, list(game.legal_actions()))


def long_game(commands: int, players: int = 4, seed: int = 6) -> tuple[ZealGame, random.Random]:
    """A game ``commands`` commands long and still going, with the random source that plays
    it on: the first seed from ``seed`` whose game lasts that long."""
    while True:
        setup = dataclasses.replace(random_setup(seed, players), hidden_hands=True)
        game = ZealGame(setup)
        rnd = random.Random(seed)
        while len(game.history) < commands and game.outcome() is None:
            game.apply(next_command(game, rnd))
        if game.outcome() is None:
            return game, rnd
        seed += 1
