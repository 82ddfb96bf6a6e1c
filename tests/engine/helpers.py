"""Small helpers to reach a position quickly in engine tests."""

from __future__ import annotations

from engine.cards import sample_catalog
from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup
from engine.zeal import actions as za

NAMES = ("Alena", "Anton", "Bea", "Cato", "Dara", "Emil", "Fay", "Gus")


def new_game(
    players: int = 2,
    *,
    hidden: bool = True,
    decks: tuple[tuple[str, ...], ...] | None = None,
    first: int | None = 0,
    seed: int = 7,
) -> ZealGame:
    setups = tuple(PlayerSetup(NAMES[i], deck=decks[i] if decks else ()) for i in range(players))
    return ZealGame(
        ZealSetup(
            players=setups,
            seed=seed,
            catalog=sample_catalog(),
            first_player=first,
            hidden_hands=hidden,
        )
    )


def keep_all(game: ZealGame) -> None:
    while game.state.step is Step.MULLIGAN:
        who = game.acting_player()
        assert who is not None
        game.apply(za.KeepHand(who))


def started(players: int = 2, **kwargs: object) -> ZealGame:
    """A game past the mulligans, in the first player's Develop step."""
    game = new_game(players, **kwargs)  # type: ignore[arg-type]
    keep_all(game)
    return game


def put(game: ZealGame, seat: int, card_id: str) -> int:
    """Puts a card into play for ``seat`` with a manual adjustment; returns its permanent id."""
    before = {p.id for p in game.state.permanents()}
    game.apply(za.MoveCard(seat, card_id, "play", from_zone="deck"))
    (pid,) = {p.id for p in game.state.permanents()} - before
    return pid


def pass_all(game: ZealGame) -> None:
    """Everyone passes once around (from whoever acts now)."""
    for _ in range(len(game.state.players)):
        who = game.acting_player()
        assert who is not None
        game.apply(za.Pass(who))


def to_step(game: ZealGame, step: Step, develop: str = "devotion") -> None:
    """Develops (if needed) and passes until the active player's ``step`` with priority."""
    for _ in range(200):
        state = game.state
        if state.step is step and state.awaiting is None and not state.stack:
            return
        who = game.acting_player()
        assert who is not None, game.prompts()
        if state.awaiting == "develop":
            game.apply(za.Develop(who, develop))
        elif state.awaiting == "attackers":
            game.apply(za.DeclareAttackers(who, ()))
        elif state.awaiting == "blockers":
            game.apply(za.DeclareBlockers(who, ()))
        elif state.awaiting == "flankers":
            game.apply(za.DeclareFlankers(who, ()))
        elif state.awaiting == "damage":
            game.apply(za.AssignDamage(who))
        else:
            game.apply(za.Pass(who))
    raise AssertionError(f"never reached {step}")


def devotion(game: ZealGame, seat: int, amount: int) -> None:
    game.apply(za.SetDevotion(seat, current=amount, maximum=max(amount, 0)))
