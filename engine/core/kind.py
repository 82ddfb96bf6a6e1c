"""What a game registers under its kind: everything a client needs to set up, save, load,
replay and test a game without knowing which game it is (engine/games.py keeps the list)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.game import Game

AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class RandomGame:
    """A game played by random legal actions: to its end, or stopped at the cap."""

    game: AnyGame
    capped: bool  # True when it was still going after the cap: not a finished game
    # True when it stopped because no player could win any more, proven (Game.stalemate): it ended,
    # but with no outcome; counted apart from finished and capped games.
    stalled: bool = False
    # True when, on the way, the table would have been offered to stop without a proof
    # (Game.stall_note): the play-out went on.
    noted: bool = False


@dataclass(frozen=True)
class GameKind:
    """One game, as the registry knows it.

    Setups and actions travel as JSON/TOML-ready dicts (the app's store, scenario and save
    files); each game owns their shape, and its readers check every field (SetupError,
    MalformedAction, FieldError), naming it in players' words.
    """

    kind: str  # "zeal"
    title: str  # "Zeal", for the new-game screen
    rules: str  # the rulebook's file name in shared/rules
    min_players: int
    max_players: int
    game: type[AnyGame]
    sample_catalog: Callable[[], CardCatalog]
    # (TOML text, where it came from) -> a validated catalog; CatalogError-like ValueError
    load_catalog: Callable[[str, str], CardCatalog]
    # a setup record and the catalog to play with -> the game's setup; SetupError if unfit
    setup_from_dict: Callable[[Mapping[str, Any], CardCatalog], Any]
    setup_to_dict: Callable[[Any], dict[str, Any]]
    action_from_dict: Callable[[Mapping[str, Any]], Any]  # MalformedAction if not well formed
    action_to_dict: Callable[[Any], dict[str, Any]]
    # A scenario file's game part (every key but game, description, actions and expect),
    # with where it came from -> (setup, starting state); FieldError naming the bad key.
    read_scenario: Callable[[dict[str, Any], str], tuple[Any, Any]]
    # What scenario expectations look into: the state as plain data.
    state_view: Callable[[Any], dict[str, Any]]
    # A game as a scenario file's game part (setup, starting position, inline cards): with the
    # command log, a save that read_scenario reads back.
    position_to_dict: Callable[[AnyGame], dict[str, Any]]
    # The position in a few lines of text, for the command line.
    summary: Callable[[AnyGame], list[str]]
    # (seed, players, cap on actions) -> a random play-out, for property tests and benchmarks
    random_game: Callable[[int, int, int], RandomGame]

    def new_game(self, record: Mapping[str, Any], catalog: CardCatalog | None = None) -> AnyGame:
        """A game from a setup record (as the new-game screen or the store makes it)."""
        setup = self.setup_from_dict(record, catalog or self.sample_catalog())
        return self.game.start(setup)
