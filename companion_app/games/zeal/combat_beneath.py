"""The combat assistant's rows beneath a character's row (no Kivy): the further decisions a
choice opens for the attacking player. A Hunt attacker's blocker (Keywords: Hunt), and where
an attacker's excess damage goes, step by step (Combat: Dealing Combat Damage to Bases).
Each offers only what the engine accepts, and first what is left to the rules when it is not
chosen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion_app.games.zeal.combat_excess import excess_after
from companion_app.games.zeal.combat_row import EXCESS, HUNT, BaseChoice, Row
from engine.zeal import ZealGame
from engine.zeal import actions as za


def hunt_row(game: ZealGame, seat: int, row: Row, defender: int) -> list[Row]:
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
    names = told_apart([p.name for p in state.players[defender].in_play])
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


def excess_rows(
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


def told_apart(names: list[str]) -> list[str]:
    """Names numbered where two read alike ("Lunari Acolyte #2"), in the order given."""
    return [
        f"{n} #{names[: k + 1].count(n)}" if names.count(n) > 1 else n for k, n in enumerate(names)
    ]
