"""The combat assistant's prediction comes from the engine, on a fork of the live game."""

from companion_app.games.zeal.combat_preview import predict
from engine.zeal import PlayerSetup, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog


def game_at_attackers() -> tuple[ZealGame, dict[str, int]]:
    g = ZealGame(
        ZealSetup(
            players=(PlayerSetup("Alena"), PlayerSetup("Anton")),
            seed=7,
            catalog=sample_catalog(),
            first_player=0,
        )
    )
    g.apply(za.KeepHand(0))
    g.apply(za.KeepHand(1))
    g.apply(za.Develop(0, "devotion"))
    for seat, card in ((0, "asterion_bull"), (0, "cult_zealot"), (1, "lunari_acolyte")):
        g.apply(za.MoveCard(seat, card, "play"))
    for _ in range(30):  # to Alena's next turn, attacking nobody on the way
        state = g.state
        if state.turn == 3 and state.awaiting == "attackers":
            break
        actor = g.acting_player()
        assert actor is not None
        if state.awaiting == "develop":
            g.apply(za.Develop(actor, "devotion"))
        elif state.awaiting == "attackers":
            g.apply(za.DeclareAttackers(actor))
        else:
            g.apply(za.Pass(actor))
    ids = {p.card_id: p.id for pl in g.state.players for p in pl.in_play}
    return g, ids


def test_an_unblocked_attack_defeats_bases_and_leaves_the_game_untouched() -> None:
    game, ids = game_at_attackers()
    before, moves = game.state, len(game.history)
    result = predict(game, [za.DeclareAttackers(0, ((ids["asterion_bull"], 1),))])
    assert result.ok
    assert "Anton's base 1 is defeated" in result.lines
    assert game.state is before and len(game.history) == moves


def test_an_illegal_choice_gives_the_engines_reason() -> None:
    game, ids = game_at_attackers()
    result = predict(game, [za.DeclareAttackers(1, ((ids["lunari_acolyte"], 0),))])
    assert not result.ok and result.problem == game.explain(
        za.DeclareAttackers(1, ((ids["lunari_acolyte"], 0),))
    )


def test_declarations_are_logged_in_players_words() -> None:

    game, ids = game_at_attackers()
    action = za.DeclareAttackers(0, ((ids["asterion_bull"], 1),))
    game.apply(action)
    assert game.describe(action) == "Alena declared attackers: Asterion Bull at Anton"
    assert game.describe(za.DeclareBlockers(1)) == "Anton declared no blockers"
