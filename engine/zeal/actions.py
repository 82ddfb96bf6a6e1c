"""Zeal's actions: frozen dataclasses, each with the seat of the player who takes it.

Game actions follow the rules; manual adjustments (SetDevotion ... MarkResolved) are always
legal, because the physical table is the truth and the players must be able to correct us.
``to_dict``/``from_dict`` give the command log's TOML/JSON form (None fields are left out,
since TOML has no null).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import ActionCodec, action_to_dict, is_whole_or_text, list_of

Target = int | str


@dataclass(frozen=True, slots=True)
class KeepHand:
    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    player: int


@dataclass(frozen=True, slots=True)
class Develop:
    player: int
    choice: str  # "draw" or "devotion"


@dataclass(frozen=True, slots=True)
class Pass:
    player: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    player: int
    card_id: str
    targets: tuple[Target, ...] = ()
    zeal: bool | None = None  # None: the engine decides from the table
    x: int = 0  # for cards that cost X (Lightning Storm)


@dataclass(frozen=True, slots=True)
class PlayTrigger:
    """Play one of your pending triggered actions (you choose the order of your own)."""

    player: int
    trigger_id: int
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclineTrigger:
    """Pass an optional triggered action ("you may", a cost, Reconnect)."""

    player: int
    trigger_id: int


@dataclass(frozen=True, slots=True)
class Activate:
    """Play an action on a card in play that has a cost ("cost: effect")."""

    player: int
    permanent_id: int
    targets: tuple[Target, ...] = ()
    ability: int = 0  # which of the card's activated abilities, in card order
    # The card paid from the hand when the action's cost takes one (Conversion Cannon):
    # needed with open hands; with hidden hands "" is a card not scanned.
    paid: str = ""


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    player: int
    attackers: tuple[tuple[int, int], ...] = ()  # (permanent id, defender seat)
    hunts: tuple[tuple[int, int], ...] = ()  # (hunter id, chosen blocker id); rest: engine


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    player: int
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker id, attacker id)


@dataclass(frozen=True, slots=True)
class DeclareFlankers:
    player: int
    flanks: tuple[tuple[int, int], ...] = ()  # (flanker id, blocker id)


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """The attacking player's combat damage choices; anything left out the engine decides.

    ``blockers``: (attacker, blocker) for an attacker blocked by two: which one it damages.
    ``bases``: (attacker, base owner, base index) in the order attackers hit bases; further
    entries for the same attacker say where its excess damage goes (engine/zeal/base_damage.py).
    """

    player: int
    blockers: tuple[tuple[int, int], ...] = ()
    bases: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SetDevotion:
    player: int
    current: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class SetBase:
    player: int
    base_index: int  # 0..5 = defense 1..6, among the bases this player owns
    damage: int | None = None
    face_up: bool | None = None


@dataclass(frozen=True, slots=True)
class SetDamage:
    player: int
    permanent_id: int
    damage: int


@dataclass(frozen=True, slots=True)
class MoveCard:
    player: int
    card: int | str  # a permanent id, or a card id
    to_zone: str  # "hand", "play", "discard", "deck"
    from_zone: str | None = None  # None: wherever the engine finds it
    enters: bool = False  # to play: it enters play now, with its triggers (God Matrix)


@dataclass(frozen=True, slots=True)
class ChangeControl:
    player: int
    permanent_id: int
    new_controller: int


@dataclass(frozen=True, slots=True)
class MarkResolved:
    player: int
    note: str


Action = (
    KeepHand
    | Mulligan
    | Develop
    | Pass
    | PlayCard
    | PlayTrigger
    | DeclineTrigger
    | Activate
    | DeclareAttackers
    | DeclareBlockers
    | DeclareFlankers
    | AssignDamage
    | SetDevotion
    | SetBase
    | SetDamage
    | MoveCard
    | ChangeControl
    | MarkResolved
)

ADJUSTMENTS = (SetDevotion, SetBase, SetDamage, MoveCard, ChangeControl, MarkResolved)

# The shared reader (engine/core/actions.py), with the words for Zeal's own annotations.
CODEC: ActionCodec[Action] = ActionCodec(
    "Zeal",
    (
        KeepHand,
        Mulligan,
        Develop,
        Pass,
        PlayCard,
        PlayTrigger,
        DeclineTrigger,
        Activate,
        DeclareAttackers,
        DeclareBlockers,
        DeclareFlankers,
        AssignDamage,
        *ADJUSTMENTS,
    ),
    {
        "int | str": (is_whole_or_text, "a card id or a permanent id"),
        "tuple[Target, ...]": list_of(is_whole_or_text, "a list of ids or references"),
    },
)
_TYPES = CODEC.types
# Why an action's fields have the wrong kind of value (a buggy client, a corrupt file).
type_problem = CODEC.type_problem


def is_adjustment(action: Action) -> bool:
    return isinstance(action, ADJUSTMENTS)


# The plain-data form every game shares (engine/core/actions.py), read back by this game's codec.
to_dict = action_to_dict
from_dict = CODEC.from_dict
