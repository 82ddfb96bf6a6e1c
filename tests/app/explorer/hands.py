"""The explorer's hands: each gesture (companion_app/games/gestures.py) made on the real app,
through the widgets and the simulated devices, as a player would make it.

A tap is a touch on the centre of the visible button that reads the gesture's words, sent
through the window (so whatever covers it takes it, as a finger would find); a scan is a tag
laid on the seat's reader of the simulated device, a turn a dial's event, both as protocol
frames through the device manager.
"""

from __future__ import annotations

from typing import Any

from companion_app.games import gestures as g
from companion_app.simulator.sim_tags import sim_uid


class NoGesture(Exception):
    """A gesture the table does not offer right now (no such button, no such screen)."""


def _buttons(root: Any) -> list[Any]:
    from kivy.uix.button import ButtonBehavior

    from tests.app.explorer.checks import _hidden

    return [
        w
        for w in root.walk(restrict=True)
        if isinstance(w, ButtonBehavior)
        and getattr(w, "text", None) is not None
        and w.width > 1
        and w.height > 1
        and not _hidden(w, root)
    ]


def _box(w: Any) -> tuple[int, ...]:
    """A widget's box in the window (through the Scatters that turn it)."""
    (x0, y0), (x1, y1) = w.to_window(w.x, w.y), w.to_window(w.right, w.top)
    return (round(min(x0, x1)), round(min(y0, y1)), round(max(x0, x1)), round(max(y0, y1)))


def _rows_of(button: Any) -> Any:
    """The ScrollView that scrolls ``button`` (a target picker's, a page's rows), or None."""
    from kivy.uix.scrollview import ScrollView

    holder = button.parent
    while holder is not None and not isinstance(holder, ScrollView):
        holder = holder.parent if holder.parent is not holder else None
    return holder


def _within(inner: tuple[int, ...], outer: tuple[int, ...], slack: int = 1) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _where(button: Any) -> str:
    """Where an unanswered tap's button was: its box in the window, the box of the rows that
    scroll it (a target picker), and whether it was still on the screen."""
    holder = _rows_of(button)
    out = f"the button at {_box(button)}"
    if holder is not None:
        out += f", its rows at {_box(holder)} scrolled to {holder.scroll_y:.2f}"
    if button.get_root_window() is None:
        out += ", no longer on the screen"
    return out


