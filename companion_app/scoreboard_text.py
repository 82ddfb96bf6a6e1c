"""The scoreboard as plain text, for `altar demo` and anything else without a screen."""

from __future__ import annotations

from engine.zeal import ZealGame


def _base(defense: int, damage: int, face_up: bool) -> str:
    # A defeated base is face down: shown as its defense crossed out.
    if not face_up:
        return f"x{defense}"
    return f"{defense}" if damage == 0 else f"{defense}({damage})"


def render(game: ZealGame) -> str:
    state = game.state
    step = state.step.label
    who = state.players[state.priority].name if state.priority is not None else "nobody"
    lines = [f"Turn {state.turn} - {step} - {who} to act"]
    width = max(len(p.name) for p in state.players)
    for index, p in enumerate(state.players):
        bases = " ".join(_base(b.defense, b.damage, b.face_up) for b in p.bases)
        in_play = ", ".join(f"{c.name} ({c.combat})" for c in p.in_play) or "-"
        marks = " (eliminated)" if p.eliminated else (" *" if index == state.active else "")
        lines.append(
            f"{p.name:<{width}}  devotion {p.devotion}/{p.max_devotion}  "
            f"hand {p.hand_size}  bases {bases}  in play: {in_play}{marks}"
        )
    outcome = game.outcome()
    if outcome is not None:
        lines.append(f"Game over: {outcome.reason}")
    return "\n".join(lines)
