"""The scoreboard: one panel per seat around the edges, the shared step and prompts between.

It renders ``session.seats`` and sends taps to the session; it keeps no game state.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from companion_app.widgets.card_panel import CardPanel
from companion_app.widgets.seat_panel import SeatPanel, SeatTurner
from companion_app.widgets.seating import middle_band, seat_frames
from companion_app.widgets.target_picker import TargetPicker
from companion_app.widgets.winner_banner import WinnerBanner


class ScoreboardScreen(Screen):
    banner = ObjectProperty(None)

    session = ObjectProperty(None, rebind=True)
    panels = ListProperty([])  # SeatPanel per seat, in seat order
    turners = ListProperty([])
    card_panels = ListProperty([])
    pickers = ListProperty([])

    def on_kv_post(self, *_args: Any) -> None:
        self.banner = WinnerBanner()
        self.ids.prompt.bind(width=self._news_room)
        self.ids.prompt_far.bind(width=self._news_room)

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(
            seats=self._on_seats,
            previews=self._on_previews,
            scans=self._on_overlays,
            picking=self._on_overlays,
            choices=self._on_choices,
            message=self._on_choices,
            prompt_lines=self._on_choices,
            seat_prompts=self._on_choices,
            headline=self._on_headline,
        )

    def _on_headline(self, _session: Any, headline: str) -> None:
        """The end of the game covers the table for every seat until someone moves on."""
        if headline and self.banner.parent is None:
            self.add_widget(self.banner)
            self.layout_seats()
        elif not headline and self.banner.parent is not None:
            self.remove_widget(self.banner)
        self.banner.headline = headline
        self.banner.reason = self.session.outcome_text

    def _on_choices(self, *_args: Any) -> None:
        """What a player must decide goes on their own panel, facing them: the engine's prompt
        addressed to them (or their refusal) and their one-tap decisions (the actions that
        are theirs: in some games both players decide at once)."""
        session = self.session
        for panel in self.panels:
            seat = panel.seat
            notice = session.message if session.message_seat == seat else ""
            prompt = session.seat_prompts.get(seat, "")
            theirs = [(label, a) for label, a in session.choices if _player(a) == seat]
            if not prompt and theirs:
                prompt = next((v.name for v in session.seats if v.seat == seat), "") + " to act"
            panel.show_decision(
                notice or prompt, not notice or session.message_ok, theirs, session.command
            )

    def _on_seats(self, _session: Any, seats: list[Any]) -> None:
        if len(seats) != len(self.panels):
            self._build_panels(len(seats))
        for panel, view in zip(self.panels, seats, strict=True):
            panel.view = view
        self._on_choices()  # new panels, or the turn moved: the decisions follow the actor

    def _on_previews(self, _session: Any, previews: dict[str, str]) -> None:
        for panel in self.panels:
            panel.previews = dict(previews)

    def _on_overlays(self, *_args: Any) -> None:
        """A scanned card, or a target being chosen, in front of its player."""
        scans, picking = self.session.scans, self.session.picking
        for seat, (card_panel, picker) in enumerate(
            zip(self.card_panels, self.pickers, strict=True)
        ):
            request = picking.get(seat)
            card = None if request is not None else scans.get(seat)
            card_panel.card = card
            picker.request = request
            # Only in the tree while shown: a hidden panel must not take the seat's taps.
            turner = self.turners[seat]
            self.panels[seat].card_open = card is not None or request is not None
            for widget, shown in ((card_panel, card is not None), (picker, request is not None)):
                if not shown and widget.parent is not None:
                    turner.remove_widget(widget)
                elif shown and widget.parent is None:
                    turner.add_widget(widget)

    def _build_panels(self, count: int) -> None:
        area = self.ids.seat_area
        area.clear_widgets()
        panels, turners, cards, pickers = [], [], [], []
        for seat in range(count):
            panel = SeatPanel()
            panel.bind(on_nudge=self._nudge, on_toggle=self._toggle)
            # A card shown in front of the seat takes the room its small counters leave.
            panel.ids.rows.bind(pos=self._place_cards, size=self._place_cards)
            # A refusal on a seat's panel, tapped, shows the rule behind it to that player.
            panel.ids.decision.bind(
                on_touch_down=lambda label, touch, s=seat: (
                    self.tap_rule(label, touch, s) if not self.panels[s].decision_ok else False
                )
            )
            card = CardPanel()
            card.bind(
                on_play=lambda _c, s=seat: self.session.play_shown(s),
                on_dismiss=lambda _c, s=seat: self.session.dismiss_card(s),
            )
            picker = TargetPicker()
            picker.bind(
                on_pick=lambda _p, index, s=seat: self.session.pick_target(s, index),
                on_cancel=lambda _p, s=seat: self.session.cancel_pick(s),
            )
            turner = SeatTurner(panel=panel)
            turner.add_widget(panel)
            area.add_widget(turner)
            panels.append(panel)
            turners.append(turner)
            cards.append(card)
            pickers.append(picker)
        self.panels, self.turners, self.card_panels = panels, turners, cards
        self.pickers = pickers
        self.layout_seats()

    def tap_rule(self, label: Any, touch: Any, seat: int | None = None) -> bool:
        """The rules at hand: a tap on the step line (or a seat's refusal) shows the rule
        that applies now, facing the edge it was read from."""
        if not label.collide_point(*touch.pos) or not label.text:
            return False
        from companion_app.widgets.rule_popup import show_rule

        show_rule(self.session, label, seat)
        return True

    def stop_or_next(self) -> None:
        """The band's "Next step"; while no one can win any more, "Stop: a draw", asked first
        (a stopped game is finished and can't be undone)."""
        session = self.session
        if not session.stalemate_text:
            session.next_step()
            return
        from kivy.app import App

        App.get_running_app().confirm(
            f"{session.stalemate_text[:1].upper()}{session.stalemate_text[1:]}. "
            "Stop the game here as a draw?",
            "Stop: a draw",
            "Play on",
            session.stop_at_stalemate,
        )

    def _nudge(self, panel: SeatPanel, key: str, delta: int) -> None:
        self.session.nudge(panel.seat, key, delta)

    def _toggle(self, panel: SeatPanel, key: str, held: bool) -> None:
        self.session.toggle(panel.seat, key, held)

    def on_size(self, *_args: Any) -> None:
        self.layout_seats()

    def _place_cards(self, *_args: Any) -> None:
        """A scanned card covers the lower part of the panel, nearest its player: the room of
        the small counters (the panel gives them that room while a card shows), leaving the
        name, the decisions and the big number in view; a target picker takes the same place."""
        if not len(self.panels) == len(self.turners) == len(self.card_panels) == len(self.pickers):
            return  # the panels are being built
        for panel, turner, card, picker in zip(
            self.panels, self.turners, self.card_panels, self.pickers, strict=True
        ):
            rows = panel.ids.rows
            top = rows.top if panel.card_open else turner.height * 0.5
            card.size = picker.size = (turner.width, max(top, turner.height * 0.3))
            card.pos = picker.pos = (0, 0)

    def _news_room(self, *_args: Any) -> None:
        """How many letters the band's notice holds in its two lines at the reading floor
        (the news picks as many results as fit: a narrow band at 8 players held fewer)."""
        from kivy.metrics import sp

        from companion_app.session.table_news import NEWS_CHARS

        width = min(self.ids.prompt.width, self.ids.prompt_far.width)
        if self.session is not None and width > 1:
            # Two lines, less a word's slack at each break; about 0.55 em a letter.
            letters = int(2 * (width - sp(40)) / (0.55 * sp(15)))
            self.session.table_news.chars = max(24, min(NEWS_CHARS, letters))

    def layout_seats(self) -> None:
        count = len(self.turners)
        if not count:
            return
        w, h = self.size
        for frame, turner in zip(seat_frames(count, w, h), self.turners, strict=True):
            gap = 4
            turner.place(
                frame.x + gap,
                frame.y + gap,
                frame.box_width - 2 * gap,
                frame.box_height - 2 * gap,
                frame.rotation,
            )
        self._place_cards()
        band = middle_band(count, w, h)
        self.ids.band_turner.place(band.x, band.y, band.box_width, band.box_height, band.rotation)
        if self.banner is not None:
            self.banner.place_around(band, w, h)


def _player(action: Any) -> int | None:
    """The seat an action is taken by (every game's actions carry ``player``)."""
    player = getattr(action, "player", None)
    return player if isinstance(player, int) else None
