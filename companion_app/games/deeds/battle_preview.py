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
    lines: tuple[str, ...]  # the forecast: only of what the engine would accept

    @property
    def ready(self) -> bool:
        """Confirm may be tapped: there is a declaration and the engine accepts it."""
        return self.action is not None and self.problem is None


def declaration(
    game: DeedsGame, attackers: tuple[int, ...], blocks: tuple[tuple[int, int], ...]
) -> Any | None:
    """The action the screen's choices make now: an attack in the Deploy phase, blocks in the
    Defend step; None in any other phase."""
    state = game.state
    if state.phase is Phase.DEPLOY and not state.attacked:
        return da.Attack(state.attacker, attackers)
    if state.phase is Phase.DEFEND:
        return da.Block(state.defender, blocks)
    return None


def preview(
    game: DeedsGame, attackers: tuple[int, ...], blocks: tuple[tuple[int, int], ...]
) -> Preview:
    """The declaration, the engine's verdict on it, and (only when the engine would accept
    it) what every skirmish will do: an assistant never forecasts what the engine refuses."""
    state = game.state
    action = declaration(game, attackers, blocks)
    if state.battle is not None:
        attackers = state.battle.attackers
        if state.phase is not Phase.DEFEND:
            blocks = state.battle.blocks
    problem = game.explain(action) if action is not None else None
    if action is not None and state.phase is Phase.DEPLOY and not attackers:
        # Nothing chosen yet: nothing to refuse, nothing to confirm (the band's "No battle").
        return Preview(None, None, ())
    lines = skirmish_lines(game, Battle(attackers, blocks)) if attackers and not problem else ()
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


@dataclass(frozen=True)
class Row:
    """One card the assistant lists: what it may do (the engine's answer, nothing more).

    ``options`` are (words, value): value None is staying home / not blocking; the others are
    the choices the engine allows this card. A card that can't take part has one option and
    ``why_not`` says why, so the assistant never offers what the engine refuses."""

    card_id: int
    name: str  # the button's lead: "Grunt" ("Grunt #2" when two share a name)
    stats: str  # "2/3", ", utilized"
    options: tuple[tuple[str, int | None], ...]
    why_not: str = ""

    def label(self) -> str:
        """The row's words beside its button: the card and its numbers now."""
        return f"{self.name} {self.stats}"

    def text(self, chosen: int, place: int | None = None) -> str:
        """The row's button: the card and what it does ("Grunt attacks", "Wall blocks Grunt
        (1st)"), so each button says whose it is."""
        words = f"{self.name} {self.options[chosen][0]}"
        return words if place is None else f"{words} ({ordinal(place)})"


def mode(game: DeedsGame) -> str:
    """ "attack" (the attacker may still declare), "block" (the Defend step), "battle" (the
    Tactics step of a declared battle) or "" (no battle now)."""
    state = game.state
    if state.over:
        return ""
    if state.phase is Phase.DEPLOY and not state.attacked:
        return "attack"
    if state.phase is Phase.DEFEND and state.battle is not None:
        return "block"
    if state.phase is Phase.TACTICS and state.battle is not None:
        # Overrun's "may" once both have passed: asked on the attacker's panel, not here
        return "" if state.battle.asking else "battle"
    return ""


def rows(game: DeedsGame) -> tuple[Row, ...]:
    """The cards that could take part in the declaration due now, each with its choices."""
    state, catalog = game.state, game.catalog
    now = mode(game)
    found: list[tuple[int, str, str, tuple[tuple[str, int | None], ...], str]] = []
    if now == "attack":
        for x in state.cards:
            if x.owner != state.attacker or not stats.fights(catalog, x):
                continue
            why = stats.why_cannot_attack(state, catalog, x)
            opts: tuple[tuple[str, int | None], ...] = (("stays home", None),)
            if why is None:
                opts += (("attacks", x.id),)
            found.append((x.id, catalog.get(x.card_id).name, _stats(game, x), opts, why or ""))
    elif now == "block":
        assert state.battle is not None
        attackers = [a for a in (state.card(i) for i in state.battle.attackers) if a is not None]
        for x in state.cards:
            if x.owner != state.defender or not stats.fights(catalog, x):
                continue
            opts = (("doesn't block", None),)
            whys = []
            for a in attackers:
                why = stats.why_cannot_block(state, catalog, x, a)
                if why is None:
                    opts += ((f"blocks {_named(game, a.id)}", a.id),)
                else:
                    whys.append(why)
            why_not = whys[0] if len(opts) == 1 and whys else ""
            found.append((x.id, catalog.get(x.card_id).name, _stats(game, x), opts, why_not))
    names = [name for _i, name, *_rest in found]
    return tuple(
        Row(i, f"{name} #{names[: k + 1].count(name)}" if names.count(name) > 1 else name, s, o, w)
        for k, (i, name, s, o, w) in enumerate(found)
    )


def _stats(game: DeedsGame, x: Any) -> str:
    attack = stats.attack_of(game.state, game.catalog, x)
    health = stats.health_of(game.state, game.catalog, x)
    return f"{attack}/{health}" + ("" if x.ready else ", utilized")


def _named(game: DeedsGame, card_id: int) -> str:
    """An attacker's name as the blockers' buttons say it (numbered when two share it)."""
    state = game.state
    x = state.card(card_id)
    if x is None:
        return f"card {card_id}"
    name = game.catalog.get(x.card_id).name
    assert state.battle is not None
    same = [i for i in state.battle.attackers if (y := state.card(i)) and y.card_id == x.card_id]
    return f"{name} #{same.index(card_id) + 1}" if len(same) > 1 else name


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
