"""Reading a position from a scenario or save file, checking every field: a damaged or
hand-written file gets an error that names the field, never a crash (docs/scenarios.md)."""

from __future__ import annotations

from typing import Any

from engine.card_model import CULTS, KEYWORDS, Catalog
from engine.core.evolve import evolve
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


class PositionError(ValueError):
    """A position that can't be set up; the message names the field."""


_AWAIT_FOR_STEP = {
    Step.DEVELOP: "develop",
    Step.CHOOSE_ATTACKERS: "attackers",
    Step.CHOOSE_BLOCKERS: "blockers",
    Step.FLANKING: "flankers",
    Step.COMBAT_DAMAGE: "damage",
}
_MAX_RNG = (1 << 64) - 1


class Fields:
    """Typed, named access to one TOML table."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise PositionError(f"{where}: must be a table, not {data!r}")
        self.data: dict[str, Any] = data
        self.where = where

    def fail(self, key: str, problem: str) -> PositionError:
        return PositionError(f"{self.where}: field {key!r} {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def number(self, key: str, default: int, lo: int = 0, hi: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {value!r}")
        if value < lo or (hi is not None and value > hi):
            top = "" if hi is None else f" to {hi}"
            raise self.fail(key, f"must be {lo}{top or ' or more'}, not {value}")
        return value

    def opt_number(self, key: str, lo: int = 0, hi: int | None = None) -> int | None:
        if self.data.get(key) is None:
            return None
        return self.number(key, 0, lo, hi)

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {value!r}")
        return value

    def text(self, key: str, default: str) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, f"must be text, not {value!r}")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {value!r}")
        return value

    def texts(
        self, key: str, allowed: frozenset[str] | tuple[str, ...] | None = None
    ) -> tuple[str, ...]:
        out = []
        for value in self.items(key):
            if not isinstance(value, str) or (allowed is not None and value not in allowed):
                raise self.fail(key, f"has {value!r}, which is not allowed here")
            out.append(value)
        return tuple(out)

    def card_ids(self, key: str, catalog: Catalog) -> tuple[str, ...]:
        ids = self.texts(key)
        for card_id in ids:
            if card_id not in catalog:
                raise self.fail(key, f"names {card_id!r}, which is not in the catalog")
        return ids

    def seats(self, key: str, seats: int) -> tuple[int, ...]:
        out = []
        for value in self.items(key):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
                raise self.fail(key, f"has {value!r}: seats are 0 to {seats - 1}")
            out.append(value)
        return tuple(out)

    def tuples(self, key: str, size: int) -> tuple[tuple[int, ...], ...]:
        out = []
        for value in self.items(key):
            ok = isinstance(value, list) and len(value) == size
            if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self.fail(key, f"must list groups of {size} numbers, not {value!r}")
            out.append(tuple(value))
        return tuple(out)


def _bases(pdata: Fields, seat: int, seats: int) -> tuple[BaseState, ...]:
    bases = list(starting_bases(seat))
    entries = pdata.items("bases")
    if len(entries) > 6:
        raise pdata.fail("bases", "lists at most six bases, defense 1 to 6")
    for i, entry in enumerate(entries):
        b = Fields(entry, f"{pdata.where}.bases[{i}]")
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
        f = Fields(entry, f"{pdata.where}.in_play[{i}]")
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
        f = Fields(entry, f"position.stack[{i}]")
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
    c = Fields(pos.data["combat"], "position.combat")
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
    pos = Fields(data.get("position", {}), "position")
    turn = pos.number("turn", 1)
    ids = _Ids(players_data)
    players = [
        _player(Fields(p, f"players[{seat}]"), seat, seats, catalog, hidden, turn, ids)
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
