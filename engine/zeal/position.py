"""Positions as plain data (scenario and save files, docs/scenarios.md): a GameState to and
from TOML-ready dicts."""

from __future__ import annotations

from typing import Any

from engine.cards import Catalog
from engine.core.evolve import evolve
from engine.errors import IllegalAction
from engine.zeal.ops import starting_bases
from engine.zeal.refresh import refresh
from engine.zeal.state import (
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


def _get(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any
) -> Any:
    value = data.get(key, default)
    if value is default:
        return value
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise PositionError(f"{where}: field {key!r} has the wrong type ({value!r})")
    return value


def _card_ids(value: Any, catalog: Catalog, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PositionError(f"{where}: must be a list of card ids")
    for card_id in value:
        if card_id not in catalog:
            raise PositionError(f"{where}: there is no card {card_id!r} in the catalog")
    return tuple(value)


def _bases(data: Any, seat: int, where: str) -> tuple[BaseState, ...]:
    bases = list(starting_bases(seat))
    if data is None:
        return tuple(bases)
    if not isinstance(data, list) or len(data) > 6:
        raise PositionError(f"{where}.bases: a list of up to six tables, defense 1 to 6")
    for i, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise PositionError(f"{where}.bases[{i}]: must be a table")
        bases[i] = evolve(
            bases[i],
            damage=_get(entry, "damage", int, f"{where}.bases[{i}]", 0),
            face_up=_get(entry, "face_up", bool, f"{where}.bases[{i}]", True),
            controller=_get(entry, "controller", int, f"{where}.bases[{i}]", seat),
        )
    return tuple(bases)


def _permanent(
    entry: Any, seat: int, pid: int, catalog: Catalog, where: str, turn: int
) -> Permanent:
    if not isinstance(entry, dict):
        raise PositionError(f"{where}: must be a table")
    card_id = entry.get("card")
    if not isinstance(card_id, str) or card_id not in catalog:
        raise PositionError(f"{where}: field 'card' must name a catalog card, not {card_id!r}")
    card = catalog.get(card_id)
    if card.type not in ("character", "device"):
        raise PositionError(f"{where}: {card.name} is a {card.type}, not a character or device")
    keywords = entry.get("keywords", [])
    combat = _get(entry, "combat", int, where, card.combat or 0)
    return Permanent(
        id=pid,
        card_id=card.id,
        name=card.name,
        kind=card.type,
        cult=card.cult,
        controller=seat,
        owner=_get(entry, "owner", int, where, seat),
        printed_combat=combat,
        printed_zeal_combat=_get(entry, "zeal_combat", int, where, card.zeal_combat),
        printed_keywords=tuple(dict.fromkeys(card.keywords + tuple(keywords))),
        printed_zeal_keywords=card.zeal_keywords,
        damage=_get(entry, "damage", int, where, 0),
        combat_bonus=_get(entry, "combat_bonus", int, where, 0),
        granted_keywords=tuple(entry.get("granted_keywords", [])),
        connected_to=_get(entry, "connected_to", int, where, None),
        connected_controller=_get(entry, "connected_controller", int, where, None),
        returns_to=_get(entry, "returns_to", int, where, None),
        entered_turn=_get(entry, "entered_turn", int, where, turn),
    )


def state_from_position(
    data: dict[str, Any], catalog: Catalog, hidden: bool, first_player: int
) -> GameState:
    """Builds the state a scenario or save file describes."""
    players_data = data.get("players")
    if not isinstance(players_data, list) or not 2 <= len(players_data) <= 8:
        raise PositionError("'players' must list 2 to 8 players ([[players]])")
    pos = data.get("position", {})
    if not isinstance(pos, dict):
        raise PositionError("'position' must be a table")
    turn = _get(pos, "turn", int, "position", 1)
    pid = 1
    players = []
    used_ids: set[int] = set()
    for seat, pdata in enumerate(players_data):
        where = f"players[{seat}]"
        if not isinstance(pdata, dict):
            raise PositionError(f"{where}: must be a table")
        name = pdata.get("name")
        if not isinstance(name, str) or not name:
            raise PositionError(f"{where}: field 'name' is required")
        hand = _card_ids(pdata.get("hand", []), catalog, f"{where}.hand")
        deck = _card_ids(pdata.get("deck", []), catalog, f"{where}.deck")
        if hidden and (hand or deck) and "hand_size" not in pdata:
            pass  # hidden hands: the lists are only counted
        in_play = []
        for i, entry in enumerate(pdata.get("in_play", [])):
            wanted = entry.get("id") if isinstance(entry, dict) else None
            if wanted is None:
                while pid in used_ids:
                    pid += 1
                wanted = pid
            if not isinstance(wanted, int) or wanted in used_ids:
                raise PositionError(f"{where}.in_play[{i}]: id {wanted!r} is used twice")
            used_ids.add(wanted)
            in_play.append(_permanent(entry, seat, wanted, catalog, f"{where}.in_play[{i}]", turn))
        hand_size = _get(pdata, "hand_size", int, where, len(hand))
        deck_size = _get(pdata, "deck_size", int, where, len(deck))
        players.append(
            PlayerState(
                name=name,
                devotion=_get(pdata, "devotion", int, where, 0),
                max_devotion=_get(pdata, "max_devotion", int, where, 0),
                hand_size=hand_size,
                deck_size=deck_size,
                hand=() if hidden else hand,
                deck=() if hidden else deck,
                discard=_card_ids(pdata.get("discard", []), catalog, f"{where}.discard"),
                bases=_bases(pdata.get("bases"), seat, where),
                in_play=tuple(in_play),
                eliminated=_get(pdata, "eliminated", bool, where, False),
                mulligan_done=_get(pdata, "mulligan_done", bool, where, True),
                spell_cults=tuple(pdata.get("spell_cults", [])),
                develop_left=_get(pdata, "develop_left", int, where, 0),
            )
        )
    step_name = _get(pos, "step", str, "position", "develop")
    try:
        step = Step(step_name)
    except ValueError:
        known = ", ".join(s.value for s in Step)
        raise PositionError(f"position: unknown step {step_name!r} (known: {known})") from None
    active = _get(pos, "active", int, "position", first_player)
    if not 0 <= active < len(players):
        raise PositionError(f"position: active must be a seat from 0 to {len(players) - 1}")
    combat = None
    awaiting = _AWAIT_FOR_STEP.get(step)
    cdata = pos.get("combat")
    if isinstance(cdata, dict):
        combat = CombatState(
            attackers=tuple(tuple(a) for a in cdata.get("attackers", [])),
            blocks=tuple(tuple(b) for b in cdata.get("blocks", [])),
            flanks=tuple(tuple(f) for f in cdata.get("flanks", [])),
            blockers_declared=tuple(cdata.get("blockers_declared", [])),
        )
        if cdata.get("declared", False):
            awaiting = None
    elif step in (Step.CHOOSE_BLOCKERS, Step.FLANKING, Step.COMBAT_DAMAGE):
        raise PositionError(
            f"position: step {step.value} needs [position.combat] with the attackers"
        )
    if step in (Step.MULLIGAN, Step.GAME_OVER):
        awaiting = None
    if step is Step.MULLIGAN:
        players = [
            evolve(p, mulligan_done=bool(pdata.get("mulligan_done", False)))
            for p, pdata in zip(players, players_data, strict=True)
        ]
    priority = (
        None
        if awaiting or step is Step.MULLIGAN
        else _get(pos, "priority", int, "position", active)
    )
    stack = _stack(pos.get("stack", []), catalog, used_ids, len(players))
    next_id = max([0, *used_ids]) + 1
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
        next_id=_get(pos, "next_id", int, "position", next_id),
        rng=_get(pos, "rng", int, "position", 0),
        notes=tuple(pos.get("notes", [])),
        stack=stack,
        passed=tuple(pos.get("passed", [])),
    )
    return refresh(state)


def _stack(data: Any, catalog: Catalog, used_ids: set[int], seats: int) -> tuple[StackItem, ...]:
    """Cards being played, bottom first: [{card, controller, targets, zeal, id}]."""
    if not isinstance(data, list):
        raise PositionError("position.stack: a list of tables, bottom first")
    items = []
    for i, entry in enumerate(data):
        where = f"position.stack[{i}]"
        if not isinstance(entry, dict):
            raise PositionError(f"{where}: must be a table")
        card_id = entry.get("card")
        if not isinstance(card_id, str) or card_id not in catalog:
            raise PositionError(f"{where}: field 'card' must name a catalog card, not {card_id!r}")
        card = catalog.get(card_id)
        controller = _get(entry, "controller", int, where, 0)
        if not 0 <= controller < seats:
            raise PositionError(f"{where}: controller must be a seat from 0 to {seats - 1}")
        sid = _get(entry, "id", int, where, None)
        if sid is None:
            sid = max([0, *used_ids]) + 1
        if sid in used_ids:
            raise PositionError(f"{where}: id {sid} is used twice")
        used_ids.add(sid)
        items.append(
            StackItem(
                id=sid,
                controller=controller,
                card_id=card.id,
                name=card.name,
                kind="card",
                is_spell=card.type == "spell",
                zeal=_get(entry, "zeal", bool, where, False),
                targets=tuple(entry.get("targets", [])),
                owner=_get(entry, "owner", int, where, controller),
                x=_get(entry, "x", int, where, 0),
                from_hand=not _get(entry, "copy", bool, where, False),
            )
        )
    return tuple(items)


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The TOML-ready position (players + position); cards being played are kept, triggered
    actions are not (a start position never has them)."""
    if state.pending or any(item.kind != "card" for item in state.stack):
        raise IllegalAction(
            "a position with triggered actions being played can't be saved as a start"
        )
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "devotion": p.devotion,
            "max_devotion": p.max_devotion,
            "hand_size": p.hand_size,
            "deck_size": p.deck_size,
            "hand": list(p.hand),
            "deck": list(p.deck),
            "discard": list(p.discard),
            "bases": [
                {"damage": b.damage, "face_up": b.face_up, "controller": b.controller}
                for b in p.bases
            ],
            "mulligan_done": p.mulligan_done,
            "eliminated": p.eliminated,
            "spell_cults": list(p.spell_cults),
            "develop_left": p.develop_left,
            "in_play": [_perm_to_dict(perm) for perm in p.in_play],
        }
        players.append(entry)
    pos: dict[str, Any] = {
        "turn": state.turn,
        "active": state.active,
        "step": state.step.value,
        "next_id": state.next_id,
        "rng": state.rng,
        "notes": list(state.notes),
    }
    if state.priority is not None:
        pos["priority"] = state.priority
    if state.stack:
        pos["stack"] = [
            {
                "card": item.card_id,
                "id": item.id,
                "controller": item.controller,
                "owner": item.owner,
                "zeal": item.zeal,
                "targets": list(item.targets),
                "x": item.x,
                "copy": not item.from_hand,
            }
            for item in state.stack
        ]
    if state.passed:
        pos["passed"] = list(state.passed)
    if state.combat is not None:
        c = state.combat
        pos["combat"] = {
            "attackers": [list(a) for a in c.attackers],
            "blocks": [list(b) for b in c.blocks],
            "flanks": [list(f) for f in c.flanks],
            "blockers_declared": list(c.blockers_declared),
            "declared": state.awaiting is None,
        }
    return {"players": players, "position": pos}


def _perm_to_dict(perm: Permanent) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": perm.card_id,
        "id": perm.id,
        "owner": perm.owner,
        "combat": perm.printed_combat,
        "damage": perm.damage,
        "entered_turn": perm.entered_turn,
    }
    if perm.printed_zeal_combat is not None:
        out["zeal_combat"] = perm.printed_zeal_combat
    if perm.printed_keywords:
        out["keywords"] = list(perm.printed_keywords)
    for key in ("combat_bonus", "connected_to", "connected_controller", "returns_to"):
        value = getattr(perm, key)
        if value:
            out[key] = value
    if perm.granted_keywords:
        out["granted_keywords"] = list(perm.granted_keywords)
    return out
