"""The test screen: both card ends drawn dot against facing dot, each match and strike marked,
the chart's result in words; the spin taken as a tap (End A / End B) with the bolsters the
defender declares (Core Exceptions 6), then each bolster and augment placed with a tap on its
dot (Core Exceptions 6-7), the test accepted or retested. It turns to face whoever decides
now. The drawing comes from test_view.py."""

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

from companion_app.games.zg.adapter import TEST_PHASES
from companion_app.games.zg.dot_view import LEGEND, RGB, pair_words, placement, test_view
from companion_app.widgets.facing_screen import DecidersScreen
from engine.zg import actions as zga
from engine.zg.dot_match import facing
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
    index = NumericProperty(0)  # the attacker's dot, left to right
    placing = BooleanProperty(False)  # a bolster or augment is being placed: tap this pair
    place_top = BooleanProperty(False)  # augments: the tap is on the attacker's dot, on top
    place_text = StringProperty("")
    screen = ObjectProperty(None)


def _with(mark: str, extra: int, letter: str) -> str:
    """A dot's printed blaze and what was placed on it ("AA" and "+1A" under it)."""
    added = f"+{extra}{letter}" if extra else ""
    return "\n".join(x for x in (mark, added) if x)


def _rgba(colour: str) -> list[float]:
    r, g, b = RGB.get(colour, (0.3, 0.3, 0.3))
    return [r, g, b, 1]


class DotTestScreen(DecidersScreen):  # its seat: who decides the test now
    title = StringProperty("")
    attacker = StringProperty("")
    target = StringProperty("")
    result = StringProperty("")
    phase = StringProperty("")
    legend = StringProperty(LEGEND)
    bolsters = NumericProperty(0)  # declared with the spin (Core Exceptions 6)
    placing = StringProperty("")  # "Anton: place 2 bolsters on the target's dots (1 placed)"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picks: list[int] = []  # dots chosen so far for the bolsters or augments due

    def on_pre_enter(self, *_args: Any) -> None:
        self.bolsters = 0
        self.picks = []
        self.refresh()

    def game_moved(self) -> None:
        """Once the test is over (accepted: its result is on the band) the page goes back to
        the table, where the next decision is: the character card to sacrifice for a
        slagged card (Core Exceptions 1), an attack again, the next pulse."""
        was = self.phase
        self.refresh()
        over = was in TEST_PHASES and self.phase not in TEST_PHASES
        if over and self.manager is not None and self.manager.current == self.name:
            self.back()

    def refresh(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.pairs
        box.clear_widgets()
        view = test_view(game) if isinstance(game, ZgGame) else None
        if view is None:
            self.title, self.attacker, self.target, self.result = "No test now", "", "", ""
            self.phase, self.seat = "", -1
            self.face_decider()
            return
        if view.phase != self.phase:
            self.picks = []  # a new step: nothing placed yet
        self.title, self.attacker, self.target = view.title, view.attacker, view.target
        self.result, self.phase, self.seat = view.result, view.phase, view.seat
        place = placement(game) if isinstance(game, ZgGame) else None
        self.placing = place.words(len(self.picks)) if place is not None else ""
        a = game.state.attack if isinstance(game, ZgGame) else None
        for i, pair in enumerate(view.pairs):
            picked = place.picked_on(i, self.picks) if place is not None else 0
            # Bolsters and augments placed show on their dots: "+1A" a bolster, "+1P" an augment.
            armor = a.bolster_dots.count(facing(i)) if a is not None else 0
            pierce = a.augment_dots.count(i) if a is not None else 0
            if place is not None and place.kind == "bolster":
                armor += picked
            elif place is not None:
                pierce += picked
            box.add_widget(
                DotPair(
                    attack_rgba=_rgba(pair.attack.colour),
                    target_rgba=_rgba(pair.target.colour),
                    attack_mark=_with(pair.attack.blaze, pierce, "P"),
                    target_mark=_with(pair.target.blaze, armor, "A"),
                    verdict=pair_words(i, pair),
                    scored=pair.strikes,
                    matched=int(pair.match),
                    index=i,
                    placing=place is not None,
                    place_top=place is not None and place.kind == "augment",
                    place_text=place.button(i, picked) if place is not None else "",
                    screen=self,
                )
            )
        self.face_decider()

    def spin(self, end: int) -> None:
        """The spin as a tap: the end of the target card that faces the attacker, with the
        bolsters the defender declared before it (the engine says how many may be)."""
        game = self.session.game
        who = game.acting_player() if game is not None else None
        if who is not None and self.session.command(zga.Spin(who, end, self.bolsters)):
            self.bolsters = 0

    def more_bolsters(self, step: int) -> None:
        self.bolsters = max(0, self.bolsters + step)

    def place(self, index: int) -> None:
        """A tap on a dot pair places one bolster (on the target's dot) or augment (on the
        attacker's); once all are placed they go to the engine as one decision."""
        game = self.session.game
        place = placement(game) if isinstance(game, ZgGame) else None
        if place is None:
            return
        self.picks.append(place.dot(index))
        if len(self.picks) < place.count:
            self.refresh()
            return
        picks, self.picks = tuple(self.picks), []
        self.session.command(place.action(picks))
        self.refresh()

    def clear_picks(self) -> None:
        """A finger slipped: the dots tapped so far are forgotten (nothing was sent yet)."""
        self.picks = []
        self.refresh()

    def accept(self) -> None:
        game = self.session.game
        if isinstance(game, ZgGame) and game.state.phase == "result":
            self.session.command(zga.Resolve(game.state.order[game.state.order_index]))

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
