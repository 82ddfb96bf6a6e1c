"""Primitive, rule-free changes to the state: one place that rebuilds the immutable tuples."""

from __future__ import annotations

from typing import Any

from engine.core import rng as rngmod
from engine.core.evolve import evolve
from engine.zeal.cards import Card, Catalog
from engine.zeal.context import Ctx
from engine.zeal.state import (
    MAX_CURRENT_DEVOTION,
    BaseState,
    GameState,
    Permanent,
    PlayerState,
    make_permanent,
)


def name(state: GameState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.players):
        return "nobody"
    return state.players[seat].name


def thing(state: GameState, ref: object, catalog: Catalog | None = None) -> str:
    """What an id or reference points at, in players' words (never an internal id): a card in
    play or being played by name, a base as "Anton's base 3", a card in a discard pile."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        perm = state.permanent(ref)
        if perm is not None:
            return perm.name
        item = state.stack_item(ref)
        if item is not None:
            return item.name
        return "that card (it is not in play)"
    base = parse_base_ref(state, ref)
    if base is not None:
        owner, index = base
        return f"{name(state, owner)}'s base {state.players[owner].bases[index].defense}"
    found = parse_discard_ref(state, ref)
    if found is not None:
        owner, card_id = found
        card = catalog.get(card_id).name if catalog and card_id in catalog else card_id
        return f"{card} in {name(state, owner)}'s discard"
    if isinstance(ref, str) and ref.startswith(("base:", "discard:")):
        return "a base or card that is not on the table"
    if isinstance(ref, str):
        return f'"{ref}"'
    return "that choice"


def not_in_play(state: GameState, ref: int) -> str:
    """Why an id names no card in play, in players' words."""
    item = state.stack_item(ref)
    if item is not None:
        return f"{item.name} is being played, not in play"
    return "that card is not in play (it may have left play)"


def set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    return evolve(state, players=with_player(state, seat, **changes))


def with_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    """The players with ``changes`` to ``seat``'s record (for a copy of the state that makes
    other changes too)."""
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return tuple(players)


def set_base(state: GameState, owner: int, index: int, **changes: Any) -> GameState:
    bases = list(state.players[owner].bases)
    bases[index] = evolve(bases[index], **changes)
    return set_player(state, owner, bases=tuple(bases))


def new_id(state: GameState) -> tuple[int, GameState]:
    return state.next_id, evolve(state, next_id=state.next_id + 1)


def update_permanent(state: GameState, pid: int, **changes: Any) -> GameState:
    for seat, player in enumerate(state.players):
        for i, perm in enumerate(player.in_play):
            if perm.id == pid:
                in_play = list(player.in_play)
                in_play[i] = evolve(perm, **changes)
                return set_player(state, seat, in_play=tuple(in_play))
    return state


def remove_permanent(state: GameState, pid: int) -> tuple[GameState, Permanent | None]:
    for seat, player in enumerate(state.players):
        for perm in player.in_play:
            if perm.id == pid:
                rest = tuple(p for p in player.in_play if p.id != pid)
                return set_player(state, seat, in_play=rest), perm
    return state, None


def add_permanent(
    state: GameState, card: Card, controller: int, owner: int, **extra: Any
) -> tuple[GameState, int]:
    pid = state.next_id
    perm = make_permanent(
        id=pid,
        card_id=card.id,
        name=card.name,
        kind=card.type,
        cult=card.cult,
        controller=controller,
        owner=owner,
        printed_combat=card.combat or 0,
        printed_zeal_combat=card.zeal_combat,
        printed_keywords=card.keywords,
        printed_zeal_keywords=card.zeal_keywords,
        damage=0,
        combat_bonus=0,
        granted_keywords=(),
        dies_devotion=0,
        connected_to=None,
        connected_controller=None,
        returns_to=None,
        returns_next_turn=False,
        doomed=False,
        entered_turn=state.turn,
        zeal=False,
        combat=card.combat or 0,
        keywords=card.keywords,
    )
    if extra:
        perm = evolve(perm, **extra)
    player = state.players[controller]
    # Into play and the id counter moved on, in one copy of the state.
    players = with_player(state, controller, in_play=player.in_play + (perm,))
    return evolve(state, players=players, next_id=pid + 1), pid


