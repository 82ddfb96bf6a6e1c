"""The battle assistant: choose attackers (Deploy phase) or blockers in blocking order
(Defend step), and see what every skirmish will do before anyone confirms.

One row per card that could take part, with only the choices the engine allows it (a card
that can't attack or block says why instead of offering it). Tapping a row's button cycles
it: stays home / attacks, or doesn't block / blocks each attacker it may block. Blockers are
ordered as they are chosen (1st, 2nd, ...): that is the blocking order. The forecast comes
from the engine (battle_preview) and is shown only for a declaration the engine accepts;
Confirm is enabled only then. The page goes back to the table once its moment has passed (the
battle resolved, or no battle this round).
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

from companion_app.games.deeds.battle_preview import Row, mode, preview, rows
from companion_app.widgets.facing_screen import FacingScreen


class BattleRow(BoxLayout):
    """A card and what it will do (``spec``: battle_preview.Row)."""

    label = StringProperty("")
    why_not = StringProperty("")
    chosen = NumericProperty(0)
    choosable = BooleanProperty(True)
    screen = ObjectProperty(None)
    choice_text = StringProperty("")

    def __init__(self, spec: Row, **kwargs: Any) -> None:
        self.spec = spec
        super().__init__(**kwargs)
        self.label = spec.label()
        self.why_not = spec.why_not
        self.choosable = len(spec.options) > 1
        self.choice_text = spec.text(0)

    @property
    def card_id(self) -> int:
        return self.spec.card_id

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % len(self.spec.options)
        if self.screen is not None:
            self.screen.changed(self)

    @property
    def value(self) -> Any:
        return self.spec.options[self.chosen][1]


class BattleScreen(FacingScreen):
    mode = StringProperty("")  # "attack", "block", "battle" (Tactics step) or ""
    title = StringProperty("")
    prediction = StringProperty("")
    problem = StringProperty("")
    ready = BooleanProperty(False)  # the engine would accept the declaration as it stands
    rows = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        game = self.session.game if self.session else None
        self._moves = len(game.history) if game is not None else 0
        self.rebuild()
        self.face_decider()

    def seat_to_face(self) -> int | None:
        """The attacker chooses attackers; the defender chooses blockers."""
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds" or self.mode not in ("attack", "block"):
            return super().seat_to_face()
        return int(game.state.attacker if self.mode == "attack" else game.state.defender)

    def game_moved(self) -> None:
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds" or not mode(game):
            self.back()  # the battle resolved, or there is none this round: back to the table
            return
        moved = len(game.history) != self._moves
        if moved and self.session.adapter.due_screen(game) != self.name:
            self.back()  # its declaration is made and nobody else has one to make here
            return
        if mode(game) != self.mode:
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
            self.problem, self.ready = "", False
            return
        state = game.state
        names = game.player_names()
        self.mode = mode(game)
        if self.mode == "attack":
            self.title = f"{names[state.attacker]}: choose attackers"
        elif self.mode == "block":
            self.title = f"{names[state.defender]}: choose blockers, in blocking order"
        elif self.mode == "battle":
            self.title = "The battle: play tactics, or everyone passes"
        else:
            self.title = f"{state.phase.label}: no battle to declare"
        for spec in rows(game):
            row = BattleRow(spec, screen=self)
            box.add_widget(row)
            self.rows.append(row)
        self.refresh_prediction()

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
            place = None
            if self.mode == "block" and row.card_id in self._order:
                place = self._order.index(row.card_id) + 1
            row.choice_text = row.spec.text(row.chosen, place)
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds":
            self.prediction, self.problem, self.ready = "", "", False
            return
        attackers, blocks = self.choices()
        result = preview(game, attackers, blocks)
        self.prediction = "\n".join(result.lines)
        self.problem = f"Not allowed: {result.problem}" if result.problem else ""
        self.ready = result.ready

    def confirm(self) -> None:
        game = self.session.game if self.session else None
        if game is None or self.mode not in ("attack", "block"):
            return
        attackers, blocks = self.choices()
        result = preview(game, attackers, blocks)
        if result.ready and self.session.command(result.action):
            self.rebuild()
            self.face_decider()  # blockers are chosen by the other player

    def next_step(self) -> None:
        """The Tactics step with nothing more to play: both pass and the battle resolves."""
        self.session.next_step()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
