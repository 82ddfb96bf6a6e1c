"""The ritual walk-through's lines (no Kivy): Culmination Phase step by step, in the
rulebook's order, from the engine's state and its forecast. Face-down cards are counted."""

from __future__ import annotations

from engine.vile import Phase, VileGame
from engine.vile.effects import open_components
from engine.vile.forecast import bolster_of, strength_forecast
from engine.vile.grammar import count as counted
from engine.vile.grammar import ready_cultists


def ritual_steps(game: VileGame) -> tuple[str, list[str]]:
    """(title, lines) for the walk-through."""
    state = game.state
    seat = state.active
    me, other = state.players[seat], state.players[1 - seat]
    catalog = game.catalog
    r = state.ritual
    bolster = bolster_of(state, catalog, seat)
    bolster_words = ", ".join(f"{name} +{p}" for name, p in bolster) or "no deployed monster"
    forecast = strength_forecast(state, catalog)
    sabotage = (
        f"{other.name}: {counted(len(other.sabotage_zone), 'sabotage card')} face down, stockpile "
        f"{other.stockpile}, {ready_cultists(other.ready)}"
    )
    if r is None:
        count = len(me.ritual_zone)
        title = f"{me.name}'s ritual zone: {count} of three components"
        if state.phase is not Phase.CULMINATION:
            title += f" ({state.phase.label})"
        lines = [
            f"1. Flip the components: {count} face down"
            + ("" if count >= 3 else " - a ritual needs three"),
            f"2. Sabotage window: {sabotage}",
            f"3. Bolster: {bolster_words} = +{sum(p for _, p in bolster)}",
            "4. The components' effects, in the order you choose",
        ]
        if forecast is not None:
            lines.append(f"5. Strength if nothing is sabotaged: {forecast}")
        return title, lines
    names = [catalog.get(c).name for c in r.components]
    left = set(open_components(state))
    marks = [
        f"{n} ({'negated' if i in r.negated else 'to apply' if i in left else 'applied'})"
        for i, n in enumerate(names)
    ]
    window = "open" if r.step == "sabotage" else "closed"
    bolster_line = (
        f"3. Bolster: {bolster_words} = +{sum(p for _, p in bolster)} (to come)"
        if r.step == "sabotage"
        else f"3. Bolster: +{r.bolster}"
    )
    lines = [
        f"1. Flipped: {', '.join(names)}",
        f"2. Sabotage window ({window}): {sabotage}",
        bolster_line,
        f"4. Components: {'; '.join(marks)}",
        f"Strength now: {r.strength}; when all are applied: {forecast}",
        f"{me.name}'s energy would be {max(0, me.energy + (forecast or 0))}",
    ]
    return f"{me.name} performs a ritual", lines
