"""Hidden stays hidden (issue 33): with hidden hands, no card the rules keep face down (the
game's adapter names them: ``GameAdapter.hidden_cards``) is named in any text on the table, in
the engine's log or in the broadcast's public view.

A card is hidden for a while (Z-G's hand card until it is played and flipped over in a test),
then public, then maybe hidden again (back in a hand next turn): a text that named it while it
was public (the log's "Flipped over: ..." line) may go on naming it. So the watch remembers the
moment each text was first seen and each log line first said, and the moment each card last
became hidden: a text naming a hidden card is a leak unless it (or a log line it shows) is
older than the card's hiding. Pages that list every card of a deck (the catalog, the enrol
popup, a cover list: ``lists_every_card``) tell nothing of where a card is and are not read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class HiddenWatch:
    moment: int = 0
    first_seen: dict[str, int] = field(default_factory=dict)  # text -> moment first seen
    said: dict[str, int] = field(default_factory=dict)  # log line -> moment first said
    hidden_since: dict[str, int] = field(default_factory=dict)  # card id -> moment hidden
    game: str = ""  # the game watched (the session's game id)

    def look(
        self,
        hidden: Mapping[str, str],
        texts: Iterable[tuple[str, str]],
        said: Iterable[str] = (),
        game: str = "",
    ) -> list[str]:
        """One moment: ``hidden`` (card id -> name) face down now; ``texts`` (where, text)
        shown now; ``said`` the log's lines now; ``game`` which game. The leaks, in words.

        A game first seen with lines in its log (the last exploration's game, still on the
        table while the next one is set up) was said before this watch began: when, it
        cannot know, so those lines count as said in the open (moment 0). A watch that goes
        on after a restart knows its game (step_rules.saved) and judges on."""
        self.moment += 1
        now = self.moment
        said = list(said)
        if game != self.game:
            self.game = game
            for line in said:
                self.said[line] = 0
        for card in [c for c in self.hidden_since if c not in hidden]:
            del self.hidden_since[card]
        for card in hidden:
            self.hidden_since.setdefault(card, now)
        lines = list(said)
        for line in lines:
            self.said.setdefault(line, now)
        out = []
        for where, text in [*texts, *(("the log", line) for line in lines)]:
            first = self.first_seen.setdefault(text, now)
            for card, name in hidden.items():
                if not name or name not in text:
                    continue
                since = self.hidden_since[card]
                if first < since or self._said_before(text, name, since):
                    continue
                out.append(f"{where}: '{text[:70]}' names {name}, which the rules keep hidden")
        return out

    def _said_before(self, text: str, name: str, since: int) -> bool:
        """``text`` shows a log line said while the card was public (the log screen words
        each line with its turn and step before it)."""
        return any(m < since and name in line and line in text for line, m in self.said.items())


def broadcast_texts(game: Any, adapter: Any) -> list[str]:
    """Every string of the table's public view, as a viewer at home receives it."""
    from companion_app.broadcast.public_view import public_view

    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(json.dumps(public_view(game, adapter, "explorer"))))
    return found


def lists_every_card(root: Any) -> bool:
    """A page or popup that lists every card of a deck or the catalog (the catalog, the enrol
    popup, Z-G's cover list): a name there says nothing of where the card is."""
    node = root
    while node is not None:
        if getattr(node, "lists_every_card", False):
            return True
        if node.parent is node:
            return False
        node = node.parent
    return False


def check(
    watch: HiddenWatch, session: Any, shown: Iterable[tuple[str, Any, list[Any]]]
) -> list[str]:
    """The explorer's step: every visible text, the log and the broadcast view."""
    game = session.game
    if game is None:
        return []
    adapter = session.adapter
    hidden = {c: session.catalog.get(c).name for c in adapter.hidden_cards(game)}
    texts: list[tuple[str, str]] = []
    for name, root, seen in shown:
        if lists_every_card(root):
            continue
        texts += [(name, s.text) for s in seen if not lists_every_card(s.widget)]
    texts += [("the broadcast", t) for t in broadcast_texts(game, adapter)]
    said = [e.text for e in game.log[-60:]]
    return watch.look(hidden, texts, said, str(getattr(session, "game_id", "")))
