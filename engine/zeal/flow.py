"""The loop after every action (XMage's): refresh derived values, state checks (deaths,
disconnections, eliminations), then play what no one has a choice about, until stable.
Also: who must act now."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.core.turn_order import in_turn_order
from engine.zeal import actions as za
from engine.zeal import combat, deaths, stack, turn
from engine.zeal.context import Ctx, News
from engine.zeal.state import GameState, PlayerState, Step
from engine.zeal.targets import ability_target_kinds
from engine.zeal.triggers import as_stack_item, is_optional, playable

# The last state asked about and its answer, as one pair (replaced in one step, so safe to
# share): legal_actions, explain and prompts all ask about the same immutable state in turn.
# Holding the reference keeps its identity unique.
_last_actor: list[tuple[GameState | None, int | None]] = [(None, None)]


# Steps as module names: in Python 3.11 ``Step.MULLIGAN`` goes through the enum metaclass's
# __getattr__ hook, about ten times the cost of a module name, and _actor runs for every state.
_MULLIGAN, _GAME_OVER, _COMMIT = Step.MULLIGAN, Step.GAME_OVER, Step.COMMIT


def actor(state: GameState) -> int | None:
    """The one player who must or may act now (None when the game is over)."""
    known, who = _last_actor[0]
    if state is known:
        return who
    who = _actor(state)
    _last_actor[0] = (state, who)
    return who


def _actor(state: GameState) -> int | None:
    step = state.step
    if step is _GAME_OVER:  # state.over, without a property call for every state
        return None
    if step is _MULLIGAN:
        for seat in in_turn_order(state.first_player, len(state.players)):
            if not state.players[seat].mulligan_done:
                return seat
        return None
    for p in state.players:  # a plain loop, not any(): this runs for every position
        if p.develop_left:
            for seat in in_turn_order(state.active, len(state.players)):
                if state.players[seat].develop_left > 0:
                    return seat
            break
    if state.awaiting == "develop":
        return state.active
    if state.pending:  # most states have no trigger waiting (playable would say ())
        group = playable(state)
        if group:
            return group[0].controller
    if state.awaiting is not None and declaring(state):  # nor a declaration waiting
        if state.awaiting == "blockers":
            return combat.next_blocker(state)
        return state.active
    return state.priority


def declaring(state: GameState) -> bool:
    """A combat declaration is due: it waits while actions (its triggers) are being played."""
    return state.awaiting in ("attackers", "blockers", "flankers", "damage") and not state.stack


def in_priority(state: GameState) -> bool:
    """A priority window: no declaration, Develop choice or trigger is waiting."""
    if state.step in _NO_PRIORITY or declaring(state):
        return False
    for p in state.players:
        if p.develop_left:
            return False
    return not playable(state)


_NO_PRIORITY = frozenset({Step.MULLIGAN, Step.DEVELOP, Step.GAME_OVER})


# The players tuple last found with every living player holding a base (see deaths._stable).
_all_standing: list[object] = [None]


def _same_bases(players: tuple[PlayerState, ...]) -> bool:
    known = _all_standing[0]
    if not isinstance(known, tuple) or len(known) != len(players):
        return False
    for was, now in zip(known, players, strict=True):
        if was.bases is not now.bases or was.eliminated != now.eliminated:
            return False
    return True


def check_eliminations(ctx: Ctx, state: GameState) -> GameState:
    """A player with no bases loses; with more players, they are eliminated and the last
    player with a base standing wins (Objective; More than two players)."""
    step = state.step
    if state.players is _all_standing[0] or step is _MULLIGAN or step is _GAME_OVER:
        return state
    if _same_bases(state.players):
        # Every player's bases and elimination as when all living players last held a base
        # (only bases decide it): no check needed after a change of devotion, hand or play.
        _all_standing[0] = state.players
        return state
    standing = {b.controller for p in state.players for b in p.bases if b.face_up}
    out = [
        seat for seat, p in enumerate(state.players) if not p.eliminated and seat not in standing
    ]
    if not out:
        _all_standing[0] = state.players
        return state
    players = list(state.players)
    for seat in out:
        players[seat] = evolve(players[seat], eliminated=True)
        ctx.say(
            state, seat, f"{players[seat].name} has no bases left and is out of the game", News.OUT
        )
    state = evolve(
        state,
        players=tuple(players),
        pending=tuple(t for t in state.pending if t.controller not in out),
        passed=tuple(s for s in state.passed if s not in out),
    )
    living = state.living()
    if len(living) <= 1:
        winner = living[0] if living else None
        reason = (
            f"{state.players[winner].name} is the last player with a base standing"
            if winner is not None
            else "no player has a base standing"
        )
        ctx.say(state, winner, f"Game over: {reason}")
        return evolve(
            state,
            step=_GAME_OVER,
            priority=None,
            awaiting=None,
            winner=winner,
            over_reason=reason,
        )
    if state.players[state.active].eliminated:
        return turn.next_turn(ctx, state)
    if state.priority in out:
        return evolve(state, priority=state.active)
    return state


def _auto(ctx: Ctx, state: GameState) -> GameState:
    """One step that needs no one's choice, or ``state`` itself when there is none."""
    if not state.pending and state.awaiting is None:
        return state  # the common case: a priority window, nothing waiting
    group = playable(state)
    if group:
        t = group[0]
        card = ctx.card(t.card_id)
        if len(group) == 1 and not is_optional(t) and not ability_target_kinds(t.ability, card):
            # Nothing to choose: play it (its player would have to anyway).
            return stack.push(ctx, state, as_stack_item(t), pending=state.pending[1:])
        return state
    if state.stack:
        return state  # declarations wait until the actions being played resolve
    for p in state.players:  # a plain loop, not any(): after most steps
        if p.develop_left:
            return state  # as do they for Develop choices
    if state.awaiting == "attackers" and not combat.can_attack(state):
        ctx.say(state, state.active, "No characters can attack")
        return turn.enter(ctx, state, _COMMIT)  # Commit begins with combat over
    if state.awaiting == "blockers":
        seat = combat.next_blocker(state)
        if seat is None:
            return evolve(state, awaiting=None, priority=state.active, passed=())
        if not combat.block_options(state, seat):
            # Nothing to choose: declared as no blockers (Hunt's blockers still "block").
            return combat.declare_blockers(ctx, state, za.DeclareBlockers(seat, ()))
        return state
    if state.awaiting == "flankers" and not combat.flank_options(state):
        return evolve(state, awaiting=None, priority=state.active, passed=())
    if state.awaiting == "damage" and not combat.needs_choices(state):
        return after_damage(ctx, combat.deal_damage(ctx, state, None))
    return state


