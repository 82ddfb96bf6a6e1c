"""No import circle in companion_app, runtime or type-level (issue 24), and the checker
itself finds a circle planted in a package of the test's own."""

from __future__ import annotations

from pathlib import Path

import companion_app
from tests.app.import_graph import cycles, import_graph

APP = Path(companion_app.__file__).parent


def test_companion_app_has_no_import_circle() -> None:
    graph = import_graph(APP)
    assert (
        "companion_app.session.game_session" in graph and "companion_app.session.targeting" in graph
    )
    assert (
        "companion_app.session.targeting" in graph["companion_app.session.game_session"]
    )  # the graph is real
    assert cycles(graph) == []


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
