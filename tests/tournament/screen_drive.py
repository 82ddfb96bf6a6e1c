"""Runs the tournament screen in a real Kivy window (one per process, so the test starts this
as a child): a real Mosquitto, a host with round 1 played, and the screen following it.

    python -m tests.tournament.screen_drive OUT_DIR
writes OUT_DIR/result.json (what the screen showed) and OUT_DIR/tournament.png.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import ScreenManager

from companion_app.tournament import binding, keys, topics
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.mosquitto import Mosquitto
from companion_app.tournament.table import JoinCode
from companion_app.tournament_play.screen import TournamentScreen
from engine.tournament import Tournament

TIMEOUT = 60.0


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    cfg = HostConfig.create(
        out / "host", Tournament.round_robin(("Ann", "Bo", "Cy", "Di"), tables=4), tid="screen"
    )
    broker = Mosquitto(out / "broker", access=cfg.access())  # closed: the codes' logins only
    broker.start()
    host = Host(out / "host", cfg, ("127.0.0.1", broker.port))
    tablets = [keys.new_private_key() for _ in range(4)]  # each table's own key (binding.py)
    for t, tablet in enumerate(tablets):
        join = binding.join_message("screen", t, cfg.table_keys[t], tablet)
        assert host.handle(topics.result("screen", t), join)
    for m in host.tournament.matches:
        if m.round == 0:
            key = tablets[m.table]
            for game, winner in enumerate((m.a, m.a)):
                body = {
                    "tid": "screen",
                    "table": m.table,
                    "match": m.id,
                    "game": game,
                    "winner": winner,
                    "reason": "the last base standing",
                    "ended_at": time.time(),
                }
                assert host.handle(
                    topics.result("screen", m.table), keys.sign(keys.RESULT, body, key)
                )
    server = threading.Thread(target=host.run, kwargs={"timeout": TIMEOUT}, daemon=True)
    server.start()
    result: dict[str, object] = {"ok": False}

    class ScreenApp(App):
        def build(self) -> ScreenManager:
            sm = ScreenManager()
            self.screen = TournamentScreen(name="tournament")
            sm.add_widget(self.screen)
            self.screen.follow(JoinCode.parse(cfg.join_code(2)), ("127.0.0.1", broker.port))
            self.started = time.monotonic()
            Clock.schedule_interval(self.check, 0.2)
            return sm

        def check(self, _dt: float) -> None:
            s = self.screen
            if s.headline.startswith("Round 2") and s.standings:
                Clock.schedule_once(self.shoot, 0.5)  # let the RecycleViews lay out
                return False  # type: ignore[return-value]
            if time.monotonic() - self.started > TIMEOUT:
                result["error"] = f"the screen never showed round 2: {s.headline!r}"
                self.stop()
            return None

        def shoot(self, _dt: float) -> None:
            s = self.screen
            s.export_to_png(str(out / "tournament.png"))
            result.update(
                ok=True,
                headline=s.headline,
                this_match=s.this_match,
                standings=s.standings,
                pairings=s.pairings,
                status=s.status,
            )
            s.stop_following()
            self.stop()

    try:
        ScreenApp().run()
    finally:
        broker.stop()
        (out / "result.json").write_text(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
