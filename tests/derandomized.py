"""`make test` replays the same examples on every run; `make fuzz` explores new ones.

A randomized test that draws new examples each run can fail on a correct program (issue 38:
a fault test failed once in this week's fresh-clone runs on a seed nobody had drawn before), and
a run that fails for no change of code stops a correct submission. So every hypothesis test in
`make test` is derandomized: its examples come from the test's own name, the same on every
machine and every run. Finding new examples is `make fuzz`'s job (profile ``fuzz``), where a
failure prints the example and the blob that replays it.

The profile is loaded here, on import (tests/conftest.py imports this module), before any test
module builds its ``@settings``: a ``@settings(max_examples=...)`` that does not name
``derandomize`` takes it from the profile. A test whose settings say ``derandomize=False``
anyway fails at set-up in `make test` (``pytest_runtest_setup`` below), so no test can opt out
of replaying unnoticed.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

# Derandomized: examples chosen from the test's name; no example database (derandomize
# implies none), so a run reads nothing another run left behind.
settings.register_profile("make-test", derandomize=True)
# New examples each run, remembered in .hypothesis/ so a failure found once replays.
settings.register_profile("fuzz", derandomize=False, print_blob=True)
settings.load_profile("make-test")

FUZZ = "fuzz"


def why_not_derandomized(test: Any) -> str | None:
    """None when ``test`` is no hypothesis test or replays the same examples each run; else
    why it does not, in words for the failure."""
    inner = getattr(test, "hypothesis", None)
    if inner is None:
        return None
    # @settings sets this attribute; a @given test without @settings runs on the profile.
    chosen = getattr(test, "_hypothesis_internal_use_settings", None) or settings.default
    if chosen.derandomize:
        return None
    return (
        f"{getattr(test, '__qualname__', test)} draws new examples each run "
        "(derandomize=False): `make test` replays the same examples (tests/derandomized.py); "
        "exploring new ones is `make fuzz`"
    )


def _profile(config: pytest.Config) -> str | None:
    try:
        return config.getoption("--hypothesis-profile")  # type: ignore[no-any-return]
    except ValueError:  # hypothesis's plugin not loaded: nothing to explore either
        return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _profile(item.config) == FUZZ:
        return
    why = why_not_derandomized(getattr(item, "obj", None))
    if why:
        pytest.fail(why, pytrace=False)
