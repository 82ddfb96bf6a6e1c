"""What the combat assistant lists (no Kivy): the declaration the rules wait for, who makes
it, and one row per character that could take part, with only the choices the engine allows
that character on its own. A choice that opens a further decision of the same player gets a
row beneath it: a Hunt attacker's blocker (Keywords: Hunt) and where an attacker's excess
damage goes (Combat: Dealing Combat Damage to Bases). The screen (combat_screen.py) and the
player model (player_model.py) both read it, so what the model taps is what the screen shows.

The rows' choices are a mapping from each row's ``key`` to its value; ``rows(game, chosen)``
lists the rows those choices open, ``declaration(game, chosen)`` the action they make."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion_app.games.zeal.combat_excess import excess_after
from engine.zeal import ZealGame, combat
from engine.zeal import actions as za
from engine.zeal.ops import standing_bases

DECLARATIONS: dict[str, type[Any]] = {
    "attackers": za.DeclareAttackers,
    "blockers": za.DeclareBlockers,
    "flankers": za.DeclareFlankers,
    "damage": za.AssignDamage,
}
HUNT = "hunt"  # a row key ("hunt", hunter id): who blocks the hunter
EXCESS = "excess"  # a row key ("excess", attacker id, step): where its excess goes next
# A base chosen in a row: ("base", owner seat, index among the owner's bases).
BaseChoice = tuple[str, int, int]


@dataclass(frozen=True)
class Row:
    """A character and what it may do: (words, value); value None stays out of it (or, in a
    row beneath another, leaves the choice to the rules)."""

    permanent_id: int
    name: str  # "Ghoul" ("Ghoul #2" when two of the declarer's share a name)
    combat: int
    options: tuple[tuple[str, Any], ...]
    key: Any = None  # what ``chosen`` knows the row by: the character's id, or HUNT/EXCESS
    caption: str = ""  # a row beneath another: its words beside the button
    subject: str = ""  # a row beneath another: who its button speaks of

    def __post_init__(self) -> None:
        if self.key is None:
            object.__setattr__(self, "key", self.permanent_id)

    @property
    def beneath(self) -> bool:
        """A row opened by the choice in the row above it."""
        return self.key != self.permanent_id

    def label(self) -> str:
        """The row's words beside its button: the character and its combat score."""
        return self.caption or f"{self.name} ({self.combat})"

    def text(self, chosen: int) -> str:
        """The row's button: whose it is and what it does ("Ghoul attacks Anton")."""
        return f"{self.subject or self.name} {self.options[chosen][0]}"

    def values(self) -> list[Any]:
        return [value for _words, value in self.options]


def phase(game: ZealGame) -> str:
    """The declaration the rules wait for ("attackers", ...), or ""."""
    state = game.state
    return state.awaiting if state.awaiting in DECLARATIONS and not state.over else ""


def declarer(game: ZealGame) -> int:
    """Who makes the declaration due now (-1: nobody)."""
    kind = DECLARATIONS.get(phase(game))
    if kind is None:
        return -1
    for seat in range(len(game.state.players)):
        if game.is_legal(kind(seat)):
            return seat
    # An empty declaration may be illegal (Hunt); fall back to who the engine names.
    for action in game.legal_actions():
        if isinstance(action, kind):
            return int(action.player)
    return -1


def rows(game: ZealGame, chosen: Mapping[Any, Any] | None = None) -> tuple[Row, ...]:
    """The rows, each followed by the rows its choice in ``chosen`` opens (none chosen: each
    character's own row only)."""
    chosen = chosen or {}
    now, seat = phase(game), declarer(game)
    listed: list[Row] = []
    earlier: list[tuple[int, int, int]] = []  # bases named by the attackers above
    for row in _own_rows(game):
        listed.append(row)
        value = chosen.get(row.key)
        if value is None or value not in row.values():
            continue
        if now == "attackers":
            listed += _hunt_row(game, seat, row, value)
        elif isinstance(value, tuple):
            beneath = _excess_rows(game, seat, row, value, chosen, earlier)
            listed += beneath
            earlier += [(row.permanent_id, value[1], value[2])] + [
                (row.permanent_id, v[1], v[2])
                for r in beneath
                if isinstance(v := chosen.get(r.key), tuple) and v in r.values()
            ]
    return tuple(listed)


