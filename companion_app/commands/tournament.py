"""`altar tournament`: host a Zeal draft tournament, join it from a table, or run a broker.

  altar tournament host --folder DIR --players A B C D --tables 4 --start-broker [--tls]
  altar tournament host --folder DIR ... --broker HOST:PORT --broker-config CONFDIR
  altar tournament join --code CODE --folder DIR --broker 127.0.0.1:1883 --stand-ins SEED
  altar tournament move --folder DIR --table N --to KEY   a table moved to a new tablet
  altar tournament broker --folder DIR              an open Mosquitto on 127.0.0.1 (tests, demos)
  altar tournament host --folder DIR --swiss --players A B C ... --tables 8 [--rounds N]
      [--cut 8] [--seed S] [--hold]                 a store's Swiss event (docs/tournament.md)
  altar tournament organize --folder DIR drop NAME [--pending loss|draw|play] | enter NAME |
      decide MATCH A B | pair | find NAME | standings

The host prints one join code per table, and a watcher's code for tablets that only show the
standings. With --start-broker it runs Mosquitto itself for this tournament: a password for
every table and for the watchers, an ACL (each table publishes on its own topic only, watchers
only read), anonymous clients refused; --tls adds a certificate the codes pin. --broker-config
writes the same configuration for a Mosquitto that runs elsewhere. See docs/tournament.md.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

from companion_app.commands.args import BadInput, parse_broker, port_argument

MAX_TABLES = 64  # a store's tournament; each table is a broker login, a key and a client
MAX_PLAYERS = 64


def _count(what: str, most: int) -> Any:
    def parse(text: str) -> int:
        if not text.strip().isdigit() or not 1 <= int(text) <= most:
            raise argparse.ArgumentTypeError(f"{what} is a number from 1 to {most}, not {text!r}")
        return int(text)

    return parse


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
    h.add_argument(
        "--start-broker",
        action="store_true",
        help="run Mosquitto for this tournament on --broker's port (closed to strangers)",
    )
    h.add_argument(
        "--bind", default=None, help="with --start-broker: the address to listen on (0.0.0.0: all)"
    )
    h.add_argument(
        "--tls", action="store_true", help="the broker speaks TLS only, with a pinned certificate"
    )
    h.add_argument(
        "--no-broadcast",
        action="store_true",
        help="tables do not publish their games for `altar broadcast serve` (docs/broadcast.md)",
    )
    h.add_argument(
        "--broker-config",
        type=Path,
        metavar="DIR",
        help="write mosquitto.conf, its password file and ACL (and certificate) to DIR for a "
        "broker run elsewhere",
    )
    h.add_argument(
        "--swiss",
        action="store_true",
        help="a Swiss event for --players (any number): rounds by match points, byes, drops, "
        "late entries, tiebreakers, a top cut",
    )
    h.add_argument("--rounds", type=int, default=None, help="Swiss: rounds (default log2 n)")
    h.add_argument("--cut", type=int, default=0, choices=(0, 4, 8), help="Swiss: the top cut")
    h.add_argument("--seed", type=int, default=None, help="Swiss: the draw's seed (default new)")
    h.add_argument(
        "--hold",
        action="store_true",
        help="Swiss: pair each round only when the organizer says so (organize pair)",
    )
    h.add_argument("--tables", type=_count("--tables", MAX_TABLES), default=4)
    h.add_argument("--best-of", type=int, default=2, choices=(2, 3))
    h.add_argument("--timeout", type=float, default=12 * 3600, help="seconds to serve at most")
    h.add_argument(
        "--linger", type=float, default=30.0, help="seconds to keep serving once it is over"
    )

    o = sub.add_parser("organize", help="a Swiss event's organizer: drops, entries, results")
    o.add_argument("--folder", type=Path, required=True, help="the host's files")
    o.add_argument(
        "order",
        nargs="+",
        help="drop NAME | enter NAME | decide MATCH WINS_A WINS_B | pair | find NAME | standings",
    )
    o.add_argument(
        "--pending",
        choices=("play", "loss", "draw"),
        default="play",
        help="drop: the dropped player's match still being played is played out, conceded "
        "0-2, or drawn as it stands",
    )

    m = sub.add_parser(
        "move", help="move a table to the tablet that tried its code (the host said which)"
    )
    m.add_argument("--folder", type=Path, required=True, help="the host's files")
    m.add_argument("--table", type=int, required=True, help="the table, as the host numbers it")
    m.add_argument("--to", required=True, help="the start of the new tablet's key (8 or more)")

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
    from companion_app.tournament.files import NotAltars

    try:
        return _run(args)
    except NotAltars as e:  # one of Altar's files holds something else: said, left as it is
        raise BadInput(str(e)) from None


def _run(args: argparse.Namespace) -> int:
    _exit_on_sigterm()
    if getattr(args, "players", None) and len(args.players) > MAX_PLAYERS:
        raise BadInput(f"a tournament here has at most {MAX_PLAYERS} players")
    if args.action == "broker":
        return _run_broker(args)
    if args.action == "host":
        return _run_host(args)
    if args.action == "organize":
        from companion_app.commands.tournament_swiss import organize

        return organize(args)
    if args.action == "move":
        return _run_move(args)
    return _run_join(args)


def _run_move(args: argparse.Namespace) -> int:
    """The organizer's deliberate move of a table to a new tablet (docs/tournament.md): the
    running host picks it up from its folder's bindings.json."""
    from companion_app.tournament.binding import BINDINGS_FILE, Bindings

    if not (args.folder / BINDINGS_FILE).is_file():
        print(f"{args.folder} holds no tournament's tablets ({BINDINGS_FILE} is missing)")
        return 2
    try:
        bindings = Bindings(args.folder)
        key = bindings.move(args.table - 1, args.to)
    except ValueError as e:
        print(f"can't move table {args.table}: {e}")
        return 2
    print(f"table {args.table} now takes results from tablet {key[:8]} only", flush=True)
    return 0


