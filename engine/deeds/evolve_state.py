"""Small copy-with-changes helpers over the immutable state.

Every command copies the state and a player or two: ``state_with`` and ``player_with`` are
``evolve`` for those two records with each field a keyword of its own (no dict of changes, no
field names checked at run time: mypy checks them), filled in by position (``maker``)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve, maker
from engine.deeds.state import Battle, DeedsState, InPlay, Note, Phase, Player, Pool

# Every field, in order, without the frozen __init__
_in_play = maker(InPlay)
_state = maker(DeedsState)
_player = maker(Player)

_KEEP: Any = object()  # a field left as it was


def state_with(
    state: DeedsState,
    *,
    round: int = _KEEP,
    attacker: int = _KEEP,
    phase: Phase = _KEEP,
    players: tuple[Player, ...] = _KEEP,
    cards: tuple[InPlay, ...] = _KEEP,
    rng: int = _KEEP,
    next_id: int = _KEEP,
    battle: Battle | None = _KEEP,
    attacked: bool = _KEEP,
    notes: tuple[Note, ...] = _KEEP,
) -> DeedsState:
    """``evolve(state, ...)``: the fields named changed, the others kept."""
    return _state(
        state.round if round is _KEEP else round,
        state.attacker if attacker is _KEEP else attacker,
        state.phase if phase is _KEEP else phase,
        state.players if players is _KEEP else players,
        state.cards if cards is _KEEP else cards,
        state.first_player,  # ("Setup": decided once)
        state.rng if rng is _KEEP else rng,
        state.next_id if next_id is _KEEP else next_id,
        state.battle if battle is _KEEP else battle,
        state.attacked if attacked is _KEEP else attacked,
        state.notes if notes is _KEEP else notes,
    )


def player_with(
    p: Player,
    *,
    base: int = _KEEP,
    pool: Pool = _KEEP,
    hand: tuple[str, ...] = _KEEP,
    hand_size: int = _KEEP,
    deck: tuple[str, ...] = _KEEP,
    deck_size: int = _KEEP,
    graveyard: tuple[str, ...] = _KEEP,
    decided: bool = _KEEP,
) -> Player:
    """``evolve(p, ...)``: the fields named changed, the others kept."""
    return _player(
        p.name,
        p.base if base is _KEEP else base,
        p.pool if pool is _KEEP else pool,
        p.hand if hand is _KEEP else hand,
        p.hand_size if hand_size is _KEEP else hand_size,
        p.deck if deck is _KEEP else deck,
        p.deck_size if deck_size is _KEEP else deck_size,
        p.graveyard if graveyard is _KEEP else graveyard,
        p.decided if decided is _KEEP else decided,
    )


def changed(x: InPlay, ready: bool, damage: int, fed: bool) -> InPlay:
    """``x`` readied or utilized, damaged or healed, fed or not: what a round's steps change
    of many cards at once (Regroup, an attack, a battle), copied at a third of evolve's cost."""
    return _in_play(
        x.id,
        x.card_id,
        x.owner,
        ready,
        x.deployed_round,
        damage,
        x.tokens,
        x.attack_mod,
        x.defense_mod,
        x.attached_to,
        fed,
    )


def set_player(state: DeedsState, seat: int, **changes: Any) -> DeedsState:
    return state_with(state, players=players_with(state, seat, **changes))


def players_with(state: DeedsState, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The players with ``changes`` to one seat: for a step that changes the state itself
    too, in the same copy (a step makes one copy of each record it changes)."""
    return seated(state, seat, player_with(state.players[seat], **changes))


def seated(state: DeedsState, seat: int, player: Player) -> tuple[Player, ...]:
    """The players with ``player`` in ``seat`` (two seats, "Setup")."""
    first, second = state.players
    return (player, second) if seat == 0 else (first, player)


def set_card(state: DeedsState, card_id: int, **changes: Any) -> DeedsState:
    return state_with(
        state,
        cards=tuple(evolve(x, **changes) if x.id == card_id else x for x in state.cards),
    )


def damaged(cards: tuple[InPlay, ...], damage: dict[int, int], fed: set[int]) -> tuple[InPlay, ...]:
    """The cards with ``damage`` added (by card number), and those in ``fed`` fed: ``cards``
    itself when there is neither (a battle with no damage to any card)."""
    if not damage and not fed:
        return cards
    out = []
    for x in cards:
        hit = damage.get(x.id, 0)
        if hit or x.id in fed:
            x = changed(x, x.ready, x.damage + hit, x.fed or x.id in fed)
        out.append(x)
    return tuple(out)
