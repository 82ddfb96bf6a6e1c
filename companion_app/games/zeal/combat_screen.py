"""The combat assistant: pick attackers, blockers and flankers; see the engine's prediction.

One row per character that could take part in the declaration the engine waits for. Tapping
a row's choice cycles it (stay home / attack Anton / ...). Every change asks the engine for
a prediction on a copy of the game (combat_preview); "Confirm" sends the declaration.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion_app.games.zeal.combat_preview import predict
from companion_app.widgets.facing_screen import FacingScreen
from engine.zeal import actions as za

DECLARATIONS = {
    "attackers": za.DeclareAttackers,
    "blockers": za.DeclareBlockers,
    "flankers": za.DeclareFlankers,
    "damage": za.AssignDamage,
}


class ChoiceRow(BoxLayout):
    """A character and what it will do: ``options`` are (label, value or None)."""

    label = StringProperty("")
    options = ListProperty([])
    chosen = NumericProperty(0)
    screen = ObjectProperty(None)
    permanent_id = NumericProperty(0)

    def cycle(self) -> None:
        self.chosen = (self.chosen + 1) % max(1, len(self.options))
        if self.screen is not None:
            self.screen.refresh_prediction()

    @property
    def value(self) -> Any:
        return self.options[self.chosen][1] if self.options else None


class CombatScreen(FacingScreen):
    phase = StringProperty("")  # the declaration the engine waits for, or ""
    seat = NumericProperty(-1)  # who declares
    title = StringProperty("")
    prediction = StringProperty("")
    rows = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        self.rebuild()
        self.face_decider()
        self.session.scan_pickers.append(self.pick_by_scan)

    def seat_to_face(self) -> int | None:
        """Who decides now, at their seat's edge as their panel is (-1: upright);
        a new one (the defender after the attacker) turns it again."""
        return int(self.seat)

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
        if game is None:
            self.title, self.phase = "No game", ""
            return
        state = game.state
        self.phase = state.awaiting if state.awaiting in DECLARATIONS else ""
        self.seat = self._declarer(game)
        names = [p.name for p in state.players]
        if not self.phase or self.seat < 0:
            self.title = f"{state.step.label}: players may act or pass"
            self.prediction = ""
            return
        self.title = f"{names[self.seat]}: choose {self.phase}"
        for perm_id, label, options in self._candidates(state, names):
            row = ChoiceRow(label=label, options=options, screen=self, permanent_id=perm_id)
            box.add_widget(row)
            self.rows.append(row)
        self.refresh_prediction()

    def _declarer(self, game: Any) -> int:
        kind = DECLARATIONS.get(self.phase)
        if kind is None:
            return -1
        for seat in range(len(game.state.players)):
            if game.is_legal(kind(seat)):
                return seat
        # An empty declaration may be illegal (Hunt); fall back to who the engine names.
        for action in game.legal_actions():
            if isinstance(action, kind):
                return int(getattr(action, "player", -1))
        return -1

    def _candidates(self, state: Any, names: list[str]) -> list[tuple[int, str, list[Any]]]:
        seat = self.seat
        combat = state.combat
        everyone = {p.id: p for pl in state.players for p in pl.in_play}
        out: list[tuple[int, str, list[Any]]] = []
        if self.phase == "attackers":
            foes = [i for i, p in enumerate(state.players) if i != seat and not p.eliminated]
            for perm in state.players[seat].in_play:
                if perm.kind != "character":
                    continue
                opts = [("stays home", None)] + [(f"attacks {names[f]}", f) for f in foes]
                out.append((perm.id, f"{perm.name} ({perm.combat})", opts))
        elif self.phase == "blockers" and combat is not None:
            attackers = [(a, d) for a, d in combat.attackers if d == seat or d is None]
            for perm in state.players[seat].in_play:
                if perm.kind != "character":
                    continue
                opts = [("doesn't block", None)] + [
                    (f"blocks {everyone[a].name}", a) for a, _d in attackers if a in everyone
                ]
                out.append((perm.id, f"{perm.name} ({perm.combat})", opts))
        elif self.phase == "flankers" and combat is not None:
            # Flanking: attackers nobody blocked may flank a blocker (the engine checks which).
            blockers = [b for b, _a in combat.blocks if b in everyone]
            for a, _d in combat.attackers:
                if combat.blocked(a) or a not in everyone:
                    continue
                opts = [("doesn't flank", None)] + [
                    (f"flanks {everyone[b].name}", b) for b in blockers
                ]
                out.append((a, f"{everyone[a].name} ({everyone[a].combat})", opts))
        elif self.phase == "damage" and combat is not None:
            for a, _d in combat.attackers:
                blocked_by = [b for b, att in combat.blocks if att == a and b in everyone]
                if len(blocked_by) < 2 or a not in everyone:
                    continue
                opts = [("engine decides", None)] + [
                    (f"damages {everyone[b].name}", b) for b in blocked_by
                ]
                out.append((a, f"{everyone[a].name} ({everyone[a].combat})", opts))
        return out

    def declaration(self) -> za.Action | None:
        seat = self.seat
        chosen = [(row.permanent_id, row.value) for row in self.rows if row.value is not None]
        if self.phase == "attackers":
            return za.DeclareAttackers(seat, tuple(chosen))
        if self.phase == "blockers":
            return za.DeclareBlockers(seat, tuple(chosen))
        if self.phase == "flankers":
            return za.DeclareFlankers(seat, tuple(chosen))
        if self.phase == "damage":
            return za.AssignDamage(seat, blockers=tuple(chosen))
        return None

    def refresh_prediction(self) -> None:
        action = self.declaration()
        session = self.session
        if action is None or session is None or session.game is None:
            self.prediction = ""
            return
        result = predict(session.game, [action])
        self.prediction = "\n".join(result.lines) if result.ok else f"Not allowed: {result.problem}"

    def confirm(self) -> None:
        action = self.declaration()
        if action is not None and self.session.command(action):
            self.rebuild()

    def next_step(self) -> None:
        """A priority window between declarations: everyone passes, combat goes on."""
        self.session.next_step()
        self.rebuild()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
