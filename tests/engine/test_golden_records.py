"""Every game plays its golden records (tests/vectors/game_records.py) to the very same record:
seeded random games at the fewest and the most players, each digest over every command, log
line, the final state and the outcome. `make test` runs this on both builds of the engine (the
source and the compiled one: companion_app/engine_build.py), so the two play identical games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import games
from tests.vectors.game_records import FILE, SEEDS, record

GOLDEN: dict[str, dict[str, Any]] = json.loads(FILE.read_text())


def test_the_golden_records_cover_every_game_at_its_fewest_and_most_players() -> None:
    assert sorted(GOLDEN) == sorted(games.kinds())
    for kind in games.all_games():
        wanted = {
            f"{n} players, seed {s}" for n in (kind.min_players, kind.max_players) for s in SEEDS
        }
        assert set(GOLDEN[kind.kind]) == wanted, kind.kind


@pytest.mark.parametrize("kind", games.kinds())
def test_every_game_plays_its_golden_records_again(kind: str, engine_choice: Any) -> None:
    game = games.get(kind)
    different = {
        name: (want, got)
        for name, want in GOLDEN[kind].items()
        if (got := record(game, int(name.rsplit(" ", 1)[1]), int(name.split()[0]))) != want
    }
    assert not different, f"{engine_choice.build} engine: {different}"
