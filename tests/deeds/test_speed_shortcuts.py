"""Deeds' shortcuts for speed (issue 25) change no result: each is checked against the slow
path it replaces, over random games with open and hidden hands whose positions are shaken by
manual adjustments (rich pools, cards readied and utilized, damage), so that the rare cases
(activated abilities, Tech Savvy, vehicles, Disguise) come up.

- legal_actions generates legal actions directly: every one is legal by rules.explain, and the
  list is exactly the old one (candidates, each explained) in the same order;
- stats.attack_keywords / may_block / blockable_by agree with why_cannot_attack / _block;
- pay.affordable agrees with pay;
- a command equal to a listed action is trusted (listed_now) only with the right field types;
- a step that leaves the last swept battlefield as it was, or only readies, utilizes, heals or
  feeds its cards, or brings in a card printed with some defense, is not swept again (the
  game's note, Ctx.still_swept): the same state and log lines as with a full sweep; a card
  printed with 0 defense still goes at once;
- a battle reads every fighter's numbers from one look at the battlefield (look.Look): the
  same as stats.fighter_numbers card by card;
- the state and its players are copied by position (evolve_state.state_with, player_with): the
  same as dataclasses.replace.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import KEYWORDS, RESOURCES
from engine.deeds.context import Ctx
from engine.deeds.evolve_state import changed, player_with, state_with
from engine.deeds.flow import actor
from engine.deeds.game import DeedsGame
from engine.deeds.legal import legal_actions
from engine.deeds.look import Look
from engine.deeds.pay import affordable, pay
from engine.deeds.perform import _count_having as count_having
from engine.deeds.perform import perform
from engine.deeds.randomplay import choose, random_setup
from engine.deeds.rules import explain
from engine.deeds.scenario import read_scenario
from engine.deeds.setup import HAND
from engine.deeds.state import Battle, DeedsState, InPlay, Note, Phase, Player, Pool
from tests.deeds.helpers import game_at

SEEDS = range(4)


def candidates(state: DeedsState, ctx: Ctx, seat: int) -> Iterator[Any]:
    """The slow path legal.py replaced: every plausible action, to be explained one by one."""
    p = state.players[seat]
    hand = [c.id for c in ctx.catalog.cards] if ctx.hidden else list(dict.fromkeys(p.hand))
    hand = hand if p.hand_size > 0 or not ctx.hidden else []
    for note in state.notes:
        yield da.Resolve(seat, note.id)
    if state.phase is Phase.MULLIGAN:
        yield da.KeepHand(seat)
        yield (
            da.Mulligan(seat, p.hand_size) if ctx.hidden else da.Mulligan(seat, len(p.hand), p.hand)
        )
    elif state.phase is Phase.REGROUP:
        for first, second in combinations(RESOURCES, 2):
            yield da.Regroup(seat, first, second)
    elif state.phase is Phase.DRAW:
        yield da.Draw(seat)
    elif state.phase in (Phase.DEPLOY, Phase.RETREAT):
        yield from deploys(state, ctx, seat, hand)
        mine = [x for x in state.cards if x.owner == seat]
        units = [x for x in mine if ctx.card(x).is_unit and x.attached_to is None]
        for tech in mine:
            if ctx.card(tech).subtype in ("equipment", "vehicle"):
                for unit in units:
                    yield da.Equip(seat, tech.id, unit.id)
            yield da.Unequip(seat, tech.id)
        able = [x.id for x in mine if stats.why_cannot_attack(state, ctx.catalog, x) is None]
        if able:
            yield da.Attack(seat, tuple(able))
            must = tuple(
                x.id for x in mine if x.id in able and stats.must_attack(state, ctx.catalog, x)
            )
            if must and must != tuple(able):
                yield da.Attack(seat, must)
            for one in able:
                if (one,) != must and len(able) > 1:
                    yield da.Attack(seat, (one,))
        if p.hand_size > HAND:
            if ctx.hidden:
                yield da.Discard(seat, "")
            for card_id in hand:
                yield da.Discard(seat, card_id)
        yield da.EndPhase(seat)
    elif state.phase is Phase.DEFEND:
        assert state.battle is not None
        yield da.Block(seat)
        on_field = [a for a in state.battle.attackers if state.card(a) is not None]
        pairs = [(a, b.id) for a in on_field for b in state.cards if b.owner == seat]
        able = [pair for pair in pairs if explain(state, ctx, da.Block(seat, (pair,))) is None]
        yield from (da.Block(seat, (pair,)) for pair in pairs)
        spread: list[tuple[int, int]] = []
        for a, b in able:  # everyone blocking: each blocker on the first attacker it may block
            if b not in [used for _, used in spread]:
                spread.append((a, b))
        if len(spread) > 1:
            yield da.Block(seat, tuple(spread))
    elif state.phase is Phase.TACTICS:
        yield da.Pass(seat)
        yield from deploys(
            state, ctx, seat, [c for c in hand if ctx.catalog.get(c).type == "tactic"]
        )
        for x in state.cards:
            if x.owner == seat:
                activated = [a for a in ctx.card(x).abilities if a.kind == "activated"]
                for index in range(len(activated)):
                    yield da.Activate(seat, x.id, index)


def deploys(state: DeedsState, ctx: Ctx, seat: int, hand: list[str]) -> Iterator[Any]:
    for card_id in hand:
        card = ctx.catalog.get(card_id)
        if card.subtype == "upgrade":
            for x in state.cards:
                yield da.Deploy(seat, card_id, (x.id,))
        elif card.has("resurrect"):
            for target in dict.fromkeys(state.players[seat].graveyard):
                yield da.Deploy(seat, card_id, (target,))
        else:
            yield da.Deploy(seat, card_id)


def slow_listing(state: DeedsState, ctx: Ctx) -> list[Any]:
    seat = actor(state)
    if seat is None:
        return []
    return [a for a in candidates(state, ctx, seat) if explain(state, ctx, a) is None]


def shaken(game: DeedsGame, rnd: random.Random) -> DeedsGame:
    """A fork of the game with its pools, readiness and damage adjusted at random."""
    fork = game.fork()
    for seat in (0, 1):
        if rnd.random() < 0.5:
            for resource in RESOURCES:
                fork.apply(da.SetResource(seat, resource, rnd.randrange(6)))
    for x in game.state.cards:
        if fork.state.card(x.id) is not None and rnd.random() < 0.3:
            fork.apply(da.SetCard(x.owner, x.id, ready=rnd.random() < 0.5))
        if fork.state.card(x.id) is not None and rnd.random() < 0.1:
            fork.apply(da.SetCard(x.owner, x.id, damage=rnd.randrange(3)))
    return fork


def positions(seed: int, hidden: bool, steps: int = 150) -> Iterator[DeedsGame]:
    setup = random_setup(seed)
    game = DeedsGame(dataclasses.replace(setup, hidden_hands=hidden))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            return
        yield game
        yield shaken(game, rnd)
        game.apply(choose(rnd, list(game.legal_actions())))


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_are_the_explained_candidates_in_the_same_order(
    seed: int, hidden: bool
) -> None:
    for game in positions(seed, hidden):
        ctx = game.ctx()
        listed = legal_actions(game.state, ctx)
        assert all(explain(game.state, ctx, a) is None for a in listed)
        assert listed == slow_listing(game.state, ctx)


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_quick_attack_and_block_tests_agree_with_the_rules_words(
    seed: int, hidden: bool
) -> None:
    for game in positions(seed, hidden):
        state, catalog = game.state, game.catalog
        for x in state.cards:
            able = stats.attack_keywords(state, catalog, x) is not None
            assert able == (stats.why_cannot_attack(state, catalog, x) is None)
            for blocker in state.cards:
                quick = stats.may_block(catalog, blocker) and stats.blockable_by(
                    state, catalog, x, blocker.owner
                )
                assert quick == (stats.why_cannot_block(state, catalog, blocker, x) is None)
        for p in state.players:
            for card in catalog.cards:
                assert affordable(p.pool, card.cost) == (
                    not isinstance(pay(p.pool, card.cost), str)
                )


def test_a_command_equal_to_a_listed_action_is_trusted_only_with_the_right_types() -> None:
    game = DeedsGame(random_setup(3))
    listed = list(game.legal_actions())
    equal = dataclasses.replace(listed[0])  # a device's command: equal, not the same object
    assert equal is not listed[0] and game.listed_now(equal)
    assert game.explain(equal) is None
    seat_as_flag = dataclasses.replace(listed[0], player=bool(listed[0].player))
    assert seat_as_flag == listed[0]  # True == 1: equal, but not a seat
    assert not game.listed_now(seat_as_flag)
    assert "player must be a whole number" in (game.explain(seat_as_flag) or "")
    other = game.fork()  # another game's note says nothing about this one
    assert not other.listed_now(equal)
    game.apply(listed[0])  # a new state: the old listing is no longer trusted
    assert not game.listed_now(equal)


@pytest.mark.parametrize("hidden", [False, True])
def test_a_step_that_leaves_the_swept_battlefield_as_it_was_is_not_swept_again(
    hidden: bool,
) -> None:
    """Deaths ("at 0 defense"): the game notes the battlefield its last step swept; a step that
    leaves that very battlefield needs no sweep. The same state and log as a full sweep."""
    skipped = 0
    for game in positions(7, hidden):
        rnd = random.Random(len(game.history))
        action = choose(rnd, list(game.legal_actions()))
        noted = game._swept  # the battlefield of the last state this game's perform returned
        slow_ctx, quick_ctx = game.ctx(), game.ctx()
        slow = perform(game.state, slow_ctx, action)
        quick = perform(game.state, quick_ctx, action, noted)
        assert quick == slow and quick_ctx.log == slow_ctx.log
        skipped += quick.cards is noted
    assert skipped > 50  # most steps don't touch the battlefield


@pytest.mark.parametrize("hidden", [False, True])
def test_no_step_leaves_a_card_at_0_defense(hidden: bool) -> None:
    """Deaths ("at any time"): whatever a step skipped (the note of a swept battlefield, a
    battle with nobody at risk), no card that can die is left at 0 defense, by the rules'
    own numbers (stats.health_of), after every listed action in every position."""
    deaths = 0
    for seed in SEEDS:
        for game in positions(seed, hidden, steps=80):
            for action in game.legal_actions():
                fork = game.fork()
                fork._swept = game._swept  # (the note the game itself would use)
                fork.apply(action)
                state = fork.state
                for x in state.cards:
                    if stats.can_die(game.catalog, x):
                        assert stats.health_of(state, game.catalog, x) > 0
                deaths += len(state.cards) < len(game.state.cards)
    assert deaths > 5  # (cards did die on the way)


def test_a_players_cards_with_a_keyword_are_counted_as_stats_has_it() -> None:
    """Generator and Hunger are counted by the ids of the cards that print them and what
    those are attached to: the same count as stats.has, card by card."""
    for hidden in (False, True):
        for game in positions(5, hidden):
            state, ctx = game.state, game.ctx()
            for seat in (0, 1):
                for keyword in KEYWORDS:
                    mine = [x for x in state.cards if x.owner == seat]
                    assert count_having(state, ctx, seat, keyword) == sum(
                        stats.has(state, ctx.catalog, x, keyword) for x in mine
                    )


def test_who_fights_is_the_catalogs_units_vehicles_and_fortifications() -> None:
    """Catalog.fighting (blocks, may be retired at 0 defense: "Card Types") against each
    card's type and subtype: never equipment, upgrades, resources or tactics."""
    catalog = random_setup(0).catalog
    for card in catalog.cards:
        fights = card.type == "unit" or card.subtype in ("vehicle", "fortification")
        assert (card.id in catalog.fighting) == fights, card.id
    assert {"shambler", "ol_tank"} <= catalog.fighting
    assert "hunting_rifle" not in catalog.fighting  # equipment


