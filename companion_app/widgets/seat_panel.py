"""One player's panel, facing its player: name, badges, and the counters the game's adapter
lists (the big number first; Zeal's devotion and six bases, Deeds Not Words' base health and
four resources ...).

The panel renders a ``ShownSeat`` (the session's ``SeatView``) and reports taps upward as
(counter key, delta) or a toggle of a key; it keeps no game state. ``SeatTurner`` is the Scatter that turns a panel to face its
edge of the table and maps touches into the panel's own upright coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    DictProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scatter import Scatter

from companion_app.widgets.counter import FLOOR_SP, PAD_DP, VALUE_FLOOR_SP, CounterTile
from companion_app.widgets.fit import line_width, wrapped_height


# What the panel reads of a seat and its numbers (the session's SeatView and the adapter's
# CounterView fit): the widgets sit below the session and the games, and know neither.
@runtime_checkable
class ShownCounter(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def group(self) -> str: ...
    @property
    def big(self) -> bool: ...
    @property
    def dimmed(self) -> bool: ...
    @property
    def toggles(self) -> bool: ...
    @property
    def hold_to_toggle(self) -> bool: ...
    @property
    def note(self) -> str: ...
    @property
    def short_label(self) -> str: ...
    @property
    def detail(self) -> str: ...


@runtime_checkable
class ShownSeat(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def colour(self) -> tuple[float, float, float, float]: ...
    @property
    def active(self) -> bool: ...
    @property
    def acting(self) -> bool: ...
    @property
    def eliminated(self) -> bool: ...
    @property
    def badges(self) -> Sequence[str]: ...
    @property
    def lines(self) -> Sequence[str]: ...
    @property
    def counters(self) -> Sequence[ShownCounter]: ...


CALM_S = 0.6  # how long new decision buttons ignore taps
STACK_LETTERS = 80  # decisions longer than this, together, go below the question
LONE_LETTERS = 6  # a lone decision this short stands beside its question on a narrow panel
# The least room of a row of small counters in one row each ("Base 1  0"), and of the big
# numbers (their number read from across the table, 28 sp: check_layout.BIG_FLOOR_SP).
LINE_SP = 24
BIG_ROW_SP = 60
BIG_ROW_LEAST_SP = 46  # where that leaves too little: the big numbers in one row each
TAP_DP = 38  # a decision button's height, at the least (check_layout.TAP_FLOOR_DP: 32)
# A wide, short panel (an end seat from four players on) puts its small counters beside
# its big numbers, not under them: under them, both were too low to read at 8 players.
SIDE_BY_SIDE_BELOW_DP = 300
SIDE_BY_SIDE_RATIO = 2.2
SIDE_ROWS_SHARE = 0.66  # the small counters' share of the width, beside the big numbers
# A crowded panel (four cards in play and a question, a side seat at 8 players) folds a row
# of small counters into one button that says how many it holds; a tap opens that row and
# folds the others. The button is a finger's height (check_layout.TAP_FLOOR_DP: 32).
FOLD_DP = 40


class SeatPanel(BoxLayout):
    view = ObjectProperty(None, allownone=True)
    colour = ColorProperty([0.5, 0.5, 0.5, 1])
    active = BooleanProperty(False)
    acting = BooleanProperty(False)
    eliminated = BooleanProperty(False)
    badges = StringProperty("")
    decision = StringProperty("")  # the seat's prompt or refusal, on its own panel
    decision_ok = BooleanProperty(True)
    has_decision = BooleanProperty(False)
    lines = StringProperty("")
    previews = DictProperty({})  # "seat:key" -> preview text, from the session
    seat = NumericProperty(0)
    groups = NumericProperty(1)  # rows of small counters below the big ones
    narrow = BooleanProperty(False)  # too narrow for a question and its buttons side by side
    buttons_share = NumericProperty(0.21)  # the decision buttons' width beside the question
    # Decisions too long to stand beside the question (Devacurse's "Alena's Temple Guard
    # blocks Anton's Temple Guard; ..."): the question goes above them, as on a narrow panel.
    stacked = BooleanProperty(False)
    # The question above its buttons: stacked, or narrow but for a lone short button ("Pass"
    # beside "Emil may play an action or pass" leaves the small counters 30 px more).
    question_above = BooleanProperty(False)
    lone_short = BooleanProperty(False)
    card = ObjectProperty(None, allownone=True)  # CardView scanned in front of this seat
    # A card panel or target picker in front of the seat: the small counters make room for
    # it at the bottom, so the name, the decisions and the big number stay in view.
    card_open = BooleanProperty(False)
    side_by_side = BooleanProperty(False)  # the small counters beside the big ones
    # The heights' shares of the name's row, the decision, the big numbers and the small
    # counters (_share_height).
    header_hint = NumericProperty(0.17)
    decide_hint = NumericProperty(0.001)
    main_hint = NumericProperty(0.47)
    rows_hint = NumericProperty(0.46)

    __events__ = ("on_nudge", "on_toggle", "on_card_play", "on_card_dismiss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tiles: dict[str, CounterTile] = {}
        self._layout: tuple[tuple[str, str], ...] = ()  # (group, key) of the tiles built
        self._choices: list[tuple[str, Any]] = []
        self._calm_until = 0.0
        self._tiles_calm_until = 0.0
        self._groups: list[str] = []  # the small counters' groups, in order (their rows)
        self._folds: dict[str, Any] = {}  # group -> its fold button
        self.folded: tuple[str, ...] = ()  # the groups shown folded now
        self.open_group = ""  # the group a tap on its fold button opened

    def on_view(self, _inst: Any, view: ShownSeat | None) -> None:
        if view is None:
            return
        self.seat = view.seat
        self.colour = view.colour
        self.active = view.active
        self.acting = view.acting
        self.eliminated = view.eliminated
        self.badges = "  ".join(view.badges)
        self.lines = " \u00b7 ".join(view.lines)
        layout = tuple((c.group, c.key) for c in view.counters)
        if layout != self._layout:
            self._build(view.counters)
            self._layout = layout
        for c in view.counters:
            tile = self.tiles[c.key]
            tile.title = c.label
            tile.value = str(c.value)
            tile.dimmed = c.dimmed
            tile.note = c.note
            tile.short_title = getattr(c, "short_label", "")
            tile.detail = getattr(c, "detail", "")
        self._show_previews()
        self._fit_rows()

    def _build(self, counters: Sequence[ShownCounter]) -> None:
        """Rows of tiles: the "main" group on top, each other group in a grid row below."""
        main = self.ids.main
        rows = self._rows_box()
        main.clear_widgets()  # the small counters' box too, if it stood beside the tiles
        self.side_by_side = False  # placed again below (_fit_rows), after the new tiles
        rows.clear_widgets()
        self.tiles = {}
        self._folds = {}
        grids: dict[str, GridLayout] = {}
        for c in counters:
            tile = CounterTile(title=c.label, toggles=c.toggles, hold_to_toggle=c.hold_to_toggle)
            tile.big = c.big  # what must stay in view when a card is shown (tests look)
            if c.big:
                tile.accent = self.colour
                tile.size_hint_x = 1.6
            tile.bind(on_step=lambda _t, d, k=c.key: self._tile_tapped("on_nudge", k, d))
            tile.bind(on_toggle=lambda _t, held, k=c.key: self._tile_tapped("on_toggle", k, held))
            if c.group == "main":
                main.add_widget(tile)
            else:
                grid = grids.get(c.group)
                if grid is None:
                    grid = CounterRow()
                    grids[c.group] = grid
                    rows.add_widget(grid)
                    fold = Factory.FoldButton()
                    fold.bind(on_release=lambda _b, g=c.group: self.unfold(g))
                    self._folds[c.group] = fold
                grid.add_widget(tile)
            self.tiles[c.key] = tile
        self._grids = list(grids.values())
        self._groups = list(grids)
        self.folded = ()
        self.groups = max(1, len(self._grids))
        self._fit_rows()

    def _fit_rows(self, *_args: Any) -> None:
        """How the small counters stand: one line of them on a wide panel, two on a narrow
        one, and no more side by side than their words fit at the reading floor; each row
        of them as tall as its words need, and the big numbers' row tall enough for its
        number; beside the big numbers on a wide, short panel."""
        wide = self.width > self.height * 1.25
        self.narrow = self.width < dp(420)
        self._question_above()
        if "rows" not in self.ids:
            return  # the panel's rules are not applied yet
        grids = getattr(self, "_grids", ())
        self._place_rows(
            bool(grids)
            and not self.card_open
            and self.height < dp(SIDE_BY_SIDE_BELOW_DP)
            and self.width >= self.height * SIDE_BY_SIDE_RATIO
        )
        inner = self.width * (1 - 2 * 0.03) * (SIDE_ROWS_SHARE if self.side_by_side else 1)
        gap = self.width * 0.01  # CounterRow's and the rows' spacing
        needs: list[float] = []
        for grid in grids:
            tiles = [t for t in reversed(grid.children) if isinstance(t, CounterTile)]
            grid.wide = wide
            grid.count = len(tiles)
            widest = max((_tile_need(t) for t in tiles), default=0.0)
            most = max(1, int((inner + gap) // (widest + gap))) if widest else 99
            lines = -(-len(tiles) // max(1, min(most, _cols(len(tiles), wide))))
            cols = max(1, -(-len(tiles) // max(1, lines)))  # as even as the lines allow
            grid.most = cols
            tile_w = (inner - gap * (cols - 1)) / cols
            # Each line as tall as its tallest tile's words (the grid shares its height by
            # its tiles' hints, line by line): one tile of three lines no longer makes every
            # line of four cards in play that tall.
            height = 0.0
            for start in range(0, len(tiles), cols):
                line_tiles = tiles[start : start + cols]
                line = max([sp(LINE_SP)] + [_tile_height(t, tile_w) for t in line_tiles])
                for t in line_tiles:
                    t.size_hint_y = line
                height += line
            grid.size_hint_y = lines
            needs.append(height + gap * (lines - 1))
        rows = self._rows_box()
        main = self.ids.main
        bigs = [t for t in main.children if isinstance(t, CounterTile)]
        # The name and the decision keep the room their words need; what is left holds the
        # big numbers (in one row each where it is short: their number stays 28 sp) and the
        # small counters.
        header, decide = self._header_need(), self._decision_need()
        pad, space = self.height * 0.03, self.height * 0.02
        gaps = 2 if self.side_by_side else 3
        avail = max(1.0, self.height - 2 * pad - gaps * space)
        free = avail - header - decide

        def room(folded: set[int]) -> tuple[float, float, float]:
            """The small counters' height, the big numbers' and what is over the panel."""
            need = sum(dp(FOLD_DP) if i in folded else n for i, n in enumerate(needs))
            need += gap * max(0, len(needs) - 1)
            big = 0.0
            if bigs and not self.card_open:
                left = free - (0 if self.side_by_side else need)
                big = sp(BIG_ROW_SP) if left >= sp(BIG_ROW_SP) else sp(BIG_ROW_LEAST_SP)
            return need, big, (max(big, need) if self.side_by_side else need + big) - free

        # More than the panel holds (many cards in play at 8 players): rows of small
        # counters fold into a button each, the last first and the one a player opened
        # last of all; then what still does not fit gives way, not the name (it was pushed
        # out of the panel onto the band) nor the question (it was cut).
        folded: set[int] = set()
        need, big, over = room(folded)
        if over > 0 and len(needs) > 1 and not self.card_open:
            groups = self._groups[: len(needs)]
            order = [i for i in reversed(range(len(needs))) if groups[i] != self.open_group]
            for i in order[: len(needs) - 1]:  # one row stays open
                if needs[i] <= dp(FOLD_DP):
                    continue
                folded.add(i)
                need, big, over = room(folded)
                if over <= 0:
                    break
        self._show_folded(folded)
        scale = 1.0
        if over > 0 and need > 0:
            scale = max(0.0, need - over) / need
            need *= scale
        for i, grid in enumerate(grids):
            # Each row of small counters by the height its words need (pixels as hints:
            # Kivy's own least sizes gave some rows' room to nobody, and the name overflowed).
            grid.size_hint_y = needs[i] * scale
            grid.size_hint_min_y = None
            fold = self._folds.get(self._groups[i]) if i < len(self._groups) else None
            if fold is not None:
                fold.size_hint_y = dp(FOLD_DP) * scale
        if self.side_by_side:
            share = sum(t.size_hint_x or 1 for t in bigs) or 1
            rows.size_hint_x = share * SIDE_ROWS_SHARE / (1 - SIDE_ROWS_SHARE)
        else:
            rows.size_hint_x = 1
        self._share_height(
            avail,
            header,
            decide,
            max(big, need) if self.side_by_side else big,
            0.0 if self.side_by_side or self.card_open or not grids else need,
        )

    # Whatever changes the panel's room, or what stands above the rows (a card open, the
    # decision line and its buttons, the question's place, the badges), fits the rows again.
    on_size = on_card_open = _fit_rows
    on_decision = on_stacked = on_question_above = on_badges = _fit_rows

    def _show_folded(self, folded: set[int]) -> None:
        """Each row of small counters, or its fold button ("Show in play (4)") in its place."""
        names = tuple(g for i, g in enumerate(self._groups) if i in folded)
        if names == self.folded:
            return
        self.folded = names
        rows = self._rows_box()
        rows.clear_widgets()
        for group, grid in zip(self._groups, self._grids, strict=True):
            fold = self._folds[group]
            if group in names:
                fold.text = f"Show {group} ({len(grid.children)})"
                rows.add_widget(fold)
            else:
                rows.add_widget(grid)

    def unfold(self, group: str) -> None:
        """A tap on a fold button: its row opens, and others fold where the panel is full."""
        if not self.tiles_take_taps():
            return
        self.open_group = group
        self._tiles_calm_until = Clock.get_time() + CALM_S  # the tiles moved under the finger
        self._fit_rows()

    def _share_height(self, avail: float, *least: float) -> None:
        """The hints of the name's row, the decision, the big numbers and the small counters:
        the panel's own shares where each holds what it needs, else each its least and the
        rest by those shares (in pixels, so Kivy's layout gives exactly these)."""
        g = self.groups
        rows_share = (0.36 if self.width > self.height * 1.25 else 0.46) if g <= 1 else 0.19 * g
        if self.has_decision:
            tall = self.height >= dp(360)
            decide = (
                0.45
                if self.question_above and not tall
                else (0.3 if self.question_above or not tall else 0.2)
            )
        else:
            decide = 0.001
        if self.card_open:
            shares = [0.12, decide, 0.3, 1.0]
        else:
            main = 0.47 if g <= 1 else 0.3
            shares = [0.17, decide, main + rows_share if self.side_by_side else main, rows_share]
        if self.side_by_side:
            shares, least = shares[:3], least[:3]
        total = sum(shares)
        sizes = [avail * h / total for h in shares]
        if self.card_open or all(size >= low - 0.5 for size, low in zip(sizes, least, strict=True)):
            hints = shares
        else:
            fixed = [False] * len(shares)
            while True:  # each under its least gets its least; the rest share what is left
                rest = avail - sum(low for low, f in zip(least, fixed, strict=True) if f)
                open_share = sum(h for h, f in zip(shares, fixed, strict=True) if not f) or 1.0
                sizes = [
                    low if f else rest * h / open_share
                    for h, low, f in zip(shares, least, fixed, strict=True)
                ]
                under = [
                    i
                    for i, (size, low) in enumerate(zip(sizes, least, strict=True))
                    if not fixed[i] and size < low
                ]
                if not under:
                    break
                for i in under:
                    fixed[i] = True
            hints = [max(0.001, size) for size in sizes]
        self.header_hint, self.decide_hint, self.main_hint = hints[:3]
        if len(hints) > 3:
            self.rows_hint = hints[3]

    def _question_above(self) -> None:
        self.question_above = self.stacked or (self.narrow and not self.lone_short)

    def _header_need(self) -> float:
        """The name's row: a line of the name at its least, or two of the badges."""
        two = len(self.badges) * sp(FLOOR_SP) * 0.55 > self.width * 0.45
        return sp(FLOOR_SP) * (2.6 if two else 1.6)

    def _decision_need(self) -> float:
        """The decision's box: its question, wrapped, and its buttons a finger's height."""
        if not self.has_decision:
            return 0.0
        inner = self.width * (1 - 2 * 0.03)
        tap = dp(TAP_DP)
        if self.question_above:  # the question above its buttons, each its least
            question = wrapped_height(self.decision, inner, sp(FLOOR_SP)) + dp(4)
            self.ids.decision.size_hint_min_y = question
            self.ids.decide_buttons.size_hint_min_y = tap
            return question + tap + self.width * 0.01
        width = inner / (1 + self.buttons_share)
        self.ids.decision.size_hint_min_y = None
        self.ids.decide_buttons.size_hint_min_y = None
        return max(wrapped_height(self.decision, width, sp(FLOOR_SP)) + dp(4), tap)

    def _rows_box(self) -> Any:
        """The small counters' box itself: the panel holds it while it moves between the
        panel and the big numbers' box (``ids`` holds only a weak reference)."""
        if getattr(self, "_rows", None) is None:
            self._rows = self.ids.rows.__self__
        return self._rows

    def _place_rows(self, beside: bool) -> None:
        """The small counters under the big numbers, or beside them (in their box)."""
        rows, main = self._rows_box(), self.ids.main
        if beside == self.side_by_side and rows.parent is not None:
            return
        if rows.parent is not None:
            rows.parent.remove_widget(rows)
        self.side_by_side = beside
        if beside:
            main.add_widget(rows, index=0)  # last: at the right of the big numbers
        else:
            self.add_widget(rows, index=0)  # last: at the bottom of the panel

    def show_decision(
        self,
        text: str,
        ok: bool,
        choices: list[tuple[str, Any]],
        command: Any,
    ) -> None:
        """The seat's own line: what it must decide (or why it was refused), and the one-tap
        decisions, facing this player. Hidden when there is nothing for them."""
        self.decision = text
        self.decision_ok = ok
        box = self.ids.decide_buttons
        if list(choices) != self._choices:
            labels = [label for label, _a in choices]
            if labels != [label for label, _a in self._choices]:
                # New buttons ignore taps for a moment: a finger meant for the last
                # "Keep hand" must not land on the "Draw a card" that replaced it.
                self._calm_until = Clock.get_time() + CALM_S
            box.clear_widgets()
            for label, action in choices:
                button = Factory.DecisionButton(text=label)
                button.action = action  # what it does, for whoever checks (tests)
                button.bind(on_release=lambda _b, a=action: self._decide(command, a))
                box.add_widget(button)
            self._choices = list(choices)
            self.buttons_share = _share([label for label, _a in choices])
            self.stacked = sum(len(label) for label, _a in choices) > STACK_LETTERS
            self.lone_short = len(choices) == 1 and len(choices[0][0]) <= LONE_LETTERS
            self._question_above()
        self.has_decision = bool(text or choices)

    def on_has_decision(self, *_args: Any) -> None:
        """The decision line came or went: the tiles below it moved. A finger on its way to
        the Pass that just went must not land on the tile now in its place (a Max raised)."""
        self._tiles_calm_until = Clock.get_time() + CALM_S
        self._fit_rows()

    def tiles_take_taps(self) -> bool:
        """Whether the tiles take a tap now: the calm after they moved has passed."""
        return Clock.get_time() >= getattr(self, "_tiles_calm_until", 0.0)

    def _tile_tapped(self, event: str, *args: Any) -> None:
        if self.tiles_take_taps():
            self.dispatch(event, *args)

    def takes_taps(self) -> bool:
        """Whether its decision buttons take a tap now: the calm after new ones has passed
        on Kivy's clock. Whoever must tap one (a test, a driver) waits for this to be true
        rather than guessing how long the calm lasts on a slow machine."""
        return Clock.get_time() >= self._calm_until

    def _decide(self, command: Any, action: Any) -> None:
        if not self.takes_taps():
            return
        command(action)

    def on_previews(self, *_args: Any) -> None:
        self._show_previews()

    def _show_previews(self) -> None:
        for key, tile in self.tiles.items():
            tile.preview = self.previews.get(f"{self.seat}:{key}", "")

    def on_nudge(self, key: str, delta: int) -> None:
        pass

    def on_toggle(self, key: str, held: bool) -> None:
        pass

    def on_card_play(self) -> None:
        pass

    def on_card_dismiss(self) -> None:
        pass


def _share(labels: list[str]) -> float:
    """How wide the decision buttons are beside the question (the question's width is 1):
    by the length of their words, so "Done: Ambush (sample)" is not squeezed into three
    lines while a lone "Pass" leaves the question its room."""
    if not labels:
        return 0.21
    wanted = sum(0.05 + 0.012 * len(label) for label in labels)
    return min(0.9, max(min(0.62, 0.21 * len(labels)), wanted))


def _cols(count: int, wide: bool) -> int:
    """One line of counters on a wide panel, two on a narrow one."""
    return count if wide or count <= 3 else (count + 1) // 2


def _tile_need(tile: CounterTile) -> float:
    """How wide a small counter must be for its (short) title and its number in one row at
    the reading floor; one with a line of detail, for the longer of its two lines."""
    floor = sp(FLOOR_SP)
    words = max(
        line_width(tile.short_title or tile.title, floor),
        line_width(tile.detail, floor),
    )
    return words + line_width(tile.value, sp(VALUE_FLOOR_SP) * 1.1, True) + 4 * dp(PAD_DP)


def _tile_height(tile: CounterTile, width: float) -> float:
    """How tall a small counter in one row must be for its words, wrapped in its width."""
    if not tile.detail:
        return sp(LINE_SP)
    # The number's side as the tile draws it (counter.py): the number or the word under it.
    number = max(
        line_width(tile.value, sp(VALUE_FLOOR_SP) * 1.1, True),
        line_width(tile.note, sp(FLOOR_SP)),
    )
    words_w = width - number - 4 * dp(PAD_DP)
    title = tile.title_for(words_w)  # as the tile says it (counter.py)
    whole = wrapped_height(tile.words(title, words_w), words_w, sp(FLOOR_SP))
    # Kivy leaves out a last line it has too little room under (a third line, "Juggernaut",
    # was not drawn in a tile 10 px taller than its lines): room for more than two lines.
    extra = dp(10) if whole <= wrapped_height("A\nA", words_w, sp(FLOOR_SP)) else dp(24)
    return max(sp(LINE_SP), whole + extra)


class CounterRow(GridLayout):
    """A row of small counters (bases, resources): one line on a wide panel, two on a narrow,
    and never more side by side than ``most`` (what their words fit)."""

    wide = BooleanProperty(True)
    count = NumericProperty(1)
    most = NumericProperty(99)


class SeatTurner(Scatter):
    """Holds one SeatPanel turned by ``rotation`` degrees; never moved by touches."""

    panel = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_rotation", False)
        kwargs.setdefault("do_scale", False)
        kwargs.setdefault("do_translation", False)
        kwargs.setdefault("auto_bring_to_front", False)
        # Placed by place(), never by its parent layout: a FloatLayout that resized it to
        # the whole window on a later pass would move its touch area off the panel.
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(**kwargs)

    def place(self, x: float, y: float, box_w: float, box_h: float, rotation: int) -> None:
        """Put the panel in the box (window coordinates), turned to face its edge."""
        turned = rotation in (90, 270)
        w, h = (box_h, box_w) if turned else (box_w, box_h)
        self.rotation = 0
        self.size = (w, h)
        if self.panel is not None:
            self.panel.size = (w, h)
            self.panel.pos = (0, 0)
        self.rotation = rotation
        self.center = (x + box_w / 2, y + box_h / 2)
