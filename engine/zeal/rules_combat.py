"""Why a combat declaration is illegal (Combat; Fly; Hunt; More than two players: Combat)."""

from __future__ import annotations

from engine.zeal import actions as za
from engine.zeal import base_damage, combat
from engine.zeal.cards import Catalog
from engine.zeal.keywords import can_block
from engine.zeal.ops import name, parse_base_ref, thing
from engine.zeal.state import BaseState, GameState
from engine.zeal.turn_checks import seat_problem, waiting_for, whose_turn_to_act


def check_attackers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareAttackers)
    if state.awaiting != "attackers" or state.stack:
        return f"attackers are chosen in the Choose Attackers step; now {waiting_for(state)}"
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    seen: set[int] = set()
    for pair in action.attackers:
        if len(pair) != 2:
            return "each attacker is a character and the player it attacks"
        pid, defender = pair
        perm = state.permanent(pid)
        if perm is None or perm.controller != action.player or not perm.is_character:
            return f"{thing(state, pid)} is not a character {name(state, action.player)} controls"
        if pid in seen:
            return f"{perm.name} is chosen to attack twice"
        if combat.detained(state, perm):
            return f"{perm.name} is detained (Detainment Cell) and can't be chosen as an attacker"
        seen.add(pid)
        if seat_problem(state, defender) or defender == action.player:
            return f"{perm.name} must attack an opponent, not {name(state, defender)}"
        if state.players[defender].eliminated:
            return f"{name(state, defender)} is out of the game and can't be attacked"
    attacking = dict(action.attackers)
    used: set[int] = set()
    for pair in action.hunts:
        hunter, blocker = pair
        h, b = state.permanent(hunter), state.permanent(blocker)
        if h is None or hunter not in attacking or not h.has("hunt"):
            return f"{thing(state, hunter)} is not an attacking character with Hunt"
        if (
            b is None
            or b.controller != attacking[hunter]
            or not can_block(b, h)
            or combat.detained(state, b)
        ):
            return (
                f"{thing(state, blocker)} can't be chosen to block {h.name} (Hunt picks a "
                "character of the attacked player that could block it)"
            )
        if blocker in used:
            return f"{b.name} is already chosen to block another hunter"
        used.add(blocker)
    return None


def check_blockers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareBlockers)
    if state.awaiting != "blockers" or state.stack:
        return f"blockers are chosen in the Choose Blockers step; now {waiting_for(state)}"
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    assert state.combat is not None
    busy = {b for b, _ in state.combat.blocks}
    count: dict[int, int] = {}
    for pair in action.blocks:
        blocker, attacker = pair
        b, a = state.permanent(blocker), state.permanent(attacker)
        if b is None or b.controller != action.player or not b.is_character:
            return (
                f"{thing(state, blocker)} is not a character {name(state, action.player)} controls"
            )
        if a is None or state.combat.defender_of(attacker) != action.player:
            return f"{b.name} can block only a character attacking {name(state, action.player)}"
        if combat.detained(state, b):
            return f"{b.name} is detained (Detainment Cell) and can't be chosen as a blocker"
        if blocker in busy:
            return f"{b.name} is already blocking (each blocker is assigned to one attacker)"
        busy.add(blocker)
        if not can_block(b, a):
            return f"{a.name} has Fly: only characters with Fly can block it"
        count[attacker] = count.get(attacker, len(state.combat.blockers_of(attacker))) + 1
        if count[attacker] > 2:
            return f"{a.name} can be blocked by up to two characters"
    return None


def check_flankers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareFlankers)
    if state.awaiting != "flankers" or state.stack:
        return f"flankers are chosen in the Flanking step; now {waiting_for(state)}"
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    options = set(combat.flank_options(state))
    flankers: set[int] = set()
    blockers: set[int] = set()
    for pair in action.flanks:
        flanker, blocker = pair
        f, b = state.permanent(flanker), state.permanent(blocker)
        if f is None or b is None:
            gone = thing(state, flanker if f is None else blocker)
            return f"{gone} can't flank or be flanked: flankers and blockers must be in play"
        if (flanker, blocker) not in options:
            if b.has("fly") and not f.has("fly"):
                return f"{b.name} has Fly: only characters with Fly can flank it"
            return (
                f"{f.name} can't flank {b.name}: flankers are unblocked attackers, and flank "
                "blockers of the player they attack"
            )
        if flanker in flankers:
            return f"{f.name} can flank only one character"
        if blocker in blockers:
            return f"{b.name} can be flanked by only one character"
        flankers.add(flanker)
        blockers.add(blocker)
    return None


def check_damage(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.AssignDamage)
    if state.awaiting != "damage" or state.stack:
        return f"combat damage is assigned in the Combat Damage step; now {waiting_for(state)}"
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    combat_state = state.combat
    assert combat_state is not None
    for attacker, blocker in action.blockers:
        a = state.permanent(attacker)
        if a is None or attacker not in combat_state.attacker_ids():
            return f"{thing(state, attacker)} is not attacking"
        if blocker not in combat_state.blockers_of(attacker):
            return f"{thing(state, blocker)} is not blocking {a.name}"
    previous: dict[int, BaseState] = {}
    for attacker, owner, index in action.bases:
        a = state.permanent(attacker)
        defender = combat_state.defender_of(attacker)
        if a is None or defender is None:
            return f"{thing(state, attacker)} is not attacking"
        if not combat.hits_bases(state, combat_state, attacker):
            why = "is flanking" if combat_state.is_flanking(attacker) else "is blocked"
            return f"{a.name} {why}, so it deals no damage to bases"
        ref = parse_base_ref(state, f"base:{owner}:{index}")
        if ref is None:
            return f"{name(state, owner)} has no base {index + 1}"
        base = state.players[owner].bases[index]
        label = f"{name(state, owner)}'s base {base.defense}"
        if base.controller != defender:
            return f"{a.name} attacks {name(state, defender)}: {label} is not theirs"
        if not base.face_up:
            return f"{label} is already defeated"
        before = previous.get(attacker)
        if before is not None and not base_damage.adjacent(before, base):
            where = f"{name(state, before.owner)}'s base {before.defense}"
            return (
                f"{a.name}'s excess damage can go only to a base adjacent to {where} "
                f"(defense within one): {label} is not"
            )
        previous[attacker] = base
    return None
