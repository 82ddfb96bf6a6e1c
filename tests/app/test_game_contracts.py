"""The contracts "generic modules import no game" (pyproject.toml, import-linter) name the
generic modules by pattern, so every module of the engine and of the app is held, a new one
at once (issue 38: the hand-made list missed broadcast/, session/log_window.py,
session/sounds.py and two simulator modules); and they forbid exactly the registered games."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.domain.fields import ModuleExpressionField
from importlinter.domain.helpers import module_expressions_to_modules

from engine import games

ROOT = Path(__file__).resolve().parents[2]


def contract(starting: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found = [
        c for c in config["tool"]["importlinter"]["contracts"] if c["name"].startswith(starting)
    ]
    assert len(found) == 1, f"one contract named {starting!r}"
    return found[0]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", "companion_app", cache_dir=None)


def held(graph: grimp.ImportGraph, patterns: object) -> set[str]:
    assert isinstance(patterns, list)
    field = ModuleExpressionField()
    expressions = [field.parse(p) for p in patterns]
    return {m.name for m in module_expressions_to_modules(graph, expressions, as_packages=True)}


@pytest.mark.parametrize(
    ("name", "root"),
    [("The engine's shared modules import no game", "engine"),
     ("The app's generic modules import no game", "companion_app")],
)  # fmt: skip
def test_every_module_is_held_by_the_no_game_contract(
    graph: grimp.ImportGraph, name: str, root: str
) -> None:
    c = contract(name)
    everything = {m for m in graph.modules if m == root or m.startswith(root + ".")}
    missed = everything - held(graph, c["source_modules"]) - {root}
    assert not missed, f"modules the contract does not hold: {sorted(missed)}"
    # The ones the hand-made list missed, by name: the check above is not empty-handed.
    if root == "companion_app":
        for module in (
            "companion_app.broadcast",
            "companion_app.session.log_window",
            "companion_app.session.sounds",
            "companion_app.simulator.pipeline_demo",
        ):
            assert module in held(graph, c["source_modules"])


def test_the_no_game_contracts_forbid_exactly_the_registered_games() -> None:
    kinds = games.kinds()
    engine_games = {f"engine.{k}" for k in kinds}
    app_games = {f"companion_app.games.{k}" for k in kinds}
    assert set(contract("The engine's shared")["forbidden_modules"]) == engine_games  # type: ignore[arg-type]
    app = contract("The app's generic")
    assert set(app["forbidden_modules"]) == engine_games | app_games  # type: ignore[arg-type]
    # A game's adapter package may import its own engine package, and no other game's.
    assert set(app["ignore_imports"]) == {  # type: ignore[arg-type]
        f"companion_app.games.{k}.** -> engine.{k}{tail}" for k in kinds for tail in ("", ".**")
    }
