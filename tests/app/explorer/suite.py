"""The explorer as `make test` runs it: every playable game at its fewest and most players, a
few steps each on one seed, one orientation per test class.

Why one orientation a class: pytest-xdist (`--dist loadscope`) keeps a class's tests on one
worker, so the landscape and portrait explorations (tests/app/test_explorer_tables.py) run on
two workers at once, each class starting the one app process its orientation needs (Kivy's
Window is one per process) and running every exploration in it. Neither class depends on the
other: both run every plan below.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.app.explorer.launch import ROOT, every_game, run_size, summary

OUT = ROOT / "test-output" / "explorer-test"
STEPS = 8  # per game, player count and size: 7 explorations a size, 56 steps
SEED = 3
PLANS = every_game(STEPS, seeds=(SEED,))
# A hang guard only: the app process's time is printed, never asserted (a loaded machine is
# slow, not wrong).
HANG_S = 1500


def explore_at(size: str, out: Path = OUT) -> dict[tuple[str, int], Any]:
    """Every plan at ``size`` in one app process: its outcomes by (game, players), after the
    summary (seeds, counts, replay commands) is printed and written beside the screenshots."""
    began = time.monotonic()
    result = run_size(size, PLANS, out / size, timeout=HANG_S)
    text = summary([result])
    print(f"\n{text}\nexplorer at {size}: {time.monotonic() - began:.0f} s")
    (out / size / "summary.txt").write_text(text)
    assert result.get("ok"), f"the explorer at {size} failed:\n{result.get('error')}"
    return {(o["game"], o["players"]): o for o in result["outcomes"]}


def assert_explored(explored: dict[tuple[str, int], Any], plan: Any, size: str) -> None:
    """The plan was explored, every step was made through the table and every screen passed
    every check; a failure names the seed and the command that replays it."""
    o = explored.get((plan.game, plan.players))
    assert o is not None, f"{plan.game} at {plan.players} players ({size}) was not explored"
    problems = [f"[{f['kind']}] step {f['step']}: {f['message']}" for f in o["failures"]]
    assert not problems, (
        f"{plan.game}, {plan.players} players, {size}, seed {o['seed']}:\n"
        + "\n".join(problems)
        + f"\nreplay: {o['replay']}"
    )
    assert o["steps"] == plan.steps or o["over"], o
