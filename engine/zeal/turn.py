"""Steps and turns (Turn Overview; Game Setup: Mulligan): what happens when a step begins."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.core.turn_order import next_seat
from engine.zeal import deaths, triggers
from engine.zeal.context import Ctx, News
from engine.zeal.keywords import CHARACTER
from engine.zeal.ops import move_permanent, update_permanent
from engine.zeal.refresh import refresh
from engine.zeal.state import BaseState, GameState, Permanent, PlayerState, Step

# After everyone passes with nothing pending, play moves to the next step (Playing Actions).
_NEXT = {
    Step.COMBAT_START: Step.CHOOSE_ATTACKERS,
    Step.CHOOSE_ATTACKERS: Step.CHOOSE_BLOCKERS,
    Step.CHOOSE_BLOCKERS: Step.FLANKING,
    Step.FLANKING: Step.COMBAT_DAMAGE,
    Step.COMBAT_DAMAGE: Step.COMMIT,
    Step.COMMIT: Step.END_OF_TURN,
}
_AWAIT = {
    Step.CHOOSE_ATTACKERS: "attackers",
    Step.CHOOSE_BLOCKERS: "blockers",
    Step.FLANKING: "flankers",
    Step.COMBAT_DAMAGE: "damage",
}


# Steps as module names: in Python 3.11 ``Step.COMMIT`` goes through the enum metaclass's
# __getattr__ hook, and these are read at every step of every turn.
_COMMIT, _END_OF_TURN, _DEVELOP = Step.COMMIT, Step.END_OF_TURN, Step.DEVELOP


def enter(ctx: Ctx, state: GameState, step: Step, **also: Any) -> GameState:
    """Begins ``step``: a declaration to wait for, or a chance to act for the active player.
    ``also``: the last step's changes (Develop's), made in the same copy of the state."""
    awaiting = _AWAIT.get(step)
    state = evolve(
        state,
        step=step,
        passed=(),
        awaiting=awaiting,
        priority=None if awaiting else state.active,
        combat=None if step is _COMMIT else state.combat,
        **also,
    )
    if step is _END_OF_TURN:
        # Possess the Dead without Zeal: the character dies at the end of the turn, even if
        # invincible ("when this dies" triggers happen as usual).
        for perm in state.permanents():
            if perm.doomed:
                ctx.say(state, perm.controller, f"{perm.name} dies at the end of the turn")
                deaths.force_die(ctx, perm)
        # "At the end of your turn" actions and Reconnect: played in End of Turn, one at a
        # time when nothing else is being played; too late to stop them once here.
        mine = list(state.players[state.active].in_play)
        state = triggers.end_of_turn(ctx, state, mine)
    return state


def advance(ctx: Ctx, state: GameState) -> GameState:
    """Everyone passed with nothing pending: the next step, or the next turn."""
    if state.step is _END_OF_TURN:
        return next_turn(ctx, state)
    return enter(ctx, state, _NEXT[state.step])


def _clear_turn(player: PlayerState) -> PlayerState:
    """Damage accumulates during a turn and is forgotten between turns (Damage); "this turn"
    changes and the turn's resolved spells (Zeal) end too."""
    bases = player.bases
    for b in bases:
        if b.damage != 0 or b.damaged_by:
            bases = tuple(clear_base(b) if b.damage or b.damaged_by else b for b in bases)
            break
    in_play = player.in_play
    for perm in in_play:  # _to_clear, inlined: every permanent at every turn's end
        if perm.damage or perm.combat_bonus or perm.granted_keywords or perm.dies_devotion:
            in_play = tuple(_clear_perm(p) for p in in_play)
            break
    if bases is player.bases and in_play is player.in_play and not player.spell_cults:
        # Nothing of this turn's to forget: the same record, so what is worked out from it
        # (derived values, state checks) is known still to hold (refresh.py, deaths.py).
        return player
    return evolve(player, bases=bases, in_play=in_play, spell_cults=())


def _to_clear(perm: Permanent) -> bool:
    return bool(perm.damage or perm.combat_bonus or perm.granted_keywords or perm.dies_devotion)


def _clear_perm(perm: Permanent) -> Permanent:
    if _to_clear(perm):
        return evolve(perm, damage=0, combat_bonus=0, granted_keywords=(), dies_devotion=0)
    return perm


def clear_base(base: BaseState) -> BaseState:
    return evolve(base, damage=0, damaged_by=())


def next_turn(ctx: Ctx, state: GameState) -> GameState:
    skip = {i for i, p in enumerate(state.players) if p.eliminated}
    nxt = next_seat(state.active, len(state.players), skip)
    if nxt is None:
        nxt = state.active
    if skip:
        # More than two players: an eliminated player takes no more turns; the table is told whose
        # turn is passed over, so nobody waits for it.
        count = len(state.players)
        seat = (state.active + 1) % count
        while seat != nxt and seat != state.active:
            if seat in skip:
                who = state.players[seat].name
                ctx.say(state, None, f"{who} is out of the game: no turn", News.NO_TURN)
            seat = (seat + 1) % count
    # The same tuple when no one has anything of this turn's to forget: what was worked out
    # from it still holds.
    players = state.players
    cleared = [_clear_turn(p) for p in players]
    for new, old in zip(cleared, players, strict=True):
        if new is not old:
            players = tuple(cleared)
            break
    # The next turn and its Develop step (start_turn's changes), in one copy of the state.
    state = evolve(
        state,
        players=players,
        turn=state.turn + 1,
        active=nxt,
        combat=None,
        stack=(),
        pending=(),
        step=_DEVELOP,
        awaiting="develop",
        priority=None,
        passed=(),
    )
    return _turn_begins(ctx, state)


def start_turn(ctx: Ctx, state: GameState) -> GameState:
    state = evolve(state, step=_DEVELOP, awaiting="develop", priority=None, passed=())
    return _turn_begins(ctx, state)


def _turn_begins(ctx: Ctx, state: GameState) -> GameState:
    who = state.players[state.active].name
    ctx.say(state, state.active, f"Turn {state.turn}: {who}'s turn")
    return _start_of_turn(ctx, state)


def _start_of_turn(ctx: Ctx, state: GameState) -> GameState:
    """What happens as a turn starts, before anyone can act."""
    state = refresh(state)  # "this turn" changes just ended: combat scores as printed again
    for perm in state.permanents():
        if perm.returns_next_turn and perm.returns_to is not None:
            # Possess the Living without Zeal: the previous controller gets it back.
            back = perm.returns_to
            state = update_permanent(state, perm.id, returns_to=None, returns_next_turn=False)
            if perm.controller != back:
                state = move_permanent(state, perm.id, back)
                ctx.say(state, back, f"{perm.name} returns to {state.players[back].name}")
    for lord in state.permanents():
        if "cull_weak" not in lord.keywords:  # lord.has, inlined: every permanent, every turn
            continue
        # Cnidarian Lord: foes' characters with 1 combat die, before anyone can raise it.
        for perm in state.permanents():
            if perm.is_character and perm.controller != lord.controller and perm.combat <= 1:
                deaths.kill(ctx, state, perm, CHARACTER)
    return state
