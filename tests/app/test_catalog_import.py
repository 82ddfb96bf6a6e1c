"""The catalog screen's import reads junk in words (issue 22): binary, UTF-16, a device, a
file too large, a catalog nested too deeply; nothing is imported and the screen says why."""

from pathlib import Path

import pytest

from companion_app.commands.args import CATALOG_LIMIT
from companion_app.saves.store import CommandStore
from companion_app.screens.catalog import CatalogScreen
from companion_app.session.game_session import GameSession
from hardware.registry import TagRegistry


@pytest.mark.parametrize(
    ("junk", "words"),
    [
        (bytes(range(256)), "not a text file"),
        ("[[cards]]\n".encode("utf-16"), "UTF-16"),
        (b"cards = " + b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
        (b"#" * (CATALOG_LIMIT + 1), "more than 4.0 MB"),
        (None, "not an ordinary file"),
    ],
)
def test_a_junk_catalog_is_refused_in_words(tmp_path: Path, junk: bytes | None, words: str) -> None:
    path = tmp_path / "cards.toml"
    if junk is None:
        path = Path("/dev/zero")  # reading it would never end
    else:
        path.write_bytes(junk)
    screen = CatalogScreen(name="catalog")
    screen.session = GameSession(CommandStore(":memory:"), lambda _k: TagRegistry(":memory:"))
    assert screen.import_file(str(path)) is False
    assert words in screen.status, screen.status