def after_damage(ctx: Ctx, state: GameState) -> GameState:
    """After combat damage: Conquer and dying triggers are played before Commit."""
    if state.pending or state.stack:
        return evolve(state, awaiting=None, priority=state.active, passed=())
    # Commit begins with no declaration waiting and the active player to act: the same
    # changes, in one copy.
    return turn.enter(ctx, state, _COMMIT)


def settle(ctx: Ctx, state: GameState) -> GameState:
    players = state.players
    if (
        players is _all_standing[0]
        and players is deaths.last_stable[0]
        and not ctx.dying
        and not state.pending
        and state.awaiting is None
    ):
        # A bare priority window (most passes): the permanents and bases were already found
        # stable (no one due to die, every living player holds a base) and nothing waits, so
        # one pass of the loop below would change nothing.
        return state
    stable, standing = deaths.last_stable, _all_standing
    for _ in range(10_000):
        # Each step's own first test, made here: most of the time there is nothing to do.
        if state.players is not stable[0] or ctx.dying:
            state = deaths.settle(ctx, state)
        if state.players is not standing[0]:
            state = check_eliminations(ctx, state)
        if state.step is _GAME_OVER:
            return state
        if not state.pending and state.awaiting is None:
            return state  # _auto's first test: a priority window, nothing waiting
        nxt = _auto(ctx, state)
        if nxt is state:
            return state
        state = nxt
    raise RuntimeError("the rules loop did not settle")  # a bug, never the players' fault
