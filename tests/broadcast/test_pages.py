"""The broadcast page in a real browser (Debian's Chromium, driven by Playwright): a tablet's
command appears in the page, a late viewer and a late server see the present, the overlay is
drawn on a transparent background, and a replay steps through a recorded game. Screenshots of
each view at phone and projector sizes go to test-output/broadcast/ for review."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from companion_app.broadcast.export import export_game
from companion_app.broadcast.serve import Feed
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from tests.broadcast.support import CHROMIUM, ServerThread, Tablet, admitted, broker

OUT = Path(__file__).resolve().parents[2] / "test-output" / "broadcast"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="make test installs chromium")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("pages")
    OUT.mkdir(parents=True, exist_ok=True)
    with broker(tmp) as b:
        store = CommandStore(str(tmp / "games.sqlite"))
        session = GameSession(store, lambda _k: TagRegistry(":memory:"))
        session.auto_advance_s = 0
        session.start_new(["Alena", "Anton"], seed=7, first_player=0, kind="zeal")
        Clock.tick()
        tablet = Tablet(session, b.port, "final")
        replays = tmp / "replays"
        replays.mkdir()
        server = ServerThread(
            Feed("127.0.0.1", b.port, admitted=admitted(tablet.key)), replays
        ).start()
        yield {
            "broker": b,
            "session": session,
            "tablet": tablet,
            "server": server,
            "browser": chromium,
            "replays": replays,
            "store": store,
        }
        server.stop()
        tablet.stop()
        store.close()


def command(session: GameSession, action: Any) -> None:
    assert session.command(action), session.message
    Clock.tick()  # the redraw that publishes


BIG_IS = """([name, value]) => {
  const big = document.querySelector(`.seat[data-seat="${name}"] .big`);
  return big !== null && big.firstChild.textContent === value;
}"""


def wait_big(page: Any, name: str, value: int) -> None:
    """Waits for the page to show ``value`` as ``name``'s headline number."""
    page.wait_for_function(BIG_IS, arg=[name, str(value)])


def seat_text(page: Any, name: str) -> str:
    return str(page.inner_text(f'.seat[data-seat="{name}"]'))


def test_a_tablet_command_appears_in_the_page(world: dict[str, Any]) -> None:
    page = world["browser"].new_page(viewport=PROJECTOR)
    page.goto(f"{world['server'].url}/table/final")
    page.wait_for_selector('.seat[data-seat="Alena"]')
    command(world["session"], za.SetDevotion(0, current=5))
    wait_big(page, "Alena", 5)
    assert "Devotion" in seat_text(page, "Alena")
    page.screenshot(path=str(OUT / "table_projector.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(OUT / "table_phone.png"), full_page=True)
    page.close()


def test_a_late_viewer_and_a_late_server_see_the_present(world: dict[str, Any]) -> None:
    command(world["session"], za.SetDevotion(1, current=4))
    # A second server started after the tablet published: the broker's retained view.
    feed = Feed("127.0.0.1", world["broker"].port, admitted=admitted(world["tablet"].key))
    late = ServerThread(feed).start()
    try:
        page = world["browser"].new_page(viewport=PROJECTOR)
        page.goto(late.url + "/")
        page.wait_for_selector('.card[data-table="final"]')
        wait_big(page, "Anton", 4)
        page.screenshot(path=str(OUT / "tournament_projector.png"))
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(OUT / "tournament_phone.png"), full_page=True)
        page.close()
    finally:
        late.stop()


def test_the_overlay_is_drawn_on_a_transparent_page(world: dict[str, Any]) -> None:
    from PIL import Image

    page = world["browser"].new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{world['server'].url}/overlay/final?layout=corner")
    page.wait_for_selector('.seat[data-seat="Anton"]')
    png = page.screenshot(omit_background=True)
    (OUT / "overlay_corner.png").write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    assert image.getpixel((5, 5))[3] == 0  # the video shows through away from the numbers
    box = page.locator('.seat[data-seat="Anton"]').bounding_box()
    assert box is not None and box["x"] > 640 and box["y"] > 360  # the corner layout
    inside = image.getpixel((int(box["x"] + box["width"] / 2), int(box["y"] + box["height"] / 2)))
    assert inside[3] > 0
    page.goto(f"{world['server'].url}/overlay/final?layout=bar")
    page.wait_for_selector('.seat[data-seat="Anton"]')
    (OUT / "overlay_bar.png").write_bytes(page.screenshot(omit_background=True))
    page.close()


def test_a_replay_steps_forward_and_back(world: dict[str, Any]) -> None:
    session, store = world["session"], world["store"]
    command(session, za.SetDevotion(0, current=2))
    saved = store.load(session.game_id)
    replay = export_game(saved, "final")
    (world["replays"] / "final.json").write_text(json.dumps(replay))
    page = world["browser"].new_page(viewport=PROJECTOR)
    page.goto(f"{world['server'].url}/replay?file=final.json")
    page.wait_for_selector('.seat[data-seat="Alena"]')
    assert page.get_attribute("body", "data-at") == "0"
    assert page.inner_text(".seat[data-seat='Alena'] .big").startswith("0")
    page.keyboard.press("End")
    last = len(replay["views"]) - 1
    page.wait_for_function("(at) => document.body.dataset.at === at", arg=str(last))
    assert page.inner_text(".seat[data-seat='Alena'] .big").startswith("2")
    page.click("#back")
    assert page.get_attribute("body", "data-at") == str(last - 1)
    page.screenshot(path=str(OUT / "replay_projector.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(OUT / "replay_phone.png"), full_page=True)
    page.goto(f"{world['server'].url}/replay?file=nothing.json")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert "No replay named nothing.json" in page.inner_text("#error")
    page.close()
