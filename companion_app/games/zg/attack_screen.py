"""Declaring an attack with everything the rules let the attacker name (Basic Rule 5): the foe
and the end, augments declared before the test (Core Exceptions 7), the foe's zGear agreed to
be in cover (Core Exceptions 4; a scan of the foe's card here marks it), a sneak attack and
high ground when those optional rules are in play (Rules Options 1-2), the targetlock. It
faces the attacker, opens by itself once the move is made, and the engine says live whether
the declaration is allowed (attack_plan.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion_app.games.zg import attack_plan as plan
from companion_app.widgets.facing_screen import DecidersScreen
from engine.zg.game import ZgGame


class AttackScreen(DecidersScreen):  # its seat: the attacker
    title = StringProperty("")
    foe_label = StringProperty("")
    end_label = StringProperty("")
    augments = NumericProperty(0)
    sneak = BooleanProperty(False)
    high_ground = BooleanProperty(False)
    locked = BooleanProperty(False)
    sneak_rule = BooleanProperty(False)
    high_ground_rule = BooleanProperty(False)
    can_lock = BooleanProperty(False)
    terrain = BooleanProperty(False)  # a piece of terrain is the target: no cover, no sneak
    cover_note = StringProperty("")
    verdict = StringProperty("")  # the engine's refusal of the declaration as it stands
    declare_text = StringProperty("Attack")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.declaration = plan.Declaration()

    def on_pre_enter(self, *_args: Any) -> None:
        game = self._game()
        self.declaration = plan.first(game) if game is not None else plan.Declaration()
        if self.pick_by_scan not in self.session.scan_pickers:
            self.session.scan_pickers.append(self.pick_by_scan)
        self.refresh()

    def on_leave(self, *_args: Any) -> None:
        if self.pick_by_scan in self.session.scan_pickers:
            self.session.scan_pickers.remove(self.pick_by_scan)

    def game_moved(self) -> None:
        self.refresh()

    def _game(self) -> ZgGame | None:
        game = self.session.game if self.session else None
        return game if isinstance(game, ZgGame) else None

    def refresh(self) -> None:
        game = self._game()
        if game is None:
            self.title, self.seat, self.verdict = "No game of Z-G", -1, ""
            self.ids.cover.clear_widgets()
            self.face_decider()
            return
        options = plan.choices(game)
        d = self.declaration
        if not any(plan.same_target(d, t) for t in plan.targets(game)):
            d = plan.first(game)
        if not plan.can_lock(game, options.seat, d.foe) and d.locked:
            d = replace(d, locked=False)
        self.declaration = d
        self.seat, self.title = options.seat, options.title
        self.terrain = d.terrain >= 0
        self.sneak_rule = options.sneak_rule and not self.terrain
        self.high_ground_rule = options.high_ground_rule and not self.terrain
        self.can_lock = plan.can_lock(game, options.seat, d.foe) and not self.terrain
        self.foe_label = plan.target_words(game, d)
        self.end_label = f"End {plan.END_NAMES[d.end]}"
        self.augments, self.sneak, self.high_ground, self.locked = (
            d.augments,
            d.sneak,
            d.high_ground,
            d.locked,
        )
        self.verdict = plan.verdict(game, options.seat, d)
        self.declare_text = plan.summary(game, d)
        self._cover_buttons(game, d)
        self.face_decider()

    def _cover_buttons(self, game: ZgGame, d: plan.Declaration) -> None:
        box = self.ids.cover
        box.clear_widgets()
        if d.terrain >= 0:
            self.cover_note = "Terrain: the target card comes from your own deck (no cover)"
            return
        listed = plan.cover_cards(game, d.foe)
        known = {c for c, _n in listed}
        extra = tuple((c, game.catalog.get(c).name) for c in d.cover if c not in known)
        for card_id, name in listed + extra:
            button = Factory.CoverButton(text=name)
            button.card_id = card_id
            button.chosen = card_id in d.cover
            button.bind(on_release=lambda _b, c=card_id: self.toggle_cover(c))
            box.add_widget(button)
        chosen = len(d.cover)
        self.cover_note = (
            f"In cover ({chosen}): if one is drawn as the target card, the attack fails"
            if chosen
            else "In cover: tap the foe's zGear the table agrees can't be seen, or scan it"
        )

    def _change(self, d: plan.Declaration) -> None:
        self.declaration = d
        self.refresh()

    def next_foe(self) -> None:
        game = self._game()
        if game is None:
            return
        self._change(plan.next_target(game, self.declaration))

    def flip_end(self) -> None:
        self._change(replace(self.declaration, end=1 - self.declaration.end))

    def more_augments(self, step: int) -> None:
        # No cap here: "declare 0 to 3 augments" is the engine's to say.
        self._change(replace(self.declaration, augments=max(0, self.declaration.augments + step)))

    def toggle(self, what: str) -> None:
        """Turns "sneak", "high_ground" or "locked" on or off."""
        d = self.declaration
        if what == "sneak":
            d = replace(d, sneak=not d.sneak)
        elif what == "high_ground":
            d = replace(d, high_ground=not d.high_ground)
        elif what == "locked":
            d = replace(d, locked=not d.locked)
        self._change(d)

    def toggle_cover(self, card_id: str) -> None:
        self._change(self.declaration.toggled_cover(card_id))

    def pick_by_scan(self, card_id: str) -> bool:
        """A scan here marks (or unmarks) the foe's card as in cover; it plays nothing."""
        if self.manager is None or self.manager.current != self.name:
            return False
        if self.declaration.terrain >= 0:
            return True  # nothing is in cover from terrain: the scan plays nothing either
        self.toggle_cover(card_id)
        return True

    def declare(self) -> None:
        game = self._game()
        if game is None or self.seat < 0:
            return
        if self.session.command(plan.action(self.seat, self.declaration)):
            # The target card is drawn at the table: the test screen opens from there.
            App.get_running_app().show("scoreboard")

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
