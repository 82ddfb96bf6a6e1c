"""The state after a legal action, and the log lines it wrote (rules/devacurse.md)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.core.records import LogEntry, log_entry
from engine.devacurse import actions as da
from engine.devacurse.adjust import adjust
from engine.devacurse.card_model import Catalog
from engine.devacurse.combat import News, forecast, lawful_blockers, leave_combat
from engine.devacurse.flow import check_over, next_part, penalties, set_player
from engine.devacurse.state import (
    ASSIGN,
    BAND_LABELS,
    BLOCK,
    DAMAGE,
    END,
    PHASE_LABELS,
    GameState,
    Location,
    Unit,
)
from engine.devacurse.stats import name
from engine.devacurse.zones import draw, replace_unit, take_from_hand, unit_dies


class Log:
    def __init__(self, state: GameState) -> None:
        self.state = state
        self.entries: list[LogEntry] = []

    def add(self, player: int | None, text: str, news: str = "") -> None:
        """A log line; ``news`` (combat.News) when the whole table should hear of it."""
        self.entries.append(
            log_entry(self.state.spiral, BAND_LABELS[self.state.phase], player, text, news)
        )


def perform(
    state: GameState, catalog: Catalog, action: da.Action
) -> tuple[GameState, list[LogEntry]]:
    log = Log(state)
    new = _perform(state, catalog, action, log)
    if new.phase != state.phase and not new.over:
        log.state = new
        log.add(None, f"Spiral {new.spiral}: {PHASE_LABELS[new.phase]}")
    if new.over and not state.over:
        log.state = new
        winner = "nobody" if new.winner is None else new.players[new.winner].name
        log.add(None, f"Game over: {new.over_reason}; {winner} wins")
    return new, log.entries


def _perform(state: GameState, catalog: Catalog, action: da.Action, log: Log) -> GameState:
    seat = action.player
    p = state.players[seat]
    if da.is_adjustment(action):
        return adjust(state, catalog, action, log.add)
    match action:
        case da.Bless():
            log.add(
                seat,
                f"{p.name} enters {action.amount} {plural(action.amount, 'blessing')} from prayers",
            )
            return set_player(state, seat, evolve(p, blessings=p.blessings + action.amount))
        case da.Draw():
            log.add(seat, f"{p.name} draws {action.count}")
            return set_player(state, seat, draw(p, action.count, state.hidden))
        case da.Pass():
            if state.phase == END:
                for pen in penalties(state):
                    if pen.seat == seat:
                        log.add(seat, f"{p.name}: {pen.words()} at the end of the turn")
            log.add(seat, f"{p.name} is done")
            return next_part(state, catalog)
        case da.CallSoldier():
            card = catalog.get(action.card_id)
            if action.from_prayer:
                p = evolve(p, prayers=p.prayers - 1)
            else:
                p = take_from_hand(p, card.id, state.hidden)
            unit = Unit(state.next_id, card.id, seat, hero=False, called=state.spiral)
            p = evolve(p, blessings=p.blessings - card.cost, soldiers=(*p.soldiers, unit))
            where = " from a closed prayer" if action.from_prayer else ""
            log.add(
                seat,
                f"{p.name} calls {card.name}{where} for {card.cost} {plural(card.cost, 'blessing')}",
            )
            return set_player(state, seat, p, next_id=state.next_id + 1)
        case da.CallHero():
            card = catalog.get(action.card_id)
            p = take_from_hand(p, card.id, state.hidden)
            spent = p.cenotaph[: card.cenotaph_cost]  # README: the oldest Cenotaph cards
            unit = Unit(state.next_id, card.id, seat, hero=True, called=state.spiral)
            p = evolve(
                p,
                blessings=p.blessings - card.cost,
                cenotaph=p.cenotaph[card.cenotaph_cost :],
                black_hole=p.black_hole + spent,
                heroes=(*p.heroes, unit),
            )
            log.add(seat, f"{p.name} calls the hero {card.name} at level 1")
            return set_player(state, seat, p, next_id=state.next_id + 1)
        case da.UpgradeHero():
            hero = p.unit(action.unit_id)
            assert hero is not None
            card = catalog.get(hero.card_id)
            p = replace_unit(p, evolve(hero, level=2))
            p = evolve(p, blessings=p.blessings - card.upgrade_cost)
            log.add(seat, f"{p.name} upgrades {card.name} to level 2")
            return set_player(state, seat, p)
        case da.PlayEvent():
            return _event(state, catalog, action, log)
        case da.Attack():
            return _attack(state, catalog, action, log)
        case da.Block():
            combat = state.combat
            assert combat is not None
            state = _deplete(
                state,
                seat,
                tuple(b for b, _ in action.blocks),
                combat=evolve(combat, blocks=action.blocks, step=DAMAGE),
            )
            for b, a in action.blocks:
                log.add(
                    seat, f"{_unit_name(state, catalog, b)} blocks {_unit_name(state, catalog, a)}"
                )
            if not action.blocks:
                log.add(seat, f"{p.name} does not block")
            return state
        case da.HeroBlock():
            combat = state.combat
            assert combat is not None
            state = _deplete(state, seat, action.blockers)
            names = ", ".join(_unit_name(state, catalog, b) for b in action.blockers)
            log.add(seat, f"{p.name} blocks with {names}" if names else f"{p.name} does not block")
            combat = evolve(combat, blockers=action.blockers)
            state = evolve(state, combat=combat)
            step = ASSIGN if lawful_blockers(state, action.blockers) else DAMAGE
            return evolve(state, combat=evolve(combat, step=step))
        case da.AssignHeroes():
            combat = state.combat
            assert combat is not None
            for h, b in action.assignment:
                log.add(
                    seat, f"{_unit_name(state, catalog, h)} fights {_unit_name(state, catalog, b)}"
                )
            return evolve(state, combat=evolve(combat, assignment=action.assignment, step=DAMAGE))
        case da.DamageOrder():
            combat = state.combat
            assert combat is not None
            names = ", then ".join(_unit_name(state, catalog, b) for b in action.blockers)
            whose = _unit_name(state, catalog, action.attacker)
            log.add(seat, f"{p.name} orders {whose}'s damage: {names}")
            # The forecast reads each attacker's blocks in the order listed (combat.py).
            others = tuple(pair for pair in combat.blocks if pair[1] != action.attacker)
            ordered = tuple((b, action.attacker) for b in action.blockers)
            return evolve(state, combat=evolve(combat, blocks=others + ordered))
        case da.Resolve():
            return _resolve(state, catalog, log)
    raise AssertionError(f"unhandled action {type(action).__name__}")


def _unit_name(state: GameState, catalog: Catalog, unit_id: int) -> str:
    unit = state.unit(unit_id)
    return name(catalog, unit) if unit is not None else f"number {unit_id}"


def _deplete(state: GameState, seat: int, ids: tuple[int, ...], **changes: Any) -> GameState:
    """The units ``ids`` (unit numbers are unique in a game) turn to depleted, each line
    copied once; ``changes`` to the state made in the same copy."""
    p = state.players[seat]
    assert all(p.unit(unit_id) is not None for unit_id in ids)
    soldiers = tuple(evolve(u, prompt=False) if u.id in ids else u for u in p.soldiers)
    heroes = tuple(evolve(u, prompt=False) if u.id in ids else u for u in p.heroes)
    return set_player(state, seat, evolve(p, soldiers=soldiers, heroes=heroes), **changes)


def _attack(state: GameState, catalog: Catalog, action: da.Attack, log: Log) -> GameState:
    seat = action.player
    combat = state.combat
    assert combat is not None
    if not action.attackers:
        # IV.A: a player may choose not to attack; order passes to the opponent's attack
        log.add(seat, f"{state.players[seat].name} does not attack")
        return next_part(state, catalog)
    state = _deplete(
        state, seat, action.attackers, combat=evolve(combat, attackers=action.attackers, step=BLOCK)
    )
    names = ", ".join(_unit_name(state, catalog, a) for a in action.attackers)
    log.add(seat, f"{state.players[seat].name} attacks with {names}")
    return state


def _resolve(state: GameState, catalog: Catalog, log: Log) -> GameState:
    """IV.A / IV.B: apply the combat's result (the same function the forecast uses)."""
    result = forecast(state, catalog)
    names = tuple(p.name for p in state.players)
    for line, news in result.lines(names):
        log.add(None, line, news)
    players = list(state.players)
    for h in result.hits:
        owner = players[h.owner]
        unit = owner.unit(h.unit)
        assert unit is not None
        if h.dies:
            players[h.owner] = unit_dies(owner, unit)
        else:
            players[h.owner] = replace_unit(owner, evolve(unit, damage=unit.damage + h.taken))
    for seat, lost in enumerate(result.faith_lost):
        if lost:
            players[seat] = evolve(players[seat], faith=max(players[seat].faith - lost, 0))
    state = check_over(evolve(state, players=tuple(players)))
    if state.over:
        return state
    return next_part(state, catalog)


