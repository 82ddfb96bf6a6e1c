"""Recomputes derived values after every change (fireplace's idea: continuous effects are
recomputed each pass, never stored as deltas): each permanent's Zeal, combat and keywords."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal.ops import set_player
from engine.zeal.state import GameState, Permanent, PlayerState


def _derived(perm: Permanent, zeal: bool, rally: int = 0) -> Permanent:
    combat = perm.printed_combat
    keywords = perm.printed_keywords
    if zeal:
        if perm.printed_zeal_combat is not None:
            combat = perm.printed_zeal_combat
        if perm.printed_zeal_keywords:
            keywords = tuple(dict.fromkeys(keywords + perm.printed_zeal_keywords))
    combat += perm.combat_bonus
    if perm.kind == "character":  # is_character, inlined (every permanent of a changed player)
        combat += rally
    if perm.granted_keywords:
        keywords = tuple(dict.fromkeys(keywords + perm.granted_keywords))
    if perm.zeal == zeal and perm.combat == combat and perm.keywords == keywords:
        return perm
    return evolve(perm, zeal=zeal, combat=combat, keywords=keywords)


# The players tuple last seen up to date. Tuples are immutable, so the same object is the same
# content: refreshing it again (the rules loop asks after every change) can be skipped.
_fresh: list[object] = [None]


def refresh(state: GameState) -> GameState:
    known = _fresh[0]
    if state.players is known:
        return state
    state = _recompute(state, known if isinstance(known, tuple) else ())
    _fresh[0] = state.players
    return state


def _recompute(state: GameState, fresh: tuple[object, ...]) -> GameState:
    for seat, player in enumerate(state.players):
        if not player.in_play:
            continue
        if seat < len(fresh):
            known = fresh[seat]
            if known is player or (
                isinstance(known, PlayerState)
                and known.in_play is player.in_play
                and known.spell_cults is player.spell_cults
            ):
                # The same permanents and spells as in the last players found up to date: a
                # player's derived values depend only on those (Zeal, Rally), so theirs are
                # too, whatever else changed (devotion, hand, bases). With 8 players most
                # actions change one player at most.
                continue
        cult_counts: dict[str | None, int] = {}
        rally = 0
        for perm in player.in_play:
            cult_counts[perm.cult] = cult_counts.get(perm.cult, 0) + 1
            if "rally" in perm.printed_keywords:
                rally += 1  # Ancient Obelisk: +1 combat to your characters; targets no one
        changed = False
        new = []
        for perm in player.in_play:
            zeal = perm.cult is not None and (
                perm.cult in player.spell_cults or cult_counts[perm.cult] > 1
            )
            updated = _derived(perm, zeal, rally)
            changed = changed or updated is not perm
            new.append(updated)
        if changed:
            state = set_player(state, seat, in_play=tuple(new))
    return state
