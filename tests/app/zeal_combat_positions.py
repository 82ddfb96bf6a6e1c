"""Zeal positions for the combat assistant's choices beneath a row (Keywords: Hunt; Combat:
Dealing Combat Damage to Bases), reached by commands the way a table reaches them: the
mulligans kept, characters put into play by hand (MoveCard), the turns passed with nothing
declared until Alena's second turn asks for attackers. ``apply`` is the engine's own (unit tests)
or the session's command (journeys), so both meet the same position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.zeal import PlayerSetup, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog

NAMES = ("Alena", "Anton", "Bea", "Carl")
# Alena's hunters and a big attacker; the characters Anton (and Bea) could block with.
HUNTERS = ("night_hunter", "night_hunter", "iron_juggernaut")
PREY = ("lunari_acolyte", "cult_zealot", "storm_drake")


def new_game(players: int = 2) -> ZealGame:
    return ZealGame(
        ZealSetup(
            players=tuple(PlayerSetup(n) for n in NAMES[:players]),
            seed=7,
            catalog=sample_catalog(),
            first_player=0,
        )
    )


def to_attackers(
    game: Callable[[], ZealGame],
    apply: Callable[[za.Action], Any],
    cards: Sequence[Sequence[str]],
) -> dict[str, list[int]]:
    """Each seat's ``cards`` in play, then on to Alena's second turn, attackers asked for;
    the permanent ids by card."""
    for seat in range(len(cards)):
        apply(za.KeepHand(seat))
    apply(za.Develop(0, "devotion"))
    for seat, theirs in enumerate(cards):
        for card in theirs:
            apply(za.MoveCard(seat, card, "play"))
    for _ in range(60):
        state = game().state
        if state.turn > 1 and state.active == 0 and state.awaiting == "attackers":
            break
        apply(plainest_answer(game()))
    else:
        raise AssertionError(f"never reached Alena's attackers: {game().state.step}")
    return ids(game())


def plainest_answer(game: ZealGame) -> za.Action:
    """What the game awaits, answered by the acting player with the plainest command: a
    development to devotion, no attackers, no blockers, else a pass (Turn Structure), so a
    test walks the turns on to the position it wants with nothing declared on the way."""
    state = game.state
    actor = game.acting_player()
    assert actor is not None, f"nobody acts at {state.step}"
    if state.awaiting == "develop":
        return za.Develop(actor, "devotion")
    if state.awaiting == "attackers":
        return za.DeclareAttackers(actor)
    if state.awaiting == "blockers":
        return za.DeclareBlockers(actor)
    return za.Pass(actor)


def ids(game: ZealGame) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for player in game.state.players:
        for perm in player.in_play:
            out.setdefault(perm.card_id, []).append(perm.id)
    return out


def to_damage(
    game: Callable[[], ZealGame], apply: Callable[[za.Action], Any], attack: za.DeclareAttackers
) -> None:
    """``attack`` declared; nobody blocks or flanks, everyone passes: combat damage asked."""
    apply(attack)
    for _ in range(20):
        state = game().state
        if state.awaiting == "damage":
            return
        actor = game().acting_player()
        assert actor is not None, state.step
        if state.awaiting == "blockers":
            apply(za.DeclareBlockers(actor))
        elif state.awaiting == "flankers":
            apply(za.DeclareFlankers(actor))
        else:
            apply(za.Pass(actor))
    raise AssertionError(f"combat damage never asked: {game().state.step}")


def hunting_game(players: int = 2) -> tuple[ZealGame, dict[str, list[int]]]:
    """Alena attacks next with two Night Hunters and an Iron Juggernaut; Anton has three
    characters to block with (and Bea, at three players, a Cult Zealot)."""
    g = new_game(players)
    cards: list[Sequence[str]] = [HUNTERS, PREY, ("cult_zealot",)][:players]
    return g, to_attackers(lambda: g, g.apply, cards)


def excess_game() -> tuple[ZealGame, dict[str, list[int]]]:
    """Combat damage: Alena's Iron Juggernaut (4) and Asterion Bull (3) unblocked at Anton,
    whose base 3 has taken 2 this turn (1 to go): 3 left over to carry on from it."""
    g = new_game(2)
    found = to_attackers(lambda: g, g.apply, [("iron_juggernaut", "asterion_bull"), ()])
    attack = tuple((found[c][0], 1) for c in ("iron_juggernaut", "asterion_bull"))
    to_damage(lambda: g, g.apply, za.DeclareAttackers(0, attack))
    g.apply(za.SetBase(1, 2, damage=2))  # damage is forgotten between turns: set it now
    return g, found
