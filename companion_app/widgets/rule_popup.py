"""The rules at hand (issue 20): tapping the step line or a refusal shows the rule that
applies now, in the app's words with the rulebook's section, turned to whoever tapped.

The rule comes from the game's adapter (``GameAdapter.rule_now``); a game that has none to
say is said so. The popup faces the edge of the label that was tapped: the upside-down step
line for the far side, a seat's panel for its player.
"""

from __future__ import annotations

import re
from typing import Any

from kivy.core.window import Window
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scatter import Scatter

from companion_app.widgets.seat_panel import SeatTurner


def facing_rotation(widget: Any) -> int:
    """Which way the widget's text reads (degrees anticlockwise): its Scatters' turns, plus
    half a turn for a label drawn upside down."""
    # kv hands a handler its widget as a weak proxy: the real widget's class is the one to read.
    real = getattr(widget, "__self__", widget)
    turn = 180 if type(real).__name__ == "UpsideDownLabel" else 0
    node = widget.parent
    while node is not None and node.parent is not node:
        if isinstance(node, Scatter):
            turn += round(node.rotation)
        node = node.parent
    return turn % 360


class RuleFace(BoxLayout):
    """The rule's words, its section and Close (kv: widgets.kv)."""

    popup = ObjectProperty(None)


class RulePopup(ModalView):
    words = StringProperty("")
    section = StringProperty("")
    rotation = NumericProperty(0)
    # Whom it is for: a seat, or -2 for whoever tapped the step line (never -1, "everyone").
    for_seat = NumericProperty(-2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.face = RuleFace(popup=self)
        self.turner = SeatTurner(panel=self.face)
        self.turner.add_widget(self.face)
        self.add_widget(self.turner)
        self.bind(size=self._place, pos=self._place, rotation=self._place)

    def _place(self, *_args: Any) -> None:
        self.turner.place(self.x, self.y, self.width, self.height, int(self.rotation))


# A section that starts with its number ("IV.A Soldier combat", "2. Draw").
_NUMBERED = re.compile(r"^((?:[IVX]+|\d+)(?:\.[A-Z0-9]+)*)\.?\s+(.+)$")


def _cited(section: str) -> str:
    """The rulebook's section as a citation: "Rulebook, section IV.A: Soldier combat", not
    "IV.A Soldier combat" (a section number read as the step's name); a section known by its
    title alone is quoted as a title: 'Rulebook, section "Your Hand"', never "Rulebook: Your
    Hand", a label whose value did not come (the explorer, Deeds seed 777). A note under
    two sections ("Gameplay; 2. Draw") cites each."""
    parts = []
    for part in section.split("; "):
        numbered = _NUMBERED.match(part)
        if numbered is None:
            parts.append(f'section "{part}"')
        else:
            parts.append(f"section {numbered.group(1)}: {numbered.group(2)}")
    return "Rulebook, " + "; ".join(parts)


def show_rule(session: Any, widget: Any, seat: int | None = None) -> RulePopup | None:
    """The rule that applies now, facing the edge ``widget`` reads from."""
    game = session.game
    if game is None:
        return None
    note = session.adapter.rule_now(game, seat)
    words = note.words if note is not None else "This game has no rule note for this moment."
    section = _cited(note.section) if note is not None else ""
    turned = facing_rotation(widget) in (90, 270)
    w, h = Window.size
    # A quarter-turned popup swaps its sides: keep it inside the window either way.
    size = (min(w * 0.8, h * 0.8), min(w * 0.8, h * 0.8) * 0.62) if turned else (w * 0.7, h * 0.5)
    popup = RulePopup(
        words=words,
        section=section,
        rotation=facing_rotation(widget),
        for_seat=seat if seat is not None else -2,
        size_hint=(None, None),
        size=size if not turned else (size[1], size[0]),
    )
    popup.open()
    return popup
