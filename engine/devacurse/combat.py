"""Combat results as a pure function of the state (IV.A, IV.B): what the declared combat will
do, before anyone confirms it (the app's combat assistant), and what Resolve applies.

Readings (README.md): the attacker's AT reaches several blockers in the order the attacking
player set (DamageOrder; until then the defender's listing), each taking what kills it before
the rest moves on; what is left is lost, or
goes to the defender's Faith with Pierce. Blockers strike back with their summed AT when the
setup says so (the default). Damage is simultaneous.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.core.evolve import evolve
from engine.devacurse.card_model import Catalog
from engine.devacurse.state import ASSIGN, DAMAGE, HERO_COMBAT, SOLDIER_COMBAT, GameState, Unit
from engine.devacurse.stats import attack, has_skill, name, remaining, toughness


@dataclass(frozen=True, slots=True)
class Hit:
    """What one unit takes in this combat."""

    unit: int
    name: str
    owner: int
    hero: bool
    taken: int  # soldiers: damage; heroes: AP lost (never more than the AP it had)
    dies: bool


class News:
    """What a log line tells the whole table (LogEntry.news): a combat's result (IV.A,
    IV.B) and a unit destroyed by an event."""

    DEATH: Final = "death"
    SURVIVED: Final = "survived"
    FAITH_LOST: Final = "Faith lost"
    DESTROYED: Final = "destroyed"


@dataclass(frozen=True, slots=True)
class Forecast:
    """A combat's result: every unit hit, and each seat's Faith lost (slain heroes' maximum
    AP included)."""

    hits: tuple[Hit, ...]
    faith_lost: tuple[int, int]

    @property
    def deaths(self) -> tuple[Hit, ...]:
        return tuple(h for h in self.hits if h.dies)

    @property
    def ap_lost(self) -> tuple[Hit, ...]:
        return tuple(h for h in self.hits if h.hero and h.taken)

    def words(self, names: tuple[str, ...]) -> list[str]:
        """The result in players' words, one line per fact."""
        return [text for text, _news in self.lines(names)]

    def lines(self, names: tuple[str, ...]) -> list[tuple[str, str]]:
        """The result's lines, each with its news to the table (News; "" for a hero's AP
        lost, which its panel shows)."""
        out = []
        for h in self.hits:
            if h.dies:
                where = "the Black Hole" if h.hero else "the Cenotaph"
                out.append((f"{h.name} ({names[h.owner]}) dies: to {where}", News.DEATH))
            elif h.hero:
                out.append((f"{h.name} ({names[h.owner]}) loses {h.taken} AP", ""))
            elif h.taken:
                text = f"{h.name} ({names[h.owner]}) takes {h.taken} damage and survives"
                out.append((text, News.SURVIVED))
        for seat, lost in enumerate(self.faith_lost):
            if lost:
                out.append((f"{names[seat]} loses {lost} Faith", News.FAITH_LOST))
        return out or [("nothing happens", "")]


EMPTY = Forecast((), (0, 0))


def may_fight_hero(state: GameState, defender: int) -> bool:
    """IV.B: a hero may fight a hero only when the defender has no prompt soldier left."""
    return not any(u.prompt for u in state.players[defender].soldiers)


def lawful_blockers(state: GameState, combat_blockers: tuple[int, ...]) -> tuple[int, ...]:
    """IV.B: the blockers an attacking hero may be assigned to."""
    combat = state.combat
    assert combat is not None
    defender = 1 - combat.attacker
    heroes_ok = may_fight_hero(state, defender)
    out = []
    for b in combat_blockers:
        unit = state.players[defender].unit(b)
        if unit is not None and (heroes_ok or not unit.hero):
            out.append(b)
    return tuple(out)


def forecast(state: GameState, catalog: Catalog) -> Forecast:
    """What the combat declared so far will do (no blocks yet: every attacker unblocked)."""
    combat = state.combat
    if combat is None or state.phase not in (SOLDIER_COMBAT, HERO_COMBAT):
        return EMPTY
    taken: dict[int, int] = {}
    faith = [0, 0]
    defender = 1 - combat.attacker
    att = state.players[combat.attacker]
    dfn = state.players[defender]

    def hit(unit: Unit, amount: int) -> None:
        taken[unit.id] = taken.get(unit.id, 0) + amount

    if state.phase == SOLDIER_COMBAT:
        for a_id in combat.attackers:
            a = att.unit(a_id)
            if a is None:
                continue
            blockers = [u for b, x in combat.blocks if x == a_id if (u := dfn.unit(b))]
            strength = attack(catalog, a)
            if not blockers:
                faith[defender] += strength  # IV.A: unblocked, the full AT off Faith
                continue
            left = strength
            for b in blockers:
                share = min(left, remaining(catalog, b))
                if share:
                    hit(b, share)
                left -= share
            if left and has_skill(catalog, a, "pierce"):
                faith[defender] += left
            if state.strike_back:
                back = sum(attack(catalog, b) for b in blockers)
                if back:
                    hit(a, back)
    else:
        assigned = dict(combat.assignment)
        on_blocker: dict[int, list[Unit]] = {}
        for h_id in combat.attackers:
            h = att.unit(h_id)
            if h is None:
                continue
            b_id = assigned.get(h_id)
            if b_id is None or dfn.unit(b_id) is None:
                faith[defender] += attack(catalog, h)  # IV.B: unblocked heroes hit Faith
                continue
            on_blocker.setdefault(b_id, []).append(h)
        for b_id, heroes in on_blocker.items():
            blocker = dfn.unit(b_id)
            assert blocker is not None
            b = blocker
            total = sum(attack(catalog, h) for h in heroes)
            room = remaining(catalog, b)
            hit(b, min(total, room))
            if total > room and any(has_skill(catalog, h, "pierce") for h in heroes):
                faith[defender] += total - room
            back = attack(catalog, b)
            if state.strike_back and back:
                hit(heroes[0], back)  # the blocker strikes the first hero assigned to it
    hits = []
    for unit_id, amount in taken.items():
        unit = state.unit(unit_id)
        assert unit is not None
        room = remaining(catalog, unit)
        dies = amount >= room
        lost = min(amount, room) if unit.hero else amount
        hits.append(Hit(unit.id, name(catalog, unit), unit.owner, unit.hero, lost, dies))
        if dies and unit.hero:
            faith[unit.owner] += toughness(catalog, unit)  # IV.A: its maximum AP in Faith
    return Forecast(tuple(hits), (faith[0], faith[1]))


def leave_combat(state: GameState, unit_id: int) -> GameState:
    """A unit destroyed or moved away mid-combat leaves it: no longer attacking, blocking or
    assigned; a hero assignment with no blocker left to fight is skipped."""
    combat = state.combat
    if combat is None:
        return state
    combat = evolve(
        combat,
        attackers=tuple(a for a in combat.attackers if a != unit_id),
        blocks=tuple(pair for pair in combat.blocks if unit_id not in pair),
        blockers=tuple(b for b in combat.blockers if b != unit_id),
        assignment=tuple(pair for pair in combat.assignment if unit_id not in pair),
    )
    state = evolve(state, combat=combat)
    if combat.step == ASSIGN and not lawful_blockers(state, combat.blockers):
        state = evolve(state, combat=evolve(combat, step=DAMAGE))
    return state
