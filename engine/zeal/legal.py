"""Generating legal actions (python-chess's legal_moves, lazily).

Game actions only: manual adjustments are always legal and not listed. Declarations list no
one, each single choice and the largest greedy one; ``is_legal`` accepts any valid
combination, not just the listed ones.
"""

from __future__ import annotations

from engine.core.evolve import maker
from engine.zeal import actions as za
from engine.zeal import combat
from engine.zeal.cards import Card, Catalog
from engine.zeal.flow import actor, declaring
from engine.zeal.keywords import CHARACTER, DEVICE, SPELL, cost_to_play, zeal_for_card
from engine.zeal.ops import base_ref, discard_ref
from engine.zeal.rules import commit_window
from engine.zeal.state import GameState, PendingTrigger, Step, Target
from engine.zeal.targets import (
    BASE_KINDS,
    PERMANENT_KINDS,
    ability_target_kinds,
    base_problem,
    card_target_kinds,
    check_target,
    discard_problem,
    permanent_problem,
)
from engine.zeal.triggers import is_optional, playable

# Candidates found for the last (players, stack, catalog), kept as one tuple (replaced in one
# step, so safe to share): several cards in a hand often share a target kind, and passing
# changes neither. A target's validity (check_target) reads only the players (permanents,
# bases, discards) and the stack. Holding the references keeps their identities unique.
_Memo = tuple[object, object, Catalog | None, dict[tuple[str, int, str], list[Target]]]
_memo: list[_Memo] = [(None, None, None, {})]


def candidates(
    state: GameState, catalog: Catalog, kind: str, seat: int, source: str
) -> list[Target]:
    players, stack_, known_catalog, memo = _memo[0]
    if players is not state.players or stack_ is not state.stack or known_catalog is not catalog:
        memo = {}
        _memo[0] = (state.players, state.stack, catalog, memo)
    found = memo.get((kind, seat, source))
    if found is None:
        found = memo[(kind, seat, source)] = _candidates(state, catalog, kind, seat, source)
    return found


def _candidates(
    state: GameState, catalog: Catalog, kind: str, seat: int, source: str
) -> list[Target]:
    """Every valid target of ``kind``, in table order: permanents, bases, spells, discards
    (each judged as check_target would, by the same function, without parsing references)."""
    found: list[Target] = []
    if kind in PERMANENT_KINDS:
        found.extend(
            p.id
            for p in state.permanents()
            if permanent_problem(state, kind, p, seat, source) is None
        )
    if kind in BASE_KINDS:
        # Only your own defeated bases can be restored, only standing ones are anything else's
        # target (base_problem decides; this just skips the hopeless ones).
        defeated = kind == "own_defeated_base"
        for owner, player in enumerate(state.players):
            found.extend(
                base_ref(owner, i)
                for i, b in enumerate(player.bases)
                if b.face_up != defeated
                and (not defeated or b.controller == seat)
                and base_problem(state, kind, owner, b, seat) is None
            )
    if kind == "cheap_permanent":
        # Andrenid Destroyer's debut spell: a device, or a character costing at most the
        # devices its player controls (check_target judges the cost; rare, so no shortcut).
        found.extend(
            p.id
            for p in state.permanents()
            if check_target(state, catalog, kind, p.id, seat, source) is None
        )
    if kind == "spell":
        found.extend(
            item.id
            for item in state.stack
            if check_target(state, catalog, kind, item.id, seat, source) is None
        )
    if kind == "discard_character":
        for owner, player in enumerate(state.players):
            found.extend(
                discard_ref(owner, c)
                for c in dict.fromkeys(player.discard)
                if discard_problem(catalog, c, source) is None
            )
    return found


def _target_choices(
    state: GameState, catalog: Catalog, kinds: tuple[str, ...], seat: int, source: str
) -> tuple[tuple[Target, ...], ...]:
    """No targets, then each single choice for the first target (more targets by is_legal)."""
    if not kinds:
        return _NO_TARGETS  # most actions name none
    return _NO_TARGETS + tuple((t,) for t in candidates(state, catalog, kinds[0], seat, source))


_NO_TARGETS: tuple[tuple[Target, ...], ...] = ((),)


# Steps as module names: in Python 3.11 ``Step.MULLIGAN`` goes through the enum metaclass's
# __getattr__ hook, about ten times the cost of a module name, and every listing asks.
_MULLIGAN, _DEVELOP = Step.MULLIGAN, Step.DEVELOP

# Actions are immutable: one Pass per seat serves every priority window (most windows' first).
_PASSES = tuple(za.Pass(seat) for seat in range(8))


