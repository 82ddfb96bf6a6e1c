"""Every game reads a catalog's TOML text the same way (engine/core/catalog.py's card_tables):
text that is not TOML, or holds anything but [[card]] tables, is refused with the game's own
CatalogError naming the file. Zeal loaded a typo such as [[cards]] as an empty catalog."""

from __future__ import annotations

import pytest

from engine import games


@pytest.mark.parametrize("kind", games.kinds())
def test_a_catalog_with_a_key_other_than_card_is_refused_naming_the_file(kind: str) -> None:
    game = games.get(kind)
    sample = game.sample_catalog()
    assert len(game.load_catalog("", "empty.toml").cards) == 0  # nothing: an empty catalog
    with pytest.raises(ValueError, match=r"^my_cards\.toml: unknown key 'cards' \(a catalog"):
        game.load_catalog('[[cards]]\nid = "x"\n', "my_cards.toml")
    with pytest.raises(ValueError, match=r"^bad\.toml: not valid TOML"):
        game.load_catalog("[[card]\n", "bad.toml")
    assert len(sample.cards) > 0
