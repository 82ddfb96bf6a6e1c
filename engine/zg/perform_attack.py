"""An attack from declaration to the damage chart (Basic Rules 5-6; Core Exceptions 4-8;
Rules Options 1, 2, 5, 8)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import rng
from engine.core.evolve import evolve
from engine.zg import actions as zga
from engine.zg import zones
from engine.zg.actor import attacker
from engine.zg.card_model import Catalog
from engine.zg.dot_match import TestResult, chart, chart_short, run_test, stuns
from engine.zg.flow import defeat_if_down, end_pulse
from engine.zg.log import Log, News
from engine.zg.state import END_NAMES, Attack, GameState, new_attack, new_pulse


def current_test(state: GameState, catalog: Catalog) -> TestResult | None:
    """The test as the cards lie now (None before the target card has been spun)."""
    a = state.attack
    if a is None or a.target_end < 0 or not a.target or state.pulse is None:
        return None
    attack_end = catalog.get(state.pulse.card).end(a.end)
    target_end = catalog.get(a.target).end(a.target_end)
    return run_test(attack_end, target_end, a.bolster_dots, a.augment_dots)


@lru_cache(maxsize=4096)
def _counts(
    catalog: Catalog,
    card: str,
    end: int,
    target: str,
    target_end: int,
    bolster_dots: tuple[int, ...],
    augment_dots: tuple[int, ...],
) -> tuple[int, int]:
    """The matches and strikes of ``card``'s ``end`` against ``target``'s: a pure function of
    the cards, asked at every spin, bolster, augment and retest, so memoized (a catalog never
    changes once made, and the cache holds the catalog it was asked about)."""
    attack_end = catalog.get(card).end(end)
    result = run_test(attack_end, catalog.get(target).end(target_end), bolster_dots, augment_dots)
    return result.matches, result.strikes


def _lose_lock(state: GameState, catalog: Catalog, seat: int, log: Log) -> GameState:
    """Basic Rule 6: a targetlock is for the next attack, "this turn only": an attack that
    does not take the locked card loses it (use it or lose it; README: readings 7)."""
    card = state.players[seat].lock_card
    log.say(state, seat, f"Targetlock on {catalog.get(card).name} lost: this attack did not use it")
    return evolve(state, players=state.players_with(seat, lock_foe=-1, lock_card=""))


def begin_attack(state: GameState, catalog: Catalog, action: zga.Attack, log: Log) -> GameState:
    seat, foe = action.player, action.foe
    if not action.locked and state.players[seat].lock_card:  # rare: one copy more
        state = _lose_lock(state, catalog, seat, log)
    pulse = state.pulse
    assert pulse is not None
    card = catalog.get(pulse.card)
    me, them = state.players[seat], state.players[foe]
    hand_to_hand = card.range == 0
    augments = action.augments
    if action.high_ground:
        augments += 1  # Rules Options 1
    # Rules Options 8, Prone (README.md, "Readings"): the prone figure's ranged attacks and
    # every hand-to-hand attack against a prone figure are augmented.
    stances = "stances" in state.options
    prone = (me.stance == "prone" and not hand_to_hand) or (them.stance == "prone" and hand_to_hand)
    if stances and prone:
        augments += 1
    sneak = action.sneak or (
        stances and me.stance == "attack" and hand_to_hand and them.stance != "defense"
    )
    free = 1 if "knockdown" in state.options and them.knocked_down and hand_to_hand else 0
    # The common case, open hands and a plain attack, is one copy of the state: the target
    # card is drawn from the foe's deck at once (its top card; a random hand card when the
    # deck is empty: Glossary, Deck).
    drawn = not action.locked and not state.hidden and not action.cover
    target, from_hand, seed = "", False, state.rng
    if drawn:
        if them.deck:
            target = them.deck[0]
        else:
            index, seed = rng.below(seed, len(them.hand))
            target, from_hand = them.hand[index], True
    elif action.locked:
        # Targetlock (Basic Rule 6): the locked card is the target again, taken from where it
        # went back to.
        target = me.lock_card
        if state.hidden:
            from_hand = them.deck_size == 0
        else:
            from_hand = target not in them.deck and target in them.hand
    attack = new_attack(
        foe,  # foe
        -1,  # terrain
        action.end,  # end
        augments,  # augments
        0,  # bolsters
        target,  # target
        from_hand,  # from_hand
        -1,  # target_end
        (),  # bolster_dots
        (),  # augment_dots
        action.cover,  # cover
        sneak,  # sneak
        action.locked,  # locked
        False,  # attacker_retested
        False,  # defender_retested
        free,  # free_retests
        0,  # strikes
    )
    how = "a sneak attack" if sneak else f"{card.attack or 'an attack'}"
    log.say(state, seat, f"{me.name} attacks {them.name}: {how}")  # the phase is still "act"
    pulse = new_pulse(pulse.card, pulse.move_left, True, -1)  # moved, no "attack again"
    if drawn:
        if from_hand:
            taken = zones.out_of_hand(state, foe, target)
        else:
            taken = zones.out_of_deck(state, foe, target)
        state = evolve(
            state,
            players=state.players_with(foe, **taken),
            attack=attack,
            pulse=pulse,
            phase="spin",
            rng=seed,
        )
        log.say(state, None, f"Target card{_from_hand(from_hand)}: {catalog.get(target).name}")
        return state
    if action.locked:  # the lock is used up
        players = state.players_with(seat, lock_foe=-1, lock_card="")
        gone: zones.Changes = {}
        if from_hand:
            gone = zones.out_of_hand(state, foe, target)
        elif state.hidden or target in them.deck:
            gone = zones.out_of_deck(state, foe, target)
        if gone:
            players = (*players[:foe], evolve(players[foe], **gone), *players[foe + 1 :])
        log.say(state, seat, f"Targetlock: {catalog.get(target).name} is the target again")
        if target not in action.cover:  # the common case: one copy of the state
            state = evolve(
                state,
                players=players,
                attack=attack,
                pulse=pulse,
                phase="spin",
            )
            log.say(state, None, f"Target card{_from_hand(from_hand)}: {catalog.get(target).name}")
            return state
        state = evolve(state, players=players, attack=attack, pulse=pulse)
        return _drawn(state, catalog, target, from_hand, log)
    if state.hidden:  # the defender scans the target card they draw (DrawTarget)
        return evolve(state, attack=attack, pulse=pulse, phase="target")
    state = evolve(state, attack=attack, pulse=pulse)
    state, target, from_hand = zones.draw_target(state, foe)
    return _drawn(state, catalog, target, from_hand, log)


def begin_terrain_attack(
    state: GameState, catalog: Catalog, action: zga.AttackTerrain, log: Log
) -> GameState:
    seat = action.player
    if state.players[seat].lock_card:
        state = _lose_lock(state, catalog, seat, log)
    pulse = state.pulse
    assert pulse is not None
    attack = Attack(foe=-1, terrain=action.terrain, end=action.end, augments=action.augments)
    state = evolve(state, attack=attack, pulse=evolve(pulse, moved=True))
    name = state.players[seat].name
    log.say(state, seat, f"{name} attacks the terrain: {state.terrain[action.terrain].name}")
    if state.hidden:
        return evolve(state, phase="target")
    state, target, _ = zones.draw_target(state, seat)
    return _drawn(state, catalog, target, False, log)


def _drawn(state: GameState, catalog: Catalog, target: str, from_hand: bool, log: Log) -> GameState:
    """The target card is drawn; a card in cover makes the attack fail (Core Exceptions 4)."""
    a = state.attack
    assert a is not None
    state = evolve(state, attack=evolve(a, target=target, from_hand=from_hand), phase="spin")
    name = catalog.get(target).name
    if a.foe >= 0 and target in a.cover:
        log.say(state, attacker(state), f"The target card, {name}, is in cover: the attack fails")
        return end_pulse(state, catalog, log, target_back=True)
    if state.hidden and not a.locked:
        # Basic Rule 5: drawn "face down"; it is named when flipped over, after the spin.
        log.say(state, None, f"Target card drawn{_from_hand(from_hand)}, face down")
        return state
    log.say(state, None, f"Target card{_from_hand(from_hand)}: {name}")
    return state


def _from_hand(from_hand: bool) -> str:
    return " from the hand (the deck is empty)" if from_hand else ""


def _return_target(state: GameState) -> GameState:
    a = state.attack
    assert a is not None
    owner = a.foe if a.foe >= 0 else attacker(state)
    players, seed = zones.put_back(state, state.players, state.rng, owner, a.target, a.from_hand)
    return evolve(state, players=players, rng=seed, attack=evolve(a, target=""))


def _after_spin(
    state: GameState, a: Attack, catalog: Catalog, log: Log, **changes: Any
) -> GameState:
    """The test with the cards as they now lie: ``a`` with the step's ``changes`` (the whole
    change is one copy of the attack, with the test's strikes, and one of the state); first
    the bolsters and augments still to place."""
    bolster_dots = changes.get("bolster_dots", a.bolster_dots)
    augment_dots = changes.get("augment_dots", a.augment_dots)
    if changes.get("bolsters", a.bolsters) > len(bolster_dots):
        return evolve(state, attack=evolve(a, **changes), phase="bolster")
    if a.augments > len(augment_dots):
        return evolve(state, attack=evolve(a, **changes), phase="augment")
    pulse = state.pulse
    target_end = changes.get("target_end", a.target_end)
    assert pulse is not None and a.target and target_end >= 0
    end = changes.get("end", a.end)
    matches, strikes = _counts(
        catalog, pulse.card, end, a.target, target_end, bolster_dots, augment_dots
    )
    words = f"{matches} match{'es' if matches != 1 else ''}, {chart_short(strikes)}"
    log.say(state, None, f"Test: {words}", News.TEST)
    # The strikes are kept: the chart reads them when the test is accepted.
    a = evolve(a, strikes=strikes, **changes)
    return evolve(state, phase="result", last_test=words, attack=a)


def perform_test(state: GameState, catalog: Catalog, action: zga.Action, log: Log) -> GameState:
    a = state.attack
    assert a is not None
    if isinstance(action, zga.Resolve):
        return _resolve(state, catalog, log)
    name = state.players[action.player].name
    if isinstance(action, zga.DrawTarget):
        p = state.players[action.player]
        from_hand = a.foe >= 0 and p.deck_size == 0
        if from_hand:
            state = zones.take_from_hand(state, action.player, action.card)
        else:
            state = zones.take_from_deck(state, action.player, action.card)
        return _drawn(state, catalog, action.card, from_hand, log)
    if isinstance(action, zga.Spin):
        bolsters = f", declaring {action.bolsters} bolster(s)" if action.bolsters else ""
        log.say(
            state,
            action.player,
            f"{name} spun the target card: end {END_NAMES[action.end]} faces{bolsters}",
        )
        if state.hidden and state.pulse is not None:
            # Basic Rule 5: "Flip over your cards": only now are both cards named.
            mine, theirs = catalog.get(state.pulse.card).name, catalog.get(a.target).name
            log.say(state, None, f"Flipped over: {mine} against {theirs}")
        return _after_spin(state, a, catalog, log, target_end=action.end, bolsters=action.bolsters)
    if isinstance(action, zga.Bolster):
        log.say(state, action.player, f"{name} bolstered dot {_dots(action.dots)}")
        return _after_spin(state, a, catalog, log, bolster_dots=action.dots)
    if isinstance(action, zga.Augment):
        log.say(state, action.player, f"{name} augmented dot {_dots(action.dots)}")
        return _after_spin(state, a, catalog, log, augment_dots=action.dots)
    if isinstance(action, zga.Retest):
        return _retest(state, catalog, action, log)
    assert isinstance(action, zga.Save)
    if action.sacrifice:
        log.say(state, action.player, f"{name} sacrificed the character card to save the zGear")
        state = state.with_player(action.player, character_sacrificed=True)
        state = _return_target(state)
    else:
        state = _slag(state, catalog, log)
    return _after_slag(state, catalog, log)


def _dots(dots: tuple[int, ...]) -> str:
    return ", ".join(str(d + 1) for d in dots)  # dots are counted from 1 on the card


def _retest(state: GameState, catalog: Catalog, action: zga.Retest, log: Log) -> GameState:
    """Core Exceptions 8: respin one card; the bolsters and augments are placed again."""
    a = state.attack
    assert a is not None
    changes: dict[str, Any] = {"bolster_dots": (), "augment_dots": ()}
    if action.player == attacker(state):
        changes["attacker_retested"] = True
    else:
        changes["defender_retested"] = True
    changes["end" if action.card == "attack" else "target_end"] = action.end
    name = state.players[action.player].name
    log.say(
        state,
        action.player,
        f"{name} retested: the {action.card} card, end {END_NAMES[action.end]}",
    )
    return _after_spin(state, a, catalog, log, **changes)


def _resolve(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """The damage chart (Basic Rule 6); terrain counts strikes to its Mass (Core Exc. 5)."""
    a = state.attack
    assert a is not None
    strikes = a.strikes
    seat = attacker(state)
    if a.foe < 0:
        t = state.terrain[a.terrain]
        t = evolve(t, strikes=min(t.mass, t.strikes + strikes))
        terrain = state.terrain[: a.terrain] + (t,) + state.terrain[a.terrain + 1 :]
        state = evolve(state, terrain=terrain)
        gone = ": it is pulled off the arena" if not t.standing else ""
        log.say(state, seat, f"{t.name} took {strikes} strike(s), {t.strikes} of {t.mass}{gone}")
        return end_pulse(state, catalog, log, target_back=True)
    outcome = chart(strikes)
    if outcome == "miss":
        log.say(state, seat, "No strikes: the attack misses")
        return end_pulse(state, catalog, log, target_back=True)
    if outcome == "targetlock":
        log.say(state, seat, "Targetlock: you may target this card again with your next attack")
        return end_pulse(state, catalog, log, target_back=True, lock_foe=a.foe, lock_card=a.target)
    foe = state.players[a.foe]
    if foe.character and not foe.character_sacrificed:
        return evolve(state, phase="save")
    return _after_slag(_slag(state, catalog, log), catalog, log)


def _slag(state: GameState, catalog: Catalog, log: Log) -> GameState:
    a = state.attack
    assert a is not None
    state = zones.into_slag(state, a.foe, a.target)
    log.say(state, a.foe, f"{catalog.get(a.target).name} is slagged", News.SLAGGED)
    return evolve(state, attack=evolve(a, target=""))


def _after_slag(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """3 strikes: attack again with the same card; 4 or more: the foe is also stunned. A
    sacrificed character saves the card only (README.md, "Readings")."""
    a = state.attack
    assert a is not None
    strikes = a.strikes
    if stuns(strikes):
        state = state.with_player(a.foe, stunned=True)
        log.say(state, a.foe, f"{state.players[a.foe].name} is stunned")
    state = defeat_if_down(state, a.foe, catalog, log)
    if state.phase == "over":
        return state
    pulse = state.pulse
    assert pulse is not None
    if strikes >= 3 and not state.players[a.foe].defeated:
        log.say(state, attacker(state), "Attack again with the same card and a new target card")
        return evolve(state, attack=None, phase="act", pulse=evolve(pulse, again_foe=a.foe))
    return end_pulse(state, catalog, log)
