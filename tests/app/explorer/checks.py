"""What the explorer checks on the drawn widgets after every step (Kivy, in the app's process).

Each detector takes widgets and returns problems in words; none of them knows a game. The
planted failures in ``selftest.py`` show each one firing on a widget built to be wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from tests.app.explorer.words import refusal_problems, text_problems

FLOOR_SP = 15  # the reading floor (docs/app.md): nothing a player needs is smaller
SLACK = 2.0  # pixels of rounding forgiven


@dataclass(frozen=True)
class Seen:
    """A visible label or button: its widget, text, window rectangle and how it is turned."""

    widget: Any
    text: str
    rect: tuple[float, float, float, float]  # x0, y0, x1, y1 in window pixels (its box)
    ink: tuple[float, float, float, float]  # where its letters are drawn and seen
    rotation: int  # degrees anticlockwise: 0 reads from the bottom edge


def _hidden(widget: Any, root: Any) -> bool:
    node = widget
    while node is not None:
        if getattr(node, "opacity", 1) == 0:
            return True
        if node is root or node.parent is node:
            return False
        node = node.parent
    return False


def _rotation(widget: Any) -> int:
    """How far the widget's text is turned, from the Scatters above it (a SeatTurner) and a
    label drawn upside down (UpsideDownLabel)."""
    from kivy.uix.scatter import Scatter

    turn = 180 if type(widget).__name__ == "UpsideDownLabel" else 0
    node = widget.parent
    while node is not None and node.parent is not node:  # the Window is its own parent
        if isinstance(node, Scatter):
            turn += round(node.rotation)
        node = node.parent
    return turn % 360


def _window_rect(widget: Any, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    points = [widget.to_window(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _ink_local(label: Any) -> tuple[float, float, float, float]:
    """Where a label's letters are drawn, in its parent's coordinates: its texture is
    centred on the label, the text placed in it by halign and valign."""
    core = label._label
    tw, th = label.texture_size
    cw = min(getattr(core, "content_width", tw) or tw, tw)
    ch = min(getattr(core, "content_height", th) or th, th)
    left = label.center_x - tw / 2
    bottom = label.center_y - th / 2
    halign, valign = label.halign, label.valign
    if halign in ("center", "justify"):
        left += (tw - cw) / 2
    elif halign == "right":
        left += tw - cw
    if valign in ("middle", "center"):
        bottom += (th - ch) / 2
    elif valign == "top":
        bottom += th - ch
    # A line's box holds the font's leading above and below the letters: not ink.
    inset = min(ch * 0.2, label.font_size * 0.18)
    return (left, bottom + inset, left + cw, bottom + ch - inset)


def _view(widget: Any, root: Any) -> tuple[float, ...] | None:
    """The window box the widget can be seen in: the visible areas of the scroll views (any
    StencilView: a RecycleView is one) it is in, each cutting off what is scrolled out of it;
    None when no list holds it."""
    from kivy.uix.stencilview import StencilView

    box = None
    node = widget.parent
    while node is not None and node.parent is not node:
        if isinstance(node, StencilView):
            seen = _window_rect(node, node.x, node.y, node.right, node.top)
            box = seen if box is None else _cut(box, seen)
        if node is root:
            break
        node = node.parent
    return box


def _cut(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The part of box ``a`` inside box ``b``: an empty box (no width) when none is."""
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    if x1 <= x0 or y1 <= y0:
        return (x0, y0, x0, y0)
    return (x0, y0, x1, y1)


def visible(root: Any) -> Iterator[Seen]:
    """Every label and button under ``root`` a player can see (text, not hidden, in view)."""
    from kivy.uix.label import Label

    for widget in root.walk(restrict=True):
        if not isinstance(widget, Label) or not widget.text.strip():
            continue
        if widget.width < 2 or widget.height < 2 or _hidden(widget, root):
            continue
        widget.texture_update()
        rect = _window_rect(widget, widget.x, widget.y, widget.right, widget.top)
        ink = _window_rect(widget, *_ink_local(widget))
        view = _view(widget, root)
        if view is not None:
            # Rows scrolled out of a list are not drawn: only what shows of the letters can
            # be drawn over another text (the log's older rows under "What happened").
            ink = _cut(ink, view)
        yield Seen(widget, widget.text, rect, ink, _rotation(widget))


def _core(label: Any, text: str, width: float | None) -> Any:
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(
        text=text,
        font_size=label.font_size,
        bold=label.bold,
        font_name=label.font_name,
        text_size=(width, None),
        halign=label.halign,
    )
    core.refresh()
    return core


