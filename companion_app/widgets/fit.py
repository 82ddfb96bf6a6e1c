"""The largest font that keeps a text whole in its box: every word on one line (none broken
across lines, "Acce/pt the test") and every line inside the box's height.

For labels whose text changes with the game (the band's step line, the seats' decision
buttons): a fixed size either wastes the room of a short text or cuts a long one. Measured
with Kivy's own text layout, remembered per text, box and font (most texts stay).
"""

from __future__ import annotations

from functools import lru_cache

STEP = 1.0  # pixels between the sizes tried


def fitting_size(
    text: str, width: float, height: float, largest: float, smallest: float, bold: bool = False
) -> float:
    """The largest size in [smallest, largest] at which ``text`` wrapped at ``width`` fits
    ``height`` with no word broken; ``smallest`` when none does (the reading floor wins: the
    explorer then says the box is too small)."""
    if not text or width <= 1 or height <= 1 or largest <= smallest:
        return max(smallest, largest)
    # The box rounded down, never up: "Bea may play an" fitted a box 201 px wide at 28 px and
    # broke into three lines in the label's own 200.6 (Zeal 8p seed 5 step 100, cut).
    return _fit(text, int(width), int(height), round(largest), round(smallest), bold)


@lru_cache(maxsize=2048)
def _fit(text: str, width: int, height: int, largest: int, smallest: int, bold: bool) -> float:
    size = float(largest)
    while size > smallest:
        if _fits(text, width, height, size, bold):
            return size
        size -= STEP
    return float(smallest)


def _fits(text: str, width: int, height: int, size: float, bold: bool) -> bool:
    from kivy.core.text import Label as CoreLabel

    words = CoreLabel(font_size=size, bold=bold)
    if any(words.get_extents(w)[0] > width for w in text.split()):
        return False
    core = CoreLabel(text=text, font_size=size, bold=bold, text_size=(width, None))
    core.refresh()
    return bool(core.content_height <= height)


@lru_cache(maxsize=2048)
def line_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn on one line at ``size``."""
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(font_size=size, bold=bold).get_extents(text)[0]) if text else 0.0


@lru_cache(maxsize=2048)
def wrapped_height(text: str, width: float, size: float, bold: bool = False) -> float:
    """How tall ``text`` is wrapped at ``width`` at ``size`` (a word wider than the width
    counts as a line of its own)."""
    from kivy.core.text import Label as CoreLabel

    if not text:
        return 0.0
    core = CoreLabel(text=text, font_size=size, bold=bold, text_size=(max(1.0, width), None))
    core.refresh()
    return float(core.content_height)
