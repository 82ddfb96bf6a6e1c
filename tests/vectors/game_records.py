"""The golden records of every game: seeded random games played out, each kept as a digest of
its whole record (every command through the game's codec, every log line, the final state as
the scenario files see it, the outcome). Both builds of the engine (the source and the mypyc
build: companion_app/engine_build.py) must play every one of them to the very same record.

Written once from the pure-Python engine, and again only when a rules change is meant to change
the games (say so in the commit); never to make a test pass:

    ALTAR_ENGINE=python .venv/bin/python -m tests.vectors.game_records
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

FILE = Path(__file__).with_name("game_records.json")
SEEDS = range(20)
CAP = 600  # commands per game: long enough for cards in play, combat and deaths in every game


def record(kind: Any, seed: int, players: int) -> dict[str, Any]:
    """One game's record: how many commands and log lines it holds, and the digest of it all."""
    played = kind.random_game(seed, players, CAP)
    game = played.game
    whole = {
        "commands": [kind.action_to_dict(a) for a in game.history],
        "log": [[e.turn, e.step, e.player, e.text] for e in game.log],
        "state": kind.state_view(game.state),
        "outcome": repr(game.outcome()),
        "capped": played.capped,
        "stalled": played.stalled,
    }
    text = json.dumps(whole, sort_keys=True, default=repr)
    return {
        "commands": len(whole["commands"]),
        "log lines": len(whole["log"]),
        "digest": hashlib.sha256(text.encode()).hexdigest(),
    }


def every_record() -> dict[str, dict[str, Any]]:
    """game -> "<players> players, seed <n>" -> its record, at each game's fewest and most."""
    from engine import games

    out: dict[str, dict[str, Any]] = {}
    for kind in games.all_games():
        out[kind.kind] = {
            f"{players} players, seed {seed}": record(kind, seed, players)
            for players in sorted({kind.min_players, kind.max_players})
            for seed in SEEDS
        }
    return out


def main() -> int:
    from companion_app import engine_build

    engine_build.activate(engine_build.PYTHON)
    FILE.write_text(json.dumps(every_record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
