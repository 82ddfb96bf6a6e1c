"""The attack declaration's model, without Kivy (Basic Rule 5, Core Exceptions 4 and 7, Rules
Options 1-2): who attacks, the foes they may name, the foe's zGear that could be agreed in
cover, the optional rules in play; and the one ``Attack`` action the choices make. Whether it
is allowed is the engine's answer (``verdict``): no rule lives here."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.zg import actions as za
from engine.zg.game import ZgGame

END_NAMES = ("A", "B")


@dataclass(frozen=True)
class AttackChoices:
    """What the declaration may name now."""

    seat: int  # the attacker (-1: no attack is being declared now)
    title: str
    foes: tuple[int, ...]  # seats that may be named (3 strikes: only the foe attacked again)
    sneak_rule: bool  # Rules Options 2 is in play
    high_ground_rule: bool  # Rules Options 1 is in play


@dataclass(frozen=True)
class Declaration:
    """The attacker's choices so far (a new one per change: the screen keeps the latest)."""

    foe: int = -1
    end: int = 0
    augments: int = 0  # Core Exceptions 7: declared before the test
    sneak: bool = False
    high_ground: bool = False
    locked: bool = False  # targetlock: the locked card is the target, no draw
    cover: tuple[str, ...] = ()  # Core Exceptions 4: the foe's cards agreed to be in cover

    def toggled_cover(self, card_id: str) -> Declaration:
        if card_id in self.cover:
            return replace(self, cover=tuple(c for c in self.cover if c != card_id))
        return replace(self, cover=(*self.cover, card_id))


def choices(game: ZgGame) -> AttackChoices:
    state = game.state
    pulse = state.pulse
    sneak, high = state.has("sneak_attack"), state.has("high_ground")
    if state.phase != "act" or pulse is None:
        return AttackChoices(
            -1, "No attack to declare now: play an action card first", (), sneak, high
        )
    seat = state.order[state.order_index]
    names = game.player_names()
    if pulse.again_foe >= 0:
        foes: tuple[int, ...] = (pulse.again_foe,)
        title = f"{names[seat]} attacks {names[pulse.again_foe]} again (3 strikes)"
    else:
        foes = tuple(s for s in state.alive() if s != seat)
        card = game.catalog.get(pulse.card)
        title = f"{names[seat]} declares an attack: {card.name}"
    return AttackChoices(seat, title, foes, sneak, high)


def first(game: ZgGame) -> Declaration:
    """A fresh declaration: the first foe, end A, nothing else."""
    foes = choices(game).foes
    return Declaration(foe=foes[0] if foes else -1)


def cover_cards(game: ZgGame, foe: int) -> tuple[tuple[str, str], ...]:
    """(card id, name) of the foe's zGear still in the game: the cards a target may be, so the
    ones the table may agree are in cover (unknown roster: none listed, a scan adds one)."""
    if not 0 <= foe < len(game.state.players):
        return ()
    p = game.state.players[foe]
    return tuple((c, game.catalog.get(c).name) for c in p.roster if c not in p.slag)


def can_lock(game: ZgGame, seat: int, foe: int) -> bool:
    """The attacker holds a targetlock on this foe's card (Basic Rule 6, 1 strike)."""
    if seat < 0:
        return False
    p = game.state.players[seat]
    return p.lock_foe == foe and bool(p.lock_card)


def action(seat: int, d: Declaration) -> za.Attack:
    return za.Attack(
        seat,
        d.foe,
        d.end,
        augments=d.augments,
        cover=d.cover,
        sneak=d.sneak,
        high_ground=d.high_ground,
        locked=d.locked,
    )


def verdict(game: ZgGame, seat: int, d: Declaration) -> str:
    """ "" when the engine allows the declaration; otherwise its reason, in its words."""
    if seat < 0:
        return "no attack to declare now"
    return game.explain(action(seat, d)) or ""


def summary(game: ZgGame, d: Declaration) -> str:
    """The declaration in words, for the button and the table."""
    names = game.player_names()
    if d.foe < 0:
        return "No foe to attack"
    parts = [f"Attack {names[d.foe]}, end {END_NAMES[d.end]}"]
    if d.augments:
        parts.append(f"{d.augments} augment{'s' if d.augments != 1 else ''}")
    if d.sneak:
        parts.append("sneak attack")
    if d.high_ground:
        parts.append("high ground")
    if d.locked:
        parts.append("targetlock")
    if d.cover:
        parts.append(f"{len(d.cover)} in cover")
    return ", ".join(parts)