def _hunt_row(game: ZealGame, seat: int, row: Row, defender: int) -> list[Row]:
    """Hunt: the attacking player chooses the character of the attacked player that blocks
    it at once (left to the rules: the first that can, in attack order)."""
    state = game.state
    hunter = state.permanent(row.permanent_id)
    if hunter is None or not hunter.has("hunt"):
        return []
    attack = ((hunter.id, defender),)
    candidates = [
        p
        for p in state.players[defender].in_play
        if game.is_legal(za.DeclareAttackers(seat, attack, hunts=((hunter.id, p.id),)))
    ]
    if not candidates:
        return []
    names = _told_apart([p.name for p in state.players[defender].in_play])
    named = {p.id: names[k] for k, p in enumerate(state.players[defender].in_play)}
    options = [("is blocked by the rules' pick", None)] + [
        (f"is blocked by {named[p.id]}", p.id) for p in candidates
    ]
    return [
        Row(
            hunter.id,
            row.name,
            row.combat,
            tuple(options),
            key=(HUNT, hunter.id),
            caption=f"{row.name} hunts:",
        )
    ]


def _excess_rows(
    game: ZealGame,
    seat: int,
    row: Row,
    first: BaseChoice,
    chosen: Mapping[Any, Any],
    earlier: list[tuple[int, int, int]],
) -> list[Row]:
    """Dealing Combat Damage to Bases: excess damage goes to an adjacent base, and on from
    there while some is left. One row per step the damage carries, each opened by a base
    chosen in the row above (left to the rules: the adjacent base closest to falling, and
    every step after it)."""
    names = [p.name for p in game.state.players]
    pid = row.permanent_id
    chain = [(first[1], first[2])]
    out: list[Row] = []
    while True:
        excess = excess_after(game, seat, earlier, pid, chain)
        if excess is None:
            return out
        entries = tuple((pid, o, i) for o, i in chain)
        options: list[tuple[str, Any]] = [("goes to the base closest to falling", None)]
        for owner, index, base in excess.bases:
            if game.is_legal(za.AssignDamage(seat, bases=(*entries, (pid, owner, index)))):
                options.append(
                    (f"goes to {names[owner]}'s base {base.defense}", ("base", owner, index))
                )
        if len(options) < 2:
            return out
        step = len(chain)
        after = f"{names[excess.after.controller]}'s base {excess.after.defense}"
        beneath = Row(
            pid,
            row.name,
            row.combat,
            tuple(options),
            key=(EXCESS, pid, step),
            caption=f"{excess.left} left over from {after}:",
            subject="its excess",
        )
        out.append(beneath)
        value = chosen.get(beneath.key)
        if value is None or value not in beneath.values():
            return out
        chain.append((value[1], value[2]))


def _told_apart(names: list[str]) -> list[str]:
    """Names numbered where two read alike ("Lunari Acolyte #2"), in the order given."""
    return [
        f"{n} #{names[: k + 1].count(n)}" if names.count(n) > 1 else n for k, n in enumerate(names)
    ]


# The last position's own rows: the rows are listed again after every choice (a tap, or each
# step of the player model), and a position's own rows cost an engine check per option.
_own_cache: list[Any] = [None, None, ()]  # game, its state, the rows (states never change)


def _own_rows(game: ZealGame) -> tuple[Row, ...]:
    """One row per character that could take part, with the choices it has on its own."""
    if _own_cache[0] is game and _own_cache[1] is game.state:
        return tuple(_own_cache[2])
    listed = _list_own_rows(game)
    _own_cache[:] = [game, game.state, listed]
    return listed


