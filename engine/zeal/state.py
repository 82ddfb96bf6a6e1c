"""Zeal's game state: immutable dataclasses and tuples, so a snapshot is a reference.

Derived values (a permanent's Zeal, combat and keywords) are stored, and recomputed after
every change by engine/zeal/refresh.py, so the app can read them and never compute a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.evolve import maker
from engine.zeal.cards import Ability


class Step(StrEnum):
    """The steps of a turn (Turn Overview; Combat), plus set-up and the end of the game."""

    MULLIGAN = "mulligan"
    DEVELOP = "develop"
    COMBAT_START = "combat_start"
    CHOOSE_ATTACKERS = "choose_attackers"
    CHOOSE_BLOCKERS = "choose_blockers"
    FLANKING = "flanking"
    COMBAT_DAMAGE = "combat_damage"
    COMMIT = "commit"
    END_OF_TURN = "end_of_turn"
    GAME_OVER = "game_over"

    @property
    def label(self) -> str:
        return STEP_LABELS[self]


# A step's name in the rulebook's words (the log's and the status band's).
STEP_LABELS = {
    Step.MULLIGAN: "Mulligan",
    Step.DEVELOP: "Develop",
    Step.COMBAT_START: "Combat",
    Step.CHOOSE_ATTACKERS: "Choose Attackers",
    Step.CHOOSE_BLOCKERS: "Choose Blockers",
    Step.FLANKING: "Flanking",
    Step.COMBAT_DAMAGE: "Combat Damage",
    Step.COMMIT: "Commit",
    Step.END_OF_TURN: "End of Turn",
    Step.GAME_OVER: "Game Over",
}

# In Python 3.11 ``Step.GAME_OVER`` is looked up through the enum metaclass's __getattr__ hook,
# about ten times the cost of a module name; ``over`` is asked for every command.
_GAME_OVER = Step.GAME_OVER

MAX_CURRENT_DEVOTION = 13  # the dial's top; Accelerate can't go past it (Card Clarifications)

# A target: an int is a permanent or stack item id (one counter for both); a string names a
# base "base:<owner>:<index>" or a card in a discard "discard:<owner>:<card_id>".
Target = int | str


@dataclass(frozen=True, slots=True)
class BaseState:
    """A base: defense 1-6 (Bases), damage this turn, face up until defeated."""

    defense: int
    damage: int = 0
    face_up: bool = True
    owner: int = 0
    controller: int = 0
    damaged_by: tuple[int, ...] = ()  # characters that dealt it damage this turn (Assimilate)


@dataclass(frozen=True, slots=True)
class Permanent:
    """A character or device in play."""

    id: int
    card_id: str
    name: str
    kind: str  # "character" or "device"
    cult: str | None
    controller: int
    owner: int
    printed_combat: int = 0
    printed_zeal_combat: int | None = None
    printed_keywords: tuple[str, ...] = ()
    printed_zeal_keywords: tuple[str, ...] = ()
    damage: int = 0
    combat_bonus: int = 0  # this turn's changes (spells); cleared between turns
    granted_keywords: tuple[str, ...] = ()  # this turn
    dies_devotion: int = 0  # granted "when this dies, gain N current devotion" (Revenge)
    connected_to: int | None = None  # Connect: the character this device is connected to
    connected_controller: int | None = None  # who controlled that character when connected
    returns_to: int | None = None  # Neurocontroller, Possess the Living: who gets it back
    returns_next_turn: bool = False  # Possess the Living without Zeal
    doomed: bool = False  # Possess the Dead without Zeal: dies at the end of the turn
    entered_turn: int = 0
    # Derived (refresh.py): whether it has Zeal, its combat score and keywords now.
    zeal: bool = False
    combat: int = 0
    keywords: tuple[str, ...] = ()

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


# Permanent(...) and StackItem(...) with every field given (by name), made without the frozen
# __init__ (engine/core/evolve.py's maker): cards enter play and go on the stack all game long.
make_permanent = maker(Permanent)


@dataclass(frozen=True, slots=True)
class StackItem:
    """An action being played and not yet resolved (Playing and resolving actions)."""

    id: int
    controller: int
    card_id: str
    name: str
    kind: str  # "card": a card from hand; "ability": a triggered or activated action
    is_spell: bool  # spell cards and Debut Spells (Debut Spell; Counter target spell)
    zeal: bool
    targets: tuple[Target, ...] = ()
    ability: Ability | None = None
    source: int | None = None  # the permanent the ability is on
    owner: int = 0
    from_hand: bool = True  # False: a triggered action, or a copy (no card to discard)
    x: int = 0  # X chosen when played (Lightning Storm)
    about: StackItem | None = None  # the spell a "when you resolve a spell" action is about


make_stack_item = maker(StackItem)


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered action waiting to be played (Triggered Actions).

    ``depth`` is the stack height when it triggered: it is played once the stack is back down
    to that height, so each trigger is played directly after its triggering event.
    """

    id: int
    controller: int
    card_id: str
    name: str
    ability: Ability
    zeal: bool
    depth: int
    source: int | None = None
    is_spell: bool = False
    about: StackItem | None = None  # the spell that triggered it (Entanglement Collider)


