"""The test screen: both card ends drawn dot against facing dot, each match and strike marked,
the chart's result in words; the spin taken as a tap (End A / End B), the test accepted or
retested. It turns to face whoever decides now. The drawing comes from test_view.py."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion_app.games.zg.test_view import LEGEND, RGB, test_view
from companion_app.seating import seat_frames
from engine.zg import actions as za
from engine.zg.game import ZgGame


class DotPair(BoxLayout):
    """One attacker dot above the target dot facing it, and what the pair scored."""

    attack_rgba = ListProperty([0.3, 0.3, 0.3, 1])
    target_rgba = ListProperty([0.3, 0.3, 0.3, 1])
    attack_mark = StringProperty("")
    target_mark = StringProperty("")
    verdict = StringProperty("")
    scored = NumericProperty(0)
    matched = NumericProperty(0)


def _rgba(colour: str) -> list[float]:
    r, g, b = RGB.get(colour, (0.3, 0.3, 0.3))
    return [r, g, b, 1]


class DotTestScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    title = StringProperty("")
    attacker = StringProperty("")
    target = StringProperty("")
    result = StringProperty("")
    phase = StringProperty("")
    seat = NumericProperty(-1)
    legend = StringProperty(LEGEND)

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(revision=lambda *_a: self._maybe_refresh())

    def on_pre_enter(self, *_args: Any) -> None:
        self.refresh()

    def on_size(self, *_args: Any) -> None:
        self.face()

    def _maybe_refresh(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.refresh()

    def face(self) -> None:
        game = self.session.game if self.session else None
        seats = len(game.player_names()) if game is not None else 0
        rotation = 0
        if game is not None and 0 <= self.seat < seats:
            rotation = seat_frames(seats, self.width, self.height)[self.seat].rotation
        self.ids.turner.place(0, 0, self.width, self.height, rotation)

    def refresh(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.pairs
        box.clear_widgets()
        view = test_view(game) if isinstance(game, ZgGame) else None
        if view is None:
            self.title, self.attacker, self.target, self.result = "No test now", "", "", ""
            self.phase, self.seat = "", -1
            self.face()
            return
        self.title, self.attacker, self.target = view.title, view.attacker, view.target
        self.result, self.phase, self.seat = view.result, view.phase, view.seat
        for pair in view.pairs:
            box.add_widget(
                DotPair(
                    attack_rgba=_rgba(pair.attack.colour),
                    target_rgba=_rgba(pair.target.colour),
                    attack_mark=pair.attack.blaze,
                    target_mark=pair.target.blaze,
                    verdict=("MATCH\n" if pair.match else "") + pair.why,
                    scored=pair.strikes,
                    matched=int(pair.match),
                )
            )
        self.face()

    def spin(self, end: int) -> None:
        """The spin as a tap: the end of the target card that faces the attacker."""
        game = self.session.game
        who = game.acting_player() if game is not None else None
        if who is not None:
            self.session.command(za.Spin(who, end))

    def accept(self) -> None:
        game = self.session.game
        if isinstance(game, ZgGame) and game.state.phase == "result":
            self.session.command(za.Resolve(game.state.order[game.state.order_index]))

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