def _list_own_rows(game: ZealGame) -> tuple[Row, ...]:
    state = game.state
    now, seat = phase(game), declarer(game)
    if not now or seat < 0:
        return ()
    names = [p.name for p in state.players]
    everyone = {p.id: p for pl in state.players for p in pl.in_play}
    found: list[tuple[Any, list[tuple[str, Any]]]] = []
    if now == "attackers":
        for perm in combat.can_attack(state):
            opts: list[tuple[str, Any]] = [("stays home", None)]
            for foe in state.living():
                if foe != seat and game.is_legal(za.DeclareAttackers(seat, ((perm.id, foe),))):
                    opts.append((f"attacks {names[foe]}", foe))
            found.append((perm, opts))
    elif now == "blockers":
        pairs = combat.block_options(state, seat)
        for perm in state.players[seat].in_play:
            opts = [("doesn't block", None)] + [
                (f"blocks {_name(everyone, a)}", a) for b, a in pairs if b == perm.id
            ]
            if len(opts) > 1:
                found.append((perm, opts))
    elif now == "flankers":
        pairs = combat.flank_options(state)
        for pid in dict.fromkeys(f for f, _b in pairs):
            opts = [("doesn't flank", None)] + [
                (f"flanks {_name(everyone, b)}", b) for f, b in pairs if f == pid
            ]
            found.append((everyone[pid], opts))
    elif now == "damage" and state.combat is not None:
        for a, _d in state.combat.attackers:
            blocked_by = state.combat.blockers_of(a)
            if len(blocked_by) < 2 or a not in everyone:
                continue
            opts = [("damages the strongest it can kill", None)] + [
                (f"damages {_name(everyone, b)}", b)
                for b in blocked_by
                if game.is_legal(za.AssignDamage(seat, blockers=((a, b),)))
            ]
            found.append((everyone[a], opts))
        # Dealing Combat Damage to Bases: the attacking player chooses the base each attacker
        # hits (left out: the base closest to falling).
        for a, defender in state.combat.attackers:
            if a not in everyone or defender is None:
                continue
            if not combat.hits_bases(state, state.combat, a):
                continue
            opts = [("hits the base closest to falling", None)]
            for owner, index, base in standing_bases(state, defender):
                choice = ("base", owner, index)
                if game.is_legal(za.AssignDamage(seat, bases=((a, owner, index),))):
                    opts.append((f"hits {names[owner]}'s base {base.defense}", choice))
            if len(opts) > 1:
                found.append((everyone[a], opts))
    labels = [p.name for p, _o in found]
    return tuple(
        Row(
            p.id,
            f"{p.name} #{labels[: k + 1].count(p.name)}" if labels.count(p.name) > 1 else p.name,
            p.combat,
            tuple(o),
        )
        for k, (p, o) in enumerate(found)
    )


def _name(everyone: dict[int, Any], pid: int) -> str:
    perm = everyone.get(pid)
    return perm.name if perm is not None else "a card no longer in play"


def declaration(game: ZealGame, chosen: Mapping[Any, Any]) -> za.Action | None:
    """The declaration the rows' choices make (``chosen``: row key -> value; a key no row has
    now, or a value its row no longer offers, counts for nothing), in the order the engine
    lists its own (attack order; blocks and flanks as the rules offer them)."""
    state = game.state
    now, seat = phase(game), declarer(game)
    listed = rows(game, chosen)
    kept = {
        r.key: chosen[r.key]
        for r in listed
        if chosen.get(r.key) is not None and chosen[r.key] in r.values()
    }
    picked = [(key, v) for key, v in kept.items() if isinstance(key, int)]
    if now == "attackers":
        order = [p.id for p in combat.can_attack(state)]
        picked.sort(key=lambda pv: order.index(pv[0]) if pv[0] in order else len(order))
        hunts = [
            (r.permanent_id, kept[r.key])
            for r in listed
            if isinstance(r.key, tuple) and r.key[0] == HUNT and r.key in kept
        ]
        return za.DeclareAttackers(seat, tuple(picked), hunts=tuple(hunts))
    if now == "blockers":
        offered = combat.block_options(state, seat)
        picked.sort(key=lambda pv: offered.index(pv) if pv in offered else len(offered))
        return za.DeclareBlockers(seat, tuple(picked))
    if now == "flankers":
        offered = combat.flank_options(state)
        picked.sort(key=lambda pv: offered.index(pv) if pv in offered else len(offered))
        return za.DeclareFlankers(seat, tuple(picked))
    if now == "damage":
        blockers = tuple((pid, v) for pid, v in picked if not isinstance(v, tuple))
        # The rows list each attacker's base, then its excess steps, in attack order.
        bases = tuple(
            (r.permanent_id, kept[r.key][1], kept[r.key][2])
            for r in listed
            if isinstance(kept.get(r.key), tuple)
        )
        return za.AssignDamage(seat, blockers=blockers, bases=bases)
    return None
