"""Reading a position from a scenario or save file, checking every field: a damaged or
hand-written file gets an error that names the field, never a crash (docs/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.core.fields import FieldError, Fields
from engine.zeal.card_model import CULTS, KEYWORDS, Catalog
from engine.zeal.ops import starting_bases
from engine.zeal.refresh import refresh
from engine.zeal.state import (
    MAX_CURRENT_DEVOTION,
    BaseState,
    CombatState,
    GameState,
    Permanent,
    PlayerState,
    StackItem,
    Step,
)

# A bad position is a bad field: the same error every file reader raises.
PositionError = FieldError

PLAYER_KEYS = (
    "name", "deck", "deck_size", "hand", "hand_size", "devotion", "max_devotion", "discard",
    "bases", "in_play", "eliminated", "mulligan_done", "spell_cults", "develop_left",
)  # fmt: skip
BASE_KEYS = ("damage", "face_up", "controller")
PERMANENT_KEYS = (
    "card", "id", "kind", "owner", "combat", "zeal_combat", "keywords", "damage",
    "combat_bonus", "granted_keywords", "dies_devotion", "connected_to",
    "connected_controller", "returns_to", "returns_next_turn", "doomed", "entered_turn",
)  # fmt: skip
POSITION_KEYS = (
    "turn", "active", "step", "priority", "stack", "combat", "next_id", "rng", "notes", "passed",
)  # fmt: skip
STACK_KEYS = ("card", "controller", "id", "targets", "zeal", "owner", "x", "copy")
COMBAT_KEYS = ("attackers", "blocks", "flanks", "blockers_declared", "declared")

_AWAIT_FOR_STEP = {
    Step.DEVELOP: "develop",
    Step.CHOOSE_ATTACKERS: "attackers",
    Step.CHOOSE_BLOCKERS: "blockers",
    Step.FLANKING: "flankers",
    Step.COMBAT_DAMAGE: "damage",
}
_MAX_RNG = (1 << 64) - 1


def _bases(pdata: Fields, seat: int, seats: int) -> tuple[BaseState, ...]:
    bases = list(starting_bases(seat))
    entries = pdata.items("bases")
    if len(entries) > 6:
        raise pdata.fail("bases", "lists at most six bases, defense 1 to 6")
    for i, entry in enumerate(entries):
        b = Fields(entry, f"{pdata.where}.bases[{i}]", BASE_KEYS)
        bases[i] = evolve(
            bases[i],
            damage=b.number("damage", 0),
            face_up=b.flag("face_up", True),
            controller=b.number("controller", seat, 0, seats - 1),
        )
    return tuple(bases)


def _permanent(
    f: Fields, seat: int, pid: int, catalog: Catalog, turn: int, seats: int
) -> Permanent:
    card_id = f.text("card", "")
    if card_id not in catalog:
        raise f.fail("card", f"must name a catalog card, not {card_id!r}")
    card = catalog.get(card_id)
    if card.type not in ("character", "device"):
        raise f.fail("card", f"names {card.name}, a {card.type}, not a character or device")
    top = seats - 1
    return Permanent(
        id=pid,
        card_id=card.id,
        name=card.name,
        kind=_kind(f, card.type),
        cult=card.cult,
        controller=seat,
        owner=f.number("owner", seat, 0, top),
        printed_combat=f.number("combat", card.combat or 0, -99),
        printed_zeal_combat=f.opt_number("zeal_combat", -99)
        if f.has("zeal_combat")
        else card.zeal_combat,
        printed_keywords=tuple(dict.fromkeys(card.keywords + f.texts("keywords", KEYWORDS))),
        printed_zeal_keywords=card.zeal_keywords,
        damage=f.number("damage", 0),
        combat_bonus=f.number("combat_bonus", 0, -99),
        granted_keywords=f.texts("granted_keywords", KEYWORDS),
        dies_devotion=f.number("dies_devotion", 0),
        connected_to=f.opt_number("connected_to", 1),
        connected_controller=f.opt_number("connected_controller", -1, top),
        returns_to=f.opt_number("returns_to", 0, top),
        returns_next_turn=f.flag("returns_next_turn", False),
        doomed=f.flag("doomed", False),
        entered_turn=f.number("entered_turn", turn),
    )


def _kind(f: Fields, printed: str) -> str:
    """As printed, unless the file says otherwise (Noctium Gargoyle turned device)."""
    kind = f.text("kind", printed)
    if kind not in ("character", "device"):
        raise f.fail("kind", f"must be character or device, not {kind!r}")
    return kind


def _player(
    pdata: Fields, seat: int, seats: int, catalog: Catalog, hidden: bool, turn: int, ids: _Ids
) -> PlayerState:
    name = pdata.text("name", "")
    if not name:
        raise pdata.fail("name", "is required")
    hand = pdata.card_ids("hand", catalog)
    deck = pdata.card_ids("deck", catalog)
    in_play = []
    for i, entry in enumerate(pdata.items("in_play")):
        f = Fields(entry, f"{pdata.where}.in_play[{i}]", PERMANENT_KEYS)
        pid = ids.take(f)
        in_play.append(_permanent(f, seat, pid, catalog, turn, seats))
    return PlayerState(
        name=name,
        devotion=pdata.number("devotion", 0, 0, MAX_CURRENT_DEVOTION),
        max_devotion=pdata.number("max_devotion", 0, 0, MAX_CURRENT_DEVOTION),
        # With known hands the lists are the truth; hidden, only the counts are.
        hand_size=pdata.number("hand_size", len(hand)) if hidden else len(hand),
        deck_size=pdata.number("deck_size", len(deck)) if hidden else len(deck),
        hand=() if hidden else hand,
        deck=() if hidden else deck,
        discard=pdata.card_ids("discard", catalog),
        bases=_bases(pdata, seat, seats),
        in_play=tuple(in_play),
        eliminated=pdata.flag("eliminated", False),
        mulligan_done=pdata.flag("mulligan_done", True),
        spell_cults=pdata.texts("spell_cults", CULTS),
        develop_left=pdata.number("develop_left", 0),
    )


class _Ids:
    """Permanent and stack ids: as given, else numbered after the highest; never twice."""

    def __init__(self, data: list[Any]) -> None:
        self.used: set[int] = set()
        self.next = 1

    def take(self, f: Fields) -> int:
        wanted = f.opt_number("id", 1)
        if wanted is None:
            while self.next in self.used:
                self.next += 1
            wanted = self.next
        if wanted in self.used:
            raise f.fail("id", f"{wanted} is used twice")
        self.used.add(wanted)
        return wanted

    @property
    def highest(self) -> int:
        return max([0, *self.used])


def _stack(pos: Fields, catalog: Catalog, ids: _Ids, seats: int) -> tuple[StackItem, ...]:
    items = []
    for i, entry in enumerate(pos.items("stack")):
        f = Fields(entry, f"position.stack[{i}]", STACK_KEYS)
        card_id = f.text("card", "")
        if card_id not in catalog:
            raise f.fail("card", f"must name a catalog card, not {card_id!r}")
        card = catalog.get(card_id)
        if card.type == "base":
            raise f.fail("card", "names a base; bases are not played")
        controller = f.number("controller", 0, 0, seats - 1)
        targets = f.items("targets")
        if not all(
            isinstance(t, str) or (isinstance(t, int) and not isinstance(t, bool)) for t in targets
        ):
            raise f.fail("targets", "must list ids or references")
        items.append(
            StackItem(
                id=ids.take(f),
                controller=controller,
                card_id=card.id,
                name=card.name,
                kind="card",
                is_spell=card.type == "spell",
                zeal=f.flag("zeal", False),
                targets=tuple(targets),
                owner=f.number("owner", controller, 0, seats - 1),
                x=f.number("x", 0),
                from_hand=not f.flag("copy", False),
            )
        )
    return tuple(items)


def _combat(pos: Fields, seats: int) -> CombatState | None:
    if pos.data.get("combat") is None:
        return None
    c = Fields(pos.data["combat"], "position.combat", COMBAT_KEYS)
    attackers = c.tuples("attackers", 2)
    for _, defender in attackers:
        if not 0 <= defender < seats:
            raise c.fail("attackers", f"has defender {defender}: seats are 0 to {seats - 1}")
    return CombatState(
        attackers=tuple((a, d) for a, d in attackers),
        blocks=tuple((b, a) for b, a in c.tuples("blocks", 2)),
        flanks=tuple((f, b) for f, b in c.tuples("flanks", 2)),
        blockers_declared=c.seats("blockers_declared", seats),
    )


def state_from_position(
    data: dict[str, Any], catalog: Catalog, hidden: bool, first_player: int
) -> GameState:
    """Builds the state a scenario or save file describes."""
    players_data = data.get("players")
    if not isinstance(players_data, list) or not 2 <= len(players_data) <= 8:
        raise PositionError("'players' must list 2 to 8 players ([[players]])")
    seats = len(players_data)
    pos = Fields(data.get("position", {}), "position", POSITION_KEYS)
    turn = pos.number("turn", 1)
    ids = _Ids(players_data)
    players = [
        _player(Fields(p, f"players[{seat}]", PLAYER_KEYS), seat, seats, catalog, hidden, turn, ids)
        for seat, p in enumerate(players_data)
    ]
    step_name = pos.text("step", "develop")
    try:
        step = Step(step_name)
    except ValueError:
        known = ", ".join(s.value for s in Step)
        raise pos.fail("step", f"is {step_name!r}; known steps: {known}") from None
    active = pos.number("active", first_player, 0, seats - 1)
    combat = _combat(pos, seats)
    awaiting = _AWAIT_FOR_STEP.get(step)
    if combat is not None and Fields(pos.data["combat"], "position.combat").flag("declared", False):
        awaiting = None
    if combat is None and step in (Step.CHOOSE_BLOCKERS, Step.FLANKING, Step.COMBAT_DAMAGE):
        raise pos.fail("combat", f"is needed in step {step.value}: the attackers")
    if step in (Step.MULLIGAN, Step.GAME_OVER):
        awaiting = None
    if step is Step.MULLIGAN:
        players = [
            evolve(p, mulligan_done=Fields(d, f"players[{i}]").flag("mulligan_done", False))
            for i, (p, d) in enumerate(zip(players, players_data, strict=True))
        ]
    priority = None
    if not awaiting and step not in (Step.MULLIGAN, Step.GAME_OVER):
        priority = pos.number("priority", active, 0, seats - 1)
    stack = _stack(pos, catalog, ids, seats)
    state = GameState(
        players=tuple(players),
        turn=turn,
        active=active,
        step=step,
        priority=priority,
        combat=combat,
        awaiting=awaiting,
        first_player=first_player,
        hidden=hidden,
        # never below the ids in use, so new permanents and triggers can't collide
        next_id=max(pos.number("next_id", 1), ids.highest + 1),
        rng=pos.number("rng", 0, 0, _MAX_RNG),
        notes=pos.texts("notes"),
        stack=stack,
        passed=pos.seats("passed", seats),
    )
    return refresh(state)
