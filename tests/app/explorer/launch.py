"""Starting explorations: one app process per window size (Kivy's Window is one per process),
two at once on this machine's two cores, and a summary of what they checked and found."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tests.app.explorer.runner import Exploration

ROOT = Path(__file__).resolve().parents[3]
SIZES = ("1280x800", "800x1280")


def every_game(steps: int, seeds: Sequence[int] = (1,)) -> list[Exploration]:
    """Every playable game at its fewest and most players, ``steps`` steps per seed."""
    from companion_app.games import playable
    from engine import games

    plans = []
    for seed in seeds:
        for kind, _title in playable():
            engine = games.get(kind)
            for players in sorted({engine.min_players, engine.max_players}):
                plans.append(Exploration(kind, players, seed, steps))
    return plans


def run_size(size: str, plans: Sequence[Exploration], out: Path, timeout: float) -> dict[str, Any]:
    """One app process at ``size`` running ``plans`` in turn; its result.json, read back."""
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    env["KIVY_HOME"] = str(out / "kivy-home")
    env.setdefault("PYTHONPATH", str(ROOT))
    result_file = out / "result.json"
    result_file.unlink(missing_ok=True)
    (out / "games.sqlite").unlink(missing_ok=True)
    proc = subprocess.run(
        [sys.executable, "-m", "tests.app.explorer.child", str(out), size],
        input=json.dumps([asdict(p) for p in plans]),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if not result_file.exists():
        return {"size": size, "ok": False, "outcomes": [], "error": proc.stderr[-4000:]}
    return dict(json.loads(result_file.read_text()))


def run_all(
    plans: Sequence[Exploration], out: Path, sizes: Sequence[str] = SIZES, timeout: float = 900
) -> list[dict[str, Any]]:
    """Every plan at every size, the sizes in parallel."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(run_size, size, plans, out / size, timeout) for size in sizes]
        return [job.result() for job in jobs]


def summary(results: Sequence[dict[str, Any]]) -> str:
    """What was checked and found, with the seed and the command that replays each failure."""
    lines = []
    steps = states = checked = failures = frames = 0
    screens: set[str] = set()
    for result in results:
        if not result.get("ok"):
            lines.append(f"{result['size']}: the explorer itself failed:\n{result.get('error')}")
        for o in result["outcomes"]:
            steps += o["steps"]
            states += o["states"]
            checked += o["checked"]
            frames += o["frames"]
            screens.update(o["screens"])
            failures += len(o["failures"])
            mark = "ok" if not o["failures"] else f"{len(o['failures'])} failures"
            lines.append(
                f"{o['game']:>10} {o['players']}p {o['size']:>9} seed {o['seed']}: "
                f"{o['steps']} steps, {o['undos']} undos, {o['states']} states, "
                f"{len(o['screens'])} screens, {o['checked']} texts checked, "
                f"{o['frames']} frames drawn, {len(o['kinds'])} kinds of action made: {mark}"
            )
            lines.append(f"    made: {', '.join(o['kinds'])}")
            for f in o["failures"]:
                lines.append(f"    [{f['kind']}] step {f['step']}: {f['message']}")
                lines.append(f"        screenshot {f['screenshot']}")
            if o["failures"]:
                lines.append(f"    replay: {o['replay']}")
    lines.append(
        f"In all: {steps} steps, {states} states, {len(screens)} screens "
        f"({', '.join(sorted(screens))}), {checked} texts checked, {failures} failures; "
        f"{frames} frames drawn (one for each check of the screen)."
    )
    return "\n".join(lines)
