"""Issue 33, facing the seat that decides, through the real app drawn offscreen: Vile's ritual
walk-through with a sabotage card face down against it. The page faces Anton, who performs;
the sabotage window is Alena's, so the page turns to her for "No more sabotage"; the order of
the components is Anton's again; done, the page says the result and hands back the table."""

from __future__ import annotations

from typing import Any

from tests.vile.journeys import tap_choice

ALENA, ANTON = 0, 1
APE_COMPONENTS = ("ape_drum_of_the_canopy", "ape_bone_totem", "ape_howling_rite")
UNDERTOW = "kraken_undertow"


async def ritual_with_a_sabotage_window(d: Any) -> None:
    from engine.vile import Phase
    from engine.vile import actions as va

    s = d.session
    s.start_new(
        ["Alena", "Anton"], kind="vile", seed=7, first_player=0, options={"god": ["kraken", "ape"]}
    )
    d.app.show("scoreboard")
    game = s.game
    for _ in range(20):
        state = game.state
        if state.active == ANTON and state.phase is Phase.MAIN1 and not state.gathers:
            break
        if state.gathers:
            assert s.command(va.Gather(state.gathers[0], ""))
        else:
            assert s.pass_priority(), s.message
    assert s.command(va.SetZone(ANTON, "ritual", APE_COMPONENTS))
    assert s.command(va.SetZone(ALENA, "sabotage", (UNDERTOW,)))
    for _ in range(4):
        if game.state.phase is Phase.CULMINATION:
            break
        assert s.pass_priority(), s.message
    await d.frames(3)
    d.app.show("ritual")
    page = d.screen("ritual")
    await d.until(lambda: d.app.sm.current == "ritual", "the walk-through opens")
    facing = {"perform": page.facing}
    await tap_choice(d, "Perform the ritual", page)
    await d.until(lambda: game.state.ritual is not None, "the ritual is performed")
    await d.frames(2)
    facing["sabotage"] = page.facing
    facing["sabotage_decider"] = game.acting_player()
    await tap_choice(d, "No more sabotage", page)
    await d.until(lambda: game.state.ritual.step == "components", "the window closes")
    await d.frames(2)
    facing["components"] = page.facing
    box = page.ids.choices
    for _ in range(len(APE_COMPONENTS)):
        if game.state.ritual is None or d.app.sm.current != "ritual":
            break
        await d.until(lambda: any(b.text.startswith("Apply") for b in box.children), "a component")
        await d.tap(next(b for b in box.children if b.text.startswith("Apply")))
        await d.frames(2)
    await d.until(
        lambda: d.app.sm.current == "scoreboard",
        f"back at the table when done (ritual {game.state.ritual}, gathers {game.state.gathers},"
        f" offered {[b.text for b in page.ids.choices.children]}, on {d.app.sm.current})",
    )
    d.notes["facing"] = facing
    d.notes["said"] = s.message
    d.notes["energy"] = game.state.players[ANTON].energy
