"""A whole game of Vile Incantations through the real app (Kivy offscreen, the simulated
device), run by tests/app/drive.py: chosen on the new-game screen with a god per player,
components scanned face down, a recruit, the gather, energy on the dial, the ritual walked
through on its own screen, to a winner."""

from __future__ import annotations

from typing import Any

from companion_app.simulator.sim_tags import sim_uid


def shot_name(name: str) -> str:
    from kivy.core.window import Window

    return f"{name}_{'landscape' if Window.width > Window.height else 'portrait'}"


def board(d: Any) -> Any:
    return d.screen("scoreboard")


async def tap_choice(d: Any, label: str, screen: Any = None) -> None:
    """Tap a one-tap decision: on the deciding player's own panel, or in a screen's own
    choice list."""
    if screen is None:
        from tests.app.journeys import tap_choice as on_their_panel

        await on_their_panel(d, label)
        return
    box = screen.ids.choices
    await d.until(
        lambda: any(b.text == label for b in box.children),
        f"'{label}' is offered (offered: {[b.text for b in box.children]})",
    )
    await d.tap(next(b for b in box.children if b.text == label))


async def scan_face_down(d: Any, seat: int, card_id: str) -> None:
    device = d.app.hardware_link.simulated[0]
    before = len(d.session.game.state.players[seat].ritual_zone)
    device.place_tag(0, sim_uid(card_id))
    await d.until(
        lambda: len(d.session.game.state.players[seat].ritual_zone) == before + 1,
        f"{card_id} is set face down",
    )
    panel = board(d).card_panels[seat]
    await d.until(lambda: panel.parent is not None, "the card shows in front of its player")
    assert panel.ids.name.text == "A component card"  # never which one
    device.remove_tag(0)  # lifting the card puts it away: the seat's counters show again
    await d.until(lambda: panel.parent is None, "the card is put away")


async def end_turn(d: Any) -> None:
    """The active player moves on, phase by phase, until the other player's turn."""
    seat = d.session.game.state.active
    for label in (
        "Next phase",
        "No attack",
        "Next phase",
        "No ritual",
        "Next phase",
        "End the turn",
    ):
        await tap_choice(d, label)
    await d.until(lambda: d.session.game.state.active != seat, "the turn passes")


async def whole_game(d: Any) -> None:
    assert d.app.sm.current == "newgame", d.app.sm.current
    # This journey taps every step itself: a quiet moment's countdown (combat with nothing
    # deployed) would pass for it, and race its taps on a busy machine.
    d.session.auto_advance_s = 0
    new = d.screen("newgame")
    new.pick_game("Vile Incantations")
    while new.players > 2:
        await d.tap(new.ids.fewer)
    for row, (name, god) in zip(new.rows, (("Alena", "ape"), ("Anton", "kraken")), strict=True):
        row.ids.name.text = name
        row.ids.option.text = god
    # Started with a fixed seed (Start's own handler, as the Start button calls it), so the
    # first player and the screenshots are the same on every run.
    assert new.start(seed=5)
    await d.until(lambda: d.app.sm.current == "scoreboard", "the game starts on the scoreboard")
    await d.until(lambda: d.session.seat_map.dials, "the simulated dials get seats")
    game = d.session.game
    state = lambda: d.session.game.state  # noqa: E731 - the newest snapshot
    assert [p.god for p in state().players] == ["ape", "kraken"]
    first = state().active
    second = 1 - first
    device = d.app.hardware_link.simulated[0]

    components = ("ape_drum_of_the_canopy", "ape_bone_totem", "ape_howling_rite")
    if first == 1:
        components = ("kraken_tide_pool", "kraken_ink_sigil", "kraken_tide_pool")
    # Turn 1: a component face down, a cultist recruited; the log never names the component.
    await scan_face_down(d, first, components[0])
    await tap_choice(d, "Recruit a cultist")
    await end_turn(d)
    # Turn 2: the second player's first turn gathers (no component among the five).
    await tap_choice(d, "Set no component")
    await end_turn(d)
    await scan_face_down(d, first, components[1])
    await end_turn(d)
    await end_turn(d)
    await scan_face_down(d, first, components[2])
    names = {game.catalog.get(c).name for c in components}
    assert not any(n in e.text for e in d.session.game.log for n in names)
    d.notes["face_down"] = len(state().players[first].ritual_zone)

    # A card's text (read at the table) gave energy: the player's dial sets it.
    device.turn_dial(first, 80)
    await d.until(lambda: state().players[first].energy == 80, "the dial sets energy to 80")
    device.turn_dial(second, 64)
    await d.until(lambda: state().players[second].energy == 64, "the other dial to 64")
    await tap_choice(d, "Next phase")
    await tap_choice(d, "No attack")
    await tap_choice(d, "Next phase")
    await d.until(lambda: state().phase.value == "culmination", "the Culmination Phase")
    await d.until(lambda: not d.session.table.echoes.awaiting(), "the dials answer")
    d.session.say("")
    await d.screenshot(shot_name("vile_scoreboard"))

    # The ritual, walked through on its own screen.
    await d.tap(board(d).ids.menu)
    menu = d.screen("menu")
    await d.until(lambda: menu.ids.game_screens.children, "the menu lists the game's screens")
    await d.tap(next(b for b in menu.ids.game_screens.children if b.text == "Ritual walk-through"))
    ritual = d.screen("ritual")
    await d.until(lambda: d.app.sm.current == "ritual", "the walk-through opens")
    d.notes["before"] = list(ritual.lines)
    await tap_choice(d, "Perform the ritual", ritual)
    await d.until(lambda: state().ritual is not None, "the ritual is performed")
    d.notes["during"] = list(ritual.lines)
    await d.screenshot(shot_name("vile_ritual"))
    for card_id in dict.fromkeys(components):
        while card_id in (state().ritual.components if state().ritual else ()):
            label = f"Apply {game.catalog.get(card_id).name}"
            await tap_choice(d, label, ritual)
            if state().ritual is None or card_id not in [
                state().ritual.components[i]
                for i in range(len(state().ritual.components))
                if i not in state().ritual.applied
            ]:
                break
        if state().over:
            break
    await d.until(lambda: d.session.game.outcome() is not None, "someone wins")
    outcome = d.session.game.outcome()
    d.notes["winner"] = outcome.winner
    d.notes["reason"] = outcome.reason
    await d.tap(ritual.ids.back)
    await d.until(lambda: d.app.sm.current == "scoreboard", "back on the scoreboard")
    await d.frames(3)
    await d.screenshot(shot_name("vile_winner"))


