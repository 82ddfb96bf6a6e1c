"""The app's tests on a loaded machine (issue 22): a busy-loop process per core beside them.

    python -m tests.app.under_load [PYTEST ARGS]      (make test-under-load; default: tests/app)

A test that passes only while the machine is idle fails CI some day: three taps once fell
outside the 1.2 s burst window in real time. The app's timers run on a clock the tests move
(companion_app/session/clock.py); this is the check that nothing else assumes real time stays
within a window. It starts the hogs, runs pytest, stops the hogs it started, prints how much
CPU they took (so a hog that never ran is seen) and exits with pytest's code.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

HOG = "while True: pass"


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str]) -> int:
    cores = os.cpu_count() or 1
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(cores)]
    started = time.monotonic()
    try:
        env = {**os.environ, "KIVY_NO_ARGS": "1"}
        tests = argv or ["tests/app", "-q"]
        code = subprocess.call([sys.executable, "-m", "pytest", *tests], env=env)
        took = time.monotonic() - started
        burned = sum(_cpu_seconds(h.pid) for h in hogs)
    finally:
        for hog in hogs:  # only the processes started here
            hog.kill()
            hog.wait()
    print(
        f"under load: {cores} busy-loop process(es) took {burned:.0f} CPU-seconds "
        f"while pytest ran for {took:.0f} s; pytest exited {code}"
    )
    if burned < 0.1 * took:
        print("the hogs hardly ran: this run says nothing about a loaded machine")
        return code or 1
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