class Hands:
    def __init__(self, driver: Any, device: Any) -> None:
        self.d = driver
        self.device = device

    @property
    def app(self) -> Any:
        return self.d.app

    @property
    def board(self) -> Any:
        return self.d.screen("scoreboard")

    async def settle(self) -> None:
        """Until the app is still: the session's redraw done, the dials answered, no
        hardware event in flight, and two frames drawn after."""
        s = self.d.session

        def still() -> bool:
            table = s.table
            link = self.app.hardware_link
            pending = getattr(getattr(link, "manager", None), "pending", None)
            from kivy.core.window import Window
            from kivy.uix.modalview import ModalView

            closing = any(
                isinstance(w, ModalView) and not getattr(w, "_is_open", True)
                for w in Window.children
            )
            # A screen still sliding in takes no taps (Kivy's ScreenManager): a finger waits.
            sliding = self.app.sm.transition.is_active
            return (
                not closing
                and not sliding
                and not s.redraw.is_triggered
                and (table is None or not table.echoes.awaiting())
                and not (pending() if callable(pending) else False)
            )

        await self.d.until(still, "the app settles", timeout=10)
        await self.d.frames(2)

    def _reaction_mark(self) -> tuple[Any, ...]:
        s = self.d.session
        game = s.game
        return (
            len(game.history) if game else -1,
            dict(s.picking),
            dict(s.scans),
            s.message,
            s.unknown_tag,
            self.app.sm.current,
        )

    async def _until_reaction(self, mark: tuple[Any, ...], what: str) -> None:
        await self.d.until(lambda: self._reaction_mark() != mark, what, timeout=5)

    # ------------------------------------------------------------------ finding things

    def area(self, where: str) -> Any:
        """The widget a gesture's ``where`` names."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        sm = self.app.sm
        if where.startswith("seat:"):
            seat = int(where[5:])
            if sm.current != "scoreboard":
                raise NoGesture(f"the table is hidden by the {sm.current} screen")
            return self.board.turners[seat]
        if where == "band":
            return self.board.ids.band
        if where.startswith("screen"):
            name = where.partition(":")[2]
            if name and sm.current != name:
                raise NoGesture(f"the {name} screen is not open (the {sm.current} screen is)")
            return sm.current_screen
        if where == "list":
            lists = [w for w in Window.children if type(w).__name__ == "DropDown"]
            if not lists:
                raise NoGesture("no list is open")
            return lists[0]
        if where == "popup":
            popups = [w for w in Window.children if isinstance(w, ModalView)]
            if not popups:
                raise NoGesture("no popup is open")
            return popups[0]
        raise NoGesture(f"no place called {where!r}")

    def find_button(self, text: str, where: str, match: str = "exact") -> Any:
        root = self.area(where)
        found = [
            b
            for b in _buttons(root)
            if (b.text == text if match == "exact" else b.text.startswith(text))
        ]
        if not found:
            shown = sorted({b.text for b in _buttons(root) if b.text})
            raise NoGesture(f"no button reads {text!r} at {where} (there are: {shown})")
        enabled = [b for b in found if not b.disabled]
        if not enabled:
            raise NoGesture(f"the button {text!r} at {where} is disabled")
        return enabled[0]

    # ------------------------------------------------------------------ gestures

    async def make(self, gesture: g.Gesture) -> None:
        if isinstance(gesture, g.Scan):
            await self.scan(gesture)
        elif isinstance(gesture, g.TurnDial):
            mark = self._reaction_mark()
            self.device.turn_dial(gesture.seat, gesture.value)
            await self._until_reaction(mark, f"seat {gesture.seat + 1}'s dial turn is heard")
        elif isinstance(gesture, g.PressButton):
            mark = self._reaction_mark()
            self.device.press_button(gesture.seat)
            await self._until_reaction(mark, f"seat {gesture.seat + 1}'s button is heard")
        elif isinstance(gesture, g.TapCounter):
            await self.tap_counter(gesture)
        elif isinstance(gesture, g.TapText):
            await self.tap_text(gesture)
        elif isinstance(gesture, g.ChooseRow):
            await self.choose_row(gesture)
        elif isinstance(gesture, g.Undo):
            await self.d.tap(self.board.ids.undo)
        elif isinstance(gesture, g.OpenScreen):
            await self.open_screen(gesture.name)
        else:
            raise NoGesture(f"the explorer can't make {gesture!r}")
        await self.settle()

    async def scan(self, gesture: g.Scan) -> None:
        """The card laid on the seat's own reader, then lifted."""
        s = self.d.session
        if s.seat_map.readers.get((self.device.device, gesture.seat)) != gesture.seat:
            raise NoGesture(f"seat {gesture.seat + 1} has no reader")
        mark = self._reaction_mark()
        self.device.place_tag(gesture.seat, sim_uid(gesture.card_id))
        await self._until_reaction(mark, f"the scan of {gesture.card_id} is answered")
        self.device.remove_tag(gesture.seat)

    async def tap_counter(self, gesture: g.TapCounter) -> None:
        if self.app.sm.current != "scoreboard":
            await self.back_to_table()  # a game's page covers the table: Back, as a player
        if self.app.sm.current != "scoreboard":
            raise NoGesture("the table is hidden")
        tile = self.board.panels[gesture.seat].tiles.get(gesture.key)
        if tile is None:
            raise NoGesture(f"seat {gesture.seat + 1} has no counter {gesture.key!r}")
        from companion_app.widgets.counter import LONG_PRESS_S

        hold = LONG_PRESS_S + 0.05 if gesture.held else 0.0
        for _ in range(gesture.times):
            await self.d.tap_side(tile, gesture.side, hold=hold)
        # The burst ends now, as leaving the table would end it: never by waiting out its
        # real-time window.
        self.d.session.flush_bursts()

    async def tap_text(self, gesture: g.TapText) -> None:
        from kivy.clock import Clock

        if gesture.where.startswith("seat:") and self.app.sm.current != "scoreboard":
            # A game's page covers the table (Z-G's test screen): a player goes back to the
            # table (Back) to reach their panel's buttons (Retest).
            await self.back_to_table()
        button = self.find_button(gesture.text, gesture.where, gesture.match)
        # New decision buttons ignore taps for a moment (seat_panel.CALM_S): wait it out as
        # an event (the panel's own calm deadline), not a fixed sleep.
        panel = button.parent
        while panel is not None and not hasattr(panel, "_calm_until"):
            panel = panel.parent if panel.parent is not panel else None
        if panel is not None and Clock.get_time() < panel._calm_until:
            # The explorer's driver moves the app's clock on (tick.WarpClock); a journey's
            # waits for it.
            reaches = getattr(self.d, "clock_reaches", None)
            deadline = panel._calm_until
            if reaches is not None:
                await reaches(deadline)
            else:
                await self.d.until(lambda: Clock.get_time() >= deadline, "new buttons take taps")

        # A page's own choice answers by changing its own words (Z-G's "Foe: Alena", tapped
        # on to the next foe; a toggle's "Targetlock: off" to "on"), not the session.
        def answer() -> tuple[Any, ...]:
            return (*self._reaction_mark(), button.text, getattr(button, "state", None))

        mark = answer()
        await self._into_view(button)
        await self.d.tap(button)
        try:
            await self.d.until(
                lambda: answer() != mark,
                f"the tap on {gesture.text!r} is answered",
                timeout=5,
            )
        except AssertionError as e:
            raise AssertionError(f"{e} ({_where(button)})") from None

    async def _into_view(self, button: Any) -> None:
        """A button in rows that scroll (a target picker with many targets) is swiped into
        view first, as a player would: a tap on a row scrolled away reaches nothing. Only a
        button out of view is: a finger does not swipe rows it can already tap (and Kivy's
        scroll_to moves rows that fit their box to its far end). A button that is still not
        in view then is no button a finger can tap (NoGesture, saying where it was), never a
        touch sent off the window (Deeds' rows flown 24,000 px away took one, unanswered)."""
        from kivy.core.window import Window

        holder = _rows_of(button)
        if holder is not None and not _within(_box(button), _box(holder)):
            holder.scroll_to(button, padding=0, animate=False)
            await self.d.frames(2)
        cx, cy = self.d.window_pos(button)
        view = _box(holder) if holder is not None else (0, 0, Window.width, Window.height)
        if not (view[0] <= cx <= view[2] and view[1] <= cy <= view[3]) or not (
            0 <= cx <= Window.width and 0 <= cy <= Window.height
        ):
            raise NoGesture(
                f"the button {button.text!r} is out of view: its middle at "
                f"({round(cx)}, {round(cy)}), {_where(button)}"
            )

    async def choose_row(self, gesture: g.ChooseRow) -> None:
        from kivy.uix.label import Label

        root = self.area(gesture.where)
        labels = [
            w
            for w in root.walk(restrict=True)
            if isinstance(w, Label) and not hasattr(w, "on_release") and w.text == gesture.row
        ]
        if len(labels) <= gesture.nth:
            raise NoGesture(f"no row reads {gesture.row!r} at {gesture.where}")
        row = labels[gesture.nth].parent
        button = next((b for b in _buttons(row)), None)
        if button is None:
            raise NoGesture(f"the row {gesture.row!r} has no choice to tap")
        for _ in range(12):
            if button.text == gesture.option:
                return
            await self.d.tap(button)
        raise NoGesture(f"the row {gesture.row!r} never offers {gesture.option!r}")

    async def open_screen(self, name: str) -> None:
        """Open by itself (a due assistant) or from the menu, as a player would."""
        sm = self.app.sm
        if sm.current == name:
            return
        if sm.current != "scoreboard":
            await self.back_to_table()
        if sm.current == name:
            return
        titles = {e.name: e.title for e in self.d.session.adapter.screens()}
        titles.update({"log": "Log and undo", "history": "History", "devices": "Devices"})
        titles.update({"catalog": "Catalog and tags", "simulator": "Simulator"})
        await self.d.frames(2)
        await self.d.tap(self.board.ids.menu)
        if sm.current != "menu":
            raise NoGesture(f"the menu did not open ({sm.current})")
        await self.d.tap(self.find_button(titles[name], "screen:menu"))
        if sm.current != name:
            raise NoGesture(f"the menu's {titles[name]!r} did not open {name}")

    async def back_to_table(self) -> None:
        """Escape (Android's Back) returns to the table from any screen."""
        if self.app.sm.current != "scoreboard":
            await self.d.key(27)
            await self.d.until(lambda: self.app.sm.current == "scoreboard", "back to the table")

    async def new_game(self, checker: Any) -> None:
        """From the table to the new-game screen: the menu's "New game", and the question
        it asks while a game is on (checked as it shows) answered yes."""
        sm = self.app.sm
        if sm.current == "start":  # a saved game is offered: a new one instead
            await checker.check_screen(opened_on_purpose=True)
            await self.d.tap(self.find_button("New game", "screen:start"))
            await self.d.until(lambda: sm.current == "newgame", "the new-game screen opens")
            return
        await self.back_to_table()
        await self.d.frames(2)
        await self.d.tap(self.board.ids.menu)
        await self.d.tap(self.find_button("New game", "screen:menu"))
        if sm.current != "newgame":
            await checker.check_screen(opened_on_purpose=True)
            await self.d.tap(self.find_button("New game", "popup"))
        await self.d.until(lambda: sm.current == "newgame", "the new-game screen opens")
        await self.popups_gone()

    async def popups_gone(self) -> None:
        """Until no popup is on the window (a dismissed one fades out, and takes taps while
        it does): a finger waits for it to go."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        await self.d.until(
            lambda: not any(isinstance(w, ModalView) for w in Window.children),
            "the popup goes",
        )
