"""The engine's shortcuts for speed change no result (issue 13).

Each shortcut is checked against the slow path it replaces, over random games with open and
hidden hands: apply() trusting an action legal_actions() just listed (against explain()),
plays and target candidates kept per (players, stack) (against working them out afresh), the
rules loop returning at once on a bare priority window (against running the loop), and history
and log read as snapshots instead of copies (against the tuples they replace). Undo and replay
stay exact: whole-state snapshots (Undo; engine/core/undo_stack.py).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.core.evolve import evolve, maker
from engine.core.records import LogEntry
from engine.zeal import ZealGame, flow
from engine.zeal import actions as za
from engine.zeal import legal as zlegal
from engine.zeal.keywords import CHARACTER, DEVICE, SPELL
from engine.zeal.ops import base_ref, discard_ref
from engine.zeal.randomplay import choose, random_setup
from engine.zeal.rules import explain
from engine.zeal.state import GameState, Target
from engine.zeal.targets import BASE_KINDS, PERMANENT_KINDS, check_target

SEEDS = range(6)


def new_game(seed: int, hidden: bool) -> ZealGame:
    setup = random_setup(seed)
    return ZealGame(dataclasses.replace(setup, hidden_hands=hidden) if hidden else setup)


def walk(seed: int, hidden: bool, actions: int = 300) -> Iterator[tuple[ZealGame, list[za.Action]]]:
    """A seeded random game, step by step: the game and what it lists now (the caller looks,
    then the walk applies one of them), until it ends or ``actions`` were applied."""
    game = new_game(seed, hidden)
    rnd = random.Random(seed)
    for _ in range(actions):
        if game.outcome() is not None:
            return
        listed = list(game.legal_actions())
        yield game, listed
        game.apply(choose(rnd, listed))


def play(game: ZealGame, seed: int, actions: int) -> None:
    rnd = random.Random(seed)
    for _ in range(actions):
        if game.outcome() is not None:
            return
        game.apply(choose(rnd, list(game.legal_actions())))


def forget_memos() -> None:
    zlegal._plays_memo[0] = (None, None, None, {})
    zlegal._memo[0] = (None, None, None, {})
    zlegal._own_plays.clear()


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_listed_action_is_legal_by_the_rules_themselves(seed: int, hidden: bool) -> None:
    """apply() skips explain() for a listed action: the rules must agree it is legal."""
    for game, options in walk(seed, hidden):
        for action in options:
            assert explain(game.state, game.catalog, action) is None, action


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_memoised_plays_equal_plays_worked_out_afresh(seed: int, hidden: bool) -> None:
    for game, listed in walk(seed, hidden):
        forget_memos()
        assert list(zlegal.legal_actions(game.state, game.catalog)) == listed


def listed_afresh(game: ZealGame) -> list[za.Action]:
    """The legal actions worked out with no memo, leaving the memos as they were."""
    kept = (zlegal._plays_memo[0], zlegal._memo[0], dict(zlegal._own_plays))
    forget_memos()
    try:
        return list(zlegal.legal_actions(game.state, game.catalog))
    finally:
        zlegal._plays_memo[0], zlegal._memo[0] = kept[0], kept[1]
        zlegal._own_plays.update(kept[2])


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_plays_kept_from_step_to_step_equal_plays_worked_out_afresh(
    seed: int, hidden: bool
) -> None:
    """The memos live through the whole game (plays without targets kept per player record,
    across other players' changes): every listing equals one worked out with none."""
    for game, listed in walk(seed, hidden):
        assert listed == listed_afresh(game)


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_applied_by_trust_replays_to_the_same_state_and_log(seed: int, hidden: bool) -> None:
    """Replay explains every command (nothing listed in a fresh game): the same game results."""
    game = new_game(seed, hidden)
    play(game, seed, 600)
    again = ZealGame.replay(game.setup, list(game.history))
    assert again.state == game.state
    assert again.log == game.log
    assert again.history == game.history


@pytest.mark.parametrize("seed", SEEDS)
def test_the_rules_loop_shortcut_changes_nothing(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same random game with the bare-window shortcut of flow.settle never taken."""
    fast = new_game(seed, False)
    play(fast, seed, 600)
    real_settle = flow.settle

    def full_loop(ctx: object, state: object) -> object:
        flow._all_standing[0] = None  # the shortcut's condition can never hold
        return real_settle(ctx, state)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.zeal.perform.flow.settle", full_loop)
    slow = ZealGame.replay(fast.setup, list(fast.history))
    assert slow.state == fast.state and slow.log == fast.log


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_undo_restores_the_very_state_and_log_before(seed: int, hidden: bool) -> None:
    game = new_game(seed, hidden)
    rnd = random.Random(seed)
    for _ in range(200):
        if game.outcome() is not None:
            break
        before, log, history = game.state, tuple(game.log), tuple(game.history)
        options = list(game.legal_actions())
        action = choose(rnd, options)
        game.apply(action)
        assert game.undo() is action
        assert game.state is before
        assert game.log == log and game.history == history
        game.apply(action)


def test_history_and_log_snapshots_never_change_after_they_are_read() -> None:
    game = new_game(1, False)
    play(game, 1, 40)
    history, log = game.history, game.log
    frozen_history, frozen_log = tuple(history), tuple(log)
    undone = game.undo()
    game.apply(za.SetDevotion(0, current=5))  # a different command where the undone one was
    assert history == frozen_history and log == frozen_log
    assert history[-1] == undone and game.history[-1] == za.SetDevotion(0, current=5)
    play(game, 2, 20)
    assert tuple(history) == frozen_history and len(log) == len(frozen_log)


def test_a_snapshot_reads_like_the_tuple_it_replaces() -> None:
    game = new_game(3, False)
    play(game, 3, 30)
    log, copy = game.log, tuple(game.log)
    assert len(log) == len(copy) and list(log) == list(copy)
    assert log[0] == copy[0] and log[-1] == copy[-1]
    assert log[-5:] == copy[-5:] and log[::2] == copy[::2] and log[::-1] == copy[::-1]
    assert list(reversed(log)) == list(reversed(copy))
    assert log == copy and copy == log and hash(log) == hash(copy)
    with pytest.raises(IndexError):
        log[len(copy)]


@dataclasses.dataclass(frozen=True)
class Unslotted:
    a: int
    b: tuple[int, ...] = ()


def test_evolve_copies_exactly_as_dataclasses_replace_and_stays_frozen() -> None:
    game = new_game(4, False)
    play(game, 4, 60)
    state = game.state
    player = state.players[0]
    for obj, changes in (
        (state, {"passed": (1,), "priority": 0}),
        (player, {"devotion": 7, "hand": ("x",)}),
        (state.players[1].bases[0], {"damage": 2}),
    ):
        copy = evolve(obj, **changes)  # type: ignore[arg-type]
        assert copy == dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        assert type(copy) is type(obj) and copy is not obj
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(copy, next(iter(changes)), None)
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_a_log_line_made_fast_is_a_log_line() -> None:
    line = maker(LogEntry)(3, "Commit", 1, "Alena passes", "")
    assert type(line) is LogEntry and line == LogEntry(3, "Commit", 1, "Alena passes")
    assert hash(line) == hash(LogEntry(3, "Commit", 1, "Alena passes"))
    news = maker(LogEntry)(3, "Combat Damage", 0, "Psychopomp dies", "death")
    assert news == LogEntry(3, "Combat Damage", 0, "Psychopomp dies", news="death")
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.text = "changed"  # type: ignore[misc]
    assert maker(Unslotted) is Unslotted  # nothing to gain: the class itself


def _to_a_priority_window_with_a_play(game: ZealGame) -> list[za.Action]:
    """Plays on until the acting player may pass or play a card (a listing of two or more)."""
    rnd = random.Random(7)
    while True:
        listed = list(game.legal_actions())
        if isinstance(listed[0], za.Pass) and any(isinstance(a, za.PlayCard) for a in listed):
            return listed
        game.apply(choose(rnd, listed))


def test_a_command_equal_to_a_listed_action_is_trusted_as_a_device_sends_it() -> None:
    """The app lists the choices, then checks a device's command: an equal (not identical)
    action listed in this very state is known legal, and is applied as the listed one."""
    game = new_game(5, False)
    listed = _to_a_priority_window_with_a_play(game)
    play = next(a for a in listed if isinstance(a, za.PlayCard))
    command = dataclasses.replace(play)  # equal, but another object: as if from a device
    assert command is not play and game.listed_now(command)
    assert game.explain(command) is None
    fork = game.fork()  # the same state, nothing listed there: the rules' own check
    assert fork.explain(command) is None
    game.apply(command)
    fork.apply(command)
    assert game.state == fork.state and list(game.log)[-len(fork.log) :] == list(fork.log)


def test_an_equal_command_with_the_wrong_kinds_of_values_is_not_trusted() -> None:
    """True == 1 and 1.0 == 1 in Python: such a command equals a listed action yet is not
    one (a save could not be read back), so it is checked and refused in players' words."""
    game = new_game(5, False)
    listed = _to_a_priority_window_with_a_play(game)
    seat = listed[0].player
    before = game.state
    for wrong in (za.Pass(bool(seat)), za.Pass(float(seat))):  # type: ignore[arg-type]
        assert wrong == listed[0] and not game.listed_now(wrong)
        problem = game.explain(wrong)
        assert problem is not None and "whole number" in problem, problem
        with pytest.raises(ValueError, match="whole number"):
            game.apply(wrong)
    assert game.state is before


def test_only_actions_already_handed_out_are_trusted() -> None:
    """legal_actions is an iterator a caller may stop early: the engine trusts only what it
    has handed out, and nothing listed in an earlier state."""
    game = new_game(5, False)
    listed = _to_a_priority_window_with_a_play(game)
    handed = game.legal_actions()
    first = next(handed)
    assert game.listed_now(dataclasses.replace(first))
    assert not any(game.listed_now(dataclasses.replace(a)) for a in listed[1:])
    rest = list(handed)
    assert rest == listed[1:] and all(game.listed_now(dataclasses.replace(a)) for a in rest)
    game.apply(first)
    assert not any(game.listed_now(a) for a in listed)  # a new state: listed in no other


TARGET_KINDS = sorted(
    PERMANENT_KINDS | BASE_KINDS | {"spell", "discard_character", "cheap_permanent"}
)


def _everything_targetable(state: GameState) -> list[Target]:
    """Every id and reference at the table, in table order: permanents, bases (standing or
    not), the stack, each card in a discard pile."""
    return [
        *(p.id for p in state.permanents()),
        *(base_ref(o, i) for o, p in enumerate(state.players) for i in range(len(p.bases))),
        *(item.id for item in state.stack),
        *(discard_ref(o, c) for o, p in enumerate(state.players) for c in dict.fromkeys(p.discard)),
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_listed_targets_are_every_target_check_target_accepts(players: int) -> None:
    """Listing asks permanent_problem and base_problem of each thing at the table instead of
    looking each id up and writing and parsing each base's reference (Choosing Targets): the
    same targets in the same order as check_target accepting every id and reference there."""
    for seed in range(2):
        game = ZealGame(random_setup(seed, players))
        rnd = random.Random(seed)
        for _ in range(70):
            state, seat = game.state, game.acting_player()
            if seat is None:
                break
            every = _everything_targetable(state)
            for kind in TARGET_KINDS:
                for source in (SPELL, CHARACTER, DEVICE):
                    accepted = [
                        t
                        for t in every
                        if check_target(state, game.catalog, kind, t, seat, source) is None
                    ]
                    found = zlegal._candidates(state, game.catalog, kind, seat, source)
                    assert found == accepted, (kind, source)
            game.apply(choose(rnd, list(game.legal_actions())))
