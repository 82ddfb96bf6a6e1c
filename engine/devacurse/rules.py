"""Why an action is illegal now, in players' words (None: it is legal). The rule actions
follow the text's sections (rules/devacurse.md); adjustments are always legal when well
formed (rules_adjust.py)."""

from __future__ import annotations

from engine.devacurse import actions as da
from engine.devacurse.card_model import Card, Catalog
from engine.devacurse.combat import lawful_blockers
from engine.devacurse.flow import actor
from engine.devacurse.rules_adjust import explain_adjustment
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    DAMAGE,
    END,
    HERO_COMBAT,
    HEROES,
    OVER,
    PHASE_LABELS,
    PRAYERS,
    SOLDIER_COMBAT,
    GameState,
    Player,
)
from engine.devacurse.stats import name as unit_name

_ENDS_PART = (PRAYERS, CALLING, HEROES, END)
_COMBAT = (SOLDIER_COMBAT, HERO_COMBAT)


def explain(
    state: GameState, catalog: Catalog, action: da.Action, *, well_formed: bool = False
) -> str | None:
    """``well_formed``: the caller built the action itself (legal.py), so its field types
    need no check."""
    if not well_formed:
        problem = da.type_problem(action)
        if problem is not None:
            return problem
    if not 0 <= action.player < len(state.players):
        return f"there is no player {action.player + 1}: Devacurse has 2 players"
    if da.is_adjustment(action):
        return explain_adjustment(state, catalog, action)
    if state.phase == OVER:
        return "the game is over"
    if isinstance(action, da.Bless):
        return None if action.amount >= 1 else "enter 1 blessing or more"
    turn = _turn_problem(state, action)
    match action:
        case da.Draw():
            return turn or draw_problem(state, action)
        case da.Pass():
            if state.phase not in _ENDS_PART:
                return "in combat, attack with nobody, block with nobody, or resolve instead"
            return turn
        case da.CallSoldier():
            return (
                _when(state, CALLING, "soldiers")
                or turn
                or call_soldier_problem(state, catalog, action)
            )
        case da.CallHero():
            return (
                _when(state, HEROES, "heroes") or turn or call_hero_problem(state, catalog, action)
            )
        case da.UpgradeHero():
            return _when(state, HEROES, "heroes") or turn or upgrade_problem(state, catalog, action)
        case da.PlayEvent():
            return event_problem(state, catalog, action)
        case da.Attack():
            return _combat_step(state, action, ATTACK) or attack_problem(state, action)
        case da.Block():
            if state.phase != SOLDIER_COMBAT:
                return "blockers are declared this way in soldier combat (rule IV.A) only"
            return _combat_step(state, action, BLOCK) or block_problem(state, action)
        case da.HeroBlock():
            if state.phase != HERO_COMBAT:
                return "blockers are declared this way in hero combat (rule IV.B) only"
            return _combat_step(state, action, BLOCK) or hero_block_problem(state, action)
        case da.AssignHeroes():
            return _combat_step(state, action, ASSIGN) or assign_problem(state, action)
        case da.DamageOrder():
            if state.phase != SOLDIER_COMBAT:
                return "the damage order is set in soldier combat (rule IV.A) only"
            return _combat_step(state, action, DAMAGE) or damage_order_problem(
                state, catalog, action
            )
        case da.Resolve():
            return _combat_step(state, action, DAMAGE)
    return "that is not an action of Devacurse"


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _turn_problem(state: GameState, action: da.Action) -> str | None:
    seat = actor(state)
    if seat is None or seat == action.player:
        return None
    return f"it is {_name(state, seat)}'s turn to act ({PHASE_LABELS[state.phase]})"


def _when(state: GameState, phase: str, what: str) -> str | None:
    if state.phase == phase:
        return None
    return f"{what} are called in {PHASE_LABELS[phase]}, not in {PHASE_LABELS[state.phase]}"


def draw_problem(state: GameState, action: da.Draw) -> str | None:
    if state.phase != PRAYERS:
        return "draws are entered with part 1 of the spiral (prayers), before soldier calling"
    if action.count < 1:
        return "draw 1 card or more"
    have = state.players[action.player].deck_size
    if action.count > have:
        return f"the Universe deck has only {have} cards"
    return None


