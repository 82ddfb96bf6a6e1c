"""The battle assistant: choose attackers (Deploy phase) or blockers in blocking order
(Defend step), and see what every skirmish will do before anyone confirms.

One row per card that could take part. Tapping a row's choice cycles it: stays home /
attacks, or doesn't block / blocks each attacker in turn. Blockers are ordered as they are
chosen (1st, 2nd, ...): that is the blocking order. The prediction comes from the engine
(battle_preview); "Confirm" sends the declaration.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion_app.games.deeds.battle_preview import preview
from companion_app.widgets.facing_screen import FacingScreen
from engine.deeds import stats
from engine.deeds.state import Phase


class BattleRow(BoxLayout):
    """A card and what it will do: ``options`` are (label, value or None)."""

    label = StringProperty("")
    options = ListProperty([])
    chosen = NumericProperty(0)
    screen = ObjectProperty(None)
    card_id = NumericProperty(0)
    choice_text = StringProperty("")

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % max(1, len(self.options))
        if self.screen is not None:
            self.screen.changed(self)

    @property
    def value(self) -> Any:
        return self.options[self.chosen][1] if self.options else None


class BattleScreen(FacingScreen):
    mode = StringProperty("")  # "attack", "block" or ""
    title = StringProperty("")
    prediction = StringProperty("")
    problem = StringProperty("")
    rows = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        self.rebuild()
        self.face_decider()

    def seat_to_face(self) -> int | None:
        """The attacker chooses attackers; the defender chooses blockers."""
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds" or not self.mode:
            return super().seat_to_face()
        return int(game.state.attacker if self.mode == "attack" else game.state.defender)

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(revision=lambda *_a: self._maybe_rebuild())

    def _maybe_rebuild(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.rebuild()
            self.face_decider()  # blockers are chosen by the other player

    def rebuild(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.rows
        box.clear_widgets()
        self.rows = []
        self._order: list[int] = []
        if game is None or game.kind != "deeds":
            self.title, self.mode, self.prediction = "No game of Deeds Not Words", "", ""
            return
        state = game.state
        names = game.player_names()
        if state.phase is Phase.DEPLOY and not state.attacked:
            self.mode = "attack"
            self.title = f"{names[state.attacker]}: choose attackers"
            for x in state.cards:
                if x.owner == state.attacker and stats.fights(game.catalog, x):
                    opts = [("stays home", None), ("attacks", x.id)]
                    self._add(x.id, self._label(game, x), opts)
        elif state.phase is Phase.DEFEND and state.battle is not None:
            self.mode = "block"
            self.title = f"{names[state.defender]}: choose blockers, in blocking order"
            attackers = [state.card(a) for a in state.battle.attackers]
            for x in state.cards:
                if x.owner == state.defender and stats.fights(game.catalog, x):
                    opts = [("doesn't block", None)] + [
                        (f"blocks {game.catalog.get(a.card_id).name}", a.id)
                        for a in attackers
                        if a is not None
                    ]
                    self._add(x.id, self._label(game, x), opts)
        else:
            self.mode = ""
            self.title = f"{state.phase.label}: no declaration to make"
        self.refresh_prediction()

    def _label(self, game: Any, x: Any) -> str:
        attack = stats.attack_of(game.state, game.catalog, x)
        health = stats.health_of(game.state, game.catalog, x)
        mark = "" if x.ready else ", utilized"
        return f"{game.catalog.get(x.card_id).name} {attack}/{health}{mark}"

    def _add(self, card_id: int, label: str, options: list[Any]) -> None:
        row = BattleRow(label=label, options=options, screen=self, card_id=card_id)
        row.choice_text = options[0][0]
        self.ids.rows.add_widget(row)
        self.rows.append(row)

    def changed(self, row: BattleRow) -> None:
        """A row's choice changed: a blocker joins the end of the blocking order."""
        if row.card_id in self._order:
            self._order.remove(row.card_id)
        if row.value is not None:
            self._order.append(row.card_id)
        self.refresh_prediction()

    def choices(self) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        if self.mode == "attack":
            return tuple(r.value for r in self.rows if r.value is not None), ()
        by_id = {r.card_id: r for r in self.rows}
        blocks = tuple((by_id[b].value, b) for b in self._order if by_id[b].value is not None)
        return (), blocks

    def refresh_prediction(self) -> None:
        for row in self.rows:
            text = row.options[row.chosen][0] if row.options else ""
            if self.mode == "block" and row.card_id in self._order:
                text += f" ({_ordinal(self._order.index(row.card_id) + 1)})"
            row.choice_text = text
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds":
            self.prediction, self.problem = "", ""
            return
        attackers, blocks = self.choices()
        result = preview(game, attackers, blocks)
        self.prediction = "\n".join(result.lines)
        self.problem = f"Not allowed: {result.problem}" if result.problem else ""

    def confirm(self) -> None:
        game = self.session.game if self.session else None
        if game is None or not self.mode:
            return
        attackers, blocks = self.choices()
        action = preview(game, attackers, blocks).action
        if action is not None and self.session.command(action):
            self.rebuild()

    def next_step(self) -> None:
        """The Tactics step with nothing more to play: both pass and the battle resolves."""
        self.session.next_step()
        self.rebuild()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
