"""The scoreboard: one panel per seat around the edges, the shared step and prompts between.

It renders ``session.seats`` and sends taps to the session; it keeps no game state.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from companion_app.seating import middle_band, seat_frames
from companion_app.widgets.card_panel import CardPanel
from companion_app.widgets.seat_panel import SeatPanel, SeatTurner


class ScoreboardScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    panels = ListProperty([])  # SeatPanel per seat, in seat order
    turners = ListProperty([])
    card_panels = ListProperty([])

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(
            seats=self._on_seats,
            previews=self._on_previews,
            scans=self._on_scans,
            choices=self._on_choices,
        )

    def _on_choices(self, _session: Any, choices: list[tuple[str, Any]]) -> None:
        box = self.ids.choices
        box.clear_widgets()
        for label, action in choices:
            button = Factory.BandButton(text=label)
            button.background_color = (0.15, 0.45, 0.3, 1)
            button.bind(on_release=lambda _b, a=action: self.session.command(a))
            box.add_widget(button)

    def _on_seats(self, _session: Any, seats: list[Any]) -> None:
        if len(seats) != len(self.panels):
            self._build_panels(len(seats))
        for panel, view in zip(self.panels, seats, strict=True):
            panel.view = view

    def _on_previews(self, _session: Any, previews: dict[str, str]) -> None:
        for panel in self.panels:
            panel.previews = dict(previews)

    def _on_scans(self, _session: Any, scans: dict[int, Any]) -> None:
        for seat, card_panel in enumerate(self.card_panels):
            card = scans.get(seat)
            card_panel.card = card
            # Only in the tree while shown: a hidden panel must not take the seat's taps.
            turner = self.turners[seat]
            if card is None and card_panel.parent is not None:
                turner.remove_widget(card_panel)
            elif card is not None and card_panel.parent is None:
                turner.add_widget(card_panel)

    def _build_panels(self, count: int) -> None:
        area = self.ids.seat_area
        area.clear_widgets()
        panels, turners, cards = [], [], []
        for seat in range(count):
            panel = SeatPanel()
            panel.bind(on_nudge=self._nudge, on_toggle=self._toggle)
            card = CardPanel()
            card.bind(
                on_play=lambda _c, s=seat: self.session.play_shown(s),
                on_dismiss=lambda _c, s=seat: self.session.dismiss_card(s),
            )
            turner = SeatTurner(panel=panel)
            turner.add_widget(panel)
            area.add_widget(turner)
            panels.append(panel)
            turners.append(turner)
            cards.append(card)
        self.panels, self.turners, self.card_panels = panels, turners, cards
        self.layout_seats()

    def _nudge(self, panel: SeatPanel, key: str, delta: int) -> None:
        self.session.nudge(panel.seat, key, delta)

    def _toggle(self, panel: SeatPanel, key: str) -> None:
        self.session.toggle(panel.seat, key)

    def on_size(self, *_args: Any) -> None:
        self.layout_seats()

    def layout_seats(self) -> None:
        count = len(self.turners)
        if not count:
            return
        w, h = self.size
        for frame, turner, card in zip(
            seat_frames(count, w, h), self.turners, self.card_panels, strict=True
        ):
            gap = 4
            turner.place(
                frame.x + gap,
                frame.y + gap,
                frame.box_width - 2 * gap,
                frame.box_height - 2 * gap,
                frame.rotation,
            )
            # The scanned card covers the lower part of the panel, nearest its player.
            card.size = (turner.width, turner.height * 0.83)
            card.pos = (0, 0)
        band = middle_band(count, w, h)
        self.ids.band_turner.place(band.x, band.y, band.box_width, band.box_height, band.rotation)
