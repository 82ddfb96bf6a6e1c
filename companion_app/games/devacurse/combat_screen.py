"""Devacurse's combat assistant (IV.A, IV.B): choose attackers, blockers, hero assignments, the
order several blockers take an attacker's AT in; the engine's forecast (deaths, AP lost, Faith
lost) shows before anyone confirms. It turns to face the player who declares now."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion_app.games.devacurse.combat_plan import (
    damage_orders,
    declaration,
    forecast_lines,
    moved,
    plan,
)
from companion_app.widgets.facing_screen import DecidersScreen


class DevaChoiceRow(BoxLayout):
    label = StringProperty("")
    options = ListProperty([])
    chosen = NumericProperty(0)
    screen = ObjectProperty(None)
    unit_id = NumericProperty(0)

    group = NumericProperty(0)

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % max(1, len(self.options))
        if self.screen is not None:
            self.screen.row_changed(self)

    @property
    def value(self) -> Any:
        return self.options[self.chosen][1] if self.options else None


class DevaCombatScreen(DecidersScreen):  # its seat: who declares now
    title = StringProperty("")
    forecast = StringProperty("")
    step = StringProperty("")
    rows = ListProperty([])
    confirm_text = StringProperty("Confirm")

    def on_pre_enter(self, *_args: Any) -> None:
        self.rebuild()

    def game_moved(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.rows
        box.clear_widgets()
        self.rows = []
        if game is None or game.kind != "devacurse":
            self.title, self.step, self.forecast = "No game of Devacurse", "", ""
            self.seat = -1
            return
        self._plan = plan(game)
        self.title, self.step = self._plan.title, self._plan.step
        self.seat = self._plan.seat
        self.face_decider()
        for r in self._plan.rows:
            row = DevaChoiceRow(
                label=r.label,
                options=list(r.options),
                screen=self,
                unit_id=r.unit_id,
                chosen=r.chosen,
                group=r.group,
            )
            box.add_widget(row)
            self.rows.append(row)
        self.refresh_forecast()

    def _action(self) -> Any:
        game = self.session.game if self.session else None
        if game is None or not self.step:
            return None
        return declaration(game, self._plan, {row.unit_id: row.value for row in self.rows})

    def row_changed(self, row: DevaChoiceRow) -> None:
        """In the damage step a blocker moved to another place: the other blockers of the same
        attacker make room, so each place is taken once."""
        if self.step == "damage":
            mates = [r for r in self.rows if r.group == row.group]
            places = moved(
                {r.unit_id: r.chosen for r in mates if r is not row} | {row.unit_id: -1},
                row.unit_id,
                row.chosen,
            )
            for r in mates:
                r.chosen = places[r.unit_id]
        self.refresh_forecast()

    def _orders(self) -> tuple[Any, ...]:
        """The damage orders the rows now ask for (IV.A, several blockers on one soldier)."""
        game = self.session.game if self.session else None
        if game is None or self.step != "damage":
            return ()
        return damage_orders(game, {row.unit_id: row.value for row in self.rows})

    def refresh_forecast(self) -> None:
        game = self.session.game if self.session else None
        if game is None:
            self.forecast = ""
            return
        orders = self._orders()
        if self.step == "damage":
            self.confirm_text = "Set the damage order" if orders else "Resolve"
        else:
            self.confirm_text = "Confirm"
        action, more = (orders[0], orders[1:]) if orders else (self._action(), ())
        self.forecast = "\n".join(forecast_lines(game, action, more))

    def confirm(self) -> None:
        """Sends the declaration; in the damage step, the damage orders changed (each one a
        command of the attacking player's), or Resolve when none are."""
        orders = self._orders()
        actions = list(orders) if orders else [self._action()]
        done = 0
        for action in actions:
            if action is None or not self.session.command(action):
                break  # refused: the engine's words are on the message line
            done += 1
        if done:
            self.rebuild()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
