"""Small helpers to reach a position quickly in Vile Incantations tests."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.vile import GameState, Phase, PlayerSetup, VileGame, VileSetup
from engine.vile.cards import sample_catalog
from engine.vile.state import Monster, PlayerState

ALENA, ANTON = 0, 1


def player(name: str, god: str = "ape", **changes: object) -> PlayerState:
    """An open-handed player: 20 cards of deck unless told, hand_size from the hand."""
    hand = tuple(changes.pop("hand", ()))  # type: ignore[call-overload]
    deck = tuple(changes.pop("deck", ("ape_fruit_offering",) * 20))  # type: ignore[call-overload]
    base = PlayerState(name, god, hand=hand, hand_size=len(hand), deck=deck, deck_size=len(deck))
    return evolve(base, **changes)


def monster(mid: int, card: str, controller: int, **changes: object) -> Monster:
    return evolve(Monster(mid, card, controller, controller, deployed=True), **changes)


def table(
    alena: PlayerState | None = None,
    anton: PlayerState | None = None,
    *,
    monsters: tuple[Monster, ...] = (),
    phase: Phase = Phase.MAIN1,
    active: int = ALENA,
    turn: int = 5,
    hidden: bool = False,
    **changes: object,
) -> VileGame:
    state = GameState(
        players=(alena or player("Alena"), anton or player("Anton", "kraken")),
        first_player=ALENA,
        active=active,
        turn=turn,
        phase=phase,
        monsters=monsters,
        next_id=max((m.id for m in monsters), default=0) + 1,
        hidden=hidden,
    )
    state = evolve(state, **changes)
    setup = VileSetup(
        (PlayerSetup("Alena", "ape"), PlayerSetup("Anton", "kraken")),
        seed=1,
        catalog=sample_catalog(),
        first_player=ALENA,
        hidden_hands=hidden,
    )
    return VileGame.start(setup, state)


def fresh(seed: int = 3, hidden: bool = False, first: int | None = 0) -> VileGame:
    from engine.vile.randomplay import sample_deck

    catalog = sample_catalog()
    return VileGame(
        VileSetup(
            (
                PlayerSetup("Alena", "ape", deck=sample_deck(catalog, "ape", seed)),
                PlayerSetup("Anton", "kraken", deck=sample_deck(catalog, "kraken", seed + 1)),
            ),
            seed=seed,
            catalog=catalog,
            first_player=first,
            hidden_hands=hidden,
        )
    )
