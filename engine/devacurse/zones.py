"""Moving cards between a player's zones, for open and hidden hands alike."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.devacurse.state import Player, Unit


def take_from_hand(player: Player, card_id: str, hidden: bool) -> Player:
    """The card leaves the hand (hidden hands: one fewer card, whichever was scanned)."""
    if hidden:
        return evolve(player, hand_size=player.hand_size - 1)
    hand = list(player.hand)
    hand.remove(card_id)
    return evolve(player, hand=tuple(hand), hand_size=len(hand))


def to_hand(player: Player, card_id: str, hidden: bool) -> Player:
    if hidden:
        return evolve(player, hand_size=player.hand_size + 1)
    return evolve(player, hand=(*player.hand, card_id), hand_size=player.hand_size + 1)


def draw(player: Player, count: int, hidden: bool) -> Player:
    if hidden:
        return evolve(
            player, hand_size=player.hand_size + count, deck_size=player.deck_size - count
        )
    drawn, rest = player.deck[:count], player.deck[count:]
    return evolve(
        player,
        hand=player.hand + drawn,
        hand_size=player.hand_size + len(drawn),
        deck=rest,
        deck_size=len(rest),
    )


def remove_unit(player: Player, unit_id: int) -> Player:
    return evolve(
        player,
        soldiers=tuple(u for u in player.soldiers if u.id != unit_id),
        heroes=tuple(u for u in player.heroes if u.id != unit_id),
    )


def replace_unit(player: Player, unit: Unit) -> Player:
    if unit.hero:
        return evolve(player, heroes=tuple(unit if u.id == unit.id else u for u in player.heroes))
    return evolve(player, soldiers=tuple(unit if u.id == unit.id else u for u in player.soldiers))


def unit_dies(player: Player, unit: Unit) -> Player:
    """IV.A: a slain soldier goes to its owner's Cenotaph, a slain hero to the Black Hole;
    equipment on it goes to the Cenotaph (README)."""
    player = remove_unit(player, unit.id)
    cenotaph = player.cenotaph + unit.equipment
    if unit.hero:
        return evolve(player, cenotaph=cenotaph, black_hole=(*player.black_hole, unit.card_id))
    return evolve(player, cenotaph=(*cenotaph, unit.card_id))
