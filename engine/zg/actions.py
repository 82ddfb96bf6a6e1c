"""Z-G's actions: frozen records, each with the seat that takes it, and their dict form.

Playing actions follow the turn (Basic Rules 2-8); adjustments (Set*) are always legal: the
physical table is the truth, and anything the cards say that the engine can't is set by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import ActionCodec, action_to_dict


@dataclass(frozen=True, slots=True)
class PickHand:
    """Basic Rules 2-3: the hand for this turn. Open hands name the three cards; at the table
    the player scans them or just calls out the impulse number (``impulse``, e.g. 753)."""

    player: int
    cards: tuple[str, ...] = ()
    impulse: int | None = None


@dataclass(frozen=True, slots=True)
class ScanHand:
    """Basic Rules 2-3 at the table: one hand card scanned; the third scan picks the hand and
    the tablet calls the impulse number."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class BreakTie:
    """Basic Rule 3: the random card drawn from your deck to break an impulse tie (scanned)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Flameout:
    """Rules Options 7: announced at the start of a turn, before anyone picks a hand."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Basic Rule 4: the action card for this pulse."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Move:
    """Basic Rule 4: how far the figure moved, in card lengths (the table measures)."""

    player: int
    distance: int


@dataclass(frozen=True, slots=True)
class Stance:
    """Rules Options 8: enter a stance (3 Move)."""

    player: int
    stance: str


@dataclass(frozen=True, slots=True)
class StandUp:
    """Rules Options 5: a knocked-down figure spends 3 Move to stand up."""

    player: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Basic Rule 5: attack ``foe`` with ``end`` (0 or 1) of the action card. ``augments`` are
    declared before the test; ``cover`` lists the foe's cards agreed to be in cover; ``locked``
    targets the targetlocked card instead of drawing."""

    player: int
    foe: int
    end: int
    augments: int = 0
    cover: tuple[str, ...] = ()
    sneak: bool = False
    high_ground: bool = False
    locked: bool = False


@dataclass(frozen=True, slots=True)
class AttackTerrain:
    """Core Exceptions 5: attack a piece of terrain; the target card comes from your own deck."""

    player: int
    terrain: int
    end: int
    augments: int = 0


@dataclass(frozen=True, slots=True)
class EndPulse:
    """Basic Rule 5: no attack this pulse (or no attack again); the card returns to the deck."""

    player: int


@dataclass(frozen=True, slots=True)
class DrawTarget:
    """Basic Rule 5: the target card drawn (scanned at the table)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Spin:
    """Basic Rule 5: the target card's end facing the attacker after the spin (and any half
    turn); ``bolsters`` the defender declares before the test (Core Exceptions 6)."""

    player: int
    end: int
    bolsters: int = 0


@dataclass(frozen=True, slots=True)
class Bolster:
    """Core Exceptions 6: after the test, the target dots (0-2, as read on the target end) that
    gain +1 armor."""

    player: int
    dots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Augment:
    """Core Exceptions 7: after the bolsters, the attacker's dots (0-2) that gain +1 piercing."""

    player: int
    dots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Retest:
    """Core Exceptions 8: respin one card ("attack" or "target"); ``end`` is where it landed."""

    player: int
    card: str
    end: int


@dataclass(frozen=True, slots=True)
class Resolve:
    """The attacker accepts the test: the damage chart applies (Basic Rule 6)."""

    player: int


@dataclass(frozen=True, slots=True)
class Save:
    """Core Exceptions 1: sacrifice the character card to save the zGear card being slagged."""

    player: int
    sacrifice: bool


@dataclass(frozen=True, slots=True)
class UsePowerup:
    """Core Exceptions 1: the character card's powerup, once per turn."""

    player: int


@dataclass(frozen=True, slots=True)
class Knockdown:
    """Rules Options 5: ``player`` knocked ``foe`` down (the table judges the knockback)."""

    player: int
    foe: int


@dataclass(frozen=True, slots=True)
class RuleOfPrime:
    """The Rule of Prime: a dispute settled by a test. Each picks a card and an end; a match
    and ``player`` decides, no match and ``foe`` does."""

    player: int
    foe: int
    card: str
    end: int
    foe_card: str
    foe_end: int


@dataclass(frozen=True, slots=True)
class SetCard:
    """Adjustment: a zGear card of ``seat`` is "standing" or "slagged"."""

    player: int
    seat: int
    card: str
    to: str


@dataclass(frozen=True, slots=True)
class SetMarkers:
    """Adjustment: any of a player's markers (None: left as it is)."""

    player: int
    seat: int
    stunned: bool | None = None
    knocked_down: bool | None = None
    stance: str | None = None
    character_used: bool | None = None
    character_sacrificed: bool | None = None
    defeated: bool | None = None
    clear_targetlock: bool | None = None
    hand_size: int | None = None
    deck_size: int | None = None


@dataclass(frozen=True, slots=True)
class SetTerrain:
    """Adjustment: the strikes a piece of terrain has taken."""

    player: int
    terrain: int
    strikes: int


Action = (
    PickHand
    | ScanHand
    | BreakTie
    | Flameout
    | PlayCard
    | Move
    | Stance
    | StandUp
    | Attack
    | AttackTerrain
    | EndPulse
    | DrawTarget
    | Spin
    | Bolster
    | Augment
    | Retest
    | Resolve
    | Save
    | UsePowerup
    | Knockdown
    | RuleOfPrime
    | SetCard
    | SetMarkers
    | SetTerrain
)
ADJUSTMENTS = (SetCard, SetMarkers, SetTerrain)
# The shared reader (engine/core/actions.py); Z-G's annotations are all common ones.
CODEC: ActionCodec[Action] = ActionCodec(
    "Z-G",
    (
        PickHand,
        ScanHand,
        BreakTie,
        Flameout,
        PlayCard,
        Move,
        Stance,
        StandUp,
        Attack,
        AttackTerrain,
        EndPulse,
        DrawTarget,
        Spin,
        Bolster,
        Augment,
        Retest,
        Resolve,
        Save,
        UsePowerup,
        Knockdown,
        RuleOfPrime,
        *ADJUSTMENTS,
    ),
)
TYPES = CODEC.types


# The plain-data form every game shares (engine/core/actions.py), read back by this game's codec.
to_dict = action_to_dict
from_dict = CODEC.from_dict
