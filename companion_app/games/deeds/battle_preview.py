"""What the battle assistant shows: a declaration (attackers, blocks in blocking order) and
the engine's forecast of every skirmish, in words. No Kivy, no rules: the engine's explain()
says whether the declaration is allowed, and engine.deeds.resolve.forecast what it will do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.game import DeedsGame
from engine.deeds.resolve import base_damage, forecast
from engine.deeds.state import Battle, Phase


@dataclass(frozen=True)
class Preview:
    action: Any | None  # the declaration to confirm (None: nothing to declare now)
    problem: str | None  # why the engine would refuse it, in players' words
    lines: tuple[str, ...]


def declaration(
    game: DeedsGame, attackers: tuple[int, ...], blocks: tuple[tuple[int, int], ...]
) -> Any | None:
    """The action the screen's choices make now: an attack in the Deploy phase, blocks in the
    Defend step; None in any other phase."""
    state = game.state
    if state.phase is Phase.DEPLOY:
        return da.Attack(state.attacker, attackers)
    if state.phase is Phase.DEFEND:
        return da.Block(state.defender, blocks)
    return None


def preview(
    game: DeedsGame, attackers: tuple[int, ...], blocks: tuple[tuple[int, int], ...]
) -> Preview:
    state = game.state
    action = declaration(game, attackers, blocks)
    if state.battle is not None:
        attackers = state.battle.attackers
        if state.phase is not Phase.DEFEND:
            blocks = state.battle.blocks
    problem = game.explain(action) if action is not None else None
    if problem is not None and state.phase is Phase.DEPLOY and not attackers:
        problem = None  # nothing chosen yet: nothing to say
    lines = skirmish_lines(game, Battle(attackers, blocks)) if attackers else ()
    return Preview(action, problem, lines)


def skirmish_lines(game: DeedsGame, battle: Battle) -> tuple[str, ...]:
    """Each attacker's skirmish and the defender's base, if nothing else is played."""
    state, catalog = game.state, game.catalog

    def name(card_id: int) -> str:
        x = state.card(card_id)
        return catalog.get(x.card_id).name if x else f"card {card_id}"

    def shown(card_id: int) -> str:
        x = state.card(card_id)
        if x is None:
            return ""
        return f" {stats.attack_of(state, catalog, x)}/{stats.health_of(state, catalog, x)}"

    out = []
    clashes = forecast(state, catalog, battle)
    for clash in clashes:
        r = clash.result
        head = f"{name(clash.attacker)}{shown(clash.attacker)}"
        if not clash.blockers:
            out.append(f"{head}: unblocked, {r.to_base} to the base")
            continue
        order = ", then ".join(f"{name(b)}{shown(b)}" for b in clash.blockers)
        hits = "; ".join(
            f"{name(b)} takes {hit}{' and dies' if dies else ''}"
            for b, hit, dies in zip(clash.blockers, r.blocker_damage, r.blockers_die, strict=True)
        )
        fate = "dies" if r.attacker_dies else f"takes {r.attacker_damage}"
        rest = f"; {r.to_base} overruns to the base" if r.to_base else ""
        out.append(f"{head} fights {order}: {hits}; {name(clash.attacker)} {fate}{rest}")
    defender = state.players[state.defender]
    hit = base_damage(clashes)
    out.append(f"{defender.name}'s base: {defender.base} -> {defender.base - hit}")
    return tuple(out)