def legal_actions(state: GameState, catalog: Catalog) -> list[za.Action]:
    """Every legal action now, in a fixed order (a list: the app lists them all after every
    command, and most lists are a Pass and the plays worked out once per step)."""
    seat = actor(state)
    if seat is None:
        return []
    if state.step is _MULLIGAN:
        return [za.KeepHand(seat), za.Mulligan(seat)]
    awaiting = state.awaiting
    if state.players[seat].develop_left or awaiting == "develop":
        return [za.Develop(seat, "draw"), za.Develop(seat, "devotion")]
    if state.pending:  # most states have no trigger waiting (playable would say ())
        group = playable(state)
        if group:
            return _trigger_actions(state, catalog, seat, group)
    if awaiting is not None and declaring(state):  # nor a declaration waiting
        return _declarations(state, seat)
    # in_priority(state), less what actor() and the tests above already ruled out (Mulligan,
    # the game's end, Develop choices, triggers, declarations): the Develop step remains.
    if state.step is _DEVELOP:
        return []
    return [_PASSES[seat] if seat < len(_PASSES) else za.Pass(seat), *_plays(state, catalog, seat)]


def _trigger_actions(
    state: GameState, catalog: Catalog, seat: int, group: tuple[PendingTrigger, ...]
) -> list[za.Action]:
    out: list[za.Action] = []
    devotion = state.players[seat].devotion
    for t in group:
        card = catalog.get(t.card_id)
        source = SPELL if t.is_spell else (CHARACTER if card.type == "character" else DEVICE)
        kinds = ability_target_kinds(t.ability, card)
        if t.ability.cost <= devotion:
            for targets in _target_choices(state, catalog, kinds, seat, source):
                out.append(_play_trigger(seat, t.id, targets))
        if is_optional(t):
            out.append(_decline_trigger(seat, t.id))
    return out


# The plays found for the last (players, stack, catalog), by (seat, Commit window, hidden):
# they depend on nothing else (hands, devotion, permanents, bases, discards and the stack;
# turn and step only through the Commit window). Passing changes neither players nor stack,
# so each seat's plays are worked out once per step instead of in every priority window.
# Kept as one triple (replaced in one step); holding the references keeps identities unique.
_PlaysMemo = tuple[object, object, Catalog | None, dict[tuple[int, bool, bool], list[za.Action]]]
_plays_memo: list[_PlaysMemo] = [(None, None, None, {})]


def _plays(state: GameState, catalog: Catalog, seat: int) -> list[za.Action]:
    players, stack_, known_catalog, memo = _plays_memo[0]
    if players is not state.players or stack_ is not state.stack or known_catalog is not catalog:
        memo = {}
        _plays_memo[0] = (state.players, state.stack, catalog, memo)
    commit = commit_window(state, seat)
    key = (seat, commit, state.hidden)
    found = memo.get(key)
    if found is None:
        player = state.players[seat]
        mine = _own_plays.get(key)
        if mine is not None and mine[0] is player and mine[1] is catalog:
            found = mine[2]
        else:
            found, targeted = _find_plays(state, catalog, seat, commit)
            if not targeted:
                _own_plays[key] = (player, catalog, found)
        memo[key] = found
    return found


# The plays that named no target, by (seat, Commit window, hidden), with the player record and
# catalog they were found for: without targets they depend on that player's own record alone
# (hand, devotion, permanents, this turn's spells for Zeal), so another player's change (a
# Develop, damage) does not make them be worked out again. Holding the references keeps their
# identities unique.
_own_plays: dict[tuple[int, bool, bool], tuple[object, Catalog, list[za.Action]]] = {}


def _find_plays(
    state: GameState, catalog: Catalog, seat: int, commit: bool
) -> tuple[list[za.Action], bool]:
    """The plays (``commit``: in this seat's Commit window), and whether any of them could name
    targets (then they depend on the whole table: what can be targeted)."""
    player = state.players[seat]
    info, playable_ids, activating = _card_info(catalog)
    if state.hidden:
        ids = playable_ids if player.hand_size else ()
    else:
        ids = tuple(dict.fromkeys(player.hand))
    devotion = player.devotion
    out: list[za.Action] = []
    targeted = False
    for card_id in ids:
        card, permanent, may_ambush, _, kinds, ambush = info[card_id]
        if permanent and not commit and not may_ambush:
            continue  # cheap test first: most of a hand is characters
        zeal = zeal_for_card(state, seat, card)
        cost = cost_to_play(state, seat, card, zeal)
        if cost > devotion:
            continue
        if permanent and not commit and not ambush[zeal]:
            continue
        source = _SOURCES[card.type]
        # Turn, timing, cost and targets are checked above (tests hold every listed action to
        # is_legal), so explain() is not repeated for each.
        xs: tuple[int, ...] = (0,)
        if card.x_cost:  # X: none, or all the devotion left (any other X is legal too)
            xs = tuple(
                sorted(
                    {
                        0,
                        *(
                            x
                            for x in range(devotion - cost + 2)
                            if cost_to_play(state, seat, card, zeal, x) == devotion
                        ),
                    }
                )
            )
        targeted = targeted or bool(kinds[zeal])
        for targets in _target_choices(state, catalog, kinds[zeal], seat, source):
            for x in xs:
                out.append(_play_card(seat, card_id, targets, None, x))
    for perm in player.in_play:
        if perm.card_id not in activating:
            continue  # a set test first: most permanents have no "cost: effect" action
        acts = info[perm.card_id][3][perm.zeal]
        if not acts:
            continue
        source = CHARACTER if perm.is_character else DEVICE
        for index, cost, kinds_, from_hand in acts:
            if cost > devotion:
                continue
            paid: tuple[str, ...] = ("",)
            if from_hand:  # a card from the hand: each the player holds (hidden: not named)
                paid = (
                    ()
                    if not player.hand_size
                    else ("",)
                    if state.hidden
                    else _distinct(player.hand)
                )
            targeted = targeted or bool(kinds_)
            for targets in _target_choices(state, catalog, kinds_, seat, source):
                for card_id in paid:
                    out.append(_activate(seat, perm.id, targets, index, card_id))
    return out, targeted


