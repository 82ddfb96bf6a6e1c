"""Python's garbage collector set for the way the engines allocate (issue 37).

The engines make many small immutable records per command (states, actions, log lines) and
keep every state for undo; almost none of them is in a reference cycle, so reference counting
frees them and the collector's passes find next to nothing. With the collector as Python sets
it, a young pass runs every 700 allocations and a full pass walks the whole heap (the loaded
app, catalogs, kv rules, widgets, and the game's whole history) again and again: that cost
grew with what was loaded and with the game, not with what the command did.

``tune_collector`` is called once everything is loaded (the app, when it has started): what
loading left as garbage is collected, then everything alive is frozen (``gc.freeze``: moved
where no pass looks again; it is never freed, and was not going to be), and the thresholds
are raised so that passes are rarer and each one walks only what the game made since.
Cycles are still collected, later; nothing that the rules or the saves see changes.
"""

from __future__ import annotations

import gc

# (young, middle, old): a young pass every 50,000 new container objects instead of 700, and
# the older generations visited after 20 and 20 of the younger passes instead of 10 and 10.
THRESHOLDS = (50_000, 20, 20)
PYTHON_DEFAULT = (700, 10, 10)


def tune_collector() -> None:
    """Collect what loading left, freeze the rest, raise the thresholds (once loaded)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def default_collector() -> None:
    """The collector as Python starts it (for the benches' side-by-side run)."""
    gc.unfreeze()
    gc.set_threshold(*PYTHON_DEFAULT)
