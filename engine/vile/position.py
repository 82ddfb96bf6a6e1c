"""A position as a scenario or save file's tables, and back (every key checked)."""

from __future__ import annotations

from typing import Any

from engine.core.fields import FieldError, Fields
from engine.vile.card_model import Catalog
from engine.vile.state import (
    MAX_CULTISTS,
    RESERVE_LIMIT,
    Combat,
    GameState,
    Monster,
    Phase,
    PlayerState,
    Ritual,
)

PLAYER_KEYS = (
    "name",
    "god",
    "deck",
    "energy",
    "cultists",
    "exhausted",
    "stockpile",
    "hand",
    "hand_size",
    "deck_size",
    "void",
    "ritual_zone",
    "sabotage_zone",
    "reserve_limit",
    "monsters",
)
MONSTER_KEYS = ("card", "id", "owner", "deployed", "damage", "plus", "experience", "played_turn")
POSITION_KEYS = (
    "turn",
    "active",
    "phase",
    "component_set",
    "recruited",
    "used_abilities",
    "gathers",
    "notes",
    "rng",
    "next_id",
    "combat",
    "ritual",
    "winner",
    "over_reason",
)
COMBAT_KEYS = ("step", "attackers", "blocks")
RITUAL_KEYS = ("step", "components", "negated", "applied", "strength", "bolster")
_BIG = (1 << 64) - 1


def player_from(
    f: Fields, seat: int, catalog: Catalog, hidden: bool
) -> tuple[PlayerState, list[Monster]]:
    hand = f.card_ids("hand", catalog)
    deck = f.card_ids("deck", catalog)
    if hidden and (hand or deck):
        raise f.fail("hand", "lists cards, but hands are hidden: give hand_size and deck_size")
    if not hidden and (f.has("hand_size") or f.has("deck_size")):
        raise f.fail("hand_size", "is counted from the cards: hands are open")
    cultists = f.number("cultists", 0, 0, MAX_CULTISTS)
    player = PlayerState(
        name=f.text("name", ""),
        god=f.choice("god", "ape", ("ape", "phantom", "fungus", "kraken")),
        energy=f.number("energy", 0),
        cultists=cultists,
        exhausted=f.number("exhausted", 0, 0, cultists),
        stockpile=f.number("stockpile", 0),
        hand=hand,
        hand_size=f.number("hand_size", 0) if hidden else len(hand),
        deck=deck,
        deck_size=f.number("deck_size", 0) if hidden else len(deck),
        void=f.card_ids("void", catalog),
        ritual_zone=_typed(f, "ritual_zone", catalog, "component"),
        sabotage_zone=_typed(f, "sabotage_zone", catalog, "sabotage"),
        reserve_limit=f.number("reserve_limit", RESERVE_LIMIT),
    )
    monsters = []
    for m in f.tables("monsters", MONSTER_KEYS):
        card = m.text("card", "")
        if card not in catalog or catalog.get(card).type != "monster":
            raise m.fail("card", "must name a monster card in the catalog")
        monsters.append(
            Monster(
                id=m.number("id", 0, 0),
                card_id=card,
                owner=m.number("owner", seat, 0, 1),
                controller=seat,
                deployed=m.flag("deployed", True),
                damage=m.number("damage", 0),
                plus=m.number("plus", 0),
                experience=m.number("experience", 0),
                played_turn=m.number("played_turn", 0),
            )
        )
    return player, monsters


def _typed(f: Fields, key: str, catalog: Catalog, card_type: str) -> tuple[str, ...]:
    ids = f.card_ids(key, catalog)
    for card_id in ids:
        if catalog.get(card_id).type != card_type:
            raise f.fail(key, f"may hold only {card_type} cards")
    return ids