def words_broken(label: Any) -> list[str]:
    """Words of a wrapping label wider than the label itself: Kivy breaks them."""
    width = label.text_size[0] if label.text_size else None
    if not width:
        return []
    return [
        word
        for word in label.text.split()
        if _core(label, word, None).content_width > width + SLACK
    ]


_READ_CACHE: dict[tuple[Any, ...], list[str]] = {}


def reading(seen: Seen) -> list[str]:
    """The reading rules for one label: the floor, its text inside its box and whole, and
    no word broken across lines (remembered per text, font and box: most labels stay)."""
    label = seen.widget
    key = (
        seen.text,
        label.font_size,
        label.bold,
        label.font_name,
        tuple(label.text_size),
        tuple(label.size),
        tuple(label.texture_size),
        label.shorten,
        label.max_lines,
        label.halign,
        label.valign,
    )
    found = _READ_CACHE.get(key)
    if found is None:
        found = _READ_CACHE[key] = _reading(seen)
    return found


def _reading(seen: Seen) -> list[str]:
    from kivy.metrics import sp

    label = seen.widget
    out = []
    short = seen.text.replace("\n", " ")[:50]
    if label.font_size < sp(FLOOR_SP) - 0.5:
        out.append(f"'{short}' is {label.font_size / sp(1):.0f} sp, under the reading floor")
    for word in words_broken(label):
        out.append(f"'{short}': the word '{word}' is broken across lines")
    wrap = label.text_size[0] if label.text_size and label.text_size[0] else None
    if label.shorten:
        whole = _core(label, seen.text, None).content_width
        if whole > (wrap or label.width) + SLACK:
            out.append(f"'{short}' is cut short (its box is too narrow)")
    elif wrap:
        needed = _core(label, seen.text, wrap).content_height
        lines = label.max_lines or 0
        line_h = _core(label, "Ag", None).content_height
        if needed > label.height + SLACK + 0.25 * line_h or _line_left_out(label, seen.text):
            out.append(f"'{short}' does not fit its box (cut)")
        elif lines and needed > lines * line_h + SLACK:
            out.append(f"'{short}' needs more than {lines} lines (cut)")
    else:
        tw, th = label.texture_size
        if tw > label.width + SLACK or th > label.height + SLACK:
            out.append(f"'{short}' spills out of its box")
    return out


def _line_left_out(label: Any, text: str) -> bool:
    """Whether Kivy left a line of ``text`` out of what it drew: a label aligned to its top
    or bottom drops its last line when the box is a pixel too low for it, with no letter
    drawn outside the box (the slack above let "Bea may play an action or" pass for the
    whole question). Read from the lines Kivy laid out for its texture."""
    if getattr(label, "markup", False):
        return False  # its laid-out words are not its text's (the tags)
    lines = getattr(getattr(label, "_label", None), "_cached_lines", None)
    if lines is None:
        return False
    drawn = [w.text for line in lines for w in line.words]
    return len(" ".join(drawn).split()) < len(text.split())


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return min(w, h) if w > 0 and h > 0 else 0.0


def overlaps(seen: Iterable[Seen]) -> list[str]:
    """Two visible texts drawn over each other (their letters, not their boxes)."""
    # Swept from left to right: only texts whose letters start before another's end can
    # overlap it (every pair was compared before: 2.3 million comparisons in 83 checks of an
    # 8-player table, the explorer's costliest check). The same pairs are told, in the same
    # order of each pair.
    items = list(seen)
    order = sorted(range(len(items)), key=lambda i: items[i].ink[0])
    found: list[tuple[int, int]] = []
    for n, i in enumerate(order):
        a = items[i]
        for j in order[n + 1 :]:
            b = items[j]
            if b.ink[0] >= a.ink[2]:
                break
            if _overlap(a.ink, b.ink) > SLACK * 2:
                found.append((min(i, j), max(i, j)))
    return [
        f"'{items[i].text[:30]}' and '{items[j].text[:30]}' are drawn over each other"
        for i, j in sorted(found)
    ]


# Pages whose rows may read the same: a log (two scans are two lines), a plot's axis, one
# deck list per player, the devices. On the table and a game's own pages two rows that read
# the same are two things a player can't tell apart.
LISTS = ("log", "history", "newgame", "catalog", "devices", "simulator", "a list")