def test_fixed_actions_handed_out_again_are_equal_to_new_ones() -> None:
    """A listing hands out the same Regroup, Draw, EndPhase, Pass, no-block and plain Deploy
    objects every time (immutable): each is the acting seat's, of the right field kinds, and
    a device's command made afresh from its dict form is found among them."""
    game = DeedsGame(random_setup(2))
    seen: dict[Any, Any] = {}
    rnd = random.Random(2)
    for _ in range(300):
        if game.outcome() is not None:
            break
        listed = list(game.legal_actions())
        for action in listed:
            assert action.player == actor(game.state)
            assert da.type_problem(action) is None
            seen.setdefault(action, action)
        command = da.from_dict(da.to_dict(choose(rnd, listed)))
        assert game.listed_now(command)
        game.apply(command)
    kinds = {type(a) for a in seen}
    assert {da.Regroup, da.Draw, da.EndPhase, da.Pass, da.Block, da.Deploy} <= kinds


def test_a_card_printed_with_0_defense_goes_at_once_though_the_battlefield_was_swept() -> None:
    """Deaths: a card that comes in at 0 defense is retired at once ("at any time"): a deploy
    keeps the battlefield noted as swept only for a card printed with some defense (a unit
    has some, the catalog says; a fortification may have none)."""
    data = {
        "setup": {"hidden_hands": False, "first_player": 0},
        "players": [
            {"name": "Amy", "pool": {"bio": 5}, "hand": ["paper_wall", "shambler"], "deck": []},
            {"name": "John", "deck": []},
        ],
        "position": {"round": 2, "attacker": 0, "phase": "deploy"},
        "card": [
            {
                "id": "paper_wall",
                "name": "Paper Wall",
                "type": "technology",
                "subtype": "fortification",
                "defense": 0,
            }
        ],
    }
    setup, state = read_scenario(data, "test")
    game = DeedsGame.start(setup, state)
    game.apply(da.Deploy(0, "shambler"))  # a step the game notes as swept
    assert game.state.cards[-1].card_id == "shambler"
    game.apply(da.Deploy(0, "paper_wall"))
    assert [x.card_id for x in game.state.cards] == ["shambler"]
    assert game.state.players[0].graveyard == ("paper_wall",)
    assert game.log[-1].text == "Paper Wall goes to Amy's graveyard"


