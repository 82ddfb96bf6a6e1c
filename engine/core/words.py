"""Values written the way the table would write them, for messages: never a Python repr."""

from __future__ import annotations


def plain(value: object) -> str:
    """Text in quotes, lists in brackets, true/false, "nothing" for None."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, int | float):
        return str(value)
    return f"a {type(value).__name__}"
