"""When no player can win any more, proven from the rules; and, apart, what the table sees when
a game may be going round in circles (engine/README.md: readings, issue 34).

The rulebook has no draw rule and no loss for drawing from an empty deck, so a game can loop
for ever. Two different things are said, and only the first claims anything:

- ``stalemate``: **no one can win**, proven. Every deck and hand is empty (so no spell can
  ever be played again: nothing can come back to a hand or a deck without one), nothing waits
  on the stack or to trigger, every card in play and in the discards is one whose rules the
  engine implements (the sample catalog's own cards: no effect left to the players), and at
  least two players still in the game each have a standing base that no turn's damage can
  defeat. Damage is "forgotten" between turns (Damage), so a base falls only to damage dealt
  in one turn; with no spells, only combat deals damage to bases. A player's combat in a turn
  is at most the characters they own or control, the strongest others one per Neurocontroller
  they control (the only way left to take a character), each at its highest combat (printed,
  Zeal or now), plus +1 each for every Ancient Obelisk of theirs (``most_damage_by``). When a
  Reanimation Chamber is in play, every character in play or in a discard counts for every
  player (a reanimated Formic Commander puts a device back from a discard:
  ``most_damage_in_a_turn``). Over-counting only makes the claim rarer, never wrong.
  A player who can never lose their last base can never be eliminated; with two such players
  no one is ever the last with a base standing.
- ``stall_note``: what the table sees, claiming no proof: every deck and hand has been empty
  for ``QUIET_TURNS`` turns and no player has fewer bases standing than ``QUIET_TURNS`` turns
  ago. Seed 10553's random game showed this at turn 191 and ended by the rules at turn 195.
  The app offers to stop the game there with these words; random play-outs go on.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.zeal.card_model import Card
from engine.zeal.cards import Catalog, sample_catalog
from engine.zeal.state import GameState

QUIET_TURNS = 20  # ten turns each in a two-player game

# The sample cards that can be in play and whose effects deal no damage to a base outside
# combat once hands and decks are empty (Conversion Cannon needs a card from the hand; Debut
# Spells kill characters, destroy devices, search a deck or return a device). A card not here
# (a catalog's own card, whose text may be left to the players) means no proof.
KNOWN = frozenset(
    {
        "psychopomp",
        "chalice_keeper",
        "andrenid_destroyer",
        "andrenid_worker",
        "apocalypse_chamber",
        "asterion_bull",
        "asterion_crusher",
        "ancient_obelisk",
        "cnidarian_immortal",
        "cnidarian_lord",
        "cnidarian_assassin",
        "conversion_cannon",
        "dirac_archmage",
        "entanglement_collider",
        "formic_commander",
        "detainment_cell",
        "neurocontroller",
        "noctium_gargoyle",
        "nullmage_warrior",
        "reanimation_chamber",
        "waveform_master",
        "shade_ambusher",
        "hive_assimilator",
        "moon_executioner",
        "storm_drake",
        "night_hunter",
        "iron_juggernaut",
        "eternal_sentinel",
        "lunar_conqueror",
        "shrine_of_dawn",
        "cult_zealot",
        "cognoid_drone",
        "magi_apprentice",
        "lunari_acolyte",
        "specter_wisp",
    }
)
RALLY = "ancient_obelisk"  # Characters you control get +1 combat
REANIMATE = "reanimation_chamber"


def _dry(state: GameState) -> bool:
    """Nothing left to draw or play: every player's deck and hand are empty."""
    return not any(p.hand_size or p.deck_size or p.hand or p.deck for p in state.players)


def _standing(state: GameState) -> tuple[int, ...]:
    return tuple(sum(1 for b in p.bases if b.face_up) for p in state.players)


def _highest(card: Card) -> int:
    """A character's printed combat at its highest: plain or Zeal."""
    return max(card.combat or 0, card.zeal_combat or 0)


