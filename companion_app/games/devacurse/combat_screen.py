"""Devacurse's combat assistant (IV.A, IV.B): choose attackers, blockers, hero assignments;
the engine's forecast (deaths, AP lost, Faith lost) shows before anyone confirms."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion_app.games.devacurse.combat_plan import declaration, forecast_lines, plan


class DevaChoiceRow(BoxLayout):
    label = StringProperty("")
    options = ListProperty([])
    chosen = NumericProperty(0)
    screen = ObjectProperty(None)
    unit_id = NumericProperty(0)

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % max(1, len(self.options))
        if self.screen is not None:
            self.screen.refresh_forecast()

    @property
    def value(self) -> Any:
        return self.options[self.chosen][1] if self.options else None


class DevaCombatScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    title = StringProperty("")
    forecast = StringProperty("")
    step = StringProperty("")
    rows = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        self.rebuild()

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(revision=lambda *_a: self._maybe_rebuild())

    def _maybe_rebuild(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.rebuild()

    def rebuild(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.rows
        box.clear_widgets()
        self.rows = []
        if game is None or game.kind != "devacurse":
            self.title, self.step, self.forecast = "No game of Devacurse", "", ""
            return
        self._plan = plan(game)
        self.title, self.step = self._plan.title, self._plan.step
        for r in self._plan.rows:
            row = DevaChoiceRow(
                label=r.label, options=list(r.options), screen=self, unit_id=r.unit_id
            )
            box.add_widget(row)
            self.rows.append(row)
        self.refresh_forecast()

    def _action(self) -> Any:
        game = self.session.game if self.session else None
        if game is None or not self.step:
            return None
        return declaration(game, self._plan, {row.unit_id: row.value for row in self.rows})

    def refresh_forecast(self) -> None:
        game = self.session.game if self.session else None
        if game is None:
            self.forecast = ""
            return
        self.forecast = "\n".join(forecast_lines(game, self._action()))

    def confirm(self) -> None:
        action = self._action()
        if action is not None and self.session.command(action):
            self.rebuild()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
