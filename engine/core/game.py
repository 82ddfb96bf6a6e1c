"""The contract every Altar game engine keeps, and every client is written against.

A client (the tablet app, the scenario runner, a benchmark, a third party's tool) holds a
``Game`` and never needs to know which game it is: python-chess's ``Board`` in spirit, with
``legal_actions`` / ``is_legal`` / ``explain`` / ``apply`` / ``undo`` / ``replay`` / ``fork``,
``prompts``, ``outcome``, who acts now, ``describe`` in players' words, and the log.

A game subclass supplies the rules as functions of an immutable state (why an action is
illegal; the state after a legal one, with the log lines it wrote) plus what only it can say
(its legal actions, prompts, outcome, wording). Whole-state undo and replay are here, once.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import length_hint
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine.core.actions import ActionCodec
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.core.undo_stack import Earlier, History
from engine.errors import IllegalAction

SetupT = TypeVar("SetupT")
S = TypeVar("S")
A = TypeVar("A")


class Game(ABC, Generic[SetupT, S, A]):
    """One game in progress. Actions are frozen records with a ``player`` field (the seat
    that takes them); states are immutable, so a snapshot is a reference."""

    kind: ClassVar[str] = ""  # the registry's name for the game ("zeal", "deeds", ...)
    # The note of what legal_actions handed out (listed_now). ``note_codec`` checks the kinds
    # of a noted command's fields; None: the game keeps no note (its rules' check of a command
    # costs about what a lookup does: Devacurse's, measured). ``note_most``: the longest
    # listing worth noting (a lookup compares the command with every listed action before it).
    note_codec: ClassVar[ActionCodec[Any] | None] = None
    note_most: ClassVar[int] = sys.maxsize

    def __init__(self, setup: SetupT, initial: S, initial_log: Sequence[LogEntry] = ()) -> None:
        self.setup = setup
        self._history: History[S, A] = History(initial, initial_log)
        # The last action ``explain`` found legal and the state it was checked in, by identity
        # (both immutable): the app checks every command before it logs it, then applies it,
        # and apply need not check the same action in the same state twice.
        self._checked: tuple[object, object] = (None, None)
        # The listing legal_actions last made, the state it was made in (held, so its identity
        # stays unique) and the iterator handed out, which tells how many the caller has seen.
        self._listed: tuple[object, list[A], Iterator[A]] = (None, [], iter(()))

    # --- what each game supplies ---------------------------------------------------------

    @classmethod
    @abstractmethod
    def start(cls, setup: SetupT, state: S | None = None) -> Self:
        """A game from ``setup``; from ``state`` instead of the setup's opening when given
        (a scenario's position, a fork). Raises SetupError for a setup that can't start."""

    @abstractmethod
    def explain_in(self, state: S, action: A) -> str | None:
        """Why ``action`` is illegal in ``state``, in players' words; None if it is legal."""

    @abstractmethod
    def perform_in(self, state: S, action: A) -> tuple[S, Sequence[LogEntry]]:
        """The state after a legal ``action``, and the log lines it wrote."""

    @abstractmethod
    def list_in(self, state: S) -> list[A]:
        """Every action the rules allow in ``state``, in the order the table sees them (manual
        adjustments are not listed)."""

    @abstractmethod
    def acting_player(self) -> int | None:
        """The seat that must or may act now; None when nobody can (the game is over)."""

    @abstractmethod
    def prompts(self) -> list[Prompt]:
        """What the table should do or know now, in players' words, most urgent first."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def stalemate(self) -> str | None:
        """Why no player can win any more, proven from the rules, in players' words; None when
        that is not proven (issue 34: a claim that no one can win is never made otherwise).

        The game is not over (``outcome`` stays None: the table decides): the app tells the
        table and offers to stop the game there, and random play-outs end there. A game whose
        rules always end keeps this default."""
        return None

    def stall_note(self) -> str | None:
        """What the table sees when the game may be going round in circles, in words that claim
        no proof ("no base lost for good in 20 turns"); None otherwise. The app offers to stop
        there all the same (the table may know more); random play-outs go on. The default:
        nothing to say."""
        return None

    def positions(self) -> Iterator[S]:
        """Every position of this game so far, the current one first (for ``stalemate``:
        whether anything still changes)."""
        return self._history.newest_first()

    @abstractmethod
    def status(self) -> Status:
        """Where the game is: turn or round, phase or step, whose turn."""

    @abstractmethod
    def player_names(self) -> tuple[str, ...]:
        """The players' names, by seat."""

    @abstractmethod
    def describe(self, action: A) -> str:
        """``action`` in players' words as of the current position ("Alena played Burn")."""

    # --- the same for every game ---------------------------------------------------------

    @property
    def state(self) -> S:
        return self._history.state

    @property
    def initial_state(self) -> S:
        """The position the game started from (saving = this position + the command log)."""
        return self._history.initial

    @property
    def log(self) -> Sequence[LogEntry]:
        """Every log line so far, oldest first."""
        return self._history.log

    @property
    def history(self) -> Sequence[A]:
        """Every action applied so far, oldest first."""
        return self._history.actions

    def explain(self, action: A) -> str | None:
        state = self._history.state
        if self.listed_now(action):
            # Listed as legal in this very state: the app lists the choices after every
            # command (hints, previews), then checks the device's command against the rules.
            self._checked = (state, action)
            return None
        problem = self.explain_in(state, action)
        if problem is None:
            self._checked = (state, action)
        return problem

    def is_legal(self, action: A) -> bool:
        return self.explain(action) is None

    def legal_actions(self) -> Iterator[A]:
        """The actions the rules allow now, in order (manual adjustments are not listed): a
        plain list iterator, noted for listed_now unless the game keeps no note."""
        state = self._history.state
        listed = self.list_in(state)
        handed = iter(listed)
        if self.note_codec is not None and len(listed) <= self.note_most:
            self._listed = (state, listed, handed)
        return handed

    def listed_now(self, action: A) -> bool:
        """True only for an action that ``legal_actions`` handed out in the current state (the
        object itself, or one equal to it, as a device's command is): it is known legal, and
        neither ``explain`` nor ``apply`` need run the rules' check again (python-chess's pushes
        of generated moves skip the legality check the same way). The note holds the state it
        was made in (states are immutable; compared by identity), so it can never go stale."""
        known, listed, handed = self._listed
        if known is not self._history.state:
            return False
        try:
            where = listed.index(action)  # by equality, the very object first
        except ValueError:
            return False
        if where >= len(listed) - length_hint(handed):
            return False  # worked out but not yet handed out: the caller stopped before it
        if listed[where] is action:
            return True
        # Equal is not enough for a command built elsewhere: True == 1 and 1.0 == 1, so its
        # fields must also be of the right kinds (what explain() checks first).
        codec = self.note_codec
        return codec is not None and codec.type_problem(action) is None

    def apply(self, action: A) -> None:
        """Applies a legal action; IllegalAction (a ValueError) leaves everything untouched."""
        history = self._history
        state = history.state
        checked_state, checked_action = self._checked
        if not ((checked_action is action and checked_state is state) or self.listed_now(action)):
            problem = self.explain_in(state, action)
            if problem is not None:
                raise IllegalAction(problem)
        after, entries = self.perform_in(state, action)
        history.push(action, after, entries)

    def undo(self) -> A:
        """Restores the exact previous state (a snapshot, not reverse logic)."""
        if not self._history.can_pop():
            raise IllegalAction("there is nothing to undo")
        return self._history.pop()

    def apply_all(self, actions: Iterable[A]) -> None:
        """Applies a command log; a refused action's IllegalAction carries its index."""
        for index, action in enumerate(actions):
            try:
                self.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(exc.message, index=index) from None

    def position_before(self, index: int) -> S:
        """The position the ``index``th action of the history was applied to."""
        return self._history.before(index)

    def describe_made(self, index: int) -> str:
        """The ``index``th action of the history in players' words as of the position it was
        made in, so a log reads the same however late a row is worded: at once, after an
        undo brings it back into view, or after a resume replays the game (issue 33)."""
        action = self._history.actions[index]
        return self.start(self.setup, self.position_before(index)).describe(action)

    def fork(self) -> Self:
        """A separate game from this position, for what-ifs (a combat preview, a hint):
        states are immutable, so nothing is copied; its history starts empty."""
        return self.start(self.setup, self.state)

    @classmethod
    def replay(cls, setup: SetupT, actions: Iterable[A], *, state: S | None = None) -> Self:
        """A game with ``actions`` applied; IllegalAction carries the refused action's index."""
        game = cls.start(setup, state)
        game.apply_all(actions)
        return game

    @classmethod
    def resume_from(
        cls,
        setup: SetupT,
        state: S,
        moves: int,
        log: tuple[int, Sequence[LogEntry]],
        earlier_actions: Callable[[], Sequence[A]],
    ) -> Self:
        """The game as it was after its first ``moves`` commands, whose position was ``state``
        (a snapshot), without replaying them: ``log`` is how many log lines they wrote and the
        newest of those lines. The commands themselves (``earlier_actions``) are replayed only
        when something asks for what came before the snapshot (an undo back past it, an old
        row of the log, the first position's successors); then the game is exactly the one
        ``replay`` makes. The caller vouches that ``state`` is that position (the app's store
        checks a snapshot before it hands one out)."""
        first = cls.start(setup)
        if not moves:
            return first  # nothing before the snapshot: the game as it starts

        def make() -> tuple[list[S], list[A], list[LogEntry], list[int]]:
            replayed = cls.start(setup)
            replayed.apply_all(earlier_actions())
            h = replayed._history
            return h._states, h._actions, h._log, h._log_marks

        game = cls.start(setup, state)
        lines, newest = log
        earlier = Earlier(first.initial_state, moves, lines, tuple(newest), make)
        game._history = History(state, (), earlier)
        return game

    def is_over(self) -> bool:
        return self.outcome() is not None
