"""Why an action is illegal now, in players' words (None when it is legal).

Each check cites the rulebook section it enforces. The messages are what the table reads.
"""

from __future__ import annotations

from engine.cards import Card, Catalog
from engine.zeal import actions as za
from engine.zeal import combat
from engine.zeal.flow import actor, in_priority
from engine.zeal.keywords import (
    CHARACTER,
    DEVICE,
    SPELL,
    can_block,
    cost_to_play,
    zeal_for_card,
)
from engine.zeal.ops import name, parse_base_ref
from engine.zeal.state import GameState, Step
from engine.zeal.targets import ability_target_kinds, card_target_kinds, check_targets
from engine.zeal.triggers import is_optional, playable

ZONES = ("hand", "play", "discard", "deck")


def _seat_problem(state: GameState, seat: object, what: str = "player") -> str | None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        return f"there is no {what} {seat!r} at this table (seats 0 to {len(state.players) - 1})"
    return None


def _whose_turn_to_act(state: GameState, seat: int) -> str | None:
    """Checks that ``seat`` is the player who may act now."""
    if state.over:
        return "the game is over"
    who = actor(state)
    if who == seat:
        return None
    me = name(state, seat)
    if who is None:
        return f"{me} can't act now"
    return f"it is {name(state, who)}'s turn to act, not {me}'s: {waiting_for(state)}"


def waiting_for(state: GameState) -> str:
    """What the game is waiting for, for error messages."""
    who = actor(state)
    if who is None:
        return "nothing"
    w = name(state, who)
    if state.step is Step.MULLIGAN:
        return f"{w} keeps their hand or takes a mulligan"
    if state.players[who].develop_left or state.awaiting == "develop":
        return f"{w} develops (draw a card or raise maximum devotion by 1)"
    group = playable(state)
    if group:
        return f"{w} plays the triggered action of {group[0].name}"
    if state.awaiting == "attackers":
        return f"{w} chooses attackers"
    if state.awaiting == "blockers":
        return f"{w} chooses blockers"
    if state.awaiting == "flankers":
        return f"{w} chooses flankers"
    if state.awaiting == "damage":
        return f"{w} assigns combat damage"
    if state.stack:
        return f"{w} may respond to {state.stack[-1].name} or pass"
    return f"{w} may play an action or pass"


def _need_priority(state: GameState, seat: int, doing: str) -> str | None:
    problem = _whose_turn_to_act(state, seat)
    if problem:
        return problem
    if state.step is Step.DEVELOP:
        return f"no actions can be played in the Develop step (to {doing})"
    if not in_priority(state):
        return f"first {waiting_for(state)}"
    return None


