"""The state of a game of Devacurse: frozen, slotted records (undo is a reference swap).

Phases follow the text (rules/devacurse.md): part 1 of the spiral is missing, so the spiral
opens with the players entering what it did ("prayers"); then III.A soldier calling, III.B
hero guardian setting, IV.A soldier combat, IV.B hero combat, V refresh (done on the way) and
VI end of turn.
"""

from __future__ import annotations

from dataclasses import dataclass

PRAYERS = "prayers"
CALLING = "calling"
HEROES = "heroes"
SOLDIER_COMBAT = "soldier_combat"
HERO_COMBAT = "hero_combat"
END = "end"
OVER = "over"
PHASES = (PRAYERS, CALLING, HEROES, SOLDIER_COMBAT, HERO_COMBAT, END, OVER)
PHASE_LABELS = {
    PRAYERS: "prayers (part 1, entered)",
    CALLING: "soldier calling (rule III.A)",
    HEROES: "hero guardian setting (rule III.B)",
    SOLDIER_COMBAT: "soldier combat (rule IV.A)",
    HERO_COMBAT: "hero combat (rule IV.B)",
    END: "end of turn (VI)",
    OVER: "game over",
}
# Short, for the band every seat reads ("Turn 2 · Soldier combat · Anton's turn") and the
# log's step column: players' words; the section numbers are the rules at hand's to give.
BAND_LABELS = {
    PRAYERS: "Prayers",
    CALLING: "Calling soldiers",
    HEROES: "Setting heroes",
    SOLDIER_COMBAT: "Soldier combat",
    HERO_COMBAT: "Hero combat",
    END: "End of turn",
    OVER: "Game over",
}

# Combat steps: the attacker commits, the defender blocks, (hero combat) the attacker assigns
# heroes to blockers, then the attacker resolves it (flash events first, at the players' word).
ATTACK = "attack"
BLOCK = "block"
ASSIGN = "assign"
DAMAGE = "damage"
STEPS = (ATTACK, BLOCK, ASSIGN, DAMAGE)


@dataclass(frozen=True, slots=True)
class Unit:
    """A soldier or hero in a battlefield line. ``prompt`` is upright (not depleted)."""

    id: int
    card_id: str
    owner: int
    hero: bool
    damage: int = 0  # soldiers: healed at refresh (V); heroes: damage counters (AP lost)
    prompt: bool = True
    level: int = 1  # heroes: 1 when called, 2 once upgraded (rule III.B)
    called: int = 0  # the spiral it was called in
    equipment: tuple[str, ...] = ()  # equipment events on it (rule III.A)
    bolster_at: int = 0  # until the end of the turn (bolster events)
    bolster_df: int = 0


@dataclass(frozen=True, slots=True)
class Location:
    """A location event in a temple zone, with the time it has left (III.A)."""

    card_id: str
    time: int


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    faith: int
    blessings: int = 0  # generated this spiral and not spent (VI)
    hand: tuple[str, ...] = ()  # open hands only
    hand_size: int = 0
    deck: tuple[str, ...] = ()  # the Universe deck, top first (open hands only)
    deck_size: int = 0
    prayers: int = 0  # prompt closed prayers in the temple zone (soldiers may come from them)
    soldiers: tuple[Unit, ...] = ()
    heroes: tuple[Unit, ...] = ()
    locations: tuple[Location, ...] = ()
    cenotaph: tuple[str, ...] = ()  # the discard pile: slain soldiers, used events
    black_hole: tuple[str, ...] = ()  # slain heroes, Cenotaph cards spent on heroes

    def unit(self, unit_id: int) -> Unit | None:
        for u in self.soldiers:
            if u.id == unit_id:
                return u
        for u in self.heroes:
            if u.id == unit_id:
                return u
        return None

    @property
    def units(self) -> tuple[Unit, ...]:
        return self.soldiers + self.heroes


@dataclass(frozen=True, slots=True)
class Combat:
    """The attack under way in IV.A or IV.B."""

    attacker: int
    step: str = ATTACK
    attackers: tuple[int, ...] = ()
    blocks: tuple[tuple[int, int], ...] = ()  # IV.A: (blocker, attacker), in damage order
    blockers: tuple[int, ...] = ()  # IV.B: the defender's blockers
    assignment: tuple[tuple[int, int], ...] = ()  # IV.B: (attacking hero, blocker)


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[Player, ...]
    spiral: int = 1
    phase: str = PRAYERS
    part: int = 0  # 0: the first player of this subphase acts, 1: the second
    order: int = 0  # who holds "order" (III.A, III.B, IV.A)
    combat: Combat | None = None
    next_id: int = 1
    hidden: bool = True  # hands and decks as counts (the table's cards are physical)
    strike_back: bool = True  # blockers deal their AT to the attacker (README: readings)
    notes: tuple[str, ...] = ()  # card text the players must resolve by hand
    winner: int | None = None
    over_reason: str = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def unit(self, unit_id: int) -> Unit | None:
        for p in self.players:
            found = p.unit(unit_id)
            if found is not None:
                return found
        return None
