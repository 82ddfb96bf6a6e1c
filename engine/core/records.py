"""Small read-only records every game engine hands to the app: log lines, prompts, outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.evolve import blank, maker, maker_of, sealed


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log, in players' words."""

    turn: int
    step: str
    player: int | None
    text: str
    # Why the whole table should hear of the line, in the game's own word ("death", "base
    # defeated"; each game's ``News``), or "" for the rest. The app's band keeps such lines a
    # while and ranks them by this word, never by reading the text.
    news: str = ""


@dataclass(frozen=True, slots=True)
class Prompt:
    """Something the table should do or know now.

    ``player`` is who must act (None: everyone / informational). ``kind`` is a short machine tag
    the app can style by: "act", "respond", "choose", "trigger", "reminder", "resolve", "over".
    """

    player: int | None
    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (None for a draw), who was eliminated, and why."""

    winner: int | None
    eliminated: tuple[int, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game is, for the band every seat reads.

    ``turn`` counts turns (or rounds, in games played in rounds); ``phase`` is the step or
    phase in the rulebook's words; ``active`` is whose turn it is (None: nobody's, e.g. while
    both players mulligan or when the game is over); ``waiting`` lists what waits to resolve
    (a stack, pending triggers), top first, in players' words.
    """

    turn: int
    phase: str
    active: int | None
    waiting: tuple[str, ...] = ()


@maker_of(LogEntry)
def _log_entry(turn: int, step: str, player: int | None, text: str, news: str) -> LogEntry:
    """The compiled build's LogEntry(turn, step, player, text, news): its fields stored straight
    into the native slots (compiled), not through the frozen __init__ dataclasses wrote, which
    the compiled build runs interpreted (each field through object.__setattr__: a tenth of
    Zeal's compiled time, with the copies; engine/core/evolve.py)."""
    new = blank(LogEntry)
    new.turn = turn  # type: ignore[misc]  # not handed out yet: as dataclasses' __init__ does
    new.step = step  # type: ignore[misc]
    new.player = player  # type: ignore[misc]
    new.text = text  # type: ignore[misc]
    new.news = news  # type: ignore[misc]
    return sealed(new, LogEntry)


# LogEntry(turn, step, player, text, news) made without the frozen __init__ (every action
# writes a line or two; engine/core/evolve.py's maker: the source's generated twin maker, the
# compiled build's the one above).
log_entry = maker(LogEntry)
