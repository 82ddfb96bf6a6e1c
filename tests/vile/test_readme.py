"""engine/vile/README.md: every reading it lists is pinned by a test or a scenario file that
exists (a name, or a name ending in * for a family of tests)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
README = HERE.parents[1] / "engine" / "vile" / "README.md"


def test_readme__every_reading_names_tests_and_scenarios_that_exist() -> None:
    text = README.read_text()
    readings = text.split("## Readings where the text is silent or loose")[1]
    tests = {
        m for p in HERE.glob("test_*.py") for m in re.findall(r"def (test_\w+)", p.read_text())
    }
    scenarios = {p.name for p in (HERE / "scenarios").glob("*.toml")}
    items = re.split(r"\n\d+\. ", readings)[1:]
    assert len(items) >= 27
    for item in items:
        assert re.search(r"`(test_[\w*]+|[\w]+\.toml)`", item), f"no pin: {item[:60]}"
    named = re.findall(r"`([\w.*]+)`", readings)
    pins = [n for n in named if n.startswith("test_") or n.endswith(".toml")]
    assert len(pins) >= 25
    for pin in pins:
        if pin.endswith(".toml"):
            assert pin in scenarios, pin
        elif pin.endswith("*"):
            assert any(t.startswith(pin[:-1]) for t in tests), pin
        else:
            assert pin in tests, pin