@pytest.mark.parametrize("hidden", [False, True])
def test_one_look_at_the_battlefield_gives_each_cards_numbers_as_stats_does(hidden: bool) -> None:
    """A battle's fighters (resolve.forecast) read their numbers from one Look: attack, health
    and keywords equal to stats.fighter_numbers for every card, with equipment, vehicles,
    upgrades and auras on the battlefield."""
    attached = auras = 0
    for seed in SEEDS:
        for game in positions(seed, hidden):
            state, catalog = game.state, game.catalog
            look = Look(state, catalog)
            for x in state.cards:
                assert look.numbers(x) == stats.fighter_numbers(state, catalog, x)
                attached += bool(state.attached(x.id))
            auras += not catalog.aura_cards.isdisjoint(x.card_id for x in state.cards)
    assert attached > 20 and auras > 20  # (the rare parts came up)


def test_the_state_and_a_player_copied_by_position_are_the_copies_with_those_changes() -> None:
    """evolve_state.state_with and player_with fill every field in order: each named field
    changed, the others kept, as dataclasses.replace; an unknown field is refused."""
    pool, other = Pool(1, 2, 3, 4), Pool(4, 3, 2, 1)
    p = Player("Amy", 20, pool, ("a",), 1, ("b", "c"), 2, ("d",), False)
    changes: dict[str, Any] = {
        "base": 7,
        "pool": other,
        "hand": (),
        "hand_size": 0,
        "deck": ("e",),
        "deck_size": 1,
        "graveyard": (),
        "decided": True,
    }
    for name, value in changes.items():
        assert player_with(p, **{name: value}) == dataclasses.replace(p, **{name: value})
    assert player_with(p, **changes) == dataclasses.replace(p, **changes)
    x = InPlay(1, "shambler", 0, True, 1)
    state = DeedsState(1, 0, Phase.DEPLOY, (p, p), (), 1, 99, 5, None, False, ())
    changes = {
        "round": 2,
        "attacker": 1,
        "phase": Phase.TACTICS,
        "players": (p, player_with(p, base=3)),
        "cards": (x,),
        "rng": 7,
        "next_id": 9,
        "battle": Battle((1,)),
        "attacked": True,
        "notes": (Note(1, 0, "text"),),
    }
    for name, value in changes.items():
        assert state_with(state, **{name: value}) == dataclasses.replace(state, **{name: value})
    assert state_with(state, **changes) == dataclasses.replace(state, **changes)
    with pytest.raises(TypeError):
        state_with(state, first_player=1)  # type: ignore[call-arg]  # decided once, at setup
    with pytest.raises(TypeError):
        player_with(p, name="Bo")  # type: ignore[call-arg]  # a player's name is kept


def test_a_battlefield_not_yet_swept_is_swept_after_any_step() -> None:
    """A game started at a position with a unit already at 0 defense: the first step, a Draw
    that touches no card, still retires it (the note is only of what a step swept)."""
    game = game_at({"card": "shambler", "damage": 99}, phase="draw", hands=([], []))
    game.apply(da.Draw(0))
    assert game.state.card(1) is None
    assert game.state.players[0].graveyard == ("shambler",)
    assert any("graveyard" in line.text for line in game.log)


def test_a_card_copied_by_position_is_the_card_with_those_changes() -> None:
    """evolve_state.changed fills every field of a card in order (no frozen __init__): the
    same as dataclasses.replace, each field kept in its place."""
    x = InPlay(7, "shambler", 1, False, 2, 3, 4, 5, -6, 8, True)
    assert changed(x, True, 9, False) == dataclasses.replace(x, ready=True, damage=9, fed=False)
