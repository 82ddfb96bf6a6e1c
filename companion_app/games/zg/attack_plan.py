"""The attack declaration's model, without Kivy (Basic Rule 5, Core Exceptions 4, 5 and 7, Rules
Options 1-2): who attacks, the foes (and terrain) they may name, the foe's zGear that could be
agreed in cover, the optional rules in play; and the one ``Attack`` (or ``AttackTerrain``)
action the choices make. Whether it
is allowed is the engine's answer (``verdict``): no rule lives here."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.zg import actions as zga
from engine.zg.game import ZgGame

END_NAMES = ("A", "B")


@dataclass(frozen=True)
class AttackChoices:
    """What the declaration may name now."""

    seat: int  # the attacker (-1: no attack is being declared now)
    title: str
    foes: tuple[int, ...]  # seats that may be named (3 strikes: only the foe attacked again)
    terrain: tuple[int, ...]  # pieces of terrain still standing (Core Exceptions 5)
    sneak_rule: bool  # Rules Options 2 is in play
    high_ground_rule: bool  # Rules Options 1 is in play


@dataclass(frozen=True)
class Declaration:
    """The attacker's choices so far (a new one per change: the screen keeps the latest)."""

    foe: int = -1
    terrain: int = -1  # a piece of terrain instead of a foe (then only the end and augments)
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
            -1, "No attack to declare now: play an action card first", (), (), sneak, high
        )
    seat = state.order[state.order_index]
    names = game.player_names()
    terrain: tuple[int, ...] = ()
    if pulse.again_foe >= 0:
        foes: tuple[int, ...] = (pulse.again_foe,)
        title = f"{names[seat]} attacks {names[pulse.again_foe]} again (3 strikes)"
    else:
        foes = tuple(s for s in state.alive() if s != seat)
        terrain = tuple(i for i, t in enumerate(state.terrain) if t.standing)
        card = game.catalog.get(pulse.card)
        # Basic Rule 5: "Read the name of your card's attack, but don't show the card".
        shown = (card.attack or "an attack") if state.hidden else card.name
        title = f"{names[seat]} declares an attack: {shown}"
    return AttackChoices(seat, title, foes, terrain, sneak, high)


def targets(game: ZgGame) -> tuple[Declaration, ...]:
    """A fresh declaration per thing that may be attacked: each foe, then each terrain piece."""
    c = choices(game)
    return tuple(Declaration(foe=f) for f in c.foes) + tuple(
        Declaration(terrain=t) for t in c.terrain
    )


def first(game: ZgGame) -> Declaration:
    """A fresh declaration: the first foe, end A, nothing else."""
    options = targets(game)
    return options[0] if options else Declaration()


def next_target(game: ZgGame, d: Declaration) -> Declaration:
    """The next foe or terrain piece, as a fresh declaration."""
    options = targets(game)
    if not options:
        return Declaration()
    at = next((i for i, o in enumerate(options) if same_target(o, d)), -1)
    return options[(at + 1) % len(options)]


def same_target(a: Declaration, b: Declaration) -> bool:
    return (a.foe, a.terrain) == (b.foe, b.terrain)


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


def action(seat: int, d: Declaration) -> zga.Attack | zga.AttackTerrain:
    if d.terrain >= 0:  # Core Exceptions 5: terrain has no cover, no sneak, no lock
        return zga.AttackTerrain(seat, d.terrain, d.end, augments=d.augments)
    return zga.Attack(
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
    if d.terrain >= 0:
        what = game.state.terrain[d.terrain].name
    elif d.foe >= 0:
        what = names[d.foe]
    else:
        return "Nothing to attack"
    parts = [f"Attack {what}, end {END_NAMES[d.end]}"]
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


def toggle_words(name: str, on: bool) -> str:
    """A choice of the declaration that is on or off, in words: its colour alone told neither
    the players (nor anyone who can't tell the colours apart) whether a tap had taken."""
    return f"{name}: {'on' if on else 'off'}"


def target_words(game: ZgGame, d: Declaration) -> str:
    """The attack screen's target button: "Foe: Anton", "Terrain: Wall (3 strikes to go)"."""
    if d.terrain >= 0:
        t = game.state.terrain[d.terrain]
        return f"Terrain: {t.name} ({t.mass - t.strikes} strikes to go)"
    return f"Foe: {game.player_names()[d.foe]}" if d.foe >= 0 else "Nothing to attack"