def _card(catalog: Catalog, card_id: str, kind: str) -> tuple[Card | None, str | None]:
    card = catalog.find(card_id)
    if card is None:
        return None, f"no card {card_id!r} is in the catalog (scan it or enter it first)"
    if card.type != kind:
        return None, f"{card.name} is not a {kind}"
    return card, None


def _in_hand(state: GameState, seat: int, card: Card) -> str | None:
    p = state.players[seat]
    if state.hidden:
        return None if p.hand_size > 0 else f"{p.name}'s hand is empty"
    return None if card.id in p.hand else f"{card.name} is not in {p.name}'s hand"


def _pay(p: Player, cost: int, what: str) -> str | None:
    if p.blessings >= cost:
        return None
    return (
        f"{what} costs {cost} blessing{'' if cost == 1 else 's'} and {p.name} has {p.blessings} "
        "(enter the blessings your prayers made first)"
    )


def call_soldier_problem(state: GameState, catalog: Catalog, action: da.CallSoldier) -> str | None:
    card, problem = _card(catalog, action.card_id, "soldier")
    if card is None:
        return problem
    p = state.players[action.player]
    if action.from_prayer:
        if p.prayers < 1:
            return f"{p.name} has no prompt closed prayer to call a soldier from"
    else:
        problem = _in_hand(state, action.player, card)
        if problem:
            return problem
    return _pay(p, card.cost, card.name)


def call_hero_problem(state: GameState, catalog: Catalog, action: da.CallHero) -> str | None:
    if state.spiral == 1:
        return "no hero can be called in the first turn spiral: the Cenotaph is empty (rule III.B)"
    card, problem = _card(catalog, action.card_id, "hero")
    if card is None:
        return problem
    problem = _in_hand(state, action.player, card)
    if problem:
        return problem
    p = state.players[action.player]
    if len(p.cenotaph) < card.cenotaph_cost:
        return (
            f"{card.name} needs {card.cenotaph_cost} cards in the Cenotaph and "
            f"{p.name}'s has {len(p.cenotaph)}"
        )
    return _pay(p, card.cost, card.name)


def upgrade_problem(state: GameState, catalog: Catalog, action: da.UpgradeHero) -> str | None:
    p = state.players[action.player]
    unit = p.unit(action.unit_id)
    if unit is None or not unit.hero:
        return f"{p.name} has no hero number {action.unit_id}"
    card = catalog.get(unit.card_id)
    if unit.level == 2:
        return f"{card.name} is at level 2 already"
    if unit.called >= state.spiral:
        return (
            f"{card.name} was called this spiral: it may go to level 2 from the next (rule III.B)"
        )
    return _pay(p, card.upgrade_cost, f"upgrading {card.name}")


def event_problem(state: GameState, catalog: Catalog, action: da.PlayEvent) -> str | None:
    card, problem = _card(catalog, action.card_id, "event")
    if card is None:
        return problem
    seat = actor(state)
    mine = state.phase in (CALLING, HEROES) and seat == action.player
    if state.phase == PRAYERS:
        return "events are played from soldier calling on, not with part 1's entries"
    if not mine and not card.flash:
        if state.phase in (CALLING, HEROES):
            who = _name(state, seat) if seat is not None else "the other player"
            return f"only flash (!) events may be played while {who} sets up"
        return f"only flash (!) events may be played in {PHASE_LABELS[state.phase]}"
    problem = _in_hand(state, action.player, card)
    if problem:
        return problem
    problem = _target(state, catalog, action, card)
    if problem:
        return problem
    return _pay(state.players[action.player], card.cost, card.name)


