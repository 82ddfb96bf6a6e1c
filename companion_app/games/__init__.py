"""The games the app can play: a game's kind to its adapter (companion_app/games/base.py).

A game plays in the app when the engine registers it (engine/games.py) and it has an adapter
here. Adding a game is one line below; the generic app modules never name a game.
"""

from __future__ import annotations

from importlib import import_module

from companion_app.games.base import GameAdapter
from engine import games

_ADAPTERS: dict[str, str] = {
    "zeal": "companion_app.games.zeal.adapter",
    "deeds": "companion_app.games.deeds.adapter",
    "vile": "companion_app.games.vile.adapter",
    "devacurse": "companion_app.games.devacurse.adapter",
    "zg": "companion_app.games.zg.adapter",
}

_LOADED: dict[str, GameAdapter] = {}


def adapter_for(kind: str) -> GameAdapter:
    """The adapter of ``kind``; ValueError naming the games there are when it has none."""
    found = _LOADED.get(kind)
    if found is None:
        module = _ADAPTERS.get(kind)
        if module is None:
            known = ", ".join(_ADAPTERS)
            raise ValueError(f'the app can\'t play "{kind}" (it plays: {known})')
        found = import_module(module).ADAPTER
        _LOADED[kind] = found
    return found


def playable() -> list[tuple[str, str]]:
    """(kind, title) of every game the app can play, in the registry's order."""
    return [(k, games.get(k).title) for k in games.kinds() if k in _ADAPTERS]