def most_damage_in_a_turn(state: GameState, catalog: Catalog) -> int | None:
    """The most damage one turn's combat could deal to bases, every character that could be in
    play at once counted for one player; None when a card's effects are not known to the
    engine (no bound)."""
    sample = sample_catalog()
    in_play = list(state.permanents())
    ids = [p.card_id for p in in_play]
    if REANIMATE in ids:  # anything in a discard may come back
        ids += [card_id for p in state.players for card_id in p.discard]
    for card_id in set(ids):
        if card_id not in KNOWN or card_id not in catalog:
            return None
        if catalog.get(card_id) != sample.get(card_id):
            return None  # the same id, other rules: not the card reasoned about here
    rally = ids.count(RALLY)  # each Obelisk: +1 to every character of one player
    total = 0
    for card_id in ids[len(in_play) :]:  # in a discard: its highest, rallied
        card = catalog.get(card_id)
        total += _highest(card) + rally if card.type == "character" else 0
    for p in in_play:  # in play: its highest, rallied, or what it has now if more
        card = catalog.get(p.card_id)
        if card.type == "character":
            total += max(_highest(card) + rally, p.combat)
    return total


STEAL = "neurocontroller"  # Connect: gain control of one character at a time


def most_damage_by(state: GameState, catalog: Catalog, seat: int) -> int | None:
    """The most damage ``seat``'s combat could deal to bases in one turn, with no Reanimation
    Chamber in play (else None: ``most_damage_in_a_turn`` counts for everyone). With no
    spell left, control of a character changes only by a Neurocontroller (one character
    each) and goes back to the owner when it lets go, and Obelisks stay with their player: the
    characters ``seat`` owns or controls now, the strongest others one per Neurocontroller it
    controls, each at its highest, and +1 for each of its Obelisks."""
    in_play = list(state.permanents())
    if any(p.card_id == REANIMATE for p in in_play):
        return None
    steals = sum(1 for p in in_play if p.card_id == STEAL and p.controller == seat)
    rally = sum(1 for p in in_play if p.card_id == RALLY and p.controller == seat)
    mine: list[int] = []
    others: list[int] = []
    for p in in_play:
        card = catalog.get(p.card_id)
        if card.type != "character":
            continue
        # at its highest, rallied by this seat's Obelisks, or what it has now if more (now
        # may hold an Obelisk's +1 already: counted once)
        high = max(_highest(card) + rally, p.combat)
        (mine if seat in (p.owner, p.controller) else others).append(high)
    return sum(mine) + sum(sorted(others, reverse=True)[:steals])


def stalemate(positions: Iterable[GameState], catalog: Catalog) -> str | None:
    """Why no one can win any more, proven from the rules (the module's comment), given the
    game's positions newest first; None when that is not proven."""
    now = next(iter(positions), None)
    if now is None or now.over or now.stack or now.pending or not _dry(now):
        return None
    everyone = most_damage_in_a_turn(now, catalog)
    if everyone is None:
        return None
    seats = [i for i, p in enumerate(now.players) if not p.eliminated]
    by_seat = {i: most_damage_by(now, catalog, i) for i in seats}
    safe, most = [], 0
    for i in seats:
        foes = [by_seat[j] for j in seats if j != i]
        # both bounds hold: the lower one proves more
        bound = everyone if None in foes else min(everyone, max(f for f in foes if f is not None))
        p = now.players[i]
        if any(b.face_up and b.defense - b.damage > bound for b in p.bases):
            safe.append(p.name)
            most = max(most, bound)
    if len(safe) < 2:
        return None
    return (
        f"no one can win any more: every deck and hand is empty, so no spell can be played, "
        f"and the most combat damage a foe could deal in a turn ({most}) can't defeat "
        f"{' or '.join(safe)}'s strongest base"
    )


def stall_note(positions: Iterable[GameState]) -> str | None:
    """What the table sees when the game may be going round in circles (no proof, the module's
    comment), given the positions newest first; None otherwise."""
    found = iter(positions)
    now = next(found, None)
    if now is None or now.over or not _dry(now):
        return None
    target = now.turn - QUIET_TURNS
    if target < 1:
        return None
    start_now = now  # the first position of this turn
    start_then: GameState | None = None  # the first position of turn ``target``
    for state in found:
        if not _dry(state):
            return None
        if state.turn == now.turn:
            start_now = state
        elif state.turn == target:
            start_then = state
        elif state.turn < target:
            break
    if start_then is None:
        return None
    then, later = _standing(start_then), _standing(start_now)
    if any(b < a for a, b in zip(then, later, strict=True)):
        return None  # someone lost a base for good in that stretch: the game still moves
    return (
        f"every deck and hand has been empty, and no player has lost a base for good, for "
        f"{QUIET_TURNS} turns: the game may go on like this for ever"
    )
