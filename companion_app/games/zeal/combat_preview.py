"""The combat assistant's prediction: what the engine says will happen, before confirming.

No rule lives here. We replay the game into a copy, apply the choices on the table so far,
let combat run to the end of its damage step (everyone passes; nobody declares anything
more), and describe the difference between before and after in players' words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import IllegalAction
from engine.zeal import Step, ZealGame
from engine.zeal import actions as za
from engine.zeal.state import GameState

COMBAT_STEPS = (
    Step.COMBAT_START,
    Step.CHOOSE_ATTACKERS,
    Step.CHOOSE_BLOCKERS,
    Step.FLANKING,
    Step.COMBAT_DAMAGE,
)
# A combat resolves in far fewer moves than this; the bound only stops a runaway loop.
MAX_MOVES = 200


@dataclass(frozen=True)
class Prediction:
    ok: bool
    lines: list[str] = field(default_factory=list)  # "Ghoul dies", "Anton's base 3 takes 2"
    problem: str = ""  # why the choices can't be made, in the engine's words


def predict(live: ZealGame, choices: Sequence[za.Action]) -> Prediction:
    """What ``choices`` lead to, worked out on a fork of the live game (which is untouched)."""
    game = live.fork()
    before = game.state
    for action in choices:
        reason = game.explain(action)
        if reason is not None:
            return Prediction(False, problem=reason)
        try:
            game.apply(action)
        except IllegalAction as e:
            return Prediction(False, problem=str(e))
    declared = bool(choices) and isinstance(choices[-1], za.DeclareAttackers)
    hunted = hunt_blocks(game.state) if declared else []
    _finish_combat(game, before.turn)
    return Prediction(True, lines=hunted + describe_changes(before, game.state))


def hunt_blocks(state: GameState) -> list[str]:
    """Right after attackers are declared the only blocks are Hunt's (chosen, or the rules'
    pick): said first, since the damage lines alone don't tell who blocks whom."""
    if state.combat is None:
        return []
    lines = []
    for blocker, attacker in state.combat.blocks:
        b, a = state.permanent(blocker), state.permanent(attacker)
        if b is not None and a is not None:
            lines.append(f"{a.name} is blocked by {b.name} (Hunt)")
    return lines


def _finish_combat(game: ZealGame, turn: int) -> None:
    """Everyone passes and declares nothing more until combat damage is done."""
    for _ in range(MAX_MOVES):
        state = game.state
        if state.turn != turn or state.step not in COMBAT_STEPS or game.outcome() is not None:
            return
        move = _quiet_move(game)
        if move is None:
            return
        game.apply(move)


def _quiet_move(game: ZealGame) -> za.Action | None:
    """The move that adds nothing: pass priority, or declare an empty choice."""
    state = game.state
    seats = range(len(state.players))
    candidates: list[za.Action] = []
    if state.priority is not None:
        candidates.append(za.Pass(state.priority))
    for seat in seats:
        candidates += [
            za.DeclareBlockers(seat),
            za.DeclareFlankers(seat),
            za.AssignDamage(seat),
            za.DeclareAttackers(seat),
            za.Pass(seat),
        ]
    for action in candidates:
        if game.is_legal(action):
            return action
    return None


def describe_changes(before: object, after: object) -> list[str]:
    """Deaths, damage on characters and bases, bases defeated or assimilated (Assimilate:
    control of a defeated base changes hands), players out."""
    lines: list[str] = []
    b_players = before.players  # type: ignore[attr-defined]
    a_players = after.players  # type: ignore[attr-defined]
    after_ids = {p.id: p for pl in a_players for p in pl.in_play}
    for pl in b_players:
        for perm in pl.in_play:
            now = after_ids.get(perm.id)
            if now is None:
                lines.append(f"{perm.name} ({pl.name}) dies")
            elif now.damage > perm.damage:
                lines.append(f"{perm.name} ({pl.name}) takes {now.damage - perm.damage} damage")
    names = [p.name for p in a_players]
    for old, new in zip(b_players, a_players, strict=True):
        for ob, nb in zip(old.bases, new.bases, strict=False):
            if nb.controller != ob.controller:  # Assimilate: taken, not turned face down
                lines.append(
                    f"{names[ob.controller]}'s base {ob.defense} is assimilated by "
                    f"{names[nb.controller]}"
                )
            elif ob.face_up and not nb.face_up:
                lines.append(f"{new.name}'s base {ob.defense} is defeated")
            elif nb.damage > ob.damage:
                lines.append(f"{new.name}'s base {ob.defense} takes {nb.damage - ob.damage}")
        if new.eliminated and not old.eliminated:
            lines.append(f"{new.name} is out of the game")
    return lines or ["Nothing is damaged"]
