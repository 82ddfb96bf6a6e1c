"""The explorer's app process: ``python -m tests.app.explorer.child OUTDIR WxH`` with the
explorations as JSON on stdin; writes OUTDIR/result.json."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


def main() -> int:
    from tests.app.drive import configure

    out, size = Path(sys.argv[1]), sys.argv[2]
    w, h = (int(v) for v in size.split("x"))
    out.mkdir(parents=True, exist_ok=True)
    # No edge smoothing: the explorer compares no picture with a reference, and smoothing
    # doubles what each frame costs the software renderer (tests/app/drive.py).
    configure((w, h), multisamples=0)
    # No frame-rate cap: the explorer's waits are counted in the clock's ticks (tick.py) and
    # the window draws only when the explorer looks, so ticks at 60 a second were wall time
    # spent asleep; uncapped, a step costs its CPU time.
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")
    from tests.app.explorer.runner import Exploration, run

    plans = [Exploration(**p) for p in json.loads(sys.stdin.read())]
    profile = os.environ.get("ALTAR_EXPLORER_PROFILE")  # a file: where the CPU time goes
    if profile:
        import cProfile

        with cProfile.Profile() as prof:
            result = asyncio.run(run(plans, size, out, str(out / "games.sqlite")))
        prof.dump_stats(profile)
    else:
        result = asyncio.run(run(plans, size, out, str(out / "games.sqlite")))
    if result is None:  # stopped on purpose (SIGTERM): launch.py starts it again
        return 0
    (out / "result.json").write_text(json.dumps(result, indent=2, default=str))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
