"""What the table should do or know now, in players' words, most urgent first."""

from __future__ import annotations

from engine.core.records import Prompt
from engine.zg.actor import actor, attacker
from engine.zg.card_model import Catalog
from engine.zg.perform_attack import current_test
from engine.zg.state import STANCE_MOVE, GameState, PlayerState


def prompts(state: GameState, catalog: Catalog) -> list[Prompt]:
    if state.phase == "over":
        return [Prompt(state.winner, state.over_reason, "over")]
    seat = actor(state)
    assert seat is not None
    name = state.players[seat].name
    out = [Prompt(seat, _doing(state, catalog, seat, name), "act")]
    a = state.attack
    if a is not None and a.foe >= 0 and state.phase in ("target", "spin") and a.sneak:
        out.append(Prompt(a.foe, "Sneak attack: don't examine the target card", "reminder"))
    if state.phase == "result":
        result = current_test(state, catalog)
        assert result is not None
        for i, pair in enumerate(result.pairs):
            mark = "match" if pair.match else "no match"
            text = f"Dot {i + 1}: {pair.attack.words()} against {pair.target.words()}, {mark}"
            out.append(Prompt(None, f"{text}: {pair.why}", "resolve"))
    if state.turn == 1 and state.phase == "impulse" and not any(p.picked for p in state.players):
        out.append(
            Prompt(
                None, "Pose figures by impulse; none may start over 7 cards from a foe", "reminder"
            )
        )
    for p in state.players:
        if p.stunned and not p.defeated:
            out.append(Prompt(None, f"{p.name} is stunned (see the Stun powerup)", "reminder"))
    if state.edge == "fall" and state.phase == "act":
        out.append(Prompt(None, "The table edge is a FALL: fall off and you're out", "reminder"))
    return out


def _doing(state: GameState, catalog: Catalog, seat: int, name: str) -> str:
    phase = state.phase
    p = state.players[seat]
    if phase == "impulse":
        return f"{name}: pick 3 cards as your hand and call your impulse"
    if phase == "tiebreak":
        return f"{name}: draw a random card from your deck to break the impulse tie"
    if phase == "card":
        if p.flameout:  # Rules Options 7: each hand card twice, so no count here
            return f"{name}: pick an action card (your hand cards left)"
        cards = "hand card" if p.hand_size == 1 else "hand cards"
        return f"{name}: pick an action card ({p.hand_size} {cards} left)"
    if phase == "act":
        pulse = state.pulse
        assert pulse is not None
        card = catalog.get(pulse.card)
        if pulse.again_foe >= 0:
            foe = state.players[pulse.again_foe].name
            return f"{name}: attack {foe} again with {card.name}, or end the pulse"
        reach = "hand to hand: touch the foe" if card.range == 0 else f"Range {card.range}"
        move = "" if pulse.moved else _move_words(p, pulse.move_left)
        return f"{name}: {move}attack if in range ({reach}), or end the pulse"
    a = state.attack
    assert a is not None
    if phase == "target":
        whose = "your own deck" if a.foe < 0 else "your deck"
        return f"{name}: draw the target card from {whose} and scan it"
    if phase == "spin":
        return f"{name}: spin the target card, then say which end faces the attacker"
    if phase == "bolster":
        return f"{name}: choose the {_dots(a.bolsters)} for {_count(a.bolsters, 'bolster')}"
    if phase == "augment":
        return f"{name}: choose the {_dots(a.augments)} for {_count(a.augments, 'augment')}"
    if phase == "result":
        return f"{state.players[attacker(state)].name}: {state.last_test}; accept it or retest"
    # Core Exceptions 1 ("sacrifice it to save a zGear card"): the question only, the buttons
    # beside it say how ("Sacrifice character", "Slag it"); the whole sentence was cut on a
    # three-player portrait panel.
    return f"{name}: save {catalog.get(a.target).name}?"


def _move_words(p: PlayerState, move_left: int) -> str:
    """How far the figure may move now, as the engine allows it (legal.py): a knocked-down
    figure stands up first (Rules Options 5); kneeling, no move; attack, defense and prone,
    at most 1 a card (Rules Options 8)."""
    if p.knocked_down:
        return "stand up (3 Move) or stay down, " if move_left >= 3 else "knocked down, no move, "
    most = min(STANCE_MOVE.get(p.stance, move_left), move_left)
    if most <= 0:
        return f"no move ({p.stance}ing), " if p.stance == "kneel" else "no move left, "
    stance = f" ({p.stance} stance)" if p.stance in STANCE_MOVE else ""
    return f"move up to {most}{stance}, then "


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dots(n: int) -> str:
    return "dot" if n == 1 else "dots"
