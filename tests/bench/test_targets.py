"""The benches' targets live in bench/targets.toml, in the repository (issue 25): every row a
bench names is there with a number, a missing row is an error rather than a silent "met", and
the verdict follows the figure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bench import targets

BENCH = Path(__file__).resolve().parents[2] / "bench"


def rows_named_by_the_benches(only: Path | None = None) -> set[str]:
    """Every string constant a bench passes to report() or target_number(), directly or
    through a module-level name (``only``: one bench's)."""
    named: set[str] = set()
    for script in [only] if only else sorted(BENCH.glob("bench_*.py")):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        constants = {
            t.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for t in node.targets
            if isinstance(t, ast.Name) and isinstance(node.value.value, str)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "report",
                "target_number",
            ):
                what = node.args[1] if getattr(node.func, "id", "") == "report" else node.args[0]
                if isinstance(what, ast.Name) and what.id in constants:
                    named.add(constants[what.id])
                elif isinstance(what, ast.Constant):
                    named.add(what.value)
    return named


def test_every_row_a_bench_names_is_in_targets_toml_with_a_number() -> None:
    named = rows_named_by_the_benches()
    assert "engine legal-action generation + apply" in named  # bench_speed's, found
    assert len(named) >= 6
    for what in named:
        assert targets.target(what)
        assert targets.target_number(what) >= 0


def test_the_speed_target_is_one_and_a_half_times_python_chess() -> None:
    assert targets.target_number("engine legal-action generation + apply") == 1.5


def test_a_row_that_is_missing_is_an_error_not_a_met() -> None:
    with pytest.raises(KeyError, match="no row"):
        targets.report("a figure", "a target nobody wrote down", True)


def test_the_verdict_follows_the_figure() -> None:
    what = "replay of a 10,000-command game"
    assert targets.report("0.7 s", what, False).endswith("  not met")
    assert targets.report("0.3 s", what, True).endswith("  met")
    assert "<= 0.5 s" in targets.report("0.3 s", what, True)