def _run_broker(args: argparse.Namespace) -> int:
    from companion_app.tournament.mosquitto import Mosquitto

    broker = Mosquitto(args.folder, port=args.port)
    try:
        broker.start()
    except RuntimeError as e:  # its port taken, or Mosquitto itself would not start
        print(f"can't start the broker: {e}")
        return 2
    print(f"mosquitto on 127.0.0.1:{broker.port} (Ctrl-C stops it)", flush=True)
    print(
        "it is open to anyone on this machine: a tournament's own, closed broker is "
        "`altar tournament host --start-broker`",
        flush=True,
    )
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
    from companion_app.tournament.mosquitto import Mosquitto
    from companion_app.tournament.view import standings_text
    from engine.tournament import Tournament, TournamentError, tournament_from_dict

    try:
        cfg = HostConfig.load(args.folder)
    except ValueError as e:
        print(e)
        return 2
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
            elif args.players and args.swiss:
                from companion_app.commands.tournament_swiss import new_event

                t = new_event(args)
            elif args.players:
                t = Tournament.round_robin(args.players, tables=args.tables, best_of=args.best_of)
            else:
                print("give --players or --teams (or a folder holding a tournament)")
                return 2
        except (TournamentError, ValueError) as e:
            print(f"can't set up the tournament: {e}")
            return 2
        cfg = HostConfig.create(args.folder, t)
    if cfg.broadcast == args.no_broadcast:
        cfg.broadcast = not args.no_broadcast
        cfg.save(args.folder)
    address = _broker(args.broker)
    tls = _tls(args, cfg, address[0])
    broker = None
    if args.broker_config is not None:
        _write_broker_config(args.broker_config, cfg, address, tls, args.bind)
    if args.start_broker:
        broker = Mosquitto(
            args.folder / "broker",
            address[1],
            access=cfg.access(),
            tls=tls,
            bind=args.bind or address[0],
        )
        try:
            broker.start()
        except RuntimeError as e:
            print(f"can't start the broker: {e}")
            return 2
        print(f"broker: mosquitto on {args.bind or address[0]}:{broker.port}", flush=True)
    tables = tournament_from_dict(cfg.tournament).tables
    for table in range(tables):
        print(f"table {table + 1}: --code {cfg.join_code(table)}", flush=True)
    # A tablet that only shows the standings gets no signing key: it can report nothing.
    print(f"watchers: --code {cfg.watch_code()}", flush=True)
    if cfg.tournament.get("format") == "swiss":
        from companion_app.commands.tournament_swiss import swiss_host

        host = swiss_host(args, cfg, address)
    else:
        host = Host(args.folder, cfg, address)
    host.on_notice = lambda text: print(text, flush=True)  # what the organizer must see
    try:
        done = host.run(timeout=args.timeout, linger=args.linger)
    except KeyboardInterrupt:
        done = host.tournament.finished
    finally:
        stats = {
            "accepted": host.version,
            "duplicates": host.duplicates,
            "refused": host.refused,
            "refusals": dict(host.refusals),
            "last_refusal": host.last_refusal,
        }
        (args.folder / "host_stats.json").write_text(json.dumps(stats))
        if broker is not None:
            broker.stop()
    print(standings_text(host.tournament), flush=True)
    return 0 if done else 1


