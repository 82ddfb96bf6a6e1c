"""The state of a game of Vile Incantations: immutable, frozen, slotted records (undo is a
reference swap, engine/core/undo_stack.py; engine/core/evolve.py copies them)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

ENERGY_TO_WIN = 100  # Winning: 100 energy or more
MAX_CULTISTS = 10  # Main Phase: "a maximum of ten cultists"
RESERVE_LIMIT = 2  # End Phase: "no more than two monsters can remain reserved"
OPENING_HAND = 7  # Setup 3
GATHER_LOOK = 5  # Gather: "the top five cards"


class Phase(Enum):
    """Turn Structure, in the rulebook's order."""

    BEGINNING = "beginning"
    MAIN1 = "main1"
    COMBAT = "combat"
    MAIN2 = "main2"
    CULMINATION = "culmination"
    MAIN3 = "main3"
    END = "end"
    OVER = "over"

    @property
    def label(self) -> str:
        return PHASE_LABELS[self]

    @property
    def is_main(self) -> bool:
        return self in (Phase.MAIN1, Phase.MAIN2, Phase.MAIN3)


PHASE_LABELS = {  # also read directly where every command writes a log line
    Phase.BEGINNING: "Beginning Phase",
    Phase.MAIN1: "Main Phase 1",
    Phase.COMBAT: "Combat Phase",
    Phase.MAIN2: "Main Phase 2",
    Phase.CULMINATION: "Culmination Phase",
    Phase.MAIN3: "Main Phase 3",
    Phase.END: "End Phase",
    Phase.OVER: "Game over",
}
NEXT_PHASE = {
    Phase.MAIN1: Phase.COMBAT,
    Phase.COMBAT: Phase.MAIN2,
    Phase.MAIN2: Phase.CULMINATION,
    Phase.CULMINATION: Phase.MAIN3,
    Phase.MAIN3: Phase.END,
}


@dataclass(frozen=True, slots=True)
class Monster:
    """A monster in play (reserved or deployed). Counters live here, so they leave with it
    (Glossary: Counters disappear when the monster leaves the deployed/reserved zone)."""

    id: int  # the table's number for it, unique in the game
    card_id: str
    owner: int  # Owner: whose gate deck it started in
    controller: int  # Controls
    deployed: bool = False  # False: in the reserved zone
    damage: int = 0
    plus: int = 0  # +1/+1 counters
    experience: int = 0  # experience counters: +5 energy potential each
    played_turn: int = 0  # the turn it was played (Main Phase: deploy those not played this turn)


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    god: str
    energy: int = 0
    cultists: int = 0
    exhausted: int = 0  # exhausted cultists (Exhaust); the rest are ready
    stockpile: int = 0  # Stockpile
    hand: tuple[str, ...] = ()  # open hands only
    hand_size: int = 0
    deck: tuple[str, ...] = ()  # open hands only: the gate deck, top first
    deck_size: int = 0
    void: tuple[str, ...] = ()  # cards there are face up: everyone may know them
    ritual_zone: tuple[str, ...] = ()  # components set face down (Set)
    sabotage_zone: tuple[str, ...] = ()  # sabotage cards set face down
    reserve_limit: int = RESERVE_LIMIT  # a card effect may change it (an adjustment)

    @property
    def ready(self) -> int:
        return self.cultists - self.exhausted


@dataclass(frozen=True, slots=True)
class Combat:
    """Combat Phase: its step, the attackers and the blocks declared."""

    step: str  # "attackers", "blockers" or "damage"
    attackers: tuple[int, ...] = ()
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker id, attacker id)


@dataclass(frozen=True, slots=True)
class Ritual:
    """A ritual being performed (Culmination Phase): the flipped components (a gather during it
    sets a new one in the ritual zone, not here), which are negated or already applied, and the
    strength so far."""

    step: str  # "sabotage" (the opponent's window) or "components" (the performer's order)
    components: tuple[str, ...]
    negated: tuple[int, ...] = ()  # indexes into components
    applied: tuple[int, ...] = ()
    strength: int = 0
    bolster: int = 0  # what the deployed monsters added (Bolster), for the band


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[PlayerState, PlayerState]
    first_player: int
    active: int
    turn: int = 1  # counts both players' turns: the first player's first turn is turn 1
    phase: Phase = Phase.MAIN1
    monsters: tuple[Monster, ...] = ()
    combat: Combat | None = None
    ritual: Ritual | None = None
    gathers: tuple[int, ...] = ()  # players who must resolve a gather now, first first
    component_set: bool = False  # once per turn: set a component
    recruited: bool = False  # once per turn: recruit
    used_abilities: tuple[tuple[int, int], ...] = ()  # (monster id, ability) used this turn
    notes: tuple[str, ...] = ()  # card text to resolve by hand (prompts)
    next_id: int = 1
    rng: int = 0
    hidden: bool = True
    winner: int | None = None
    over_reason: str = ""

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def monster(self, monster_id: object) -> Monster | None:
        for m in self.monsters:
            if m.id == monster_id:
                return m
        return None

    def controlled(self, seat: int) -> tuple[Monster, ...]:
        return tuple([m for m in self.monsters if m.controller == seat])
