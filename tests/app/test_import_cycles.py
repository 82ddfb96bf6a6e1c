"""No import circle anywhere in the tree (engine, hardware, companion_app), between modules or
between the packages that hold them, at run time or only for the type checker (issues 24, 38);
and the checker itself finds circles planted in the real tree and in packages of the test's own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import companion_app
import engine
import hardware
from tests.app.import_graph import cycles, import_graph, package_graph

TREE = tuple(Path(p.__file__).parent for p in (engine, hardware, companion_app))


def test_the_tree_has_no_import_circle_between_modules() -> None:
    graph = import_graph(*TREE)
    # the graph is real: it reads each package, and the edges between them
    assert "companion_app.session.target_picking" in graph["companion_app.session.game_session"]
    assert "engine.zeal.describe" in graph["engine.zeal.game"]
    assert "hardware.events" in graph["hardware.manager"]
    assert "engine.errors" in graph["companion_app.simulator.pipeline_demo"]
    assert cycles(graph) == []


def test_the_tree_has_no_import_circle_between_packages() -> None:
    packages = package_graph(import_graph(*TREE))
    assert "companion_app.games" in packages["companion_app.session"]
    assert "companion_app.tournament" in packages["companion_app.broadcast"]
    assert cycles(packages) == []


def test_a_circle_planted_in_the_tree_is_caught(tmp_path: Path) -> None:
    """The same check on a copy of the tree with two new imports: a widget reading the session
    (a circle of packages) and Zeal's state naming the game (a circle of modules)."""
    roots = [Path(shutil.copytree(root, tmp_path / root.name)) for root in TREE]
    counter = tmp_path / "companion_app" / "widgets" / "counter.py"
    counter.write_text(
        counter.read_text() + "\n\ndef _later() -> None:\n"
        "    from companion_app.session.views import SeatView  # noqa: F401\n"
    )
    state = tmp_path / "engine" / "zeal" / "state.py"
    state.write_text(
        state.read_text() + "\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from engine.zeal.game import ZealGame  # noqa: F401\n"
    )
    graph = import_graph(*roots)
    assert any({"engine.zeal.game", "engine.zeal.state"} <= set(c) for c in cycles(graph))
    assert ["companion_app.games", "companion_app.session", "companion_app.widgets"] in cycles(
        package_graph(graph)
    )


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "pkg"


def test_a_circle_only_the_type_checker_sees_is_found(tmp_path: Path) -> None:
    pkg = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/session.py": "from pkg.targeting import Targeting\n",
            "pkg/targeting.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from pkg.session import GameSession\n"
            ),
            "pkg/alone.py": "import pkg.session\n",
        },
    )
    assert cycles(import_graph(pkg)) == [["pkg.session", "pkg.targeting"]]


def test_circles_through_relative_imports_functions_and_subpackages_are_found(
    tmp_path: Path,
) -> None:
    pkg = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from . import b\n",
            "pkg/b.py": "def later():\n    from pkg.sub.c import thing\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": "from ..a import x\n",
            "pkg/d.py": "from pkg import e\n",
            "pkg/e.py": "from pkg.d import f\n",
        },
    )
    assert cycles(import_graph(pkg)) == [["pkg.a", "pkg.b", "pkg.sub.c"], ["pkg.d", "pkg.e"]]


def test_no_circle_no_finding(tmp_path: Path) -> None:
    pkg = write(
        tmp_path, {"pkg/__init__.py": "", "pkg/a.py": "from pkg import b\n", "pkg/b.py": ""}
    )
    assert import_graph(pkg)["pkg.a"] == {"pkg.b"}
    assert cycles(import_graph(pkg)) == []


def test_packages_that_import_each_other_are_a_circle_though_no_module_circle_is(
    tmp_path: Path,
) -> None:
    pkg = write(
        tmp_path,
        {
            "pkg/__init__.py": "import pkg.low.x\n",  # a package importing its own: no edge
            "pkg/low/__init__.py": "",
            "pkg/low/x.py": "",
            "pkg/low/y.py": "from pkg.high.b import thing\n",
            "pkg/high/__init__.py": "",
            "pkg/high/a.py": "from pkg.low import x\n",
            "pkg/high/b.py": "",
        },
    )
    graph = import_graph(pkg)
    assert cycles(graph) == []
    assert cycles(package_graph(graph)) == [["pkg.high", "pkg.low"]]
