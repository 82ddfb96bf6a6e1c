"""The state codec (engine/core/state_codec.py) and Game.resume_from, for every game: a state
written and read back is the very state, and a game resumed from one position of a replay is
that replay in all it answers, undo back past the position included. The codec makes only the
game's own records: anything else in the text is refused, never built."""

from __future__ import annotations

import json

import pytest

from engine import games
from engine.core.state_codec import StateCodecError, decode_state, encode_state, package_of

KINDS = games.kinds()


def _played(kind: str, commands: int = 90) -> list[object]:
    return list(games.get(kind).random_game(2, 2, commands).game.history)


@pytest.mark.parametrize("kind", KINDS)
def test_every_position_of_a_game_reads_back_as_itself(kind: str) -> None:
    engine = games.get(kind).game
    package = package_of(engine)
    game = engine.start(games.get(kind).random_game(2, 2, 1).game.setup)
    for action in _played(kind):
        game.apply(action)
        assert decode_state(encode_state(game.state, package), package) == game.state


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_resumed_from_a_position_is_the_replay(kind: str) -> None:
    engine = games.get(kind).game
    setup = games.get(kind).random_game(2, 2, 1).game.setup
    actions = _played(kind)
    full = engine.replay(setup, actions)
    at = len(actions) // 2
    before = engine.replay(setup, actions[:at])
    state = decode_state(encode_state(before.state, package_of(engine)), package_of(engine))
    asked: list[int] = []

    def earlier() -> list[object]:
        asked.append(at)
        return actions[:at]

    resumed = engine.resume_from(setup, state, at, (len(before.log), before.log[-5:]), earlier)
    resumed.apply_all(actions[at:])
    assert resumed.state == full.state and len(resumed.history) == len(actions)
    assert resumed.log[-5:] == full.log[-5:] and resumed.initial_state == full.initial_state
    assert resumed.history[-1] == actions[-1]
    assert not asked  # nothing before the position was needed yet
    for _ in range(len(actions) - at + 3):  # back past the position
        assert resumed.undo() == full.undo()
        assert resumed.state == full.state
    assert asked == [at]  # the part before it made once, when the undo reached it
    assert tuple(resumed.log) == tuple(full.log) and tuple(resumed.history) == tuple(full.history)
    assert [resumed.describe_made(i) for i in range(len(resumed.history))] == [
        full.describe_made(i) for i in range(len(full.history))
    ]


def _text(kind: str) -> tuple[str, str]:
    engine = games.get(kind).game
    state = engine.start(games.get(kind).random_game(2, 2, 1).game.setup).state
    return encode_state(state, package_of(engine)), package_of(engine)


def test_another_games_state_is_refused() -> None:
    text, _ = _text("deeds")
    with pytest.raises(StateCodecError):
        decode_state(text, package_of(games.get("zeal").game))


@pytest.mark.parametrize(
    "change",
    [
        "a class from outside the game",
        "a field more than the record has",
        "fields renamed",
        "a record index out of range",
        "not JSON",
    ],
)
def test_a_changed_text_is_refused_not_built(change: str) -> None:
    text, package = _text("zeal")
    data = json.loads(text)
    if change == "a class from outside the game":
        data["classes"][0] = "os:system"
    elif change == "a field more than the record has":
        data["state"]["v"].append(1)
    elif change == "fields renamed":
        data["shapes"][0] = [f"x{i}" for i in range(len(data["shapes"][0]))]
    elif change == "a record index out of range":
        data["state"]["d"] = 999
    changed = "{not json" if change == "not JSON" else json.dumps(data)
    with pytest.raises(StateCodecError):
        decode_state(changed, package)


def test_a_state_holding_what_the_codec_does_not_write_is_refused() -> None:
    with pytest.raises(StateCodecError):
        encode_state({"a": [1]}, "engine.zeal")