def _event(state: GameState, catalog: Catalog, action: da.PlayEvent, log: Log) -> GameState:
    seat = action.player
    card = catalog.get(action.card_id)
    p = take_from_hand(state.players[seat], card.id, state.hidden)
    p = evolve(p, blessings=p.blessings - card.cost)
    state = set_player(state, seat, p)
    log.add(seat, f"{p.name} plays {card.name}{' (flash)' if card.flash else ''}")
    target = state.unit(action.target) if action.target else None
    if card.event == "location":
        # III.A: kept in the temple zone until destroyed or its time runs out
        return set_player(
            state, seat, evolve(p, locations=(*p.locations, Location(card.id, card.time)))
        )
    if card.event == "equipment":
        assert target is not None
        log.add(seat, f"{card.name} goes on {name(catalog, target)}")
        owner = state.players[target.owner]
        owner = replace_unit(owner, evolve(target, equipment=(*target.equipment, card.id)))
        return set_player(state, target.owner, owner)
    # An effect event acts once and goes to the Cenotaph (README: readings).
    state = set_player(state, seat, evolve(p, cenotaph=(*p.cenotaph, card.id)))
    if card.effect == "destroy_soldier":
        assert target is not None
        log.add(seat, f"{name(catalog, target)} is destroyed", News.DESTROYED)
        owner = state.players[target.owner]
        state = set_player(state, target.owner, unit_dies(owner, target))
        return leave_combat(state, target.id)
    if card.effect == "bolster":
        assert target is not None
        owner = state.players[target.owner]
        bolstered = evolve(
            target,
            bolster_at=target.bolster_at + card.at_bonus,
            bolster_df=target.bolster_df + card.df_bonus,
        )
        log.add(seat, f"{name(catalog, target)} is bolstered until the end of the turn")
        return set_player(state, target.owner, replace_unit(owner, bolstered))
    note = f"{card.name}: {card.text or 'resolve its text'}"
    log.add(seat, f"resolve by hand: {note}")
    return evolve(state, notes=(*state.notes, note))


def plural(count: int, noun: str) -> str:
    """The noun as its count wants it: "1 blessing", "3 blessings"."""
    return noun if count == 1 else f"{noun}s"
