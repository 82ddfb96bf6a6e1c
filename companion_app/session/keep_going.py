"""Unexpected errors in a tap's handler are logged and told; the table goes on."""

from __future__ import annotations

from kivy.base import ExceptionHandler, ExceptionManager
from kivy.logger import Logger

from companion_app.session.game_session import GameSession


class KeepGoing(ExceptionHandler):
    """An unexpected error in a tap's handler is logged and told, and the table goes on: the
    command log already holds everything that was applied."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, KeyboardInterrupt | SystemExit):
            return int(ExceptionManager.RAISE)
        Logger.exception("Altar: unexpected error")
        self.session.say(
            f"Something went wrong ({type(inst).__name__}); nothing logged was lost. "
            "Check the scoreboard and correct it if needed.",
            ok=False,
        )
        return int(ExceptionManager.PASS)
