"""`altar export`: a saved game as a replay file the broadcast page opens (docs/broadcast.md).

  altar export --out FILE.json [--game N] [--db PATH]

Without --game it takes the newest finished game.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

NAME = "export"
HELP = "write a saved game as a replay file for the broadcast page"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, help="the replay file to write")
    parser.add_argument("--game", type=int, default=None, help="the saved game's number")
    parser.add_argument("--db", default=None, help="the saved games file (default: the app's)")


def run(args: argparse.Namespace) -> int:
    from companion_app.commands.args import check_altar_sqlite
    from companion_app.saves.location import default_db_path  # no Kivy: saves/location.py
    from companion_app.saves.store import SCHEMA  # plain sqlite3, no Kivy

    path = args.db if args.db is not None else default_db_path()
    if not Path(path).exists():
        print(f"altar export: there is no saved games file at {path}", flush=True)
        return 2
    # Read only, and only Altar's (the tables the store's own SCHEMA makes): another program's
    # database is never given Altar's tables, and an empty file is said to be empty (issue 35).
    # Checked before anything else loads.
    if not check_altar_sqlite(path, SCHEMA, "a saved games file"):
        print(
            f"altar export: {path} is empty: it holds no saved games (nothing was written to it)",
            flush=True,
        )
        return 2
    from companion_app.broadcast.export import ExportError, export_game
    from companion_app.saves.store import CommandStore, StoreError

    try:
        store = CommandStore(path)
        game_id = args.game if args.game is not None else store.newest_finished()
        if game_id is None:
            print("altar export: no game is finished yet (give --game N for another)")
            return 2
        replay = export_game(store.load(game_id))
    except (StoreError, ExportError) as e:
        print(f"altar export: {e}")
        return 1
    try:
        args.out.write_text(json.dumps(replay, ensure_ascii=False), encoding="utf-8")
    except OSError as e:
        print(f"altar export: cannot write {args.out} ({e.strerror or e})")
        return 1
    print(f"game {game_id}: {len(replay['views'])} views written to {args.out}")
    return 0
