"""Culmination Phase ("Flip all of your component cards face-up") and Set: what the table may
name. A gate deck holds copies of a card and both players may play one god, so a name is
hidden only while no copy of it lies face up: the explorer's hidden check (issue 33) flagged
"Alena performs a ritual: Bone Totem, Drum of the Canopy, ..." on seed 5 because Anton had a
Drum of the Canopy of his own face down; the flip of one of two Broken Branches likewise."""

from __future__ import annotations

from pathlib import Path

from companion_app.games.vile.adapter import ADAPTER
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.vile import Phase, VileGame
from engine.vile import actions as va
from hardware.registry import TagRegistry
from tests.app.explorer.check_hidden import HiddenWatch

from .helpers import ALENA, ANTON, player, table

DRUM, TOTEM, BRANCH = "ape_drum_of_the_canopy", "ape_bone_totem", "ape_broken_branch"


def _leaks(watch: HiddenWatch, game: VileGame, texts: list[str]) -> list[str]:
    """What the explorer's hidden check finds in ``texts`` and the log now."""
    hidden = {c: game.catalog.get(c).name for c in ADAPTER.hidden_cards(game)}
    said = [e.text for e in game.log]
    return watch.look(hidden, [("the table", t) for t in texts], said)


def test_culmination__a_ritual_performed_names_its_components_though_a_copy_lies_face_down() -> (
    None
):
    game = table(
        player("Alena", ritual_zone=(TOTEM, DRUM, TOTEM)),
        player("Anton", "ape", ritual_zone=(DRUM,)),
        phase=Phase.CULMINATION,
    )
    watch = HiddenWatch()
    # Before the ritual, Anton's Drum is face down and no copy is face up: a name is a leak.
    assert ADAPTER.hidden_cards(game) == {DRUM, TOTEM}
    assert _leaks(watch, game, ["Anton's ritual zone: Drum of the Canopy"])
    game.apply(va.PerformRitual(ALENA))
    assert any("performs a ritual: Bone Totem, Drum of the Canopy" in e.text for e in game.log)
    assert _leaks(watch, game, ["Apply Drum of the Canopy"]) == []
    assert ADAPTER.hidden_cards(game) == frozenset()  # Alena's copy is flipped face up
    while game.state.ritual is not None:
        step = next(a for a in game.legal_actions() if isinstance(a, va.ApplyComponent))
        game.apply(step)
    assert DRUM in game.state.players[ALENA].void and game.state.players[ANTON].ritual_zone
    assert _leaks(watch, game, ["Alena applied Drum of the Canopy"]) == []


def test_set__the_flip_of_one_of_two_copies_names_it_and_the_other_stays_hidden_by_kind() -> None:
    game = table(
        player("Alena", ritual_zone=(TOTEM,) * 3),
        player("Anton", "ape", cultists=5, sabotage_zone=(BRANCH, BRANCH)),
        phase=Phase.CULMINATION,
    )
    watch = HiddenWatch()
    game.apply(va.PerformRitual(ALENA))
    assert ADAPTER.hidden_cards(game) == {BRANCH}
    game.apply(va.FlipSabotage(ANTON, BRANCH))
    assert game.state.players[ANTON].sabotage_zone == (BRANCH,)
    assert _leaks(watch, game, []) == []  # "Anton flips Broken Branch: ..." in the log
    assert ADAPTER.hidden_cards(game) == frozenset()  # a Broken Branch is in Anton's void


def test_undo__a_flip_taken_back_does_not_name_the_card_now_face_down_again(
    tmp_path: Path,
) -> None:
    """Undo's notice (for everyone, on the band and the broadcast) said "Took back: Alena
    flipped Broken Branch" with the card back face down in her sabotage zone (explorer seed
    4242, step 182)."""
    s = GameSession(CommandStore(str(tmp_path / "g.sqlite")), lambda _k: TagRegistry(":memory:"))
    s.start_new(
        ["Alena", "Anton"], kind="vile", seed=7, first_player=1, options={"god": ["ape", "ape"]}
    )
    game = s.require_game()
    while not (game.state.active == ANTON and game.state.phase is Phase.MAIN1):
        state = game.state
        assert s.command(va.Gather(state.gathers[0], "")) if state.gathers else s.pass_priority()
        game = s.require_game()
    assert s.command(va.SetZone(ANTON, "ritual", (TOTEM, DRUM, TOTEM)))
    assert s.command(va.SetZone(ALENA, "sabotage", (BRANCH,)))
    assert s.command(va.AdjustPlayer(ALENA, cultists=5))
    while s.require_game().state.phase is not Phase.CULMINATION:
        assert s.pass_priority(), s.message
    assert s.command(va.PerformRitual(ANTON))
    assert s.command(va.FlipSabotage(ALENA, BRANCH))
    assert s.undo_last()
    assert s.require_game().state.players[ALENA].sabotage_zone == (BRANCH,)
    assert s.message.startswith("Took back: Alena flip"), s.message
    assert "Broken Branch" not in s.message, s.message
