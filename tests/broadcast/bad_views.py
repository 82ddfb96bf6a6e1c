"""Bad views of every field kind, made from the schema itself (``view_schema.VIEW``): for each
field of the view, of a seat and of a counter, the field null, of the wrong type, past each of
its bounds, missing; and a field the page does not know. Each is what a table's real key could
sign (issue 36: `seats: null`, `seats: 5`, `waiting: null`)."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Any

from companion_app.broadcast import view_schema as vs
from companion_app.broadcast.public_view import public_view
from companion_app.games import adapter_for
from engine.zeal.randomplay import random_game

Path = tuple[str | int, ...]


@functools.cache
def _played(players: int, seed: int) -> Any:
    return random_game(seed, players, 60).game


def good_view(players: int = 2, table: str = "good", seed: int = 5) -> dict[str, Any]:
    """A real view of a Zeal game part played, with every list holding something."""
    view = public_view(_played(players, seed), adapter_for("zeal"), table)
    view["waiting"] = view["waiting"] or ["A trigger waits"]
    view["log"] = view["log"] or ["Alena passes"]
    seat = view["seats"][0]
    seat["badges"] = seat["badges"] or ["Priority"]
    seat["lines"] = seat["lines"] or ["A card in play"]
    return vs.check_view(view)


def _wrong_type(spec: vs.Spec) -> Any:
    if isinstance(spec, vs.Text):
        return 5
    if isinstance(spec, vs.Whole):
        return "7"
    if isinstance(spec, vs.Flag):
        return "yes"
    if isinstance(spec, vs.Items):
        return {"0": 1}
    return ["a list"]


def _past_bounds(spec: vs.Spec, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(spec, vs.Maybe):
        yield from _past_bounds(spec.of, value)
    elif isinstance(spec, vs.Text):
        yield "too long", "x" * (spec.most + 1)
        if spec.least:
            yield "empty", ""
        if spec.pattern:
            yield "not its form", ("#" + "z" * (spec.most - 1))[: spec.most]
    elif isinstance(spec, vs.Whole):
        yield "too big", spec.most + 1
        yield "too small", spec.least - 1
        yield "a fraction", spec.least + 0.5
        yield "true", True
    elif isinstance(spec, vs.Items) and value:
        yield "too many", [copy.deepcopy(value[0]) for _ in range(spec.most + 1)]
    if isinstance(spec, vs.Items) and spec.least:
        yield "too few", []


def _walk(spec: vs.Spec, value: Any, path: Path) -> Iterator[tuple[Path, str, vs.Spec, Any]]:
    if isinstance(spec, vs.Record):
        for name, field in spec.fields.items():
            yield path + (name,), name, field, value[name]
            yield from _walk(field, value[name], path + (name,))
    elif isinstance(spec, vs.Items) and value:
        yield path + (0,), "an item", spec.of, value[0]
        yield from _walk(spec.of, value[0], path + (0,))
    elif isinstance(spec, vs.Maybe) and value is not None:
        yield from _walk(spec.of, value, path)


def _set(view: dict[str, Any], path: Path, value: Any, remove: bool = False) -> dict[str, Any]:
    out = copy.deepcopy(view)
    node: Any = out
    for step in path[:-1]:
        node = node[step]
    if remove:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


def where(path: Path) -> str:
    return ".".join(str(p) for p in path)


def bad_views(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(what is wrong, the view) for every field of ``view``'s kinds."""
    out: list[tuple[str, dict[str, Any]]] = []
    records: list[Path] = [()]
    for path, _name, spec, value in _walk(vs.VIEW, view, ()):
        if isinstance(spec, vs.Record):
            records.append(path)
        if not isinstance(spec, vs.Maybe):
            out.append((f"{where(path)} null", _set(view, path, None)))
        out.append((f"{where(path)} {_wrong_type(spec)!r}", _set(view, path, _wrong_type(spec))))
        for why, bad in _past_bounds(spec, value):
            out.append((f"{where(path)} {why}", _set(view, path, bad)))
        if not isinstance(path[-1], int):
            out.append((f"{where(path)} missing", _set(view, path, None, remove=True)))
    for path in records:
        out.append((f"{where(path) or 'the view'} with a field more", _set(view, path + ("x",), 1)))
    out.append(("seats: 5", _set(view, ("seats",), 5)))  # the issue's own
    out.append(("a list, not a view", [view]))  # type: ignore[list-item]
    return out
