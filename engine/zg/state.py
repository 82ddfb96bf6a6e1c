"""Z-G's game state: immutable, frozen, slotted records (undo is a snapshot swap)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.evolve import evolve, maker

# The phases of a turn (Basic Rules 2-8), in the rulebook's words.
PHASES = {
    "impulse": "pick a hand and call the impulse",
    "tiebreak": "draw a card to break the impulse tie",
    "card": "pick an action card",
    "act": "move, then attack",
    "target": "draw the target card",
    "spin": "spin the target card",
    "bolster": "place the bolsters",
    "augment": "place the augments",
    "result": "accept the test or retest",
    "save": "decide whether to sacrifice the character card",
    "over": "see the game end",
}
# Each phase as the log's step column names it, short and in players' words.
STEP_WORDS = {
    "impulse": "picking hands",
    "tiebreak": "breaking the tie",
    "card": "action card",
    "act": "moving and attacking",
    "target": "target card",
    "spin": "spinning",
    "bolster": "bolstering",
    "augment": "augmenting",
    "result": "the test",
    "save": "saving the zGear",
    "over": "game over",
}
END_NAMES = ("A", "B")  # a card's two ends, as the cards print them
STANCES = ("stand", "kneel", "attack", "defense", "prone")  # Rules Options 8
# Rules Options 8: the most a figure may move in each stance (kneeling, none).
STANCE_MOVE = {"kneel": 0, "attack": 1, "defense": 1, "prone": 1}


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    character: str = ""  # the character card's id ("" for none)
    roster: tuple[str, ...] = ()  # every zGear card they own, sorted, when known (scans check)
    # Open hands: the cards, top of the deck first. Hidden hands: empty, with counts only.
    hand: tuple[str, ...] = ()
    hand_size: int = 0
    deck: tuple[str, ...] = ()
    deck_size: int = 0
    slag: tuple[str, ...] = ()  # the slag heap: out for the game (Basic Rule 6)
    picked: bool = False  # has picked this turn's hand (Basic Rule 2)
    scanned: tuple[str, ...] = ()  # hand cards scanned so far at the table, before the third
    impulse: int = 0  # the 3-digit impulse number (Basic Rule 3)
    tiebreaks: tuple[int, ...] = ()  # impulses of the cards drawn to break a tie, in rounds
    played: tuple[str, ...] = ()  # action cards played this turn, in order
    last_turn: tuple[str, ...] = ()  # ... and last turn (Sneak Attack: not with those)
    lock_foe: int = -1  # targetlock: the foe and card you may target again (this turn)
    lock_card: str = ""
    character_used: bool = False  # the powerup, once a turn (Core Exceptions 1)
    character_sacrificed: bool = False
    stunned: bool = False  # 4+ strikes (Basic Rule 6), until the end of their next turn
    knocked_down: bool = False  # Rules Options 5
    stance: str = "stand"  # Rules Options 8
    flameout: bool = False  # Rules Options 7, announced this turn
    defeated: bool = False

    @property
    def zgear(self) -> int:
        """zGear cards standing, hand and deck (cards on the table in a pulse excluded)."""
        return self.hand_size + self.deck_size


@dataclass(frozen=True, slots=True)
class Terrain:
    """A piece of terrain that may be blown up (Core Exceptions 5)."""

    name: str
    mass: int  # its two longest dimensions in card lengths: the strikes it takes
    strikes: int = 0

    @property
    def standing(self) -> bool:
        return self.strikes < self.mass


@dataclass(frozen=True, slots=True)
class Pulse:
    """The active player's action card this pulse and the move it gives (Basic Rule 4)."""

    card: str
    move_left: int
    moved: bool = False
    again_foe: int = -1  # 3+ strikes: attack this foe again with the same card (-1: no)


@dataclass(frozen=True, slots=True)
class Attack:
    """One test in progress (Basic Rules 5-6, Core Exceptions 6-8)."""

    foe: int  # the defender's seat; -1 when the target is terrain
    terrain: int  # the terrain's index; -1 when the target is a foe's card
    end: int  # the attacking end, 0 or 1
    augments: int = 0  # declared before the test (+ high ground, prone)
    bolsters: int = 0  # declared by the defender at the spin
    target: str = ""  # the target card ("" until drawn)
    from_hand: bool = False  # drawn from the foe's hand: their deck was empty
    target_end: int = -1  # the end facing the attacker after the spin (-1: not yet)
    bolster_dots: tuple[int, ...] = ()
    augment_dots: tuple[int, ...] = ()
    cover: tuple[str, ...] = ()  # cards agreed to be in cover (Core Exceptions 4)
    sneak: bool = False
    locked: bool = False  # targeting the targetlocked card
    attacker_retested: bool = False  # Core Exceptions 8: once each per test
    defender_retested: bool = False
    # Knockdown: the attacker's retest against a knocked-down figure is free (no powerup
    # needed); still one per test (Core Exceptions 8). 1 when it is free, else 0.
    free_retests: int = 0
    strikes: int = 0  # the test's strikes, once accepted


# An attack is declared, and a pulse begun, at every few commands: these records are made by
# core's positional makers (every field, in the class's order), several times faster than a
# frozen dataclass's keyword __init__.
new_attack = maker(Attack)
new_pulse = maker(Pulse)


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[PlayerState, ...]
    options: tuple[str, ...] = ()  # the optional rules in play (setup switches)
    hidden: bool = True
    edge: str = "wall"  # Core Exceptions 5: the table's edge is a WALL or a FALL
    terrain: tuple[Terrain, ...] = ()
    turn: int = 1
    phase: str = "impulse"
    order: tuple[int, ...] = ()  # seats by impulse, highest first (Basic Rule 3)
    order_index: int = 0
    pulse_no: int = 0  # pulses played this turn by the active player
    pulse: Pulse | None = None
    attack: Attack | None = None
    tied: tuple[int, ...] = ()  # seats yet to draw this round to break an impulse tie
    defeated_this_turn: tuple[int, ...] = ()  # for Flameout
    last_test: str = ""  # the last test's result in words, for the band
    prime: str = ""  # the last Rule of Prime call in words
    rng: int = 0
    winner: int | None = None
    over_reason: str = ""

    @property
    def active(self) -> int | None:
        if self.phase in ("impulse", "tiebreak", "over") or not self.order:
            return None
        return self.order[self.order_index]

    def has(self, option: str) -> bool:
        return option in self.options

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, seat: int, **changes: object) -> GameState:
        return evolve(self, players=self.players_with(seat, **changes))

    def players_with(self, seat: int, **changes: object) -> tuple[PlayerState, ...]:
        """The players with ``seat``'s changed: for a step that changes the state's own fields
        too, so the whole step is one copy of the state."""
        players = self.players
        return (*players[:seat], evolve(players[seat], **changes), *players[seat + 1 :])

    def alive(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if not p.defeated)