def _tls(args: argparse.Namespace, cfg: Any, broker_host: str) -> Any:
    """The broker's certificate (made once, in the host's folder) when the tournament uses TLS;
    its hash goes into every code, so tables made before --tls need their new codes."""
    from companion_app.tournament.broker_access import BrokerTls, make_certificate

    tls = BrokerTls(args.folder / "broker-cert.pem", args.folder / "broker-key.pem")
    if args.tls and not tls.cert.exists():
        names = sorted({broker_host, "localhost", "127.0.0.1"} - {"", "0.0.0.0"})
        tls = make_certificate(args.folder, names)
    if not tls.cert.exists():
        return None
    if cfg.pin != tls.pin:
        cfg.pin = tls.pin
        cfg.save(args.folder)
    return tls


def _write_broker_config(
    folder: Path, cfg: Any, address: tuple[str, int], tls: Any, bind: str | None
) -> None:
    import shutil

    from companion_app.tournament.broker_access import BrokerTls
    from companion_app.tournament.mosquitto import config_text

    folder.mkdir(parents=True, exist_ok=True)
    if tls is not None:
        for f in (tls.cert, tls.key):
            shutil.copy(f, folder / f.name)
        tls = BrokerTls(folder / tls.cert.name, folder / tls.key.name)
    conf = folder / "mosquitto.conf"
    conf.write_text(
        config_text(address[1], folder, bind=bind or "0.0.0.0", access=cfg.access(), tls=tls)
    )
    print(f"broker config: mosquitto -c {conf}  (with its passwords, acl beside it)", flush=True)


def _run_join(args: argparse.Namespace) -> int:
    from companion_app.games import adapter_for
    from companion_app.tournament.files import write_json
    from companion_app.tournament.table import JoinCode, Table
    from companion_app.tournament.view import standings_text, summary
    from companion_app.tournament_play.table_play import TOURNAMENT_KIND
    from engine.tournament import GameResult, GameSlot, tournament_from_dict

    try:
        code = JoinCode.parse(args.code)
    except ValueError as e:
        print(e)
        return 2
    # The stand-ins play the tournament's game: its adapter names them (no game named here).
    stand_ins = adapter_for(TOURNAMENT_KIND).tournament_players
    if stand_ins is None:
        print("this game's tournaments have no stand-in players")
        return 2
    players: list[Any] = []

    def play(slot: GameSlot) -> GameResult:
        if not players:  # the players come with the host's first state
            assert table.seen.state is not None
            names = tuple(table.seen.state["tournament"]["players"])
            players.append(stand_ins.StandIns(names, args.stand_ins))
        return players[0].play(slot)

    table = Table(args.folder, code, _broker(args.broker), play)
    try:
        done = table.run(timeout=args.timeout)
    except KeyboardInterrupt:
        done = False
    if table.seen.state is not None:
        write_json(args.folder / "standings.json", summary(table.seen.state))
        print(standings_text(tournament_from_dict(table.seen.state["tournament"])), flush=True)
    return 0 if done else 1
