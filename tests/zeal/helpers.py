"""Small helpers to reach a position quickly in engine tests."""

from __future__ import annotations

import random

from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog

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
        if state.step is step is Step.DEVELOP:
            return
        who = game.acting_player()
        assert who is not None, game.prompts()
        from engine.zeal.triggers import playable

        group = playable(state)
        if group:
            game.apply(za.PlayTrigger(who, group[0].id))  # no targets: always allowed
        elif state.awaiting == "develop":
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


def table(
    *in_play: list[str],
    active: int = 0,
    step: str = "combat_start",
    devotion: int = 6,
    hands: int = 5,
    discards: tuple[list[str], ...] | None = None,
) -> ZealGame:
    """A game at a given position: ``in_play[seat]`` lists card ids; permanent ids are numbered
    1, 2, 3... in the order listed, seat by seat."""
    from engine.zeal.position_read import state_from_position

    next_id = 1
    players = []
    for seat, cards in enumerate(in_play):
        perms = []
        for card in cards:
            perms.append({"card": card, "id": next_id})
            next_id += 1
        players.append(
            {
                "name": NAMES[seat],
                "devotion": devotion,
                "max_devotion": devotion,
                "hand_size": hands,
                "deck_size": 20,
                "in_play": perms,
                "discard": (discards[seat] if discards else []),
            }
        )
    setup = ZealSetup(
        players=tuple(PlayerSetup(NAMES[i]) for i in range(len(in_play))),
        catalog=sample_catalog(),
        first_player=active,
    )
    data = {"players": players, "position": {"step": step, "active": active}}
    state = state_from_position(data, sample_catalog(), True, active)
    return ZealGame(setup, state=state)


def everyone_passes(game: ZealGame) -> None:
    """Passes until something other than a priority window with an empty stack happens."""
    start_step = game.state.step
    for _ in range(20):
        state = game.state
        if state.step is not start_step or state.awaiting or game.state.pending:
            return
        who = game.acting_player()
        assert who is not None
        game.apply(za.Pass(who))
        if game.state.step is not start_step or game.state.awaiting:
            return


def attack(
    game: ZealGame, *pairs: tuple[int, int], hunts: tuple[tuple[int, int], ...] = ()
) -> None:
    """From Combat (start) with priority: everyone passes, then the attackers are declared."""
    if game.state.awaiting != "attackers":
        everyone_passes(game)
    assert game.state.awaiting == "attackers", game.prompts()
    game.apply(za.DeclareAttackers(game.state.active, tuple(pairs), hunts=hunts))


def block(game: ZealGame, *pairs: tuple[int, int]) -> None:
    if game.state.awaiting != "blockers":
        everyone_passes(game)
    assert game.state.awaiting == "blockers", game.prompts()
    who = game.acting_player()
    assert who is not None
    game.apply(za.DeclareBlockers(who, tuple(pairs)))


def flank(game: ZealGame, *pairs: tuple[int, int]) -> None:
    if game.state.awaiting != "flankers":
        everyone_passes(game)
    if game.state.awaiting == "flankers":
        game.apply(za.DeclareFlankers(game.state.active, tuple(pairs)))
    else:
        assert not pairs, f"no flanking possible: {game.prompts()}"


def damage(
    game: ZealGame,
    blockers: tuple[tuple[int, int], ...] = (),
    bases: tuple[tuple[int, int, int], ...] = (),
) -> None:
    """Passes up to Combat Damage and deals it (with the attacking player's choices)."""
    for _ in range(10):
        if game.state.awaiting == "damage":
            game.apply(za.AssignDamage(game.state.active, blockers=blockers, bases=bases))
            return
        if (
            game.state.step is Step.COMMIT
            or game.state.pending
            or game.state.step is Step.COMBAT_DAMAGE
        ):
            return  # dealt automatically: there was no choice to make
        if game.state.awaiting == "flankers":
            game.apply(za.DeclareFlankers(game.state.active, ()))
            continue
        if game.state.awaiting == "blockers":
            who = game.acting_player()
            assert who is not None
            game.apply(za.DeclareBlockers(who, ()))
            continue
        everyone_passes(game)
    raise AssertionError(game.prompts())


def until_damage(game: ZealGame) -> None:
    """From declared attackers: no blockers, no flankers, up to the damage choices."""
    for _ in range(20):
        awaiting = game.state.awaiting
        if awaiting == "damage":
            return
        who = game.acting_player()
        assert who is not None, game.prompts()
        if awaiting == "blockers":
            game.apply(za.DeclareBlockers(who, ()))
        elif awaiting == "flankers":
            game.apply(za.DeclareFlankers(who, ()))
        else:
            game.apply(za.Pass(who))
    raise AssertionError(game.prompts())


LOOPING_SEED = 10553  # a random Zeal game that goes round in circles for a while


def looping_game() -> tuple[ZealGame, random.Random]:
    """Seed 10553's random game, played with the plain random choices (no push for an end),
    up to the turn where the table is first offered to stop: every deck and hand empty and no
    base lost for good in 20 turns (turn 191, action 3,692). Played on, it ends by the rules
    at turn 195 (tests/zeal/test_stalemate.py): the offer must claim no proof. With the
    random choices' state, to play on."""
    from engine.zeal.randomplay import choose, random_setup

    game = ZealGame(random_setup(LOOPING_SEED, 2))
    rnd = random.Random(LOOPING_SEED)
    turn = -1
    while game.outcome() is None:
        if game.state.turn != turn:
            turn = game.state.turn
            if game.stall_note() is not None:
                return game, rnd
        game.apply(choose(rnd, list(game.legal_actions())))
    raise AssertionError("seed 10553's game ended before the table was offered to stop")


def her_card_with_the_foe(devotion: int, hand_size: int) -> ZealGame:
    """Alena (with ``devotion`` and ``hand_size`` cards) to commit; Anton controls her Chalice
    Keeper (id 1, owned by her): the position the control-changing cards are read against."""
    from engine.scenario import load_scenario, run_scenario

    text = f"""
[[players]]
name = "Alena"
devotion = {devotion}
hand_size = {hand_size}
[[players]]
name = "Anton"
in_play = [{{card = "chalice_keeper", id = 1, owner = 0}}]
[position]
step = "commit"
"""
    game = run_scenario(load_scenario(text))
    assert isinstance(game, ZealGame)
    return game
