"""The collector set for the engines (companion_app/collector.py, issue 37): what was loaded
is frozen out of the passes, the thresholds are raised, and a reference cycle made afterwards
is still collected. In a child process: freezing is for the whole process, and the test
process's collector must stay as Python set it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import gc, weakref
import engine.games
from companion_app.collector import THRESHOLDS, tune_collector
assert gc.get_freeze_count() == 0
tune_collector()
print("frozen", gc.get_freeze_count() > 1000, "thresholds", gc.get_threshold() == THRESHOLDS)
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a
gone = []
ref = weakref.ref(a, lambda _r: gone.append(True))
del a, b
gc.collect()
print("cycle collected", gone == [True])
"""


def test_tuning_freezes_what_was_loaded_raises_the_thresholds_and_still_collects_cycles() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "frozen",
        "True",
        "thresholds",
        "True",
        "cycle",
        "collected",
        "True",
    ]
