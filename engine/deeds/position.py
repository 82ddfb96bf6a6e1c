"""Positions as plain data (scenario and save files): a state as a TOML-ready dict, and back
with every field checked (FieldError naming the table and the key)."""

from __future__ import annotations

from typing import Any

from engine.core.fields import FieldError, Fields
from engine.deeds.cards import RESOURCES, Catalog
from engine.deeds.state import Battle, DeedsState, InPlay, Note, Phase, Player, Pool

PLAYER_KEYS = (
    "name",
    "base",
    "pool",
    "hand",
    "hand_size",
    "deck",
    "deck_size",
    "graveyard",
    "decided",
)
CARD_KEYS = (
    "id",
    "card",
    "owner",
    "ready",
    "deployed_round",
    "damage",
    "tokens",
    "attack_mod",
    "defense_mod",
    "attached_to",
    "fed",
)
POSITION_KEYS = ("round", "attacker", "phase", "next_id", "rng", "attacked", "battle", "notes")
BATTLE_KEYS = ("attackers", "blocks", "priority", "passes", "asking")
NOTE_KEYS = ("id", "player", "text")
_PHASES = tuple(p.value for p in Phase)


def _pool(pool: Pool) -> dict[str, int]:
    return {r: pool.of(r) for r in RESOURCES}


def position_to_dict(state: DeedsState) -> dict[str, Any]:
    players = [
        {
            "name": p.name,
            "base": p.base,
            "pool": _pool(p.pool),
            "hand": list(p.hand),
            "hand_size": p.hand_size,
            "deck": list(p.deck),
            "deck_size": p.deck_size,
            "graveyard": list(p.graveyard),
            "decided": p.decided,
        }
        for p in state.players
    ]
    cards = []
    for x in state.cards:
        entry: dict[str, Any] = {
            "id": x.id,
            "card": x.card_id,
            "owner": x.owner,
            "ready": x.ready,
            "deployed_round": x.deployed_round,
            "damage": x.damage,
            "tokens": x.tokens,
            "attack_mod": x.attack_mod,
            "defense_mod": x.defense_mod,
            "fed": x.fed,
        }
        if x.attached_to is not None:
            entry["attached_to"] = x.attached_to
        cards.append(entry)
    position: dict[str, Any] = {
        "round": state.round,
        "attacker": state.attacker,
        "phase": state.phase.value,
        "next_id": state.next_id,
        "rng": state.rng,
        "attacked": state.attacked,
        "notes": [{"id": n.id, "player": n.player, "text": n.text} for n in state.notes],
    }
    if state.battle is not None:
        b = state.battle
        position["battle"] = {
            "attackers": list(b.attackers),
            "blocks": [list(pair) for pair in b.blocks],
            "priority": b.priority,
            "passes": b.passes,
        }
        if b.asking:
            position["battle"]["asking"] = True
    return {"players": players, "battlefield": cards, "position": position}


def _read_pool(f: Fields) -> Pool:
    pool = f.table("pool", RESOURCES)
    return Pool(**{r: pool.number(r, 0, 0, 999) for r in RESOURCES})


def read_player(f: Fields, catalog: Catalog, hidden: bool, base: int) -> Player:
    hand = f.card_ids("hand", catalog)
    deck = f.card_ids("deck", catalog)
    if hidden and (hand or deck):
        raise f.fail("hand", "and 'deck' are counts with hidden hands: use hand_size, deck_size")
    hand_size = f.number("hand_size", len(hand), 0, 999)
    deck_size = f.number("deck_size", len(deck), 0, 9999)
    if not hidden and (hand_size != len(hand) or deck_size != len(deck)):
        raise f.fail("hand_size", "must match the hand and deck lists with open hands")
    return Player(
        name=f.text("name", "").strip() or "?",
        base=f.number("base", base, -999, 999),
        pool=_read_pool(f),
        hand=hand,
        hand_size=hand_size,
        deck=deck,
        deck_size=deck_size,
        graveyard=f.card_ids("graveyard", catalog),
        decided=f.flag("decided", True),
    )


def read_card(f: Fields, catalog: Catalog) -> InPlay:
    card_id = f.text("card", "")
    if card_id not in catalog:
        raise f.fail("card", f"names {card_id!r}, which is not in the catalog")
    if not catalog.get(card_id).stays:
        raise f.fail("card", "must be a unit or technology: only they stay on the battlefield")
    if not f.has("id"):
        raise f.fail("id", "is missing: each card on the battlefield needs a number")
    return InPlay(
        id=f.number("id", 0, 1),
        card_id=card_id,
        owner=f.number("owner", 0, 0, 1),
        ready=f.flag("ready", True),
        deployed_round=f.number("deployed_round", 0),
        damage=f.number("damage", 0),
        tokens=f.number("tokens", 0),
        attack_mod=f.number("attack_mod", 0, -999),
        defense_mod=f.number("defense_mod", 0, -999),
        attached_to=f.opt_number("attached_to", 1),
        fed=f.flag("fed", False),
    )


def read_position(
    data: dict[str, Any], players: tuple[Player, ...], catalog: Catalog, first: int
) -> DeedsState:
    cards = tuple(
        read_card(Fields(entry, f"battlefield[{i}]", CARD_KEYS), catalog)
        for i, entry in enumerate(_list(data, "battlefield"))
    )
    ids = [x.id for x in cards]
    if len(set(ids)) != len(ids):
        raise FieldError("battlefield: two cards have the same id")
    for x in cards:
        if x.attached_to is not None and x.attached_to not in ids:
            raise FieldError(f"battlefield: card {x.id} is attached to {x.attached_to}, not there")
    pos = Fields(data.get("position", {}), "position", POSITION_KEYS)
    battle = None
    if pos.has("battle"):
        b = pos.table("battle", BATTLE_KEYS)
        battle = Battle(
            attackers=_ints(b, "attackers"),
            blocks=tuple((p[0], p[1]) for p in b.tuples("blocks", 2)),
            priority=b.number("priority", 0, 0, 1),
            passes=b.number("passes", 0, 0, 2),
            asking=b.flag("asking", False),
        )
    notes = tuple(
        Note(n.number("id", 0, 1), n.number("player", 0, 0, 1), n.text("text", ""))
        for n in pos.tables("notes", NOTE_KEYS)
    )
    phase = Phase(pos.choice("phase", "regroup", _PHASES))
    if phase in (Phase.DEFEND, Phase.TACTICS) and battle is None:
        raise FieldError("position: the Defend and Tactics steps need a [position.battle]")
    highest = max([0, *ids, *(n.id for n in notes)])
    return DeedsState(
        round=pos.number("round", 0 if phase is Phase.MULLIGAN else 1),
        attacker=pos.number("attacker", first, 0, 1),
        phase=phase,
        players=players,
        cards=cards,
        first_player=first,
        rng=pos.number("rng", 0, 0, (1 << 64) - 1),
        next_id=pos.number("next_id", highest + 1, highest + 1),
        battle=battle,
        attacked=pos.flag("attacked", battle is not None),
        notes=notes,
    )


def _ints(f: Fields, key: str) -> tuple[int, ...]:
    out = []
    for value in f.items(key):
        if isinstance(value, bool) or not isinstance(value, int):
            raise f.fail(key, f"must list card numbers, not {value!r}")
        out.append(value)
    return tuple(out)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise FieldError(f"the file: {key!r} must be a list of tables ([[{key}]])")
    return value
