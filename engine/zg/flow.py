"""The order of play (Basic Rules 3, 7-9): impulse order with ties, pulses, the next player, a
new turn; defeat and victory (Basic Rule 10); Flameout's forfeit (Rules Options 7)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.zg import zones
from engine.zg.card_model import Catalog
from engine.zg.log import Log, News
from engine.zg.state import GameState, PlayerState

# Rounds of tie-break draws before an open-handed tie falls back to seat order (cards with
# the same impulse everywhere would otherwise draw forever).
TIE_ROUNDS = 12


def impulse_number(impulses: list[int]) -> int:
    """Basic Rule 3: three impulse numbers highest first make a 3-digit number (7-5-3: 753)."""
    a, b, c = sorted(impulses, reverse=True)
    return a * 100 + b * 10 + c


def _key(state: GameState, seat: int) -> tuple[int, tuple[int, ...]]:
    p = state.players[seat]
    return (p.impulse, p.tiebreaks)


def _ties(state: GameState) -> tuple[int, ...]:
    seats = state.alive()
    keys = [_key(state, s) for s in seats]
    return tuple(s for s, k in zip(seats, keys, strict=True) if keys.count(k) > 1)


def settle_order(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """Once every hand is picked: the order by impulse, ties drawn for (Basic Rule 3). Open
    hands draw here; at the table the tied players scan the card they drew."""
    tied = _ties(state)
    rounds = 0
    while tied and not state.hidden and rounds < TIE_ROUNDS:
        for seat in tied:
            state, card = zones.random_card(state, seat)
            drawn = catalog.get(card).impulse
            p = state.players[seat]
            state = state.with_player(seat, tiebreaks=p.tiebreaks + (drawn,))
            log.say(
                state, seat, f"{p.name} drew {catalog.get(card).name} to break the tie: {drawn}"
            )
        tied = _ties(state)
        rounds += 1
    if tied and state.hidden:
        names = ", ".join(state.players[s].name for s in tied)
        log.say(state, None, f"Impulse tie: {names} each draw a random card from their deck")
        return evolve(state, phase="tiebreak", tied=tied)
    order = tuple(sorted(state.alive(), key=lambda s: _key(state, s), reverse=True))
    words = ", ".join(f"{state.players[s].name} ({state.players[s].impulse:03d})" for s in order)
    log.say(state, None, f"Order by impulse: {words}")  # the turn and step as they are
    return begin_player_turn(state, log, order=order, order_index=0, tied=())


def begin_player_turn(state: GameState, log: Log, **changes: object) -> GameState:
    """The player's turn begins; ``changes`` are the rest of the step's changes to the state
    (the whole step is one copy of the state)."""
    state = evolve(state, phase="card", pulse_no=0, pulse=None, attack=None, **changes)
    seat = state.order[state.order_index]
    log.say(state, seat, f"{state.players[seat].name}'s turn")
    return state


def end_pulse(
    state: GameState,
    catalog: Catalog,
    log: Log,
    target_back: bool = False,
    **mine: Any,
) -> GameState:
    """Basic Rules 6-7: the action card returns to the deck (with ``target_back``, the
    attack's target card first goes back where it was drawn from); the next pulse, or the
    next player when the hand is played. ``mine``: the step's other changes to the attacker's
    record (a targetlock); the whole step, up to the next player's turn, is one copy of the
    state and one of each player's record it changes."""
    seat = state.order[state.order_index]
    players, seed = state.players, state.rng
    a = state.attack
    if target_back and a is not None:
        owner = a.foe if a.foe >= 0 else seat
        players, seed = zones.put_back(state, players, seed, owner, a.target, a.from_hand)
    pulse_no = state.pulse_no + 1
    # The action card goes back to the deck, so the hand as it is now says whether the turn
    # is over; if it is, the turn's end changes the attacker's record in the same copy.
    p = players[seat]
    turn_over = pulse_no >= (6 if p.flameout else 3) or not can_play(p)  # Flameout: 6
    if turn_over:
        mine = {**mine, **_turn_ends(p)}
    if state.pulse is not None:
        players, seed = zones.put_back(state, players, seed, seat, state.pulse.card, **mine)
    elif mine:
        players = (*players[:seat], evolve(players[seat], **mine), *players[seat + 1 :])
    if turn_over:
        return _next_player(state, catalog, log, players, seed, pulse_no=pulse_no, phase="card")
    return evolve(
        state, players=players, rng=seed, pulse=None, attack=None, pulse_no=pulse_no, phase="card"
    )


def can_play(p: PlayerState) -> bool:
    """A hand card left to play (Flameout: a card played once, back in the deck)."""
    if p.hand_size > 0:
        return True
    return p.flameout and any(p.played.count(c) == 1 for c in p.played)


def _turn_ends(p: PlayerState) -> dict[str, Any]:
    """Basic Rule 8: Targetlock lasts this turn only; a stun lasts until the end of the
    stunned player's next turn (README.md, "Readings"); this turn's plays become last turn's."""
    return {"played": (), "last_turn": p.played, "lock_foe": -1, "lock_card": "", "stunned": False}


def end_player_turn(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """Basic Rule 8: the next player by impulse."""
    seat = state.order[state.order_index]
    players = state.players_with(seat, **_turn_ends(state.players[seat]))
    return _next_player(state, catalog, log, players, state.rng)


def _next_player(
    state: GameState,
    catalog: Catalog,
    log: Log,
    players: tuple[PlayerState, ...],
    rng: int,
    **pulse_over: object,
) -> GameState:
    """The next player by impulse begins, or a new turn. ``players`` and ``rng`` as the step
    has them (the acting player's turn ended); ``pulse_over``: the changes of a pulse that
    ended with the turn, as the new turn's checks read them."""
    index = state.order_index + 1
    while index < len(state.order) and players[state.order[index]].defeated:
        index += 1
    if index < len(state.order):
        return begin_player_turn(state, log, players=players, order_index=index, rng=rng)
    state = evolve(state, players=players, rng=rng, pulse=None, attack=None, **pulse_over)
    return end_turn(state, catalog, log)


def end_turn(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """Basic Rule 9: a new turn from Start. Flameout forfeits first (Rules Options 7)."""
    for seat, p in enumerate(state.players):
        if p.flameout and not p.defeated:
            foes_down = [s for s in state.defeated_this_turn if s != seat]
            if not foes_down:
                state = state.with_player(seat, defeated=True)
                line = f"{p.name} flamed out: no foe was defeated this turn"
                log.say(state, seat, line, News.FLAMED_OUT)
    state = check_victory(state, log)
    if state.phase == "over":
        return state
    fresh = tuple(
        evolve(
            p,
            picked=False,
            scanned=(),
            impulse=0,
            tiebreaks=(),
            character_used=False,
            flameout=False,
        )
        for p in state.players
    )
    state = evolve(
        state,
        players=fresh,
        turn=state.turn + 1,
        phase="impulse",
        order=(),
        order_index=0,
        pulse_no=0,
        defeated_this_turn=(),
        tied=(),
    )
    for seat, p in enumerate(fresh):
        for card in p.hand:  # open hands: any unplayed hand card goes back (Basic Rule 2)
            state = zones.to_deck(zones.take_from_hand(state, seat, card), seat, card)
        if state.hidden and p.hand_size:
            q = state.players[seat]
            state = state.with_player(seat, deck_size=q.deck_size + q.hand_size, hand_size=0)
    log.say(state, None, f"Turn {state.turn}: everyone picks a hand of 3 cards")
    return state


def defeat_if_down(state: GameState, seat: int, catalog: Catalog, log: Log) -> GameState:
    """Basic Rule 10: a foe is defeated when their Ulster card is slagged or they have fewer
    than 3 zGear cards."""
    p = state.players[seat]
    if p.defeated:
        return state
    ulster = any((c := catalog.find(card)) is not None and c.ulster for card in p.slag)
    held = p.zgear + sum(1 for c in _on_table(state) if c[0] == seat)
    if not ulster and held >= 3:
        return state
    why = "their Ulster card is slagged" if ulster else "they have fewer than 3 zGear cards"
    state = state.with_player(seat, defeated=True)
    state = evolve(state, defeated_this_turn=state.defeated_this_turn + (seat,))
    log.say(state, seat, f"{p.name} is defeated: {why}", News.DEFEATED)
    return check_victory(state, log)


def _on_table(state: GameState) -> list[tuple[int, str]]:
    """Cards out of hand and deck during a pulse: the action card and the target card."""
    out = []
    if state.pulse is not None and state.order:
        out.append((state.order[state.order_index], state.pulse.card))
    a = state.attack
    if a is not None and a.target:
        owner = a.foe if a.foe >= 0 else state.order[state.order_index]
        out.append((owner, a.target))
    return out


def check_victory(state: GameState, log: Log) -> GameState:
    """Basic Rule 10: the last player standing wins (everyone out at once: a draw)."""
    if state.phase == "over":
        return state
    alive = state.alive()
    if len(alive) > 1:
        return state
    if alive:
        winner: int | None = alive[0]
        reason = f"{state.players[alive[0]].name} defeated every foe"
    else:
        winner, reason = None, "nobody is left standing: a draw"
    state = evolve(state, phase="over", winner=winner, over_reason=reason)
    log.say(state, winner, reason)
    return state
