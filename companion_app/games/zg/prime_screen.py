"""The Rule of Prime as a button: two players each scan a card and pick an end; the engine
says whether any dot matches the dot facing it (a match: you decide; no match: the foe)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty

from companion_app.widgets.facing_screen import FacingScreen
from engine.zg import actions as zga
from engine.zg.game import ZgGame

END_NAMES = ("A", "B")


class PrimeScreen(FacingScreen):
    you = NumericProperty(0)
    foe = NumericProperty(1)
    card = StringProperty("")
    foe_card = StringProperty("")
    end = NumericProperty(0)
    foe_end = NumericProperty(0)
    you_label = StringProperty("")
    foe_label = StringProperty("")
    card_label = StringProperty("")
    foe_card_label = StringProperty("")
    verdict = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        self.card = self.foe_card = ""
        self.verdict = ""
        self.session.scan_pickers.append(self.pick_by_scan)
        self.refresh()
        self.face_decider()

    def seat_to_face(self) -> int | None:
        """The page is the caller's: it faces "You"."""
        return int(self.you)

    def on_you(self, *_args: Any) -> None:
        self.face_decider()

    def on_leave(self, *_args: Any) -> None:
        if self.pick_by_scan in self.session.scan_pickers:
            self.session.scan_pickers.remove(self.pick_by_scan)

    def _game(self) -> ZgGame | None:
        game = self.session.game if self.session else None
        return game if isinstance(game, ZgGame) else None

    def refresh(self) -> None:
        game = self._game()
        if game is None:
            return
        names = game.player_names()
        self.you %= len(names)
        self.foe %= len(names)
        if self.foe == self.you:
            self.foe = (self.you + 1) % len(names)
        self.you_label = f"You: {names[self.you]}"
        self.foe_label = f"Foe: {names[self.foe]}"
        self.card_label = self._card_words(game, self.card, self.end, "scan your card")
        self.foe_card_label = self._card_words(
            game, self.foe_card, self.foe_end, "scan the foe's card"
        )

    @staticmethod
    def _card_words(game: ZgGame, card_id: str, end: int, missing: str) -> str:
        if not card_id:
            return missing
        card = game.catalog.find(card_id)
        return f"{card.name if card else card_id}, end {END_NAMES[end]}"

    def pick_by_scan(self, card_id: str) -> bool:
        """A scan here names a card for the call: yours first, then the foe's."""
        if self.manager is None or self.manager.current != self.name:
            return False
        if not self.card:
            self.card = card_id
        else:
            self.foe_card = card_id
        self.refresh()
        return True

    def next_you(self) -> None:
        self.you += 1
        self.refresh()

    def next_foe(self) -> None:
        self.foe += 1
        self.refresh()

    def flip(self, which: str) -> None:
        if which == "you":
            self.end = 1 - self.end
        else:
            self.foe_end = 1 - self.foe_end
        self.refresh()

    def call(self) -> None:
        game = self._game()
        if game is None or not self.card or not self.foe_card:
            self.session.say("Scan both cards first.", ok=False)
            return
        action = zga.RuleOfPrime(
            self.you, self.foe, self.card, self.end, self.foe_card, self.foe_end
        )
        if self.session.command(action):
            self.verdict = game.state.prime

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
