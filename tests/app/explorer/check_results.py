"""Results are said (issue 33): every combat, test, ritual and end-of-round loss ends with
its result on the band, facing everyone, and Undo says what it took back.

What counts as a result is each game's rulebook's, written here from the engine's log lines
(not from the adapter's ``notable``, which is what is being checked): a base or Faith hit,
a unit that dies, a test's outcome, a ritual's energy, Hunger. The checker follows the
engine's log between two looks at the screen, so it needs no hook in a step.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# Each game's result lines, as its engine logs them.
RESULTS: dict[str, re.Pattern[str]] = {
    "deeds": re.compile(r"'s base takes \d+ damage| went hungry: |'s graveyard$"),
    "vile": re.compile(
        r" dies$|^there is no deployed monster| gains \d+ energy \(| performs no ritual$"
    ),
    "devacurse": re.compile(r" loses \d+ Faith$| dies: | is destroyed$| and survives$"),
    # A defeat is a test's result too (Basic Rule 10): the band that says it has said the test.
    "zg": re.compile(r"^Test:| is slagged$| is defeated: "),
    "zeal": re.compile(r" dies$| is defeated and turned face down$| is out of the game$"),
}
# Lines the deeds pattern takes only in a battle (a card discarded in Deploy is no result).
_BATTLE_ONLY = {"deeds": ("'s graveyard",)}


def results_in(kind: str, entries: list[Any]) -> list[str]:
    """The result lines among ``entries`` (the engine's LogEntry), in the game's words."""
    pattern = RESULTS.get(kind)
    if pattern is None:
        return []
    out = []
    for e in entries:
        if not pattern.search(e.text):
            continue
        battle_only = _BATTLE_ONLY.get(kind, ())
        if any(w in e.text for w in battle_only) and not str(e.step).startswith("Battle"):
            continue
        out.append(e.text)
    return out


def unsaid(
    results: list[str], near: str, far: str, screen: str, page: Sequence[str] = ()
) -> list[str]:
    """A step's results not on the band for both long edges: at least one of them there (the
    band says how many more the log holds), the table in view; or, while a game's page covers
    the table, on that page (``page``: its visible texts)."""
    if not results:
        return []
    if screen != "scoreboard":
        if any(r in text for r in results for text in page):
            return []
        return [f"the result '{results[-1][:50]}' is not in view: the table shows {screen}"]
    if not any(r in near for r in results):
        return [f"the result '{results[-1][:50]}' is not on the band (it reads '{near[:50]}')"]
    if near != far:
        return [f"the result '{results[-1][:50]}' is on the band for one edge only"]
    return []


def undo_unsaid(taken: str, near: str, hidden: Iterable[str] = ()) -> list[str]:
    """Undo's notice names what it took back (the log's words for it; any notice that says
    it took something back when no look saw that command's row), but for the names of cards
    the undo turned face down again (``hidden``: the hidden check's, which must not find them
    there): every other word of the row is said, in its order. Beside results that still
    stand the notice may give way after its first words ("Took back: Dana declared…;
    Alena has no bases left..."): the words it keeps are the row's first."""
    if not near.startswith("Took back"):
        return [f"Undo took back '{taken[:50]}' but the band says '{near[:50]}'"]
    cut, _, rest = near.partition("…; ")
    if taken and not (_says_around(taken, near, hidden) or rest and _begins(taken, cut, hidden)):
        return [f"Undo took back '{taken[:50]}' but the band says '{near[:50]}'"]
    return []


def _pieces(taken: str, hidden: Iterable[str]) -> list[str]:
    """``taken`` split around the names of cards turned face down again."""
    names = sorted({n for n in hidden if n and n in taken}, key=len, reverse=True)
    if not names:
        return [taken]
    return re.split("|".join(re.escape(n) for n in names), taken)


def _says_around(taken: str, near: str, hidden: Iterable[str]) -> bool:
    at = 0
    for piece in _pieces(taken, hidden):
        found = near.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def _begins(taken: str, cut: str, hidden: Iterable[str]) -> bool:
    """The cut notice ``cut`` ("Took back: Dana declared") says the start of ``taken``."""
    said = cut.removeprefix("Took back: ")
    first = _pieces(taken, hidden)[0]
    return bool(said) and (first.startswith(said) or said.startswith(first))


@dataclass
class Said:
    """What the band must say, from the game's log and history since the last look."""

    game: Any = None
    # The log as the last look saw it: the lines after what the log now shares with it are
    # new (an undo between two looks rewrites the log's end; one followed by as many
    # commands leaves the history as long as the last look saw it).
    log: list[Any] = field(default_factory=list)
    history_seen: int = 0
    # The log screen's words for each command by its index, as the looks saw them: two
    # undos between looks (the game ended by hand, then its adjustments taken back) leave
    # the band naming the older one, the last taken back; a look while the rows were not yet
    # redrawn after an undo saw the row of a command no longer there (it is not kept).
    words: dict[int, str] = field(default_factory=dict)
    # Results that came while a game's page covered the table and were not on it: the band
    # must say them when the page closes (the next look at the table).
    waiting: list[str] = field(default_factory=list)

    def look(self, session: Any, screen: str, board: Any, page: Sequence[str] = ()) -> list[str]:
        """``page``: the texts in view when ``screen`` is not the table."""
        game = session.game
        if game is None:
            return []
        if game is not self.game:  # a new game (or a resumed one): nothing in it is news
            self.waiting = []
            self._remember(session, game)
            return []
        problems: list[str] = []
        near, far = board.ids.prompt.text, board.ids.prompt_far.text
        history = len(game.history)
        if history < self.history_seen:
            hidden = [session.catalog.get(c).name for c in session.adapter.hidden_cards(game)]
            problems += undo_unsaid(self.taken_last(history), near, hidden)
            self.waiting = []
        # The results since the last look that still stand (an undo of a later command
        # leaves them: the band says them beside its notice).
        fresh = self.waiting + results_in(session.kind, game.log[self._shared(game.log) :])
        if screen == "scoreboard":
            problems += unsaid(fresh, near, far, screen)
            self.waiting = []
        elif unsaid(fresh, near, far, screen, page):
            self.waiting = fresh  # not on the page in view: the band says them when it is back
        else:
            self.waiting = []
        self._remember(session, game)
        return problems

    def _shared(self, log: Sequence[Any]) -> int:
        """How many lines the log still shares with the one the last look saw."""
        n = 0
        for seen, now in zip(self.log, log, strict=False):
            if seen != now:
                break
            n += 1
        return n

    def _remember(self, session: Any, game: Any) -> None:
        self.game = game
        self.log = list(game.log)
        self.history_seen = count = len(game.history)
        self.words = {i: w for i, w in self.words.items() if i < count}
        self.words.update({r.index: r.text for r in session.log_rows if r.index < count})

    def taken_last(self, history: int) -> str:
        """The words for command ``history`` (the last one undone, when the game went back
        to ``history`` commands since the last look), as the log showed it; "" when no look
        saw its row."""
        return self.words.get(history, "")
