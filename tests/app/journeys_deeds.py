"""Deeds Not Words at the table: Overrun's "may" asked of the attacker on their own panel
(issue 34). Run by tests/app/drive.py as "tests.app.journeys_deeds:<name>", in its own
process."""

from __future__ import annotations

from typing import Any

from engine.deeds import actions as da
from tests.app.journeys import at_the_table, decision_buttons, tap_choice


async def overrun_declined(d: Any) -> None:
    """Amy's Ol' Tank (5/3) defeats John's Shambler (1/1) with 4 left; once both pass, her
    panel asks where the 4 go, and a tap on "Keep it off the base" keeps John at 20."""
    s = d.session
    await at_the_table(d, ["Amy", "John"], seed=3, kind="deeds")  # the Tactics step waits for taps
    setup = [
        da.KeepHand(0),
        da.KeepHand(1),
        da.Regroup(0, "power", "supplies"),
        da.SetResource(0, "power", 2),
        da.SetResource(0, "supplies", 2),
        da.Deploy(0, "ol_tank"),
        da.EndPhase(0),
        da.EndPhase(0),
        da.Regroup(1, "bio", "power"),
        da.Draw(1),
        da.Deploy(1, "shambler"),
        da.EndPhase(1),
        da.EndPhase(1),
        da.Regroup(0, "power", "supplies"),
        da.Draw(0),
    ]
    for command in setup:
        assert s.command(command), s.message
    tank, shambler = (x.id for x in s.game.state.cards)
    for command in (da.Attack(0, (tank,)), da.Block(1, ((tank, shambler),))):
        assert s.command(command), s.message
    await tap_choice(d, "Pass")  # Amy
    await tap_choice(d, "Pass")  # John: the Tactics step is over
    await d.until(lambda: s.game.state.battle is not None and s.game.state.battle.asking, "asked")
    await d.frames(3)
    d.notes["offered"] = sorted((seat, b.text) for seat, b in decision_buttons(d))
    await d.screenshot("overrun_asked")
    await tap_choice(d, "Keep it off the base")
    await d.until(lambda: s.game.state.battle is None, "the battle resolves")
    d.notes["base"] = s.game.state.players[1].base
    d.notes["shambler_gone"] = s.game.state.card(shambler) is None
    d.notes["last"] = str(s.game.history[-1])
