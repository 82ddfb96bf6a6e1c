"""Targets chosen by a tap, a scan or a button (companion_app/session/target_picking.py), on a small
``SessionForTargets`` of the test's own: no GameSession, no Kivy (issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.session.target_picking import SessionForTargets, Targeting
from engine.zeal import actions as za
from hardware.registry import TagRegistry
from hardware.seats import SeatMap
from tests.app.session_parts import TargetsSide, zeal_at_combat


@pytest.fixture
def side(tmp_path: Path) -> TargetsSide:
    return TargetsSide(zeal_at_combat(tmp_path, SeatMap(), TagRegistry(":memory:")))


def stack(side: TargetsSide) -> list:
    return list(side.require_game().state.stack)


def test_the_small_session_is_what_targeting_asks_for(side: TargetsSide) -> None:
    assert isinstance(side, SessionForTargets)


def test_an_action_with_targets_asks_its_player_first_and_plays_nothing(
    side: TargetsSide,
) -> None:
    targeting = Targeting(side)
    assert targeting.play(0, za.PlayCard(0, "burn"))
    request = side.picking[0]
    assert request.prompt == "Burn: choose a character in play"
    assert [o.label for o in request.options] == ["Anton's Psychopomp"]
    assert side.said[-1] == ("Burn: choose a character in play", True, 0)  # on Alena's side
    assert side.redraws == 1 and not stack(side)


def test_the_chosen_option_is_played_and_the_question_put_away(side: TargetsSide) -> None:
    targeting = Targeting(side)
    targeting.play(0, za.PlayCard(0, "burn"))
    assert targeting.pick(0, 0)
    psychopomp = side.require_game().state.players[1].in_play[0]
    assert stack(side)[-1].targets == (psychopomp.id,)
    assert side.picking == {}


def test_no_target_where_the_rules_allow_none_and_cancel(side: TargetsSide) -> None:
    targeting = Targeting(side)
    targeting.play(0, za.PlayCard(0, "burn"))
    targeting.cancel(0)
    assert side.picking == {} and not stack(side)
    assert not targeting.pick(0, 0)  # nothing asked any more: nothing to pick
    targeting.play(0, za.PlayCard(0, "burn"))
    assert targeting.pick(0, None)
    assert stack(side)[-1].targets == ()


def test_a_scan_of_a_choice_picks_it_and_another_card_does_not(side: TargetsSide) -> None:
    targeting = Targeting(side)
    targeting.play(0, za.PlayCard(0, "burn"))
    assert not targeting.by_scan("specter_wisp")  # not one of the choices
    assert 0 in side.picking
    assert targeting.by_scan("psychopomp")
    assert side.picking == {} and stack(side)[-1].name == "Burn"


def test_a_tap_on_a_base_that_is_a_choice_picks_it(side: TargetsSide) -> None:
    targeting = Targeting(side)
    targeting.play(0, za.PlayCard(0, "siege_bolt"))
    assert side.picking[0].optional and len(side.picking[0].options) == 6
    assert not targeting.by_tap(0, "base:2")  # Alena's own base is no choice
    assert targeting.by_tap(1, "base:2")
    assert stack(side)[-1].targets == ("base:1:2",)


def test_an_action_without_targets_is_played_at_once(side: TargetsSide) -> None:
    targeting = Targeting(side)
    assert targeting.play(0, za.SetDevotion(0, current=4))
    assert side.picking == {} and side.redraws == 0
    assert side.require_game().state.players[0].devotion == 4
