"""The registry of games: a game's kind ("zeal") to what it registers (engine.core.kind).

A game is a package ``engine/<kind>/`` whose module ``kind.py`` defines ``KIND``, a
``GameKind``. Adding a game is one line here; nothing else in Altar names a game.
Packages are imported when first asked for, so using one game loads no other.
"""

from __future__ import annotations

from importlib import import_module

from engine.core.kind import GameKind

# In the order the new-game screen lists them.
_MODULES: dict[str, str] = {
    "zeal": "engine.zeal.kind",
    "deeds": "engine.deeds.kind",
    "vile": "engine.vile.kind",
    "devacurse": "engine.devacurse.kind",
    "zg": "engine.zg.kind",
}

DEFAULT_KIND = "zeal"  # files and saved games from before there was a choice are Zeal's


class UnknownGame(ValueError):
    """A kind no registered game has."""


def kinds() -> tuple[str, ...]:
    """Every registered game's kind, in the order the new-game screen lists them."""
    return tuple(_MODULES)


def get(kind: str) -> GameKind:
    """The registered game ``kind``; UnknownGame naming the games there are."""
    module = _MODULES.get(kind)
    if module is None:
        known = ", ".join(f'"{k}"' for k in _MODULES)
        raise UnknownGame(f'there is no game "{kind}" (the games are: {known})')
    found: GameKind = import_module(module).KIND
    return found


def all_games() -> tuple[GameKind, ...]:
    return tuple(get(kind) for kind in _MODULES)
