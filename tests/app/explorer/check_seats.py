"""The right player (issue 33): a card laid on a reader is played for the seat the reader is
for (a shared reader: the card's owner where an enrolled deck says), never for another; a
page of the game's own faces the seat that decides now (its ``seat_to_face``), not the one
that decided when it opened; a popup lies inside the window, however it is turned.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

SLACK = 2.0


@dataclass
class Scans:
    """The cards laid on readers since the last look: (card id, seat the reader is for)."""

    seen: list[tuple[str, int | None]] = field(default_factory=list)
    history: int = -1  # commands played at the last look
    # Scans the last look found no play for: a card that asks for a target is played only
    # once it is chosen, which a look in between (the picker opening) puts after it.
    waiting: list[tuple[str, int | None]] = field(default_factory=list)

    def taker(self, session: Any) -> Any:
        def see(event: Any) -> bool:
            from hardware.events import TagPresented

            if isinstance(event, TagPresented):
                # Stamped by the device manager, once, from the table's seat map.
                card = session.cards.card_for(event.uid, event.card_ref)
                if card is not None:
                    self.seen.append((card, event.seat))
            return False  # seen, never taken: the table handles it as ever

        return see


def _card(action: Any) -> str | None:
    for name in ("card", "card_id"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


def wrong_player(
    scans: Sequence[tuple[str, int | None]],
    played: Sequence[Any],
    owners: dict[str, tuple[int, ...]],
    names: Sequence[str],
    left: list[tuple[str, int | None]] | None = None,
) -> list[str]:
    """Commands made from a scan (an action naming the card) for another seat than the
    reader's, or than the owner's on a shared reader.

    Each command is paired with one scan of its card, its own player's first: between two
    looks both players of one sample deck may lay the same card on their own readers, and
    Alena's scan is not Anton's play (a whole game at two players flagged exactly that)."""
    out = []
    pool = list(scans)

    def wanted(card: str, seat: int | None) -> int | None:
        mine = owners.get(card, ())
        return seat if seat is not None else (mine[0] if len(mine) == 1 else None)

    for action in played:
        card = _card(action)
        player = getattr(action, "player", None)
        if card is None or player is None:
            continue
        of_card = [i for i, (scanned, _seat) in enumerate(pool) if scanned == card]
        if not of_card:
            continue
        right = [i for i in of_card if wanted(card, pool[i][1]) in (None, player)]
        if right:
            del pool[right[0]]
            continue
        want = wanted(card, pool[of_card[0]][1])
        assert want is not None
        del pool[of_card[0]]
        who = names[want] if 0 <= want < len(names) else f"seat {want + 1}"
        out.append(
            f"{card} laid on {who}'s reader was played for "
            f"{names[player] if 0 <= player < len(names) else player}"
        )
    if left is not None:
        left.extend(pool)  # the scans no command was paired with
    return out


def stale_page(root: Any, name: str, own_pages: Iterable[str]) -> list[str]:
    """A game's own page facing another seat than the one that decides now."""
    if name not in set(own_pages) or not hasattr(root, "seat_to_face"):
        return []
    want = root.seat_to_face()
    if want is None or root.facing == want:
        return []
    return [f"{name} faces seat {root.facing + 1}, but seat {want + 1} decides now"]


def off_window(name: str, seen: Iterable[Any], width: float, height: float) -> list[str]:
    """Texts of a popup drawn outside the window (turned off an edge)."""
    out = []
    for s in seen:
        x0, y0, x1, y1 = s.rect
        if x0 < -SLACK or y0 < -SLACK or x1 > width + SLACK or y1 > height + SLACK:
            out.append(f"{name}: '{s.text[:40]}' is drawn outside the window")
    return out


def check(scans: Scans, explorer: Any, shown: list[tuple[str, Any, list[Any]]]) -> list[str]:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    session = explorer.session
    game = session.game
    out: list[str] = []
    if game is None:
        return out
    if scans.history < 0:
        session.event_takers.append(scans.taker(session))
    history = list(game.history)
    left: list[tuple[str, int | None]] = []
    if 0 <= scans.history < len(history):
        owners = session.table.owners if session.table is not None else {}
        pool = scans.waiting + scans.seen
        played = history[scans.history :]
        out += wrong_player(pool, played, owners, game.player_names(), left)
    else:
        left = list(scans.seen)
    # Kept for one more look only: a scan refused long ago is paired with nothing later.
    fresh = list(scans.seen)
    scans.waiting = [s for s in left if s in fresh]
    scans.history = len(history)
    scans.seen.clear()
    own = [e.name for e in session.adapter.screens()]
    for name, root, seen in shown:
        out += stale_page(root, name, own)
        if isinstance(root, ModalView):
            out += off_window(name, seen, Window.width, Window.height)
    return out
