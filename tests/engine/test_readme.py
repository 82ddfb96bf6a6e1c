"""engine/README.md's example is run as a doctest (python-chess does the same with its README)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "engine" / "README.md"


def test_engine_readme_example_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0
