"""Starting explorations: one app process per window size (Kivy's Window is one per process),
two at once on this machine's two cores, and a summary of what they checked and found."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tests.app.explorer import lost
from tests.app.explorer.runner import Exploration

ROOT = Path(__file__).resolve().parents[3]
SIZES = ("1280x800", "800x1280")
# A whole game's steps: the longest seen (Zeal, 8 players) took about 900; reaching the cap is
# a failure (a game that does not end).
CAP = 4000
KILL_CHANCE = 0.004  # per step: about one stop at a seeded moment in 250 steps


def every_game(
    seeds: Sequence[int] = (1,),
    cap: int = CAP,
    kill_chance: float = KILL_CHANCE,
    check_every: int = 1,
) -> list[Exploration]:
    """Every playable game at its fewest, middle and most players, a whole game per seed."""
    from companion_app.games import playable
    from engine import games

    plans = []
    for seed in seeds:
        for kind, _title in playable():
            engine = games.get(kind)
            low, high = engine.min_players, engine.max_players
            for players in sorted({low, (low + high) // 2, high}):
                plans.append(Exploration(kind, players, seed, cap, kill_chance, check_every))
    return plans


def run_size(size: str, plans: Sequence[Exploration], out: Path, timeout: float) -> dict[str, Any]:
    """One app process at ``size`` running ``plans`` in turn; its result.json, read back.

    When the explorer asks (a line ``lost.KILL SIGNAL`` on its output, its checkpoint
    written), the process is stopped with that signal, as a tablet's OS stops an app, and
    started again on the same database: the explorer in the new one resumes the game and goes
    on (lost.py). A process SIGTERM does not end within ``TERM_GRACE_S`` is a failure, told to
    the next one (and ended with SIGKILL)."""
    out.mkdir(parents=True, exist_ok=True)
    # Two explorers on one folder would share its database and each resume the other's game
    # ("the app offers game 2, not 1"): the second is refused in words instead.
    with (out / "explorer.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            error = f"another explorer is running in {out}: wait for it, or give this one --out"
            return {"size": size, "ok": False, "outcomes": [], "error": error}
        return _run_size_locked(size, plans, out, timeout)


def _run_size_locked(
    size: str, plans: Sequence[Exploration], out: Path, timeout: float
) -> dict[str, Any]:
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    env["KIVY_HOME"] = str(out / "kivy-home")
    env.setdefault("PYTHONPATH", str(ROOT))
    result_file = out / "result.json"
    for stale in (result_file, out / "games.sqlite", out / lost.CHECKPOINT):
        stale.unlink(missing_ok=True)
    deadline = time.monotonic() + timeout
    plans_json = json.dumps([asdict(p) for p in plans])
    err_path = out / "stderr.txt"
    err_path.write_text("")
    while True:
        err_file = err_path.open("a")
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.app.explorer.child", str(out), size],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err_file,
            text=True,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(plans_json)
        proc.stdin.close()
        asked = ""
        for line in proc.stdout:
            if line.startswith(lost.KILL):
                asked = line.split()[1]
                break
        if asked:
            _stop(proc, asked, out)
        try:
            proc.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            err_file.close()
            return {"size": size, "ok": False, "outcomes": [], "error": "the explorer hung"}
        err_file.close()
        if not asked:
            break
    if not result_file.exists():
        return {"size": size, "ok": False, "outcomes": [], "error": err_path.read_text()[-4000:]}
    return dict(json.loads(result_file.read_text()))


TERM_GRACE_S = 30.0  # a hang guard: the app saves and exits at once on SIGTERM


def _stop(proc: subprocess.Popen[str], signal_name: str, out: Path) -> None:
    """The app stopped as a tablet's OS stops it; the checkpoint notes a SIGTERM it ignored."""
    proc.send_signal(getattr(signal, signal_name))
    try:
        proc.wait(timeout=TERM_GRACE_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        record = lost.read_checkpoint(out)
        if record is not None:
            record.setdefault("notes", []).append(
                f"SIGTERM did not stop the app in {TERM_GRACE_S:.0f} s (it was killed)"
            )
            lost.write_checkpoint(out, record)


def run_all(
    plans: Sequence[Exploration], out: Path, sizes: Sequence[str] = SIZES, timeout: float = 900
) -> list[dict[str, Any]]:
    """Every plan at every size, the sizes in parallel."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(run_size, size, plans, out / size, timeout) for size in sizes]
        return [job.result() for job in jobs]


def summary(results: Sequence[dict[str, Any]]) -> str:
    """What was played, checked and found: how each game ended and after how many steps,
    the kinds of action made (and any the engine listed but none was made), the restarts,
    with the seed and the command that replays each failure."""
    lines = []
    steps = states = checked = failures = frames = ended = games = restarts = 0
    screens: set[str] = set()
    made: dict[str, set[str]] = {}
    listed: dict[str, set[str]] = {}
    for result in results:
        if not result.get("ok"):
            lines.append(f"{result['size']}: the explorer itself failed:\n{result.get('error')}")
        for o in result["outcomes"]:
            games += 1
            ended += bool(o["over"])
            steps += o["steps"]
            states += o["states"]
            checked += o["checked"]
            frames += o["frames"]
            restarts += len(o["restarts"])
            screens.update(o["screens"])
            failures += len(o["failures"])
            made.setdefault(o["game"], set()).update(o["kinds"])
            listed.setdefault(o["game"], set()).update(o["listed"])
            mark = "ok" if not o["failures"] else f"{len(o['failures'])} failures"
            end = (
                f"ended at step {o['steps']} ({o['actions']} actions; first won at step "
                f"{o['won_at']}): {o['result'][:60]!r}"
                if o["over"]
                else f"NOT ended after {o['steps']} steps"
            )
            lines.append(
                f"{o['game']:>10} {o['players']}p {o['size']:>9} seed {o['seed']}: {end}; "
                f"{o['passes']} passes by Next step, {o['undos']} undos, {o['states']} states, "
                f"{len(o['screens'])} screens, {o['checked']} texts checked, {o['frames']} "
                f"frames drawn, {len(o['restarts'])} restarts, {o['wall_s']:.0f} s "
                f"({o['cpu_s']:.0f} s CPU): {mark}"
            )
            lines.append(f"    made: {', '.join(o['kinds'])}")
            if o["restarts"]:
                lines.append(f"    stopped and started again: {'; '.join(o['restarts'])}")
            for f in o["failures"]:
                lines.append(f"    [{f['kind']}] step {f['step']}: {f['message']}")
                lines.append(f"        screenshot {f['screenshot']}")
            if o["failures"]:
                lines.append(f"    replay: {o['replay']}")
    for game in sorted(listed):
        never = sorted(listed[game] - made[game])
        if never:
            lines.append(f"{game}: listed by the engine but never made: {', '.join(never)}")
    lines.append(
        f"In all: {games} games, {ended} played to their end, {steps} steps, {states} states, "
        f"{restarts} restarts, {len(screens)} screens ({', '.join(sorted(screens))}), "
        f"{checked} texts checked, {failures} failures; {frames} frames drawn."
    )
    return "\n".join(lines)


def never_made(outcomes: Sequence[dict[str, Any]]) -> list[str]:
    """Kinds of action the engine listed in some game but the explorer never made in any."""
    made: set[str] = set()
    listed: set[str] = set()
    for o in outcomes:
        made.update(o["kinds"])
        listed.update(o["listed"])
    return sorted(listed - made)
