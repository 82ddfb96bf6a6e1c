"""`altar tournament host --swiss` and `altar tournament organize`: a store's Swiss event
(docs/tournament.md, "Running a Swiss event"). The organizer's orders go to the host's folder;
the running host takes them at its next turn (swiss_host.py)."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any


def new_event(args: argparse.Namespace) -> Any:
    from engine.tournament import SwissEvent

    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    return SwissEvent.create(
        args.players,
        tables=args.tables,
        seed=seed,
        rounds=args.rounds,
        cut=args.cut,
        best_of=args.best_of,
    )


def swiss_host(args: argparse.Namespace, cfg: Any, address: tuple[str, int]) -> Any:
    from companion_app.tournament import swiss_view
    from companion_app.tournament.swiss_host import SwissHost

    host = SwissHost(args.folder, cfg, address, auto_pair=not args.hold)
    t = host.event
    # The seed is shown: anyone can draw round 1 again from it and the names.
    print(
        f"Swiss event: {len(t.players)} players, {t.swiss_rounds} rounds, seed {t.seed}", flush=True
    )
    if t.cut:
        print(f"top cut: {t.cut}", flush=True)
    print(swiss_view.round_text(t), flush=True)
    # Each new round as soon as it is on disk, and what each organizer's order did.
    host.announce = lambda text: print(text, flush=True)
    return host


def organize(args: argparse.Namespace) -> int:
    from companion_app.tournament import swiss_view
    from companion_app.tournament.host import HostConfig
    from companion_app.tournament.swiss_host import event_of, give_order
    from engine.tournament import TournamentError

    order = list(args.order)
    what, rest = order[0], order[1:]
    try:
        cfg = HostConfig.load(args.folder)
        if cfg is None:
            print(f"{args.folder} holds no tournament: start it with `altar tournament host`")
            return 2
        if what in ("find", "standings"):
            event = event_of(cfg, Path(args.folder))
            if what == "find":
                print(swiss_view.find_player(event, " ".join(rest)))
            else:
                print(swiss_view.standings_text(event))
                print()
                print(swiss_view.round_text(event))
            return 0
        said = give_order(Path(args.folder), _order(what, rest, args.pending))
    except (TournamentError, ValueError) as e:
        print(f"refused: {e}")
        return 2
    print(f"{said} (the host takes it at once if it is running, else when it starts)")
    return 0


def _order(what: str, rest: list[str], pending: str) -> dict[str, Any]:
    from engine.tournament import TournamentError

    if what in ("drop", "enter") and rest:
        order: dict[str, Any] = {"do": what, "player": " ".join(rest)}
        if what == "drop":
            order["pending"] = pending
        return order
    if what == "decide" and len(rest) == 3 and rest[1].isdigit() and rest[2].isdigit():
        return {"do": "decide", "match": rest[0], "a": int(rest[1]), "b": int(rest[2])}
    if what == "pair" and not rest:
        return {"do": "pair"}
    raise TournamentError(
        "say drop NAME, enter NAME, decide MATCH WINS_A WINS_B (e.g. decide r3m12 2 0), pair, "
        "find NAME or standings"
    )
