"""Two watch-only tablets in a real Kivy window (one window per process, so the test starts
this as a child), on a real Mosquitto with a host serving: each types the watcher's code the
host printed and taps "Watch". Then someone holding only what a watcher holds sends results
(logged in as the watchers' user, signed with a key of its own or with the host's public key
used as a private one): the broker refuses them. Then table 1 reports its real result.

    python -m tests.tournament.watch_drive OUT_DIR
writes OUT_DIR/result.json (what the watchers showed, what the host took) and OUT_DIR/watch.png.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout

from companion_app.tournament import keys, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import Mosquitto
from companion_app.tournament.table import JoinCode, Table
from companion_app.tournament_play.screen import TournamentScreen
from engine.tournament import GameResult, Tournament
from tests.tournament.mqtt_probe import Probe

TIMEOUT = 60.0
TID = "watch"


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    cfg = HostConfig.create(
        out / "host", Tournament.round_robin(("Ann", "Bo", "Cy", "Di"), tables=4), tid=TID
    )
    broker = Mosquitto(out / "broker", access=cfg.access())  # closed: the codes' logins only
    broker.start()
    address = ("127.0.0.1", broker.port)
    host = Host(out / "host", cfg, address)
    threading.Thread(target=host.run, kwargs={"timeout": TIMEOUT}, daemon=True).start()
    match = next(m for m in host.tournament.matches if m.table == 0 and m.round == 0)
    result: dict[str, Any] = {"ok": False, "watch_code": cfg.watch_code()}
    watchers_saw_first_state = threading.Event()

    def the_store() -> None:
        """What happens at the store once the watchers show the standings: a watcher tries to
        report (with all it holds), then table 1 reports its game for real."""
        if not watchers_saw_first_state.wait(TIMEOUT):
            return
        held = JoinCode.for_watching(cfg.watch_code())
        body = {
            "tid": TID,
            "table": 0,
            "match": match.id,
            "game": 0,
            "winner": match.b,  # the contrary of what table 1 reports below
            "reason": "forged",
            "ended_at": time.time(),
        }
        forger = Probe(*address, held.username, held.password, "altar-watch-forger")
        result["forger_connack"] = forger.connect()
        own_key = keys.new_private_key()
        result["forger_pubacks"] = [
            forger.publish(topics.result(TID, 0), keys.sign(keys.RESULT, body, key))
            for key in (own_key, held.host_key)
        ]
        forger.close()
        result["refused_before_real"] = host.refused
        result["version_before_real"] = host.version
        table = Table(out / "table1", JoinCode.parse(cfg.join_code(0)), address)
        table.link.start()
        table.link.wait_connected(10)
        slot = next(s for s in host.tournament.pending() if s.match == match.id)
        table.report(slot, GameResult(match.a, "the last base standing"))
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and table.outbox:
            table.poll(0.2)  # resends until the standings carry it
        table.link.stop()

    class WatchApp(App):
        def build(self) -> BoxLayout:
            root = BoxLayout(orientation="vertical")
            self.screens = [TournamentScreen(name=f"watcher{i}") for i in (1, 2)]
            for screen in self.screens:
                root.add_widget(screen)
                screen.ids.code.text = cfg.watch_code()
                screen.ids.broker.text = f"127.0.0.1:{broker.port}"
                screen.ids.watch.dispatch("on_release")  # the "Watch" button
            self.before: list[list[list[str]]] = []
            self.started = time.monotonic()
            threading.Thread(target=the_store, daemon=True).start()
            Clock.schedule_interval(self.check, 0.2)
            return root

        def check(self, _dt: float) -> Any:
            screens = self.screens
            if not self.before and all(s.standings for s in screens):
                self.before = [list(s.standings) for s in screens]
                watchers_saw_first_state.set()
            wins = [{row[1]: row[4] for row in s.standings} for s in screens if s.standings]
            if len(wins) == 2 and all(w.get(match.a) == "1" for w in wins):
                Clock.schedule_once(self.shoot, 0.5)  # let the RecycleViews lay out
                return False
            if time.monotonic() - self.started > TIMEOUT:
                result["error"] = f"the watchers never showed the result: {wins!r}"
                self.stop()
            return None

        def shoot(self, _dt: float) -> None:
            # The screen at the window's origin: screen.kv draws its background at self.pos,
            # which a Screen (a RelativeLayout) placed elsewhere would draw off its own canvas.
            self.screens[1].export_to_png(str(out / "watch.png"))
            first = self.screens[0]
            recorded = host.tournament.results
            result.update(
                ok=True,
                errors=[s.error for s in self.screens],
                watching=[s.watching for s in self.screens],
                joined=[s.joined for s in self.screens],
                play_disabled=[s.ids.play.disabled for s in self.screens],
                table_bar_height=[s.ids.table_bar.height for s in self.screens],
                tables=[s.table for s in self.screens],
                this_match=first.this_match,
                before=self.before,
                after=[list(s.standings) for s in self.screens],
                connects=[s._link.connects for s in self.screens if s._link is not None],
                refused=host.refused,
                last_refusal=host.last_refusal,
                recorded={f"{m}/{g}": r.winner for (m, g), r in recorded.items()},
                match=[match.id, match.a, match.b],
            )
            for s in self.screens:
                s.stop_following()
            self.stop()

    try:
        WatchApp().run()
    finally:
        broker.stop()
        (out / "result.json").write_text(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
