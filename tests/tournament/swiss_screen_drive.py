"""The tournament screen showing a Swiss event, in a real Kivy window (one per process, so the
test starts this as a child): a Swiss host with round 1 played (no network: the screen is
handed the host's state, as ``show_state`` allows), then a name typed in the search field.

    python -m tests.tournament.swiss_screen_drive OUT_DIR
writes OUT_DIR/result.json (what the screen showed) and OUT_DIR/swiss.png.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import ScreenManager

from companion_app.tournament.host import HostConfig
from companion_app.tournament.swiss_host import SwissHost
from companion_app.tournament_play.screen import TournamentScreen
from engine.tournament import SwissEvent
from tests.tournament.tablets import send_result

PLAYERS = ["Alena", "Anton", "Bea", "Cato", "Dara", "Emil", "Fenna"]


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    event = SwissEvent.create(PLAYERS, tables=3, seed=12, cut=4)
    cfg = HostConfig.create(out / "host", event, tid="sws")
    host = SwissHost(out / "host", cfg, ("127.0.0.1", 9))
    rng = random.Random(12)
    while host.event.paired == 1:
        slot = host.event.pending()[0]
        body = {
            "tid": "sws", "table": slot.table, "match": slot.match, "game": slot.game,
            "winner": rng.choice([slot.first, slot.second]), "reason": "coin", "ended_at": 1.0,
        }  # fmt: skip
        assert send_result(host, body), host.last_refusal
    m = host.event.round_matches(1)[1]
    result: dict[str, object] = {"ok": False, "wanted": m.b}

    class ScreenApp(App):
        def build(self) -> ScreenManager:
            sm = ScreenManager()
            self.screen = TournamentScreen(name="tournament")
            sm.add_widget(self.screen)
            self.screen.show_state(host.state_body())
            Clock.schedule_once(self.type_name, 0.3)
            return sm

        def type_name(self, _dt: float) -> None:
            self.screen.ids.find.text = m.b.upper()[:3]  # the start of a name, any case
            Clock.schedule_once(self.shoot, 0.5)  # let the RecycleViews lay out

        def shoot(self, _dt: float) -> None:
            s = self.screen
            s.export_to_png(str(out / "swiss.png"))
            result.update(
                ok=True,
                headline=s.headline,
                header=list(s.ids.standings_head.children[0].cells),
                header_kind=type(s.ids.standings_head.children[0]).__name__,
                standings=s.standings,
                pairings=s.pairings,
                found=s.found,
                find_height=s.ids.find_bar.height,
            )
            self.stop()

    ScreenApp().run()
    (out / "result.json").write_text(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
