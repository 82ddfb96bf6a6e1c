"""Characters dying, devices leaving play and Connect's disconnections.

Every character that dies from one event is put in the discard together, after the event, so
they all see each other die (When a character dies). Lethal damage and 0 combat are state
checks, repeated until nothing more happens (XMage's state-based loop).
"""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import triggers
from engine.zeal.context import Ctx, News
from engine.zeal.keywords import can_be_killed
from engine.zeal.ops import move_permanent, remove_permanent, to_discard, update_permanent
from engine.zeal.refresh import refresh
from engine.zeal.state import GameState, PendingTrigger, Permanent, PlayerState


def kill(ctx: Ctx, state: GameState, perm: Permanent, source: str) -> bool:
    """Kill target character: it will die with this event's others. False if it can't."""
    if not can_be_killed(perm, source):
        why = "invincible" if perm.has("invincible") else f"immune to {source}"
        ctx.say(state, perm.controller, f"{perm.name} is {why} and is not killed")
        return False
    if perm.id not in ctx.dying:
        ctx.dying.append(perm.id)
    return True


def force_die(ctx: Ctx, perm: Permanent, verb: str = "dies") -> None:
    """Sacrifice, Reanimation Chamber, Possess the Dead: it dies even if invincible."""
    if perm.id not in ctx.dying:
        ctx.dying.append(perm.id)
    ctx.verbs[perm.id] = verb


def _lethal(state: GameState) -> list[Permanent]:
    out = []
    stable = last_stable[0]
    known = stable if isinstance(stable, tuple) else ()
    for seat, player in enumerate(state.players):
        if seat < len(known):
            was = known[seat]
            if was is player or (isinstance(was, PlayerState) and was.in_play is player.in_play):
                continue  # the same permanents as when last found stable: none of theirs is due
        out.extend(_lethal_of(player.in_play))
    return out


def _lethal_of(perms: tuple[Permanent, ...]) -> list[Permanent]:
    out = []
    for perm in perms:  # is_character and has("invincible") inlined: after most changes
        if perm.kind != "character":
            continue
        if perm.combat <= 0:
            out.append(perm)  # "If a character's combat score is reduced to 0, it dies."
        elif perm.damage >= perm.combat and "invincible" not in perm.keywords:
            out.append(perm)
    return out


def leave_play(ctx: Ctx, state: GameState, perm: Permanent) -> GameState:
    """A device leaving play disconnects (Neurocontroller returns, Reanimation Chamber kills)."""
    if perm.kind == "device" and perm.connected_to is not None:
        state = _disconnected(ctx, state, perm)
    return state


def _disconnected(ctx: Ctx, state: GameState, device: Permanent) -> GameState:
    target = state.permanent(device.connected_to) if device.connected_to is not None else None
    state = update_permanent(state, device.id, connected_to=None, connected_controller=None)
    if target is None:
        return state
    ctx.say(state, device.controller, f"{device.name} is disconnected from {target.name}")
    if "connect_control" in device.keywords and device.returns_to is not None:
        # Neurocontroller: return the character to its previous controller.
        if target.controller != device.returns_to:
            state = move_permanent(state, target.id, device.returns_to)
            who = state.players[device.returns_to].name
            ctx.say(state, device.returns_to, f"{target.name} returns to {who}")
        state = update_permanent(state, device.id, returns_to=None)
    if "connect_reanimate" in device.keywords:
        # Reanimation Chamber: the character dies, even if invincible.
        force_die(ctx, target)
    return state


def check_connections(ctx: Ctx, state: GameState) -> GameState:
    """When a character leaves play or changes controllers, disconnect all devices from it."""
    for device in state.permanents():
        if device.connected_to is None:
            continue
        target = state.permanent(device.connected_to)
        if target is None or target.controller != device.connected_controller:
            state = _disconnected(ctx, state, state.permanent(device.id) or device)
    return state


# The players tuple last found stable (no one due to die, no connection to break). Tuples are
# immutable, so the same object has the same permanents: checking it again can be skipped (the
# rules loop asks after every change). Holding the reference keeps its identity unique.
last_stable: list[object] = [None]


def _same_permanents(players: tuple[PlayerState, ...]) -> bool:
    """Whether every player has the very permanents they had when last found stable (then no
    connection can have broken: connections are among the permanents in play)."""
    known = last_stable[0]
    if not isinstance(known, tuple) or len(known) != len(players):
        return False
    for was, now in zip(known, players, strict=True):  # a plain loop: after most changes
        if was.in_play is not now.in_play:
            break
    else:
        return True
    return False


def settle(ctx: Ctx, state: GameState, also: list[PendingTrigger] | None = None) -> GameState:
    """Puts every character due to die in the discard, together; repeats until stable.
    ``also``: other triggers of the same event, queued in one batch with the deaths'."""
    if state.players is last_stable[0] and not ctx.dying and not also:
        return state
    while True:
        if not _same_permanents(state.players):
            state = check_connections(ctx, state)
        # Zeal and combat scores may have changed with the last deaths: recompute first.
        state = refresh(state)
        for perm in _lethal(state):
            if perm.id not in ctx.dying:
                ctx.dying.append(perm.id)
        if not ctx.dying:
            last_stable[0] = state.players
            return triggers.queue(ctx, state, also) if also else state
        dead: list[Permanent] = []
        for pid in ctx.dying:
            state, gone = remove_permanent(state, pid)
            if gone is None:
                continue
            state = to_discard(state, gone.owner, gone.card_id)
            dead.append(evolve(gone, damage=0))
            verb = ctx.verbs.get(pid, "dies")
            # A sacrifice ("is sacrificed") is its own player's choice, not news to the table.
            news = News.DEATH if verb == "dies" else ""
            ctx.say(state, gone.controller, f"{gone.name} {verb}", news)
        ctx.dying.clear()
        ctx.verbs.clear()
        state = check_connections(ctx, state)
        state = triggers.on_deaths(ctx, state, dead, also)
        also = None


def destroy(ctx: Ctx, state: GameState, perm: Permanent) -> GameState:
    """Destroy target device: put it in its owner's discard."""
    if perm.has("invincible"):
        ctx.say(state, perm.controller, f"{perm.name} is invincible and is not destroyed")
        return state
    state, _ = remove_permanent(state, perm.id)
    state = to_discard(state, perm.owner, perm.card_id)
    ctx.say(state, perm.controller, f"{perm.name} is destroyed")
    return leave_play(ctx, state, perm)