def state_from(data: dict[str, Any], catalog: Catalog, hidden: bool, first: int) -> GameState:
    players_data = data.get("players")
    if not isinstance(players_data, list) or len(players_data) != 2:
        raise FieldError("the file: Vile Incantations needs two [[players]]")
    players = []
    monsters: list[Monster] = []
    for seat, entry in enumerate(players_data):
        player, own = player_from(
            Fields(entry, f"players[{seat}]", PLAYER_KEYS), seat, catalog, hidden
        )
        players.append(player)
        monsters.extend(own)
    ids = [m.id for m in monsters if m.id]  # monsters without a number get one in order
    if len(ids) != len(set(ids)):
        raise FieldError("players: two monsters have the same id")
    next_id = max(ids, default=0) + 1
    numbered = []
    for m in monsters:
        if m.id == 0:
            m = Monster(
                next_id,
                m.card_id,
                m.owner,
                m.controller,
                m.deployed,
                m.damage,
                m.plus,
                m.experience,
                m.played_turn,
            )
            next_id += 1
        numbered.append(m)
    p = Fields(data.get("position", {}), "position", POSITION_KEYS)
    phase = Phase(p.choice("phase", "main1", [x.value for x in Phase]))
    combat = None
    if p.has("combat"):
        c = p.table("combat", COMBAT_KEYS)
        blocks = c.tuples("blocks", 2)
        combat = Combat(
            c.choice("step", "attackers", ("attackers", "blockers", "damage")),
            _ints(c, "attackers"),
            tuple((b, a) for b, a in blocks),
        )
    ritual = None
    if p.has("ritual"):
        r = p.table("ritual", RITUAL_KEYS)
        ritual = Ritual(
            r.choice("step", "sabotage", ("sabotage", "components")),
            r.card_ids("components", catalog),
            _ints(r, "negated"),
            _ints(r, "applied"),
            _signed(r, "strength"),
            r.number("bolster", 0),
        )
    winner = p.opt_number("winner", 0, 1)
    return GameState(
        players=(players[0], players[1]),
        first_player=first,
        active=p.number("active", first, 0, 1),
        turn=p.number("turn", 1, 1),
        phase=phase,
        monsters=tuple(numbered),
        combat=combat,
        ritual=ritual,
        gathers=p.seats("gathers", 2),
        component_set=p.flag("component_set", False),
        recruited=p.flag("recruited", False),
        used_abilities=tuple((a, b) for a, b in p.tuples("used_abilities", 2)),
        notes=p.texts("notes"),
        next_id=max(p.number("next_id", next_id, 1), next_id),
        rng=p.number("rng", 0, 0, _BIG),
        hidden=hidden,
        winner=winner,
        over_reason=p.text("over_reason", ""),
    )


def _ints(f: Fields, key: str) -> tuple[int, ...]:
    out = []
    for value in f.items(key):
        if isinstance(value, bool) or not isinstance(value, int):
            raise f.fail(key, "must list whole numbers")
        out.append(value)
    return tuple(out)


def _signed(f: Fields, key: str) -> int:
    value = f.data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise f.fail(key, "must be a whole number")
    return value


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The [[players]] and [position] tables that ``state_from`` reads back to this state."""
    players = []
    for seat, p in enumerate(state.players):
        out: dict[str, Any] = {
            "name": p.name,
            "god": p.god,
            "energy": p.energy,
            "cultists": p.cultists,
            "exhausted": p.exhausted,
            "stockpile": p.stockpile,
            "void": list(p.void),
            "ritual_zone": list(p.ritual_zone),
            "sabotage_zone": list(p.sabotage_zone),
            "reserve_limit": p.reserve_limit,
            "monsters": [
                {
                    "card": m.card_id,
                    "id": m.id,
                    "owner": m.owner,
                    "deployed": m.deployed,
                    "damage": m.damage,
                    "plus": m.plus,
                    "experience": m.experience,
                    "played_turn": m.played_turn,
                }
                for m in state.monsters
                if m.controller == seat
            ],
        }
        if state.hidden:
            out |= {"hand_size": p.hand_size, "deck_size": p.deck_size}
        else:
            out |= {"hand": list(p.hand), "deck": list(p.deck)}
        players.append(out)
    position: dict[str, Any] = {
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase.value,
        "component_set": state.component_set,
        "recruited": state.recruited,
        "used_abilities": [list(u) for u in state.used_abilities],
        "gathers": list(state.gathers),
        "notes": list(state.notes),
        "rng": state.rng,
        "next_id": state.next_id,
        "over_reason": state.over_reason,
    }
    if state.winner is not None:
        position["winner"] = state.winner
    if state.combat is not None:
        c = state.combat
        position["combat"] = {
            "step": c.step,
            "attackers": list(c.attackers),
            "blocks": [list(b) for b in c.blocks],
        }
    if state.ritual is not None:
        r = state.ritual
        position["ritual"] = {
            "step": r.step,
            "components": list(r.components),
            "negated": list(r.negated),
            "applied": list(r.applied),
            "strength": r.strength,
            "bolster": r.bolster,
        }
    return {"players": players, "position": position}
