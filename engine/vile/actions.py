"""Vile Incantations' actions: frozen dataclasses, each with the seat of the player taking it.

Game actions follow the rules; the manual adjustments (AdjustPlayer, AdjustMonster, SetZone,
PutMonster, MarkResolved) are always legal, because the physical table is the truth.
``to_dict``/``from_dict`` give the command log's TOML/JSON form (None fields are left out).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import ActionCodec, action_to_dict, is_whole, is_whole_or_text, list_of

Target = int | str  # a monster's number, or a component's card id (negate)


@dataclass(frozen=True, slots=True)
class Pass:
    """Move on: end this phase or step, or let the ritual go on without (more) sabotage."""

    player: int


@dataclass(frozen=True, slots=True)
class Gather:
    """Gather: set ``card_id`` (a component among the top five) face down, or none ("")."""

    player: int
    card_id: str = ""


@dataclass(frozen=True, slots=True)
class SetComponent:
    player: int
    card_id: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit a cultist by putting ``card_id`` from hand on the bottom of the gate deck
    ("" with hidden hands: the tablet need not know which card went)."""

    player: int
    card_id: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a spell or a monster from hand, paying its cost with ready cultists."""

    player: int
    card_id: str
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class Deploy:
    player: int
    monster_id: int


@dataclass(frozen=True, slots=True)
class Activate:
    player: int
    monster_id: int
    ability: int = 0
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class SetSabotage:
    """Set a sabotage card face down, stockpiling ``stockpile`` devotion with it."""

    player: int
    card_id: str
    stockpile: int = 0


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    player: int
    attackers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    player: int
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """The attacker's damage: (attacker, monster hit, amount). A blocked attacker left out
    deals its damage to its blockers in the order they blocked; an unblocked one left out
    deals none."""

    player: int
    assignments: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PerformRitual:
    player: int


@dataclass(frozen=True, slots=True)
class FlipSabotage:
    """Flip a face-down sabotage card during the opponent's ritual and play it, paying
    ``from_stockpile`` (None: as much as it can) and the rest with ready cultists."""

    player: int
    card_id: str
    from_stockpile: int | None = None
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class ApplyComponent:
    """Apply the next component's effects (the performer chooses the order)."""

    player: int
    card_id: str
    targets: tuple[Target, ...] = ()


# --- manual adjustments: always legal ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdjustPlayer:
    player: int
    energy: int | None = None
    cultists: int | None = None
    exhausted: int | None = None
    stockpile: int | None = None
    hand_size: int | None = None
    deck_size: int | None = None
    reserve_limit: int | None = None


@dataclass(frozen=True, slots=True)
class AdjustMonster:
    """Set a monster's state; ``zone`` "reserved", "deployed" or "void" (it leaves play)."""

    player: int
    monster_id: int
    zone: str | None = None
    damage: int | None = None
    plus: int | None = None
    experience: int | None = None
    controller: int | None = None


@dataclass(frozen=True, slots=True)
class SetZone:
    """Set what lies face down in a player's "ritual" or "sabotage" zone."""

    player: int
    zone: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PutMonster:
    """Put a monster into play for a card effect the vocabulary can't express."""

    player: int
    card_id: str
    deployed: bool = True


@dataclass(frozen=True, slots=True)
class MarkResolved:
    """The table has resolved the oldest card-text note."""

    player: int


Action = (
    Pass
    | Gather
    | SetComponent
    | Recruit
    | PlayCard
    | Deploy
    | Activate
    | SetSabotage
    | DeclareAttackers
    | DeclareBlockers
    | AssignDamage
    | PerformRitual
    | FlipSabotage
    | ApplyComponent
    | AdjustPlayer
    | AdjustMonster
    | SetZone
    | PutMonster
    | MarkResolved
)
ADJUSTMENTS = (AdjustPlayer, AdjustMonster, SetZone, PutMonster, MarkResolved)

# The shared reader (engine/core/actions.py), with the words for Vile's own annotations.
CODEC: ActionCodec[Action] = ActionCodec(
    "Vile Incantations",
    (
        Pass,
        Gather,
        SetComponent,
        Recruit,
        PlayCard,
        Deploy,
        Activate,
        SetSabotage,
        DeclareAttackers,
        DeclareBlockers,
        AssignDamage,
        PerformRitual,
        FlipSabotage,
        ApplyComponent,
        *ADJUSTMENTS,
    ),
    {
        "tuple[int, ...]": list_of(is_whole, "a list of monster numbers"),
        "tuple[Target, ...]": list_of(is_whole_or_text, "a list of monster numbers or card ids"),
    },
)
_TYPES = CODEC.types


# The plain-data form every game shares (engine/core/actions.py), read back by this game's codec.
to_dict = action_to_dict
from_dict = CODEC.from_dict


__all__ = ["ADJUSTMENTS", "Action", "Target", "from_dict", "to_dict"]
