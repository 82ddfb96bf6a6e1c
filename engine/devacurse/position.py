"""A Devacurse position as TOML-ready data, and back, every key checked (scenario files and
saves: engine/scenario.py)."""

from __future__ import annotations

from typing import Any

from engine.core.fields import FieldError, Fields
from engine.devacurse.card_model import Catalog
from engine.devacurse.state import PHASES, STEPS, Combat, GameState, Location, Player, Unit

PLAYER_KEYS = (
    "name",
    "faith",
    "blessings",
    "hand",
    "hand_size",
    "deck",
    "deck_size",
    "prayers",
    "soldiers",
    "heroes",
    "locations",
    "cenotaph",
    "black_hole",
)
UNIT_KEYS = (
    "card",
    "id",
    "damage",
    "prompt",
    "level",
    "called",
    "equipment",
    "bolster_at",
    "bolster_df",
)
POSITION_KEYS = ("spiral", "phase", "part", "order", "combat", "notes", "winner", "over_reason")
COMBAT_KEYS = ("attacker", "step", "attackers", "blocks", "blockers", "assignment")
DEFAULT_DECK = 30  # a position's Universe deck when the file gives none (hidden hands)


def _unit(u: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {"card": u.card_id, "id": u.id}
    if u.damage:
        out["damage"] = u.damage
    if not u.prompt:
        out["prompt"] = False
    if u.hero:
        out["level"] = u.level
    out["called"] = u.called
    if u.equipment:
        out["equipment"] = list(u.equipment)
    if u.bolster_at:
        out["bolster_at"] = u.bolster_at
    if u.bolster_df:
        out["bolster_df"] = u.bolster_df
    return out


def position_to_dict(state: GameState) -> dict[str, Any]:
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "faith": p.faith,
            "blessings": p.blessings,
            "prayers": p.prayers,
            "soldiers": [_unit(u) for u in p.soldiers],
            "heroes": [_unit(u) for u in p.heroes],
            "locations": [{"card": loc.card_id, "time": loc.time} for loc in p.locations],
            "cenotaph": list(p.cenotaph),
            "black_hole": list(p.black_hole),
        }
        if state.hidden:
            entry |= {"hand_size": p.hand_size, "deck_size": p.deck_size}
        else:
            entry |= {"hand": list(p.hand), "deck": list(p.deck)}
        players.append(entry)
    position: dict[str, Any] = {
        "spiral": state.spiral,
        "phase": state.phase,
        "part": state.part,
        "order": state.order,
        "notes": list(state.notes),
    }
    if state.combat is not None:
        c = state.combat
        position["combat"] = {
            "attacker": c.attacker,
            "step": c.step,
            "attackers": list(c.attackers),
            "blocks": [list(x) for x in c.blocks],
            "blockers": list(c.blockers),
            "assignment": [list(x) for x in c.assignment],
        }
    if state.winner is not None:
        position["winner"] = state.winner
    if state.over_reason:
        position["over_reason"] = state.over_reason
    return {"players": players, "position": position}


def _read_unit(f: Fields, catalog: Catalog, seat: int, hero: bool, next_id: int) -> Unit:
    card_id = f.text("card", "")
    card = catalog.find(card_id)
    kind = "hero" if hero else "soldier"
    if card is None or card.type != kind:
        raise f.fail("card", f"must name a {kind} in the catalog, not {card_id!r}")
    for eq in f.texts("equipment"):
        if eq not in catalog or catalog.get(eq).event != "equipment":
            raise f.fail("equipment", f"names {eq!r}, which is not an equipment event")
    return Unit(
        id=f.number("id", next_id, 1),
        card_id=card_id,
        owner=seat,
        hero=hero,
        damage=f.number("damage", 0),
        prompt=f.flag("prompt", True),
        level=f.number("level", 1, 1, 2) if hero else 1,
        called=f.number("called", 0),
        equipment=f.texts("equipment"),
        bolster_at=f.number("bolster_at", 0, -99),
        bolster_df=f.number("bolster_df", 0, -99),
    )