def _target(state: GameState, catalog: Catalog, action: da.PlayEvent, card: Card) -> str | None:
    needs = card.event == "equipment" or card.effect in ("bolster", "destroy_soldier")
    if card.event == "effect" and card.effect == "text":
        needs = False
    if not needs:
        return None if action.target == 0 else f"{card.name} takes no target"
    unit = state.unit(action.target)
    if unit is None:
        return f"{card.name} needs a soldier or hero in play as its target"
    if card.event == "effect" and card.effect == "destroy_soldier":
        if unit.owner == action.player or unit.hero:
            return f"{card.name} destroys one of the opponent's soldiers"
    elif unit.owner != action.player:
        return f"{card.name} goes on one of your own soldiers or heroes"
    return None


def _combat_step(state: GameState, action: da.Action, step: str) -> str | None:
    combat = state.combat
    if state.phase not in _COMBAT or combat is None:
        return f"there is no combat now ({PHASE_LABELS[state.phase]})"
    if combat.step != step:
        waiting = {ATTACK: "attackers", BLOCK: "blockers", ASSIGN: "heroes assigned"}
        want = waiting.get(combat.step, "the combat to be resolved")
        return f"the combat waits for {want} first"
    return _turn_problem(state, action)


def _units(
    state: GameState, seat: int, ids: tuple[int, ...], heroes: bool | None, what: str
) -> str | None:
    p = state.players[seat]
    if len(set(ids)) != len(ids):
        return f"a {what} is listed twice"
    for unit_id in ids:
        unit = p.unit(unit_id)
        if unit is None:
            return f"{p.name} has no soldier or hero number {unit_id}"
        if heroes is not None and unit.hero != heroes:
            return f"only {'heroes' if heroes else 'soldiers'} {what} now"
        if not unit.prompt:
            return f"number {unit_id} is depleted: only prompt (upright) cards may {what}"
    return None


def attack_problem(state: GameState, action: da.Attack) -> str | None:
    heroes = state.phase == HERO_COMBAT  # IV.A: soldiers fight first; IV.B: heroes second
    return _units(state, action.player, action.attackers, heroes, "attack")


def block_problem(state: GameState, action: da.Block) -> str | None:
    combat = state.combat
    assert combat is not None
    blockers = tuple(b for b, _ in action.blocks)
    problem = _units(state, action.player, blockers, None, "block")
    if problem:
        return problem
    for _, attacker in action.blocks:
        if attacker not in combat.attackers:
            return f"number {attacker} is not attacking"
    return None


def hero_block_problem(state: GameState, action: da.HeroBlock) -> str | None:
    return _units(state, action.player, action.blockers, None, "block")


def assign_problem(state: GameState, action: da.AssignHeroes) -> str | None:
    combat = state.combat
    assert combat is not None
    heroes = [h for h, _ in action.assignment]
    if len(set(heroes)) != len(heroes):
        return "a hero fights one blocker only (rule IV.B)"
    lawful = lawful_blockers(state, combat.blockers)
    defender = 1 - combat.attacker
    for hero, blocker in action.assignment:
        if hero not in combat.attackers:
            return f"number {hero} is not an attacking hero"
        if blocker not in combat.blockers:
            return f"number {blocker} is not blocking"
        if blocker not in lawful:
            return (
                f"a hero cannot fight a hero while {_name(state, defender)} has a prompt "
                "soldier (rule IV.B)"
            )
    if lawful and set(heroes) != set(combat.attackers):
        return "every attacking hero must be assigned to a blocker it may fight (rule IV.B)"
    return None


def damage_order_problem(state: GameState, catalog: Catalog, action: da.DamageOrder) -> str | None:
    """README reading 5: the attacking player orders the blockers on one of their soldiers."""
    combat = state.combat
    assert combat is not None
    if action.attacker not in combat.attackers:
        return f"number {action.attacker} is not attacking"
    blockers = [b for b, a in combat.blocks if a == action.attacker]
    unit = state.players[combat.attacker].unit(action.attacker)
    who = f"number {action.attacker}" if unit is None else unit_name(catalog, unit)
    if len(blockers) < 2:
        return f"{who} has {'one blocker' if blockers else 'no blocker'}: there is no order to set"
    if len(set(action.blockers)) != len(action.blockers) or set(action.blockers) != set(blockers):
        listed = ", ".join(str(b) for b in blockers)
        return f"list each blocker of {who} once, in the order it takes damage (numbers {listed})"
    return None
