"""`altar tournament`: host a Zeal draft tournament, join it from a table, or run a broker.

  altar tournament broker --folder DIR              Mosquitto on 127.0.0.1 until Ctrl-C
  altar tournament host --folder DIR --players A B C D --tables 4 --broker 127.0.0.1:1883
  altar tournament join --code CODE --folder DIR --broker 127.0.0.1:1883 --stand-ins SEED

The host prints one join code per table, and a watcher's code for tablets that only show the
standings. See docs/tournament.md.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path

from companion_app.commands.args import parse_broker, port_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    b = sub.add_parser("broker", help="run Mosquitto on loopback for a tournament")
    b.add_argument("--folder", type=Path, required=True)
    b.add_argument("--port", type=port_argument, default=1883)

    h = sub.add_parser("host", help="host a tournament (resumes if the folder has one)")
    h.add_argument("--folder", type=Path, required=True, help="the host's files")
    h.add_argument("--broker", default="127.0.0.1:1883", help="host:port of the MQTT broker")
    h.add_argument("--players", nargs="+", help="4 Player Round Robin: the players")
    h.add_argument(
        "--teams",
        nargs=2,
        metavar="NAME:P1,P2,..",
        help="6-8 Player Team Draft: two teams, e.g. Red:Ann,Bo,Cy Blue:Di,Ed,Flo",
    )
    h.add_argument("--tables", type=int, default=4)
    h.add_argument("--best-of", type=int, default=2, choices=(2, 3))
    h.add_argument("--timeout", type=float, default=12 * 3600, help="seconds to serve at most")
    h.add_argument(
        "--linger", type=float, default=30.0, help="seconds to keep serving once it is over"
    )

    j = sub.add_parser("join", help="join a tournament as one table")
    j.add_argument("--code", required=True, help="the join code the host printed for this table")
    j.add_argument("--folder", type=Path, required=True, help="this table's files")
    j.add_argument("--broker", default="127.0.0.1:1883")
    j.add_argument(
        "--stand-ins",
        type=int,
        metavar="SEED",
        required=True,
        help="engine random play-outs play this table's games (seeded); the app's tournament "
        "screen is how real players join",
    )
    j.add_argument("--timeout", type=float, default=12 * 3600)


def _broker(text: str) -> tuple[str, int]:
    return parse_broker(text)  # BadInput in words (commands/args.py), exit 2


def _exit_on_sigterm() -> None:
    # SIGTERM unwinds like Ctrl-C, so the MQTT client says goodbye and the files are closed.
    signal.signal(signal.SIGTERM, lambda *_a: sys.exit(0))


def run(args: argparse.Namespace) -> int:
    _exit_on_sigterm()
    if args.action == "broker":
        return _run_broker(args)
    if args.action == "host":
        return _run_host(args)
    return _run_join(args)


def _run_broker(args: argparse.Namespace) -> int:
    from companion_app.tournament.mosquitto import Mosquitto

    broker = Mosquitto(args.folder, port=args.port)
    broker.start()
    print(f"mosquitto on 127.0.0.1:{broker.port} (Ctrl-C stops it)", flush=True)
    try:
        while broker.proc is not None and broker.proc.poll() is None:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        broker.stop()
    return 0


def _run_host(args: argparse.Namespace) -> int:
    from companion_app.tournament.host import Host, HostConfig
    from companion_app.tournament.view import standings_text
    from engine.tournament import Tournament, TournamentError

    cfg = HostConfig.load(args.folder)
    if cfg is None:
        try:
            if args.teams:
                (na, pa), (nb, pb) = (t.split(":", 1) for t in args.teams)
                t = Tournament.team_draft(
                    (na, pa.split(",")),
                    (nb, pb.split(",")),
                    tables=args.tables,
                    best_of=args.best_of,
                )
            elif args.players:
                t = Tournament.round_robin(args.players, tables=args.tables, best_of=args.best_of)
            else:
                print("give --players or --teams (or a folder holding a tournament)")
                return 2
        except (TournamentError, ValueError) as e:
            print(f"can't set up the tournament: {e}")
            return 2
        cfg = HostConfig.create(args.folder, t)
    tables = Tournament.from_dict(cfg.tournament).tables
    for table in range(tables):
        print(f"table {table + 1}: --code {cfg.join_code(table)}", flush=True)
    # A tablet that only shows the standings gets no table key: it can report nothing.
    print(f"watchers: --code {cfg.watch_code()}", flush=True)
    host = Host(args.folder, cfg, _broker(args.broker))
    try:
        done = host.run(timeout=args.timeout, linger=args.linger)
    except KeyboardInterrupt:
        done = host.tournament.finished
    finally:
        stats = {
            "accepted": host.version,
            "duplicates": host.duplicates,
            "refused": host.refused,
            "last_refusal": host.last_refusal,
        }
        (args.folder / "host_stats.json").write_text(json.dumps(stats))
    print(standings_text(host.tournament), flush=True)
    return 0 if done else 1


def _run_join(args: argparse.Namespace) -> int:
    from companion_app.games.zeal.tournament_players import StandIns
    from companion_app.tournament.files import write_json
    from companion_app.tournament.table import JoinCode, Table
    from companion_app.tournament.view import standings_text, summary
    from engine.tournament import GameResult, GameSlot, Tournament

    try:
        code = JoinCode.parse(args.code)
    except ValueError as e:
        print(e)
        return 2
    players: list[StandIns] = []

    def play(slot: GameSlot) -> GameResult:
        if not players:  # the players come with the host's first state
            assert table.seen.state is not None
            names = tuple(table.seen.state["tournament"]["players"])
            players.append(StandIns(names, args.stand_ins))
        return players[0].play(slot)

    table = Table(args.folder, code, _broker(args.broker), play)
    try:
        done = table.run(timeout=args.timeout)
    except KeyboardInterrupt:
        done = False
    if table.seen.state is not None:
        write_json(args.folder / "standings.json", summary(table.seen.state))
        print(standings_text(Tournament.from_dict(table.seen.state["tournament"])), flush=True)
    return 0 if done else 1
