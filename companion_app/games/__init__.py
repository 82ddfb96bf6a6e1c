"""The games the app can play: a game's kind to its adapter (companion_app/games/base.py).

A game registers in one place, the engine's registry (engine/games.py); its adapter is found
where every game's is, the module ``ADAPTER`` of ``companion_app/games/<kind>/adapter.py``, so
the app needs no line of its own for it. The generic app modules never name a game.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from companion_app.games.base import GameAdapter
from engine import games

# A game whose table package stands elsewhere (a test's game, a third party's): its kind to
# its adapter's module. Empty for Altar's own games.
ELSEWHERE: dict[str, str] = {}

_LOADED: dict[str, GameAdapter] = {}


def _adapter_module(kind: str) -> str:
    return ELSEWHERE.get(kind, f"companion_app.games.{kind}.adapter")


def _has_adapter(kind: str) -> bool:
    try:
        return find_spec(_adapter_module(kind)) is not None
    except ModuleNotFoundError:  # not even the game's package
        return False


def adapter_for(kind: str) -> GameAdapter:
    """The adapter of ``kind``; ValueError naming the games there are when it has none."""
    found = _LOADED.get(kind)
    if found is None:
        if kind not in games.kinds() or not _has_adapter(kind):
            known = ", ".join(k for k, _title in playable())
            raise ValueError(f'the app can\'t play "{kind}" (it plays: {known})')
        found = import_module(_adapter_module(kind)).ADAPTER
        _LOADED[kind] = found
    return found


def playable() -> list[tuple[str, str]]:
    """(kind, title) of every game the app can play, in the registry's order."""
    return [(k, games.get(k).title) for k in games.kinds() if _has_adapter(k)]