@dataclass(frozen=True, slots=True)
class CombatState:
    """Who attacks whom, who blocks and flanks (Combat)."""

    attackers: tuple[tuple[int, int | None], ...] = ()  # (attacker id, defender seat)
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker id, attacker id); kept if removed
    flanks: tuple[tuple[int, int], ...] = ()  # (flanker id, blocker id)
    blockers_declared: tuple[int, ...] = ()  # defending seats that have declared
    hunt_pending: tuple[int, ...] = ()  # hunting attackers still to be assigned a blocker

    def attacker_ids(self) -> tuple[int, ...]:
        return tuple(a for a, _ in self.attackers)

    def defender_of(self, attacker: int) -> int | None:
        for a, d in self.attackers:
            if a == attacker:
                return d
        return None

    def blockers_of(self, attacker: int) -> tuple[int, ...]:
        return tuple(b for b, a in self.blocks if a == attacker)

    def is_flanking(self, flanker: int) -> bool:
        """Whether ``flanker`` flanks a blocker."""
        return any(f == flanker for f, _ in self.flanks)

    def blocked(self, attacker: int) -> bool:
        return any(a == attacker for _, a in self.blocks)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's side of the table."""

    name: str
    devotion: int = 0
    max_devotion: int = 0
    hand_size: int = 0
    deck_size: int = 0
    hand: tuple[str, ...] = ()  # card ids; empty in hidden-hands mode
    deck: tuple[str, ...] = ()  # top first; empty in hidden-hands mode
    discard: tuple[str, ...] = ()
    bases: tuple[BaseState, ...] = ()
    in_play: tuple[Permanent, ...] = ()
    eliminated: bool = False
    mulligan_done: bool = False
    spell_cults: tuple[str, ...] = ()  # cults of spells resolved this turn (Zeal)
    develop_left: int = 0  # Develop N choices still to make


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment."""

    players: tuple[PlayerState, ...]
    turn: int = 0
    active: int = 0
    step: Step = Step.MULLIGAN
    priority: int | None = None
    stack: tuple[StackItem, ...] = ()  # bottom first
    passed: tuple[int, ...] = ()  # seats that passed since the stack last changed
    pending: tuple[PendingTrigger, ...] = ()  # next to play first
    combat: CombatState | None = None
    awaiting: str | None = None  # a declaration the rules wait for (attackers, blockers, ...)
    first_player: int = 0
    hidden: bool = True
    next_id: int = 1
    rng: int = 0
    notes: tuple[str, ...] = ()  # card text the players must resolve by hand
    winner: int | None = None
    over_reason: str = ""

    def permanent(self, pid: int) -> Permanent | None:
        known, index = _permanent_index[0]
        if known is not self.players:
            # Asked several times per players record (targets, connections, combat): one pass
            # makes the index, instead of a scan of every permanent at the table per question.
            index = {perm.id: perm for player in self.players for perm in player.in_play}
            _permanent_index[0] = (self.players, index)
        return index.get(pid)

    def permanents(self) -> tuple[Permanent, ...]:
        out: tuple[Permanent, ...] = ()
        for player in self.players:  # tuple concatenation: no generator frames (hot path)
            if player.in_play:
                out += player.in_play
        return out

    def stack_item(self, sid: int) -> StackItem | None:
        for item in self.stack:
            if item.id == sid:
                return item
        return None

    def living(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if not p.eliminated)

    @property
    def over(self) -> bool:
        return self.step is _GAME_OVER


# The players tuple last indexed and its permanents by id (replaced in one step, so safe to
# share; holding the tuple keeps its identity unique).
_permanent_index: list[tuple[object, dict[int, Permanent]]] = [(None, {})]