def move_permanent(state: GameState, pid: int, new_controller: int) -> GameState:
    state, perm = remove_permanent(state, pid)
    if perm is None:
        return state
    perm = evolve(perm, controller=new_controller)
    player = state.players[new_controller]
    return set_player(state, new_controller, in_play=player.in_play + (perm,))


def to_discard(state: GameState, owner: int, card_id: str) -> GameState:
    player = state.players[owner]
    return set_player(state, owner, discard=player.discard + (card_id,))


def to_hand(state: GameState, owner: int, card_id: str) -> GameState:
    player = state.players[owner]
    if state.hidden:
        return set_player(state, owner, hand_size=player.hand_size + 1)
    return set_player(state, owner, hand=player.hand + (card_id,), hand_size=player.hand_size + 1)


def hand_without(state: GameState, seat: int, card_id: str) -> dict[str, Any]:
    """The changes to ``seat``'s record that take ``card_id`` out of their hand (to make with
    their other changes in one copy)."""
    player = state.players[seat]
    if state.hidden:
        return {"hand_size": max(0, player.hand_size - 1)}
    hand = list(player.hand)
    if card_id in hand:
        hand.remove(card_id)
    return {"hand": tuple(hand), "hand_size": len(hand)}


def draw(ctx: Ctx, state: GameState, seat: int, count: int = 1) -> GameState:
    """Draws from the top of the deck; an empty deck draws nothing (logged, not fatal)."""
    player = state.players[seat]
    drawn = min(count, player.deck_size)
    if drawn < count:
        ctx.say(state, seat, f"{player.name}'s deck is empty: drew {drawn} of {count}")
    if drawn == 0:
        return state
    if state.hidden:
        return set_player(
            state, seat, hand_size=player.hand_size + drawn, deck_size=player.deck_size - drawn
        )
    hand = player.hand + player.deck[:drawn]
    deck = player.deck[drawn:]
    return set_player(state, seat, hand=hand, deck=deck, hand_size=len(hand), deck_size=len(deck))


def shuffle_deck(state: GameState, seat: int) -> GameState:
    if state.hidden:
        return state
    deck, rng = rngmod.shuffled(state.rng, state.players[seat].deck)
    state = set_player(state, seat, deck=deck)
    return evolve(state, rng=rng)


def gain_devotion(state: GameState, seat: int, amount: int) -> GameState:
    """Current devotion can pass the maximum but never 13 (Accelerate) nor go below 0."""
    player = state.players[seat]
    current = max(0, min(MAX_CURRENT_DEVOTION, player.devotion + amount))
    return set_player(state, seat, devotion=current)


def starting_bases(seat: int) -> tuple[BaseState, ...]:
    """Six bases of defense 1 through 6, left to right (Game Setup: Bases)."""
    return tuple(BaseState(defense=d, owner=seat, controller=seat) for d in range(1, 7))


def standing_bases(state: GameState, seat: int) -> list[tuple[int, int, BaseState]]:
    """(owner, index, base) for every face-up base ``seat`` controls (asked at every hit of
    combat damage: one pass, no list of the face-down ones in between)."""
    return [
        (owner, index, base)
        for owner, player in enumerate(state.players)
        for index, base in enumerate(player.bases)
        if base.face_up and base.controller == seat
    ]


def base_ref(owner: int, index: int) -> str:
    return f"base:{owner}:{index}"


def parse_base_ref(state: GameState, ref: object) -> tuple[int, int] | None:
    if not isinstance(ref, str) or not ref.startswith("base:"):
        return None
    parts = ref.split(":")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    owner, index = int(parts[1]), int(parts[2])
    if owner >= len(state.players) or index >= len(state.players[owner].bases):
        return None
    return owner, index


def discard_ref(owner: int, card_id: str) -> str:
    return f"discard:{owner}:{card_id}"


def parse_discard_ref(state: GameState, ref: object) -> tuple[int, str] | None:
    if not isinstance(ref, str) or not ref.startswith("discard:"):
        return None
    parts = ref.split(":", 2)
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    owner = int(parts[1])
    if owner >= len(state.players) or parts[2] not in state.players[owner].discard:
        return None
    return owner, parts[2]
