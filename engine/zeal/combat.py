"""Combat (rules: Combat; Fly, Hunt, Overpower, Execute, Assimilate, Conquer; More than two
players: Combat). Declarations are validated in rules.py; this module carries them out."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import base_damage, damage, deaths, triggers
from engine.zeal.actions import AssignDamage, DeclareAttackers, DeclareBlockers, DeclareFlankers
from engine.zeal.context import Ctx
from engine.zeal.keywords import COMBAT, can_block
from engine.zeal.ops import name, standing_bases
from engine.zeal.state import CombatState, GameState, Permanent


def detained(state: GameState, perm: Permanent) -> bool:
    """Detainment Cell: its connected character can't be chosen as an attacker or blocker
    (one already attacking or blocking stays so: Formic Commander clarification)."""
    for player in state.players:
        for d in player.in_play:
            if d.connected_to == perm.id and "detain" in d.keywords:
                return True
    return False


def detained_ids(state: GameState) -> set[int]:
    """The characters Detainment Cells hold (detained()'s answer for all, in one pass)."""
    return {
        d.connected_to
        for player in state.players
        for d in player.in_play
        if d.connected_to is not None and "detain" in d.keywords
    }


def can_attack(state: GameState) -> list[Permanent]:
    held = detained_ids(state)
    return [
        p for p in state.players[state.active].in_play if p.kind == "character" and p.id not in held
    ]


def hunt_blockers(state: GameState, action: DeclareAttackers) -> tuple[tuple[int, int], ...]:
    """Hunt: each hunting attacker is immediately blocked by a character its player chooses
    (from the attacked player's); the engine fills in any choice left out, in attack order."""
    chosen = dict(action.hunts)
    used: set[int] = set(chosen.values())
    blocks: list[tuple[int, int]] = []
    for pid, defender in action.attackers:
        attacker = state.permanent(pid)
        if attacker is None or not attacker.has("hunt"):
            continue
        if pid in chosen:
            blocks.append((chosen[pid], pid))
            continue
        for cand in state.players[defender].in_play:
            if cand.id not in used and can_block(cand, attacker) and not detained(state, cand):
                used.add(cand.id)
                blocks.append((cand.id, pid))
                break
    return tuple(blocks)


def declare_attackers(ctx: Ctx, state: GameState, action: DeclareAttackers) -> GameState:
    combat = CombatState(attackers=tuple(action.attackers))
    if not action.attackers:
        ctx.say(state, action.player, f"{name(state, action.player)} attacks with nothing")
        return evolve(state, combat=combat, awaiting=None)
    for pid, defender in action.attackers:
        perm = state.permanent(pid)
        assert perm is not None
        ctx.say(state, action.player, f"{perm.name} attacks {name(state, defender)}")
    hunts = hunt_blockers(state, action)
    for blocker, attacker in hunts:
        b, a = state.permanent(blocker), state.permanent(attacker)
        assert b is not None and a is not None
        ctx.say(state, a.controller, f"{a.name} hunts: {b.name} must block it")
    combat = evolve(combat, blocks=hunts)
    state = evolve(state, combat=combat, awaiting=None)
    attackers = [p for p in (state.permanent(a) for a, _ in action.attackers) if p]
    # When a character attacks: directly after choosing all attackers.
    return triggers.on_event(ctx, state, attackers, "attacks")


def defenders(state: GameState) -> list[int]:
    """Attacked players in turn order after the active player."""
    if state.combat is None:
        return []
    attacked = {d for _, d in state.combat.attackers if d is not None}
    n = len(state.players)
    return [(state.active + k) % n for k in range(1, n) if (state.active + k) % n in attacked]


def block_options(state: GameState, seat: int) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs ``seat`` could still declare."""
    combat = state.combat
    if combat is None:
        return []
    busy = {b for b, _ in combat.blocks}
    held = detained_ids(state)
    out = []
    for pid, defender in combat.attackers:
        if defender != seat:
            continue
        attacker = state.permanent(pid)
        if attacker is None or len(combat.blockers_of(pid)) >= 2:
            continue
        for cand in state.players[seat].in_play:
            if cand.id not in busy and cand.id not in held and can_block(cand, attacker):
                out.append((cand.id, pid))
    return out


def next_blocker(state: GameState) -> int | None:
    """The next attacked player who still declares blockers (None when all have)."""
    combat = state.combat
    if combat is None:
        return None
    for seat in defenders(state):
        if seat not in combat.blockers_declared and not state.players[seat].eliminated:
            return seat
    return None


def declare_blockers(ctx: Ctx, state: GameState, action: DeclareBlockers) -> GameState:
    combat = state.combat
    assert combat is not None
    for blocker, attacker in action.blocks:
        b, a = state.permanent(blocker), state.permanent(attacker)
        assert b is not None and a is not None
        ctx.say(state, action.player, f"{b.name} blocks {a.name}")
    # Characters Hunt already assigned to block are this player's blockers too.
    hunted = [
        p
        for p in (state.permanent(b) for b, _ in combat.blocks)
        if p is not None and p.controller == action.player
    ]
    if not action.blocks and not hunted:
        ctx.say(state, action.player, f"{name(state, action.player)} blocks with nothing")
    combat = evolve(
        combat,
        blocks=combat.blocks + tuple(action.blocks),
        blockers_declared=combat.blockers_declared + (action.player,),
    )
    state = evolve(state, combat=combat)
    blockers = hunted + [p for p in (state.permanent(b) for b, _ in action.blocks) if p]
    # When a character blocks: directly after choosing all blockers.
    return triggers.on_event(ctx, state, blockers, "blocks")


def flank_options(state: GameState) -> list[tuple[int, int]]:
    """(flanker, blocker): unblocked attackers flank blockers of the player they attack; a
    blocker takes at most one flanker; Fly applies to flanking too."""
    combat = state.combat
    if combat is None:
        return []
    flanked = {b for _, b in combat.flanks}
    flanking = {f for f, _ in combat.flanks}
    out = []
    for pid, defender in combat.attackers:
        if combat.blocked(pid) or pid in flanking:
            continue
        attacker = state.permanent(pid)
        if attacker is None:
            continue
        for blocker_id, _ in combat.blocks:
            blocker = state.permanent(blocker_id)
            if blocker is None or blocker_id in flanked or blocker.controller != defender:
                continue
            if blocker.has("fly") and not attacker.has("fly"):
                continue
            out.append((pid, blocker_id))
    return out


def declare_flankers(ctx: Ctx, state: GameState, action: DeclareFlankers) -> GameState:
    combat = state.combat
    assert combat is not None
    for flanker, blocker in action.flanks:
        f, b = state.permanent(flanker), state.permanent(blocker)
        assert f is not None and b is not None
        ctx.say(state, action.player, f"{f.name} flanks {b.name}")
    return evolve(state, combat=evolve(combat, flanks=combat.flanks + tuple(action.flanks)))


def hits_bases(state: GameState, combat: CombatState, pid: int) -> bool:
    """Unblocked, not flanking; or Overpower blocked by exactly one (FAQ: not when flanking,
    not when two blockers were declared even if they have left play)."""
    if any(f == pid for f, _ in combat.flanks):
        return False
    declared = combat.blockers_of(pid)
    if not declared:
        return True
    attacker = state.permanent(pid)
    return attacker is not None and attacker.has("overpower") and len(declared) == 1


def needs_choices(state: GameState) -> bool:
    """Whether the attacking player has damage choices to make (else damage is automatic)."""
    combat = state.combat
    if combat is None:
        return False
    for pid, defender in combat.attackers:
        attacker = state.permanent(pid)
        if attacker is None or attacker.combat <= 0:
            continue
        if (
            hits_bases(state, combat, pid)
            and defender is not None
            and standing_bases(state, defender)
        ):
            return True
        present = [b for b in combat.blockers_of(pid) if state.permanent(b)]
        if len(present) == 2 and not attacker.has("overpower"):
            return True
    return False


def deal_damage(ctx: Ctx, state: GameState, action: AssignDamage | None) -> GameState:
    """All combat damage is simultaneous; then bases one attacker at a time; then deaths,
    Conquer and "when a character dies" together, after all combat damage."""
    combat = state.combat
    assert combat is not None
    chosen_blocker = dict(action.blockers) if action else {}
    hits: list[tuple[int, int]] = []  # (source id, target id)
    for pid, _defender in combat.attackers:
        attacker = state.permanent(pid)
        if attacker is None:
            continue
        flank = [b for f, b in combat.flanks if f == pid]
        if flank:
            hits.append((pid, flank[0]))
            continue
        declared = combat.blockers_of(pid)
        present = [b for b in declared if state.permanent(b)]
        if not present:
            continue  # "a removed blocker still counts": it stays blocked
        if attacker.has("overpower") or len(present) == 1:
            hits.extend((pid, b) for b in present)
        else:
            pick = chosen_blocker.get(pid)
            if pick not in present:
                pick = _default_blocker(state, attacker, present)
            hits.append((pid, pick))
    for blocker_id, attacker_id in combat.blocks:
        if state.permanent(blocker_id) and state.permanent(attacker_id):
            hits.append((blocker_id, attacker_id))
    # Simultaneous: everyone's combat score is read before any damage is dealt.
    amounts = {src: (state.permanent(src) or _gone()).combat for src, _ in hits}
    sources = {src: state.permanent(src) for src, _ in hits}
    for src, dst in hits:
        target = state.permanent(dst)
        if target is not None:
            state = damage.damage_character(ctx, state, target, amounts[src], COMBAT, sources[src])
    to_bases = [pid for pid, _ in combat.attackers if hits_bases(state, combat, pid)]
    state, conquerors = base_damage.damage_bases(ctx, state, combat, to_bases, action)
    # Conquer and "when a character dies" both wait until all combat damage is dealt, and are
    # one event: ordered together (active player's first). A conqueror that died in this
    # combat still conquers (triggered actions are played even if their card is gone).
    perms = [p for p in (state.permanent(c) for c in conquerors) if p]
    state, conquer = triggers.gather(ctx, state, perms, "conquer")
    return deaths.settle(ctx, state, conquer)


def _gone() -> Permanent:
    return Permanent(id=0, card_id="", name="", kind="character", cult=None, controller=0, owner=0)


def _default_blocker(state: GameState, attacker: Permanent, present: list[int]) -> int:
    """Engine's choice for a doubly blocked attacker: a blocker it can kill, strongest first."""
    perms = [p for p in (state.permanent(b) for b in present) if p]
    killable = [p for p in perms if p.combat - p.damage <= attacker.combat]
    pool = killable or perms
    return max(pool, key=lambda p: (p.combat, -p.id)).id
