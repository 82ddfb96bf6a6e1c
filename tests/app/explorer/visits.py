"""Every screen and popup opened as a player would and checked (issue 20, part 3): the menu,
log, history, devices, catalog, simulator, the game's own screens, the rules at hand (step
line), the Leave question, the enrol popup, and, where the game's model can end a game by
hand, the question before the end, the winner banner and Undo after it."""

from __future__ import annotations

from typing import Any

from companion_app.simulator.sim_tags import UNKNOWN_UID

GENERIC = (
    ("Log and undo", "log"),
    ("History", "history"),
    ("Devices", "devices"),
    ("Catalog and tags", "catalog"),
    ("Simulator", "simulator"),
)


async def visit_everything(x: Any) -> None:
    """``x`` is the Explorer (runner.py): its driver, hands and checks."""
    d, hands, sm = x.d, x.hands, x.app.sm
    board = d.screen("scoreboard")
    await hands.back_to_table()
    pages = list(GENERIC) + [(e.title, e.name) for e in x.session.adapter.screens()]
    for title, name in pages:
        await d.tap(board.ids.menu)
        await x.check_screen(opened_on_purpose=True)
        await d.tap(hands.find_button(title, "screen:menu"))
        await hands.settle()
        if sm.current != name:
            await x.fail("screens", f"the menu's {title!r} did not open the {name} screen")
        else:
            await x.check_screen(opened_on_purpose=True)
        await hands.back_to_table()
    # The rules at hand, from both long edges' step lines.
    for label in (board.ids.step, _far_step(board)):
        await d.tap(label)
        await hands.settle()
        popup = _popup("RulePopup")
        if popup is None:
            await x.fail("screens", "tapping the step line shows no rule")
            continue
        await x.check_screen(opened_on_purpose=True)
        from companion_app.widgets.rule_popup import facing_rotation

        if popup.rotation != facing_rotation(label):
            await x.fail("facing", "the rule at hand does not face the edge it was tapped from")
        if not popup.section.startswith("Rulebook"):
            await x.fail("screens", f"the rule at hand names no section: {popup.words!r}")
        await d.tap(hands.find_button("Close", "popup"))
        await hands.popups_gone()
    # Leaving asks first (Escape is Android's Back); "Stay" keeps the game.
    await d.key(27)
    await hands.settle()
    if _popup("ConfirmPopup") is None:
        await x.fail("screens", "Back on the table does not ask before leaving")
    else:
        await x.check_screen(opened_on_purpose=True)
        await d.tap(hands.find_button("Stay", "popup"))
        await hands.popups_gone()
    # A tag nobody enrolled: the enrol popup, in players' words.
    device = hands.device
    device.place_tag(0, UNKNOWN_UID)
    await d.until(lambda: _popup("EnrolPopup") is not None, "the enrol popup opens")
    await hands.settle()
    await x.check_screen(opened_on_purpose=True)
    # The card lifted first, then the answer, as a player does: a card still on the reader
    # after "Ignore" is reported again whenever the device says what lies on it (a heartbeat
    # missed on a loaded machine, a reconnect), and rightly asked about again; nobody is
    # there to answer that second popup (make test, portrait, step 23 of Devacurse's seed 5).
    device.remove_tag(0)
    await hands.settle()
    await d.tap(hands.find_button("Ignore", "popup"))
    await hands.popups_gone()


async def end_by_hand(x: Any, model: Any) -> None:
    """The game ended by hand-adjusted counters: asked first, then the winner for everyone,
    and Undo where it always was takes the end back."""
    end = getattr(model, "end_by_hand", None)
    gestures = end(x.session.game) if end is not None else None
    if not gestures:
        return
    d, hands = x.d, x.hands
    await hands.back_to_table()
    for gesture in gestures:
        await hands.make(gesture)
    if x.session.game.outcome() is not None:
        await x.fail("screens", "a game ended by hand without a word (no question first)")
    elif _popup("ConfirmPopup") is None:
        await x.fail("screens", "the last hand adjustment neither ends the game nor asks")
        return
    else:
        await x.check_screen(opened_on_purpose=True)
        await d.tap(hands.find_button("End the game", "popup"))
        await hands.popups_gone()
    board = d.screen("scoreboard")
    if board.banner.parent is not board:
        await x.fail("screens", "the game is over but no winner is shown")
        return
    await x.check_screen(opened_on_purpose=True)
    before = len(x.session.game.history)
    await d.tap(board.ids.undo)
    await hands.settle()
    if len(x.session.game.history) != before - 1 or x.session.game.outcome() is not None:
        await x.fail("screens", "Undo on the band does not take the end of the game back")


def _far_step(board: Any) -> Any:
    """The step line drawn upside down for the far side."""
    return next(
        w
        for w in board.ids.band.walk(restrict=True)
        if type(w).__name__ == "UpsideDownLabel" and w.text == board.ids.step.text
    )


def _popup(kind: str) -> Any:
    from kivy.core.window import Window

    return next((w for w in Window.children if type(w).__name__ == kind), None)
