"""Targets, asked where the engine asks for them and chosen by a tap, a scan or a button
(no Kivy here). The session holds one ``Targeting`` and shows its requests (``picking``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from companion_app.games.base import AnyGame, GameAdapter, TargetRequest


@runtime_checkable
class SessionForTargets(Protocol):
    """What choosing targets needs of the session: the game and its adapter, the requests
    being shown (seat -> request), a command played, a word to a seat, a redraw."""

    picking: Mapping[int, TargetRequest]

    @property
    def adapter(self) -> GameAdapter: ...

    def require_game(self) -> AnyGame: ...

    def command(self, action: Any) -> bool: ...

    def say(self, text: str, ok: bool = True, seat: int = -1) -> None: ...

    def redraw(self) -> None: ...


class Targeting:
    def __init__(self, session: SessionForTargets) -> None:
        self.session = session
        self._picks: dict[int, Any] = {}  # seat -> the action whose targets are being chosen

    def play(self, seat: int, action: Any) -> bool:
        """Plays ``action`` for ``seat``, first asking that player for any targets it takes."""
        s = self.session
        game = s.require_game()
        request = s.adapter.target_request(game, action)
        if request is None:
            return s.command(action)
        self._picks[seat] = action
        s.picking = {**s.picking, seat: request}
        s.say(request.prompt, seat=seat)
        s.redraw()
        return True

    def pick(self, seat: int, index: int | None) -> bool:
        """The player at ``seat`` chose option ``index`` (None: "No target")."""
        s = self.session
        game = s.require_game()
        action, request = self._picks.get(seat), s.picking.get(seat)
        if action is None or request is None:
            return False
        if index is None:
            if not request.optional:
                s.say("A target is needed here: choose one, or Cancel.", ok=False, seat=seat)
                return False
            action = s.adapter.without_target(game, action)
            following = None
        else:
            action = s.adapter.with_target(game, action, request.options[index].value)
            following = s.adapter.target_request(game, action)
        if following is not None:
            self._picks[seat] = action
            s.picking = {**s.picking, seat: following}
            s.say(following.prompt, seat=seat)
            return True
        self.cancel(seat)
        return s.command(action)

    def cancel(self, seat: int) -> None:
        s = self.session
        self._picks.pop(seat, None)
        s.picking = {k: v for k, v in s.picking.items() if k != seat}

    def by_scan(self, card_id: str) -> bool:
        """A scan of a card that is one of the choices picks it."""
        for seat, request in list(self.session.picking.items()):
            for index, option in enumerate(request.options):
                if option.card_id == card_id:
                    return self.pick(seat, index) or True
        return False

    def by_tap(self, seat: int, key: str) -> bool:
        """A tap on a counter that is one of the choices (a base) picks it."""
        for picker, request in list(self.session.picking.items()):
            for index, option in enumerate(request.options):
                if option.seat == seat and option.counter_key == key:
                    return self.pick(picker, index) or True
        return False