def wording(seen: Iterable[Seen], device_labels: Iterable[str] = (), screen: str = "") -> list[str]:
    """The words rules (words.py) on every visible text; a device's own id (printed on its
    box, the name players know it by) is not an internal name."""
    seen = list(seen)
    labels = [d for d in device_labels if d]
    out = []
    for s in seen:
        text = s.text
        if getattr(s.widget, "markup", False):  # "[color=e84c3d]Alena[/color]": Kivy's, not read
            text = re.sub(r"\[/?[a-z]+(?:=[^\]]*)?\]", "", text)
        for label in labels:
            text = text.replace(label, "the device")
        out += [f"'{s.text[:50]}': {p}" for p in text_problems(text)]
    twins = duplicate_rows(seen) if screen not in LISTS else []
    return out + twins + missing_glyphs(seen)


_GLYPHS: dict[tuple[str, str], bool] = {}


def _drawn_as(char: str, font: str) -> bytes:
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=char, font_size=24, font_name=font)
    core.refresh()
    return bytes(core.texture.pixels)


def missing_glyphs(seen: Iterable[Seen]) -> list[str]:
    """Signs the label's font has no glyph for (an arrow drawn as a box): each character
    beyond plain Latin is drawn alone and compared with a character no font has."""
    out = []
    for s in seen:
        font = s.widget.font_name
        for char in {c for c in s.text if ord(c) > 0x24F}:
            key = (char, font)
            if key not in _GLYPHS:
                _GLYPHS[key] = _drawn_as(char, font) == _drawn_as("\U000f0000", font)
            if _GLYPHS[key]:
                out.append(f"'{s.text[:40]}': its font has no '{char}' (U+{ord(char):04X})")
    return out


def duplicate_rows(seen: Iterable[Seen]) -> list[str]:
    """Two rows of one list that read the same ("Temple Guard (AT 1, DF 2)" twice): which is
    which? Rows are the children of one box, or their labels; a count ("0") or a sign is not
    a row, and the band's copy for the far side (turned) is not a second row."""
    by_list: dict[tuple[int, str, int], int] = {}
    out = []
    from kivy.uix.button import Button

    for s in seen:
        if len(s.text.split()) < 2 or not any(c.isalpha() for c in s.text):
            continue
        if isinstance(s.widget, Button):
            continue  # each row's own "stays back": the row's name tells them apart
        if type(s.widget.parent).__name__ == "CounterTile":
            continue  # a tile's note ("face down" on two bases): the tile's title names it
        parent = s.widget.parent
        for holder in (parent, getattr(parent, "parent", None)):
            if holder is None:
                continue
            key = (id(holder), s.text, s.rotation)  # a twin turned for the far side is not
            by_list[key] = by_list.get(key, 0) + 1
            if by_list[key] == 2:
                out.append(f"'{s.text[:40]}' is twice in one list: which is which?")
                break
    return out


def one_edge_only(seen: Iterable[Seen], what: str) -> list[str]:
    """Texts for everyone that read from one edge only: each must be drawn again turned
    half round (or once per edge)."""
    turns: dict[str, set[int]] = {}
    for s in seen:
        turns.setdefault(s.text, set()).add(s.rotation)
    out = []
    for text, rotations in turns.items():
        if not any((r + 180) % 360 in rotations for r in rotations):
            out.append(f"{what}: '{text[:40]}' faces one edge only")
    return out


def wrong_seat(session: Any, board: Any) -> list[str]:
    """A message for one player shows on that player's panel, facing them, and nowhere else."""
    from companion_app.widgets.seating import seat_frames

    out: list[str] = []
    message, seat = session.message, session.message_seat
    if not message or not board.panels:
        return out
    if not session.message_ok:
        out += refusal_problems(message)
    band_text = board.ids.prompt.text
    if seat >= 0:
        if seat >= len(board.panels):
            return [f"'{message[:40]}' is for seat {seat}, which has no panel"]
        if board.panels[seat].decision != message:
            out.append(f"'{message[:40]}' (for {_name(session, seat)}) is not on their panel")
        for other in board.panels:
            if other.seat != seat and other.decision == message:
                out.append(f"'{message[:40]}' (for {_name(session, seat)}) is on another's panel")
        if band_text == message:
            out.append(f"'{message[:40]}' (for {_name(session, seat)}) is on the band, for all")
        frames = seat_frames(len(board.turners), board.width, board.height)
        if round(board.turners[seat].rotation) % 360 != frames[seat].rotation:
            out.append(f"{_name(session, seat)}'s panel does not face them")
    return out


def _name(session: Any, seat: int) -> str:
    views = session.seats
    return views[seat].name if 0 <= seat < len(views) else f"seat {seat}"
