"""Telling a dial's echo from a player's turn (hardware/dial_echo.py)."""

from __future__ import annotations

from hardware.dial_echo import DialEchoes
from hardware.events import DialChanged

KEY = ("a1b2c3d4", 0)


def dial(value: int) -> DialChanged:
    return DialChanged(KEY[0], KEY[1], value)


def test_answers_to_values_sent_are_echoes_and_turns_are_not() -> None:
    echoes = DialEchoes()
    assert echoes.needs(KEY, 0) and echoes.needs(KEY, 2)
    assert echoes.awaiting()
    assert echoes.is_echo(dial(0))  # the late answer to 0 is not the player turning back to 0
    assert echoes.is_echo(dial(2)) and not echoes.awaiting()
    assert not echoes.is_echo(dial(5))  # a turn
    echoes.turned(dial(5))
    assert not echoes.needs(KEY, 5)  # it shows 5 already: nothing to send


def test_an_answer_skipped_by_a_later_one_is_dropped_with_it() -> None:
    echoes = DialEchoes()
    for value in (1, 2, 3):
        echoes.needs(KEY, value)
    assert echoes.is_echo(dial(3))  # the device only reported its newest value
    assert not echoes.awaiting() and not echoes.is_echo(dial(1))


def test_forgetting_a_dial_sends_again_and_force_always_sends() -> None:
    echoes = DialEchoes()
    assert echoes.needs(KEY, 4) and not echoes.needs(KEY, 4)
    assert echoes.needs(KEY, 4, force=True)
    echoes.forget(*KEY)
    assert not echoes.awaiting() and echoes.needs(KEY, 4)
