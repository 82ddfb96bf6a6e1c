"""Where a player's zGear cards are: hand, deck, slag heap, or on the table in a pulse.

Open hands keep the cards (the deck top first, reshuffled when a card returns: the rulebook
says only "return it to your deck"); hidden hands keep counts, and a card is named only when
it is scanned.
"""

from __future__ import annotations

from engine.core import rng
from engine.core.evolve import evolve
from engine.zg.state import GameState, PlayerState


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` without the first ``card`` in them."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# A step that moves a card and changes more (the phase, the pulse, other cards) makes the
# whole change as one copy of the state: these give the changes to the player's record.
Changes = dict[str, object]


def out_of_hand(state: GameState, seat: int, card: str) -> Changes:
    """``card`` leaves ``seat``'s hand (hidden hands: the count only)."""
    p = state.players[seat]
    if state.hidden:
        return {"hand_size": p.hand_size - 1}
    return {"hand": without(p.hand, card), "hand_size": p.hand_size - 1}


def out_of_deck(state: GameState, seat: int, card: str) -> Changes:
    """``card`` leaves ``seat``'s deck (hidden hands: the count only)."""
    p = state.players[seat]
    if state.hidden:
        return {"deck_size": p.deck_size - 1}
    return {"deck": without(p.deck, card), "deck_size": p.deck_size - 1}


def put_back(
    state: GameState,
    players: tuple[PlayerState, ...],
    seed: int,
    seat: int,
    card: str,
    to_hand: bool = False,
    **more: object,
) -> tuple[tuple[PlayerState, ...], int]:
    """``card`` back into ``seat``'s deck, shuffled in at a random place (open hands), or into
    the hand; from ``players`` and the random source ``seed`` as the step has them so far, and
    both after it (a step that moves several cards still makes one copy of the state).
    ``more``: the step's other changes to ``seat``'s record, made in the same copy."""
    p = players[seat]
    changes: Changes
    if to_hand:
        changes = {"hand_size": p.hand_size + 1}
        if not state.hidden:
            changes["hand"] = p.hand + (card,)
    elif state.hidden:
        changes = {"deck_size": p.deck_size + 1}
    else:
        at, seed = rng.below(seed, len(p.deck) + 1)
        changes = {"deck": p.deck[:at] + (card,) + p.deck[at:], "deck_size": p.deck_size + 1}
    return (*players[:seat], evolve(p, **changes, **more), *players[seat + 1 :]), seed


def take_from_hand(state: GameState, seat: int, card: str) -> GameState:
    return state.with_player(seat, **out_of_hand(state, seat, card))


def take_from_deck(state: GameState, seat: int, card: str) -> GameState:
    return state.with_player(seat, **out_of_deck(state, seat, card))


def to_deck(state: GameState, seat: int, card: str) -> GameState:
    """A card back into the deck, shuffled in: at a random place (open hands)."""
    players, seed = put_back(state, state.players, state.rng, seat, card)
    return evolve(state, players=players, rng=seed)


def draw_target(state: GameState, seat: int) -> tuple[GameState, str, bool]:
    """Open hands: the top card of the deck, or a random hand card when the deck is empty
    (Glossary, Deck). Returns (state, card, from_hand)."""
    p = state.players[seat]
    if p.deck:
        return take_from_deck(state, seat, p.deck[0]), p.deck[0], False
    index, seed = rng.below(state.rng, len(p.hand))
    card = p.hand[index]
    return take_from_hand(evolve(state, rng=seed), seat, card), card, True


def random_card(state: GameState, seat: int) -> tuple[GameState, str]:
    """Open hands: a random card of the deck (of the hand when the deck is empty), looked at
    and put back (the impulse tie-break, Basic Rule 3)."""
    p = state.players[seat]
    pool = p.deck or p.hand
    index, seed = rng.below(state.rng, len(pool))
    return evolve(state, rng=seed), pool[index]


def into_slag(state: GameState, seat: int, card: str) -> GameState:
    """A card onto its owner's slag heap; a targetlock on it ends (it is out for the game)."""
    state = state.with_player(seat, slag=state.players[seat].slag + (card,))
    for other, p in enumerate(state.players):
        if p.lock_foe == seat and p.lock_card == card:
            state = state.with_player(other, lock_foe=-1, lock_card="")
    return state
