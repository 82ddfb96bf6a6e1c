"""The page in a real browser (Debian's Chromium, one browser for the module, many pages), fed
by the real server from a board the test fills by hand, so what reaches the page is checked by
nothing but the page's own script:

- a bad view of every field kind (``bad_views``), in a new viewer's snapshot and live, is not
  drawn and is counted, and never stops the page or another table (issue 36: `seats: null` on
  one table stopped the whole tournament page);
- the overlay, in each of its layouts, for 2 to 8 players at 1280x720, 1920x1080 and
  3840x2160: every seat and the step line whole in the picture (``page_checks``), nothing cut
  or overlapping, where docs/broadcast.md says (bar along the bottom, column down the left,
  corner bottom right).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.broadcast.bad_views import bad_views, good_view
from tests.broadcast.page_checks import PROBLEMS, problems
from tests.broadcast.support import BoardServer
from tests.broadcast.test_pages import OUT, pytestmark  # noqa: F401

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
PLAYERS = range(2, 9)
WAIT_MS = 20_000


@pytest.fixture(scope="module")
def world(chromium: Any) -> Iterator[dict[str, Any]]:
    OUT.mkdir(parents=True, exist_ok=True)
    server = BoardServer()
    yield {"server": server, "browser": chromium}
    server.stop()


def big_of(page: Any, table: str, seat: str) -> str:
    return str(
        page.evaluate(
            """([t, s]) => {
              const el = document.querySelector(`[data-table="${t}"] .seat[data-seat="${s}"] .big`);
              return el ? el.firstChild.textContent : "";
            }""",
            [table, seat],
        )
    )


def with_big(view: dict[str, Any], value: int, seq: int) -> dict[str, Any]:
    view = dict(view, seq=seq)
    seats = [dict(s) for s in view["seats"]]
    seats[0]["counters"] = [dict(seats[0]["counters"][0], value=value), *seats[0]["counters"][1:]]
    view["seats"] = seats
    return view


def test_a_bad_view_of_any_field_is_not_drawn_and_stops_nothing(world: dict[str, Any]) -> None:
    server: BoardServer = world["server"]
    good = good_view(3, "good")
    other = good_view(2, "other", seed=9)
    bad = bad_views(good)
    server.clear()
    server.plant("good", good)
    server.plant("other", other)
    for i, (_why, view) in enumerate(bad):  # in the snapshot a new viewer is sent
        server.plant(f"bad{i:03d}", view)
    server.plant_standings(
        {"headline": "", "round": 1, "rows": None, "pairings": [], "swiss": None}
    )
    page = world["browser"].new_page(viewport={"width": 1920, "height": 1080})
    overlay = world["browser"].new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(f"{server.server_url}/")
        overlay.goto(f"{server.server_url}/overlay/good?layout=corner")
        page.wait_for_selector('.card[data-table="other"] .seat')
        overlay.wait_for_selector(".seat")
        assert page.locator(".card[data-table]").count() == 2  # only the two good tables
        assert page.get_attribute("body", "data-refused") == str(len(bad) + 1)  # + standings
        name = good["seats"][0]["name"]
        for n, (_why, view) in enumerate(bad, start=1):  # live, one after another
            server.push(view)
            # Between bad views, a good table changes: each must still be drawn.
            if n % 25 == 0:
                server.push(with_big(other, 100 + n, 1000 + n))
                page.wait_for_function(
                    "(v) => document.querySelector('[data-table=\"other\"] .seat .big')"
                    "?.firstChild.textContent === v",
                    arg=str(100 + n),
                    timeout=WAIT_MS,
                )
        server.push(with_big(good, 77, 2000))
        page.wait_for_function(
            "(n) => document.querySelector('[data-table=\"good\"] .seat .big')"
            "?.firstChild.textContent === '77'",
            timeout=WAIT_MS,
        )
        overlay.wait_for_function(
            "() => document.querySelector('.seat .big')?.firstChild.textContent === '77'",
            timeout=WAIT_MS,
        )
        assert big_of(page, "good", name) == "77"
        refused = int(page.get_attribute("body", "data-refused") or 0)
        print(f"{len(bad)} bad views, in the snapshot and live: {refused} refused by the page")
        assert refused == 2 * len(bad) + 1
        assert page.locator(".card[data-table]").count() == 2
        assert not problems(overlay, "#overlay", [s["name"] for s in good["seats"]])
    finally:
        page.close()
        overlay.close()
        server.clear()


# The text checks and where the overlay's seats and step line lie, in one call per picture.
CHECK = f"""([root, names]) => {{
  const rs = [...document.querySelectorAll('#overlay .seat, #overlay .step')]
    .map((e) => e.getBoundingClientRect());
  return {{
    problems: ({PROBLEMS})([root, names]),
    rect: {{ left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)),
             top: Math.min(...rs.map((r) => r.top)), bottom: Math.max(...rs.map((r) => r.bottom)) }},
  }};
}}"""


def _placement(r: dict[str, float], layout: str, width: int, height: int) -> list[str]:
    edge = 0.03
    wrong = []
    if layout == "bar":  # a row along the bottom
        if r["bottom"] < height * (1 - edge) or r["top"] < height / 2:
            wrong.append(f"the bar is not along the bottom ({r})")
    elif layout == "column":  # down the left
        if r["left"] > width * edge or r["right"] > width / 2:
            wrong.append(f"the column is not down the left ({r})")
    elif (
        r["right"] < width * (1 - edge)
        or r["bottom"] < height * (1 - edge)
        or r["left"] < width / 2
    ):
        wrong.append(f"the corner is not bottom right ({r})")
    return wrong


def test_the_overlay_at_every_player_count_layout_and_size(world: dict[str, Any]) -> None:
    server: BoardServer = world["server"]
    views = {n: good_view(n, "live") for n in PLAYERS}
    started = time.perf_counter()
    found: list[str] = []
    checked = 0
    seq = 0
    for layout in ("corner", "column", "bar"):
        page = world["browser"].new_page(viewport={"width": 1280, "height": 720})
        try:
            page.goto(f"{server.server_url}/overlay/live?layout={layout}")
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                for n in PLAYERS:
                    seq += 1
                    view = dict(views[n], seq=seq)
                    server.plant("live", view)  # for a page not yet connected: its snapshot
                    server.push(view)
                    page.wait_for_function(
                        "(s) => document.querySelectorAll('#overlay .seat').length === s",
                        arg=n,
                        timeout=WAIT_MS,
                    )
                    names = [s["name"] for s in views[n]["seats"]]
                    where = f"{layout} {width}x{height} {n} players"
                    seen = page.evaluate(CHECK, ["#overlay", names])
                    found += [f"{where}: {p}" for p in seen["problems"]]
                    found += [
                        f"{where}: {p}" for p in _placement(seen["rect"], layout, width, height)
                    ]
                    checked += 1
                    if n == 8 and width == 1920:
                        png = page.screenshot(omit_background=True)
                        (OUT / f"overlay_{layout}_{n}.png").write_bytes(png)
        finally:
            page.close()
    print(f"{checked} overlays checked in {time.perf_counter() - started:.1f} s")
    assert checked == 3 * len(SIZES) * len(PLAYERS)
    assert not found, "\n".join(found[:30])