def state_from_position(
    data: dict[str, Any],
    catalog: Catalog,
    hidden: bool,
    strike_back: bool,
    order: int,
    faith: int,
) -> GameState:
    """The position a file's [[players]] and [position] describe; FieldError for bad keys."""
    players_data = data.get("players")
    if not isinstance(players_data, list) or len(players_data) != 2:
        raise FieldError("Devacurse needs exactly 2 [[players]]")
    next_id = 1
    players = []
    for seat, raw in enumerate(players_data):
        f = Fields(raw, f"players[{seat}]", PLAYER_KEYS)
        units: dict[str, list[Unit]] = {"soldiers": [], "heroes": []}
        for key in ("soldiers", "heroes"):
            for uf in f.tables(key, UNIT_KEYS):
                unit = _read_unit(uf, catalog, seat, key == "heroes", next_id)
                next_id = max(next_id, unit.id + 1)
                units[key].append(unit)
        locations = []
        for lf in f.tables("locations", ("card", "time")):
            card_id = lf.text("card", "")
            card = catalog.find(card_id)
            if card is None or card.event != "location":
                raise lf.fail("card", f"must name a location event, not {card_id!r}")
            locations.append(Location(card_id, lf.number("time", card.time, 1)))
        if hidden:
            for key in ("hand", "deck"):
                if f.has(key):
                    raise f.fail(
                        key,
                        "lists cards, but hands are hidden: give hand_size or "
                        "deck_size, or set hidden_hands = false",
                    )
            hand: tuple[str, ...] = ()
            deck: tuple[str, ...] = ()
            hand_size = f.number("hand_size", 0)
            deck_size = f.number("deck_size", DEFAULT_DECK)
        else:
            for key in ("hand_size", "deck_size"):
                if f.has(key):
                    raise f.fail(key, "is a count, but hands are open: list the cards instead")
            hand = f.card_ids("hand", catalog)
            deck = f.card_ids("deck", catalog)
            hand_size, deck_size = len(hand), len(deck)
        players.append(
            Player(
                name=f.text("name", f"Player {seat + 1}").strip(),
                faith=f.number("faith", faith),
                blessings=f.number("blessings", 0),
                hand=hand,
                hand_size=hand_size,
                deck=deck,
                deck_size=deck_size,
                prayers=f.number("prayers", 0),
                soldiers=tuple(units["soldiers"]),
                heroes=tuple(units["heroes"]),
                locations=tuple(locations),
                cenotaph=f.card_ids("cenotaph", catalog),
                black_hole=f.card_ids("black_hole", catalog),
            )
        )
    ids = [u.id for p in players for u in p.units]
    if len(ids) != len(set(ids)):
        raise FieldError("players: two soldiers or heroes share an id")
    pf = Fields(data.get("position", {}), "position", POSITION_KEYS)
    phase = pf.choice("phase", "prayers", PHASES)
    combat = None
    if pf.has("combat"):
        cf = pf.table("combat", COMBAT_KEYS)
        combat = Combat(
            attacker=cf.number("attacker", 0, 0, 1),
            step=cf.choice("step", "attack", STEPS),
            attackers=tuple(_ints(cf, "attackers")),
            blocks=cf.tuples("blocks", 2),  # type: ignore[arg-type]
            blockers=tuple(_ints(cf, "blockers")),
            assignment=cf.tuples("assignment", 2),  # type: ignore[arg-type]
        )
    elif phase in ("soldier_combat", "hero_combat"):
        part = pf.number("part", 0, 0, 1)
        holder = pf.number("order", order, 0, 1)
        combat = Combat(holder if part == 0 else 1 - holder)
    winner = pf.opt_number("winner", 0, 1)
    return GameState(
        players=tuple(players),
        spiral=pf.number("spiral", 1, 1),
        phase=phase,
        part=pf.number("part", 0, 0, 1),
        order=pf.number("order", order, 0, 1),
        combat=combat,
        next_id=next_id,
        hidden=hidden,
        strike_back=strike_back,
        notes=pf.texts("notes"),
        winner=winner,
        over_reason=pf.text("over_reason", ""),
    )


def _ints(f: Fields, key: str) -> list[int]:
    out = []
    for value in f.items(key):
        if isinstance(value, bool) or not isinstance(value, int):
            raise f.fail(key, f"must list unit numbers, not {value!r}")
        out.append(value)
    return out
