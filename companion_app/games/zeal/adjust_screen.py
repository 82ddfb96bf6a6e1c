"""Manual adjustments: whatever the table did that the engine must learn, one tap each.

The table is the truth: these commands are always legal, logged and undoable like any other.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion_app.widgets.facing_screen import FacingScreen
from engine.core.catalog import find_by_name
from engine.zeal import actions as za

ZONES = ("hand", "play", "discard", "deck")


class AdjustScreen(FacingScreen):
    seat = NumericProperty(0)
    seat_name = StringProperty("")
    permanent_labels = ListProperty([])  # "12: Ghoul (Anton)"
    zone = StringProperty("discard")
    notes = ListProperty([])  # card text the engine left for the players to resolve by hand

    def on_pre_enter(self, *_args: Any) -> None:
        self.refresh()
        self.face_decider()

    def refresh(self) -> None:
        game = self.session.game if self.session else None
        if game is None:
            return
        players = game.state.players
        self.seat %= len(players)
        self.seat_name = players[self.seat].name
        # Cards by name, never by their number in the engine; two alike are numbered "#2".
        words = [
            (f"{p.name} ({pl.name}, damage {p.damage})", p.id) for pl in players for p in pl.in_play
        ]
        texts = [w for w, _pid in words]
        self._by_label = {
            (w + f" #{texts[: k + 1].count(w)}" if texts.count(w) > 1 else w): pid
            for k, (w, pid) in enumerate(words)
        }
        self.permanent_labels = list(self._by_label) or ["(nothing in play)"]
        spinner = self.ids.permanent
        if spinner.text not in self.permanent_labels:
            spinner.text = self.permanent_labels[0]
        self.notes = list(game.state.notes) or ["(nothing to resolve by hand)"]
        if self.ids.note.text not in self.notes:
            self.ids.note.text = self.notes[0]

    def next_seat(self) -> None:
        self.seat += 1
        self.refresh()

    def next_zone(self) -> None:
        self.zone = ZONES[(ZONES.index(self.zone) + 1) % len(ZONES)]

    def _permanent(self) -> Any:
        pid = getattr(self, "_by_label", {}).get(self.ids.permanent.text)
        if pid is None:
            self.session.say("Choose a card in play first.", ok=False)
            return None
        return self.session.game.state.permanent(pid)

    def damage(self, delta: int) -> None:
        perm = self._permanent()
        if perm is not None:
            self.session.command(za.SetDamage(self.seat, perm.id, max(0, perm.damage + delta)))
            self.refresh()

    def move(self) -> None:
        """Move the chosen card in play, or the card id typed in, to the chosen zone."""
        typed = self.ids.card_id.text.strip()
        if typed:
            # A card's name as printed (an id from a tag works too).
            card = find_by_name(self.session.catalog, typed)
            self.session.command(za.MoveCard(self.seat, card.id if card else typed, self.zone))
        else:
            perm = self._permanent()
            if perm is None:
                return
            self.session.command(za.MoveCard(self.seat, perm.id, self.zone))
        self.refresh()

    def give(self) -> None:
        perm = self._permanent()
        if perm is not None:
            self.session.command(za.ChangeControl(self.seat, perm.id, self.seat))
            self.refresh()

    def resolved(self) -> None:
        """The table resolved one of the engine's notes (card text it can't carry out)."""
        note = self.ids.note.text
        if note not in self.session.game.state.notes:
            self.session.say("Nothing is waiting to be resolved by hand.", ok=False)
            return
        self.session.command(za.MarkResolved(self.seat, note))
        self.refresh()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
