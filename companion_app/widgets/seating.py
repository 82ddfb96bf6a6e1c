"""Where each seat's panel goes on a tablet lying in the middle of the table (no Kivy here).

Players sit around the tablet, so each panel is turned to face its player: the bottom edge
reads upright, the top edge upside down, the side edges a quarter turn. Two players get the
two long halves; from four players on, one player sits at each end and the rest share the
long edges. Seats go clockwise seen from above (play passes to the left), starting at the
bottom right, so seat 0 is the player nearest the tablet's bottom edge.
"""

from __future__ import annotations

from dataclasses import dataclass

# Fraction of the short side kept free in the middle for the step, priority and prompts.
MIDDLE_BAND = 0.16


@dataclass(frozen=True)
class SeatFrame:
    """A panel's box in window coordinates and how far it is turned (degrees, anticlockwise).

    ``width`` and ``height`` are the panel's own, as its player reads it: for a quarter turn
    they are the box's height and width.
    """

    seat: int
    x: float
    y: float
    box_width: float
    box_height: float
    rotation: int

    @property
    def width(self) -> float:
        return self.box_height if self.rotation in (90, 270) else self.box_width

    @property
    def height(self) -> float:
        return self.box_width if self.rotation in (90, 270) else self.box_height

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.box_width / 2, self.y + self.box_height / 2)


def edge_counts(players: int) -> tuple[int, int, int, int]:
    """How many seats sit on the (bottom, left, top, right) edges."""
    if not 1 <= players <= 8:
        raise ValueError(f"A table has 1 to 8 players, not {players}.")
    if players <= 3:
        return (players - players // 2, 0, players // 2, 0)
    rest = players - 2
    return (rest - rest // 2, 1, rest // 2, 1)


def _side_share(players: int) -> float:
    return 0.18 if players >= 6 else 0.22


def seat_frames(players: int, width: float, height: float) -> list[SeatFrame]:
    """The panels for ``players`` seats in a ``width`` x ``height`` window, seat order.

    The long edges hold most seats. In portrait the landscape layout is turned a quarter
    turn anticlockwise: the landscape's bottom edge becomes the right edge, and each panel
    turns with it.
    """
    if height > width:
        return [_quarter_turn(f, width) for f in seat_frames(players, height, width)]
    bottom, left, top, right = edge_counts(players)
    band = MIDDLE_BAND * min(width, height)
    # Side seats take a column at each end; the long edges share what is left.
    side_w = width * _side_share(players) if left else 0.0
    row_h = (height - band) / 2 if top else height - band
    inner_x = side_w
    inner_w = width - 2 * side_w
    frames: list[SeatFrame] = []
    seat = 0
    # Bottom edge, right to left: clockwise seen from above starts at the bottom right.
    for i in range(bottom):
        w = inner_w / bottom
        frames.append(SeatFrame(seat, inner_x + (bottom - 1 - i) * w, 0.0, w, row_h, 0))
        seat += 1
    if left:
        frames.append(SeatFrame(seat, 0.0, 0.0, side_w, height, 270))
        seat += 1
    for i in range(top):
        w = inner_w / top
        frames.append(SeatFrame(seat, inner_x + i * w, height - row_h, w, row_h, 180))
        seat += 1
    if right:
        frames.append(SeatFrame(seat, width - side_w, 0.0, side_w, height, 90))
        seat += 1
    return frames


def _quarter_turn(frame: SeatFrame, width: float) -> SeatFrame:
    """A landscape frame (in a ``height`` x ``width`` box) turned into the portrait window."""
    return SeatFrame(
        frame.seat,
        width - (frame.y + frame.box_height),
        frame.x,
        frame.box_height,
        frame.box_width,
        (frame.rotation + 90) % 360,
    )


def middle_band(players: int, width: float, height: float) -> SeatFrame:
    """The box left between the panels for the shared step and prompts (seat -1).

    In portrait the band runs along the tablet's length, turned like the landscape layout.
    """
    if height > width:
        return _quarter_turn(middle_band(players, height, width), width)
    bottom, left, top, right = edge_counts(players)
    band = MIDDLE_BAND * min(width, height)
    side_w = width * _side_share(players) if left else 0.0
    row_h = (height - band) / 2 if top else height - band
    return SeatFrame(-1, side_w, row_h, width - 2 * side_w, band, 0)
