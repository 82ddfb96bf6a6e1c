"""The import graph of the tree's packages, read from their source with ``ast`` (issues 24, 38):
every import counts, at the top, inside a function or under ``if TYPE_CHECKING:``, so a circle
that only the type checker sees is a circle too. ``cycles`` names each circle found, between
modules (``import_graph``) or between the packages that hold them (``package_graph``).

An edge goes to the most specific module that exists: ``from pkg.games import adapter_for``
is an edge to ``pkg.games`` (its ``__init__``), ``from pkg.games import zeal`` to
``pkg.games.zeal`` when that is a module. A package's ``__init__`` run before its submodules
is Python's doing, not an import written in the source, and is not an edge.
"""

from __future__ import annotations

import ast
from pathlib import Path


def modules(root: Path) -> dict[str, Path]:
    """Each module of the package at ``root`` by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph(*roots: Path) -> dict[str, set[str]]:
    """Module -> the modules it imports, of the packages at ``roots`` (imports of anything
    else, the standard library or Kivy, are not edges)."""
    known: dict[str, Path] = {}
    for root in roots:
        known.update(modules(root))

    def existing(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets.update(existing(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package, up level - 1
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in known else existing(base))
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module graph lifted to siblings: an import from ``a.b.x`` of ``a.c.y`` is an edge
    from ``a.b`` to ``a.c``, the two children of the deepest package both are in (``a``).
    A package importing what it holds (``a`` of ``a.b``, a registry of its members) is not an
    edge between siblings; everything inside it still is, one level down."""
    lifted: dict[str, set[str]] = {}
    for source, targets in graph.items():
        for target in targets:
            a, b = source.split("."), target.split(".")
            shared = 0
            while shared < min(len(a), len(b)) and a[shared] == b[shared]:
                shared += 1
            if shared == len(a) or shared == len(b):
                continue  # one holds the other
            here, there = ".".join(a[: shared + 1]), ".".join(b[: shared + 1])
            lifted.setdefault(here, set()).add(there)
            lifted.setdefault(there, set())
    return lifted


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other round a circle (the strongly connected
    components of more than one module, and a module importing itself), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)
