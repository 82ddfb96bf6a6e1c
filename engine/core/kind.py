"""What a game registers under its kind: everything a client needs to set up, save, load,
replay and test a game without knowing which game it is (engine/games.py keeps the list)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

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

    @classmethod
    def of_modules(
        cls,
        kind: str,
        title: str,
        rules: str,
        players: tuple[int, int],
        game: type[AnyGame],
        *,
        cards: CardsModule,
        record: RecordModule,
        actions: ActionsModule,
        scenario: ScenarioModule,
        view: ViewModule,
        summary: SummaryModule,
        randomplay: RandomPlayModule,
    ) -> GameKind:
        """A game's one declaration (its ``kind.py``): its names, player counts and game
        class, and the modules of its package that supply the rest, each under the one name
        every game gives it (the module Protocols below; the type checker holds each module
        to its Protocol)."""
        return cls(
            kind=kind,
            title=title,
            rules=rules,
            min_players=players[0],
            max_players=players[1],
            game=game,
            sample_catalog=cards.sample_catalog,
            load_catalog=cards.load_catalog,
            setup_from_dict=record.setup_from_dict,
            setup_to_dict=record.setup_to_dict,
            action_from_dict=actions.from_dict,
            action_to_dict=actions.to_dict,
            read_scenario=scenario.read_scenario,
            state_view=view.state_view,
            position_to_dict=scenario.game_to_dict,
            summary=summary.summary,
            random_game=randomplay.random_game,
        )

    def new_game(self, record: Mapping[str, Any], catalog: CardCatalog | None = None) -> AnyGame:
        """A game from a setup record (as the new-game screen or the store makes it)."""
        setup = self.setup_from_dict(record, catalog or self.sample_catalog())
        return self.game.start(setup)


# What each module of a game's package supplies to its GameKind (GameKind.of_modules): one name
# each, the same in every game. Parameters are positional: a game names its own.


class CardsModule(Protocol):
    """``cards.py`` (Deeds: ``card_toml.py``): the shipped catalog and the TOML loader."""

    def sample_catalog(self) -> CardCatalog: ...

    def load_catalog(self, text: str, source: str, /) -> CardCatalog: ...


class RecordModule(Protocol):
    """``record.py``: the setup record, read with the catalog and written (a SetupCodec)."""

    def setup_from_dict(self, record: Mapping[str, Any], catalog: CardCatalog, /) -> Any: ...

    def setup_to_dict(self, setup: Any, /) -> dict[str, Any]: ...


class ActionsModule(Protocol):
    """``actions.py``: an action read from and written as plain data (an ActionCodec)."""

    def from_dict(self, data: Mapping[str, Any], /) -> Any: ...

    def to_dict(self, action: Any, /) -> dict[str, Any]: ...


class ScenarioModule(Protocol):
    """``scenario.py``: a scenario file's game part read; a game written as one."""

    def read_scenario(self, data: dict[str, Any], source: str, /) -> tuple[Any, Any]: ...

    def game_to_dict(self, game: Any, /) -> dict[str, Any]: ...


class ViewModule(Protocol):
    """``view.py``: the state as plain data, for scenario expectations."""

    def state_view(self, state: Any, /) -> dict[str, Any]: ...


class SummaryModule(Protocol):
    """``summary.py``: the position in a few lines of text."""

    def summary(self, game: Any, /) -> list[str]: ...


class RandomPlayModule(Protocol):
    """``randomplay.py``: a seeded random play-out (seed, players, cap on actions)."""

    def random_game(self, seed: int, players: int, max_actions: int, /) -> RandomGame: ...