def explain(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    problem = _seat_problem(state, getattr(action, "player", None))
    if problem:
        return problem
    check = _CHECKS.get(type(action))
    if check is None:
        return f"unknown action {action!r}"
    return check(state, catalog, action)


def _keep_or_mulligan(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    if state.step is not Step.MULLIGAN:
        return "mulligans are taken before the first turn (Game Setup: Mulligan)"
    return _whose_turn_to_act(state, action.player)


def _develop(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.Develop)
    if action.choice not in ("draw", "devotion"):
        return f'Develop: choose "draw" or "devotion", not {action.choice!r}'
    if state.players[action.player].develop_left == 0 and state.awaiting != "develop":
        return f"{name(state, action.player)} has nothing to develop now (Develop is the first step of your turn)"
    return _whose_turn_to_act(state, action.player)


def _pass(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    if not in_priority(state):
        group = playable(state)
        if group and all(not is_optional(t) for t in group):
            return (
                f"{group[0].name}'s triggered action is not optional (it has no cost and does not"
                ' say "may"): play it; you may choose no targets'
            )
        if group:
            return "decline the optional triggered action (DeclineTrigger) instead of passing"
        return f"first {waiting_for(state)}"
    return None


def commit_window(state: GameState, seat: int) -> bool:
    """Your Commit step with no other action being played."""
    return state.active == seat and state.step is Step.COMMIT and not state.stack


def card_zeal(
    state: GameState, seat: int, card: Card, wanted: bool | None
) -> tuple[bool, str | None]:
    has = zeal_for_card(state, seat, card)
    if wanted is None or wanted == has:
        return has, None
    if wanted:
        return has, (
            f"{card.name} does not have Zeal: you control no other {card.cult} character or "
            f"device and resolved no {card.cult} spell this turn"
        )
    return has, f"{card.name} has Zeal now, so its Zeal cost, combat and text apply"


def _play_card(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.PlayCard)
    seat = action.player
    if action.card_id not in catalog:
        return f"there is no card {action.card_id!r} in the catalog"
    card = catalog.get(action.card_id)
    problem = _whose_turn_to_act(state, seat)
    if problem:
        return problem
    if card.type == "base":
        return f"{card.name} is a base: bases are put into play at setup, not played"
    player = state.players[seat]
    if state.hidden:
        if player.hand_size <= 0:
            return (
                f"{player.name} has no cards in hand by the engine's count; if that is wrong, "
                "correct it with a manual adjustment (MoveCard to hand)"
            )
    elif action.card_id not in player.hand:
        return f"{card.name} is not in {player.name}'s hand"
    if state.step is Step.DEVELOP:
        return "no actions can be played in the Develop step"
    if not in_priority(state):
        return f"first {waiting_for(state)}"
    zeal, zproblem = card_zeal(state, seat, card, action.zeal)
    keywords = card.keywords_with(zeal)
    # Restrictions: characters and devices only on your turn, in Commit, when no other
    # actions are being played, unless Ambush.
    if card.is_permanent and "ambush" not in keywords and not commit_window(state, seat):
        kinds = "characters" if card.type == "character" else "devices"
        return (
            f"{card.name} is a {card.type}: {kinds} can be played only in your Commit step "
            "when no other action is being played (it has no Ambush)"
        )
    if zproblem:
        return zproblem
    cost = cost_to_play(state, seat, card, zeal)
    if cost > player.devotion:
        which = "Zeal cost" if zeal and card.zeal_cost is not None else "cost"
        return f"{card.name} costs {cost} devotion ({which}); {player.name} has {player.devotion}"
    source = SPELL if card.type == "spell" else (CHARACTER if card.type == "character" else DEVICE)
    return check_targets(
        state, catalog, card_target_kinds(card, zeal), action.targets, seat, source, card.name
    )


def _play_trigger(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.PlayTrigger | za.DeclineTrigger)
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    group = playable(state)
    found = next((t for t in state.pending if t.id == action.trigger_id), None)
    if found is None:
        return f"there is no triggered action {action.trigger_id} waiting to be played"
    if found.controller != action.player:
        return (
            f"the triggered action of {found.name} is {name(state, found.controller)}'s, not yours"
        )
    if found not in group:
        return f"{found.name}'s triggered action is played later: first {waiting_for(state)}"
    if isinstance(action, za.DeclineTrigger):
        if not is_optional(found):
            return (
                f"{found.name}'s triggered action is not optional (it has no cost and does not "
                'say "may"): you must play it, though you may choose no targets'
            )
        return None
    card = catalog.get(found.card_id)
    if found.ability.cost > state.players[action.player].devotion:
        return f"{found.name}'s action costs {found.ability.cost} devotion; you have {state.players[action.player].devotion}"
    source = SPELL if found.is_spell else (CHARACTER if card.type == "character" else DEVICE)
    kinds = ability_target_kinds(found.ability, card)
    return check_targets(state, catalog, kinds, action.targets, action.player, source, found.name)


def _activate(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.Activate)
    perm = state.permanent(action.permanent_id)
    if perm is None:
        return f"there is no card {action.permanent_id} in play"
    if perm.controller != action.player:
        return f"{perm.name} is controlled by {name(state, perm.controller)}"
    card = catalog.get(perm.card_id)
    acts = [a for a in card.abilities_with(perm.zeal) if a.trigger == "activated"]
    if not 0 <= action.ability < len(acts):
        return f"{perm.name} has no action with a cost to play"
    problem = _need_priority(state, action.player, f"use {perm.name}")
    if problem:
        return problem
    ability = acts[action.ability]
    if ability.cost > state.players[action.player].devotion:
        return f"{perm.name}'s action costs {ability.cost} devotion; you have {state.players[action.player].devotion}"
    source = CHARACTER if perm.is_character else DEVICE
    return check_targets(
        state, catalog, ability.targets, action.targets, action.player, source, perm.name
    )


def _attackers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareAttackers)
    if state.awaiting != "attackers":
        return f"attackers are chosen in the Choose Attackers step; now {waiting_for(state)}"
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    seen: set[int] = set()
    for pair in action.attackers:
        if len(pair) != 2:
            return "each attacker is a pair (character, defending player)"
        pid, defender = pair
        perm = state.permanent(pid)
        if perm is None or perm.controller != action.player or not perm.is_character:
            return f"{pid} is not a character {name(state, action.player)} controls"
        if pid in seen:
            return f"{perm.name} is chosen to attack twice"
        if combat.detained(state, perm):
            return f"{perm.name} is detained (Detainment Cell) and can't be chosen as an attacker"
        seen.add(pid)
        if _seat_problem(state, defender) or defender == action.player:
            return f"{perm.name} must attack an opponent, not {name(state, defender)}"
        if state.players[defender].eliminated:
            return f"{name(state, defender)} is out of the game and can't be attacked"
    attacking = dict(action.attackers)
    used: set[int] = set()
    for pair in action.hunts:
        hunter, blocker = pair
        h, b = state.permanent(hunter), state.permanent(blocker)
        if h is None or hunter not in attacking or not h.has("hunt"):
            return f"{hunter} is not an attacking character with Hunt"
        if (
            b is None
            or b.controller != attacking[hunter]
            or not can_block(b, h)
            or combat.detained(state, b)
        ):
            return f"{blocker} can't be chosen to block {h.name} (Hunt picks a character of the attacked player that could block it)"
        if blocker in used:
            return f"{b.name} is already chosen to block another hunter"
        used.add(blocker)
    return None


def _blockers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareBlockers)
    if state.awaiting != "blockers":
        return f"blockers are chosen in the Choose Blockers step; now {waiting_for(state)}"
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    assert state.combat is not None
    busy = {b for b, _ in state.combat.blocks}
    count: dict[int, int] = {}
    for pair in action.blocks:
        blocker, attacker = pair
        b, a = state.permanent(blocker), state.permanent(attacker)
        if b is None or b.controller != action.player or not b.is_character:
            return f"{blocker} is not a character {name(state, action.player)} controls"
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


def _flankers(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.DeclareFlankers)
    if state.awaiting != "flankers":
        return f"flankers are chosen in the Flanking step; now {waiting_for(state)}"
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    options = set(combat.flank_options(state))
    flankers: set[int] = set()
    blockers: set[int] = set()
    for pair in action.flanks:
        flanker, blocker = pair
        f, b = state.permanent(flanker), state.permanent(blocker)
        if f is None or b is None:
            return f"flank {pair!r}: both must be in play"
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


def _damage(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.AssignDamage)
    if state.awaiting != "damage":
        return f"combat damage is assigned in the Combat Damage step; now {waiting_for(state)}"
    problem = _whose_turn_to_act(state, action.player)
    if problem:
        return problem
    assert state.combat is not None
    for attacker, blocker in action.blockers:
        if blocker not in state.combat.blockers_of(attacker):
            return f"{blocker} is not blocking {attacker}"
    for attacker, owner, index in action.bases:
        defender = state.combat.defender_of(attacker)
        if defender is None:
            return f"{attacker} is not attacking"
        ref = parse_base_ref(state, f"base:{owner}:{index}")
        if ref is None:
            return f"there is no base {index} of {name(state, owner)}"
        base = state.players[owner].bases[index]
        if base.controller != defender or not base.face_up:
            return f"{name(state, owner)}'s base {base.defense} is not a standing base of the defending player"
    return None


def _adjust(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    """Manual adjustments are always legal (the table is the truth); only nonsense is refused."""
    if isinstance(action, za.SetDevotion):
        for v in (action.current, action.maximum):
            if v is not None and (not isinstance(v, int) or v < 0):
                return f"devotion must be 0 or more, not {v!r}"
    elif isinstance(action, za.SetBase):
        bases = state.players[action.player].bases
        if not 0 <= action.base_index < len(bases):
            return f"{name(state, action.player)} has no base index {action.base_index} (0 to {len(bases) - 1})"
        if action.damage is not None and action.damage < 0:
            return "damage must be 0 or more"
    elif isinstance(action, za.SetDamage):
        if state.permanent(action.permanent_id) is None:
            return f"there is no card {action.permanent_id} in play"
        if action.damage < 0:
            return "damage must be 0 or more"
    elif isinstance(action, za.MoveCard):
        if action.to_zone not in ZONES or action.from_zone not in (None, *ZONES):
            return f"zones are {', '.join(ZONES)}"
        if isinstance(action.card, int):
            if state.permanent(action.card) is None:
                return f"there is no card {action.card} in play"
        elif action.card not in catalog:
            return f"there is no card {action.card!r} in the catalog"
        elif action.from_zone and action.from_zone != "play":
            zone = getattr(state.players[action.player], action.from_zone)
            known = not state.hidden or action.from_zone == "discard"
            if known and action.card not in zone:
                return f"{catalog.get(action.card).name} is not in {name(state, action.player)}'s {action.from_zone}"
    elif isinstance(action, za.ChangeControl):
        if state.permanent(action.permanent_id) is None:
            return f"there is no card {action.permanent_id} in play"
        return _seat_problem(state, action.new_controller)
    elif isinstance(action, za.MarkResolved) and action.note not in (*state.notes, "*"):
        return f"there is no note {action.note!r} to resolve"
    return None


_CHECKS = {
    za.KeepHand: _keep_or_mulligan,
    za.Mulligan: _keep_or_mulligan,
    za.Develop: _develop,
    za.Pass: _pass,
    za.PlayCard: _play_card,
    za.PlayTrigger: _play_trigger,
    za.DeclineTrigger: _play_trigger,
    za.Activate: _activate,
    za.DeclareAttackers: _attackers,
    za.DeclareBlockers: _blockers,
    za.DeclareFlankers: _flankers,
    za.AssignDamage: _damage,
    za.SetDevotion: _adjust,
    za.SetBase: _adjust,
    za.SetDamage: _adjust,
    za.MoveCard: _adjust,
    za.ChangeControl: _adjust,
    za.MarkResolved: _adjust,
}