async def sabotage_stockpile(d: Any) -> None:
    """Main Phase, "Set sabotage cards": the scanned sabotage card asks its player, in front
    of their seat and without naming it, how much devotion to stockpile; a tap answers."""
    from engine.vile import actions as va

    s = d.session
    s.start_new(
        ["Alena", "Anton"], kind="vile", seed=7, first_player=0, options={"god": ["kraken", "ape"]}
    )
    d.app.show("scoreboard")
    assert s.command(va.AdjustPlayer(0, cultists=5))
    await d.until(lambda: len(board(d).panels) == 2, "a panel per seat")
    await d.until(lambda: not s.table.echoes.awaiting(), "the dials answer")
    device = d.app.hardware_link.simulated[0]
    device.place_tag(0, sim_uid("kraken_undertow"))
    await d.until(lambda: 0 in s.picking, "the scan asks Alena what to stockpile")
    picker = board(d).pickers[0]
    assert picker.parent is board(d).turners[0]  # in front of Alena, facing her
    labels = [b.text for b in picker.ids.options.children][::-1]
    d.notes["labels"] = labels
    d.notes["prompt"] = picker.ids.prompt.text
    await d.frames(3)
    await d.screenshot(shot_name("vile_sabotage_stockpile"))
    button = next(b for b in picker.ids.options.children if b.text == "Stockpile 2 devotion")
    await d.tap(button)
    alena = lambda: s.game.state.players[0]  # noqa: E731
    await d.until(lambda: alena().sabotage_zone == ("kraken_undertow",), "the card is set")
    device.remove_tag(0)
    d.notes["after"] = [alena().stockpile, alena().exhausted, alena().ready]
    d.notes["news"] = [e.text for e in s.game.log][-1]


# The decisions Anton's panel offered at step 58 of the explorer's seed 5 (issue 33, item 6):
# four buttons, too long together to stand beside the question.
CROWDED = (
    "Next phase",
    "Play Chest Beating on Howler",
    "Recruit a cultist",
    "Howler's ability on Howler",
)


async def acting_seat_room(d: Any) -> None:
    """Anton's panel with four decisions under its question, cultists, zones and a monster
    (tests/app/journeys_crowded.py): ``d.notes["problems"]``."""
    from engine.vile import actions as va
    from tests.app.journeys_crowded import crowded

    anton = 1
    d.notes["problems"] = await crowded(
        d,
        "vile",
        anton,
        (
            va.AdjustPlayer(anton, cultists=2),
            va.SetZone(anton, "ritual", ("ape_bone_totem",) * 2),
            va.SetZone(anton, "sabotage", ("ape_broken_branch",) * 4),
            va.PutMonster(anton, "ape_howler"),
        ),
        CROWDED,
        "vile_crowded",
    )
