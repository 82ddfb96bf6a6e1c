"""engine/deeds/README.md: every reading names the tests that pin it, and they exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme__every_named_test_exists() -> None:
    text = (ROOT / "engine" / "deeds" / "README.md").read_text()
    names = re.findall(r"`(test_[a-z0-9_]+?)(\*?)`", text)
    assert len(names) > 30
    source = "".join(p.read_text() for p in (ROOT / "tests" / "deeds").glob("test_*.py"))
    for name, star in names:
        assert f"def {name}{'' if star else '('}" in source, name


def test_readme__every_reading_is_pinned_by_a_test() -> None:
    text = (ROOT / "engine" / "deeds" / "README.md").read_text()
    readings = text.split("## Readings")[1]
    for entry in re.split(r"\n(?=\d+\. )", readings)[1:]:
        assert "`test_" in entry, entry[:60]
