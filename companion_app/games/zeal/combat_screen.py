"""The combat assistant: pick attackers, blockers and flankers; see the engine's prediction.

One row per character that could take part in the declaration the engine waits for, with
only the choices the engine allows it (combat_rows). Tapping a row's button cycles it
("Ghoul stays home" / "Ghoul attacks Anton" / ...); a choice that opens a further decision
(a Hunt attacker's blocker, where excess damage goes) brings a row beneath it, and the rows
below a changed one are listed again, keeping what was chosen in them where still offered.
Every change asks the engine for a prediction on a copy of the game (combat_preview), shown
only for a declaration the engine accepts; Confirm is enabled only then. Between
declarations it shows what the combat will do if everyone passes; once the combat is over it
goes back to the table by itself.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from companion_app.games.zeal.combat_preview import COMBAT_STEPS, predict
from companion_app.games.zeal.combat_rows import Row, declaration, declarer, phase, rows
from companion_app.widgets.facing_screen import FacingScreen
from engine.zeal import Step


class ChoiceRow(BoxLayout):
    """A character and what it will do (``spec``: combat_rows.Row)."""

    label = StringProperty("")
    chosen = NumericProperty(0)
    screen = ObjectProperty(None)
    choice_text = StringProperty("")
    beneath = BooleanProperty(False)  # opened by the choice in the row above: indented

    def __init__(self, spec: Row, chosen: int = 0, **kwargs: Any) -> None:
        self.spec = spec
        super().__init__(**kwargs)
        self.label = spec.label()
        self.beneath = spec.beneath
        self.chosen = chosen
        self.choice_text = spec.text(chosen)

    @property
    def permanent_id(self) -> int:
        return self.spec.permanent_id

    @property
    def key(self) -> Any:
        return self.spec.key

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % max(1, len(self.spec.options))
        self.choice_text = self.spec.text(self.chosen)
        if self.screen is not None:
            self.screen.choices_changed(self)

    @property
    def value(self) -> Any:
        return self.spec.options[self.chosen][1]


def in_combat(game: Any) -> bool:
    """A combat whose damage is still to come (once it is dealt, the result is the table's:
    the band tells it)."""
    state = game.state
    if state.step not in COMBAT_STEPS or state.over:
        return False
    if state.combat is None and not phase(game):
        return False  # before attackers are asked for, or a combat with none
    return not (state.step is Step.COMBAT_DAMAGE and state.awaiting is None)


class CombatScreen(FacingScreen):
    phase = StringProperty("")  # the declaration the engine waits for, or ""
    seat = NumericProperty(-1)  # who declares
    title = StringProperty("")
    prediction = StringProperty("")
    problem = StringProperty("")  # why the engine would refuse the choices as they stand
    ready = BooleanProperty(False)  # the engine would accept the declaration
    rows = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        game = self.session.game if self.session else None
        self._moves = len(game.history) if game is not None else 0
        self.rebuild()
        self.face_decider()
        self.session.scan_pickers.append(self.pick_by_scan)

    def seat_to_face(self) -> int | None:
        """Who decides now, at their seat's edge as their panel is; between declarations
        the player who acts (a new decider, the defender after the attacker, turns it)."""
        return int(self.seat) if self.seat >= 0 else super().seat_to_face()

    def on_seat(self, *_args: Any) -> None:
        self.face_decider()

    def on_leave(self, *_args: Any) -> None:
        if self.pick_by_scan in self.session.scan_pickers:
            self.session.scan_pickers.remove(self.pick_by_scan)

    def pick_by_scan(self, card_id: str) -> bool:
        """Scanning a character in play moves its row to its next choice (attack, block...)."""
        game = self.session.game
        if game is None or not self.rows:
            return False
        ids = {p.id for pl in game.state.players for p in pl.in_play if p.card_id == card_id}
        for row in self.rows:
            if row.permanent_id in ids:
                row.cycle()
                return True
        return False

    def game_moved(self) -> None:
        game = self.session.game
        if game is None or game.kind != "zeal" or not in_combat(game):
            self.back()  # the combat is over: its result is told on the table
            return
        if len(game.history) != self._moves and self.session.adapter.due_screen(game) != self.name:
            # A declaration was made and the next is not due yet (a window to respond):
            # back to the table, where the band's Pass is; the next one opens it again.
            self.back()
            return
        if (phase(game), declarer(game)) != (self.phase, self.seat) or not self.phase:
            self.rebuild()

    def rebuild(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.rows
        box.clear_widgets()
        self.rows = []
        self._remembered: dict[Any, Any] = {}
        if game is None or game.kind != "zeal":
            self.title, self.phase, self.prediction, self.problem = "No game", "", "", ""
            self.ready = False
            return
        state = game.state
        self.phase = phase(game)
        self.seat = declarer(game)
        names = [p.name for p in state.players]
        if not self.phase or self.seat < 0:
            self.title = (
                f"{state.step.label}: play cards, or everyone passes"
                if in_combat(game)
                else f"{state.step.label}: no combat now"
            )
        else:
            self.title = f"{names[self.seat]}: choose {self.phase}"
        for spec in rows(game):
            row = ChoiceRow(spec, screen=self)
            box.add_widget(row)
            self.rows.append(row)
        self.refresh_prediction()

    def chosen(self) -> dict[Any, Any]:
        return {row.key: row.value for row in self.rows}

    def choices_changed(self, tapped: ChoiceRow | None = None) -> None:
        """A row moved on: list the rows its choices open now. A row whose choices are the
        same stays as it is (the button a finger is on stays under it); one that changed is
        listed again with its choice kept where still offered, which may open or close rows
        below it in turn, so this repeats until the list holds still. What a player chose in
        a row is remembered while the row is gone or does not offer it (a base cycled
        through bases with no excess, and back, finds its excess base still chosen)."""
        game = self.session.game if self.session else None
        if game is None or game.kind != "zeal":
            return
        if tapped is not None:
            self._remembered[tapped.key] = tapped.value
        for _ in range(8):  # each pass settles at least one more row from the top
            specs = rows(game, self.chosen())
            if [r.spec for r in self.rows] == list(specs):
                break
            self._relist(specs)
        self.refresh_prediction()

    def _relist(self, specs: Any) -> None:
        old = {row.key: row for row in self.rows}
        box = self.ids.rows
        box.clear_widgets()
        self.rows = []
        for spec in specs:
            row = old.get(spec.key)
            if row is None or row.spec != spec:
                values = spec.values()
                value = self._remembered.get(spec.key, row.value if row is not None else None)
                if value not in values and row is not None:
                    value = row.value
                row = ChoiceRow(
                    spec, chosen=values.index(value) if value in values else 0, screen=self
                )
            box.add_widget(row)
            self.rows.append(row)

    def declaration(self) -> Any:
        game = self.session.game
        return declaration(game, self.chosen())

    def refresh_prediction(self) -> None:
        """The engine's forecast of the choices as they stand (of everyone passing between
        declarations); a declaration it would refuse gets its reason instead, never a
        forecast."""
        session = self.session
        game = session.game if session is not None else None
        self.ready = False
        if game is None or game.kind != "zeal" or not in_combat(game):
            self.prediction, self.problem = "", ""
            return
        action = self.declaration() if self.phase else None
        result = predict(game, [action] if action is not None else [])
        if result.ok:
            self.prediction, self.problem = "\n".join(result.lines), ""
            self.ready = action is not None
        else:
            self.prediction, self.problem = "", f"Not allowed: {result.problem}"

    def confirm(self) -> None:
        action = self.declaration() if self.phase else None
        if action is not None and self.ready and self.session.command(action):
            self.rebuild()
            self.face_decider()

    def next_step(self) -> None:
        """A priority window between declarations: everyone passes, combat goes on."""
        self.session.next_step()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