_SOURCES = {"spell": SPELL, "character": CHARACTER, "device": DEVICE}
# PlayCard(player, card_id, targets, zeal, x) without the frozen __init__ (hidden hands list a
# play for every card of the catalog).
_play_card = maker(za.PlayCard)
_activate = maker(za.Activate)  # Activate(player, permanent_id, targets, ability, paid)
_play_trigger = maker(za.PlayTrigger)  # PlayTrigger(player, trigger_id, targets)
_decline_trigger = maker(za.DeclineTrigger)  # DeclineTrigger(player, trigger_id)

# Per card id: the card, whether it is a character or device, whether it has Ambush with or
# without Zeal (Restrictions; Ambush), its actions with a cost ("cost: effect": the index among
# them, the devotion cost and the targets, each without and with Zeal), the targets it
# declares when played, and whether it has Ambush, each without and with Zeal. Worked out once
# per catalog (kept with it here, so its identity stays its own), with the ids of every card
# but bases (what a hidden hand may hold) and of the cards with an action with a cost on
# either side.
_ByZeal = tuple[tuple[str, ...], tuple[str, ...]]
_Activated = tuple[tuple[int, int, tuple[str, ...], bool], ...]
_CardInfo = tuple[Card, bool, bool, tuple[_Activated, _Activated], _ByZeal, tuple[bool, bool]]
_Info = tuple[dict[str, _CardInfo], tuple[str, ...], frozenset[str]]
_info: list[tuple[Catalog | None, _Info]] = [(None, ({}, (), frozenset()))]


def _card_info(catalog: Catalog) -> _Info:
    known, found = _info[0]
    if known is catalog:
        return found
    table = {
        c.id: (
            c,
            c.is_permanent,
            "ambush" in c.keywords or "ambush" in c.zeal_keywords,
            (_activated(c, False), _activated(c, True)),
            (card_target_kinds(c, False), card_target_kinds(c, True)),
            ("ambush" in c.keywords_with(False), "ambush" in c.keywords_with(True)),
        )
        for c in catalog.cards
    }
    ids = tuple(c.id for c in catalog.cards if c.type != "base")
    activating = frozenset(card_id for card_id, row in table.items() if row[3][0] or row[3][1])
    _info[0] = (catalog, (table, ids, activating))
    return table, ids, activating


def _activated(card: Card, zeal: bool) -> _Activated:
    found = [a for a in card.abilities_with(zeal) if a.trigger == "activated"]
    return tuple((index, a.cost, a.targets, bool(a.hand_cost)) for index, a in enumerate(found))


def _distinct(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(cards))


def _declarations(state: GameState, seat: int) -> list[za.Action]:
    out: list[za.Action] = []
    if state.awaiting == "attackers":
        out.append(_attack(seat, (), ()))
        attackers = combat.can_attack(state)
        foes = [s for s in state.living() if s != seat]
        for perm in attackers:
            for foe in foes:
                out.append(_attack(seat, ((perm.id, foe),), ()))
        if len(attackers) > 1:
            for foe in foes:
                out.append(_attack(seat, tuple((p.id, foe) for p in attackers), ()))
    elif state.awaiting == "blockers":
        out.append(_block(seat, ()))
        options = combat.block_options(state, seat)
        for pair in options:
            out.append(_block(seat, (pair,)))
        greedy: list[tuple[int, int]] = []
        used: set[int] = set()
        for blocker, attacker in options:
            if blocker not in used and attacker not in {a for _, a in greedy}:
                greedy.append((blocker, attacker))
                used.add(blocker)
        if len(greedy) > 1:
            out.append(_block(seat, tuple(greedy)))
    elif state.awaiting == "flankers":
        out.append(_flank(seat, ()))
        options = combat.flank_options(state)
        for pair in options:
            out.append(_flank(seat, (pair,)))
    elif state.awaiting == "damage":
        out.append(za.AssignDamage(seat))
    return out


# The declarations without the frozen __init__: DeclareAttackers(player, attackers, hunts),
# DeclareBlockers(player, blocks), DeclareFlankers(player, flanks).
_attack = maker(za.DeclareAttackers)
_block = maker(za.DeclareBlockers)
_flank = maker(za.DeclareFlankers)
