"""Which gestures make each Zeal action at the table (companion_app/games/gestures.py), for the
table explorer (tests/app/explorer).

One-tap decisions are the buttons on the deciding player's panel (the adapter's
``choice_label``); a card is played by scanning it on its player's reader, then its targets
are tapped in the picker in front of them; declarations with real choices are made on the
combat assistant (it opens by itself), one row per character, then Confirm.

What the table has no gesture for yet answers ``None`` (the explorer names the action):
X costs other than 0, activated abilities, triggered actions, hunts and damage to bases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion_app.games import gestures as g
from companion_app.games.base import AnyGame
from companion_app.games.zeal import targeting
from engine.zeal import ZealGame
from engine.zeal import actions as za


class ZealPlayerModel(g.PlayerModel):
    def gestures(self, game: AnyGame, action: Any) -> Sequence[g.Gesture] | None:
        from companion_app.games.zeal.adapter import ADAPTER

        assert isinstance(game, ZealGame)
        seat = f"seat:{action.player}"
        due = ADAPTER.due_screen(game)
        if isinstance(action, za.PlayCard):
            return _play(game, action)
        if isinstance(action, za.Activate | za.PlayTrigger | za.DeclineTrigger):
            return None  # no gesture at the table makes these yet
        declaration = isinstance(
            action, za.DeclareAttackers | za.DeclareBlockers | za.DeclareFlankers | za.AssignDamage
        )
        if declaration and due == "combat":
            return _on_combat_screen(game, action)
        label = ADAPTER.choice_label(game, action)
        if label is None:
            return None
        return [g.TapText(label, seat)]

    def end_by_hand(self, game: AnyGame) -> Sequence[g.Gesture] | None:
        """At two players, the first seat's face-up bases turned face down by taps in their
        middle (with more, that only puts one player out)."""
        assert isinstance(game, ZealGame)
        if len(game.state.players) != 2:
            return None
        bases = game.state.players[0].bases
        return [g.TapCounter(0, f"base:{i}", 0) for i, b in enumerate(bases) if b.face_up]


def _play(game: ZealGame, action: za.PlayCard) -> list[g.Gesture] | None:
    """Scan the card on its player's reader, then tap each target in the picker."""
    if action.x or action.zeal is not None:
        return None  # the table never asks for X or for Zeal: the engine decides
    seat = f"seat:{action.player}"
    out: list[g.Gesture] = [g.Scan(action.player, action.card_id)]
    made = za.PlayCard(action.player, action.card_id)
    while True:
        request = targeting.target_request(game, made)
        if request is None:
            break
        if len(made.targets) < len(action.targets):
            wanted = action.targets[len(made.targets)]
            option = next((o for o in request.options if o.value == wanted), None)
            if option is None:
                return None
            out.append(g.TapText(option.label, seat))
            made = targeting.with_target(made, wanted)
        elif request.optional:
            out.append(g.TapText(request.none_label, seat))
            break
        else:
            return None
    return out if made.targets == action.targets else None


def _row_label(perm: Any) -> str:
    return f"{perm.name} ({perm.combat})"


def _on_combat_screen(game: ZealGame, action: Any) -> list[g.Gesture] | None:
    """The combat assistant's rows, as its screen lists them, then Confirm."""
    state = game.state
    everyone = {p.id: p for pl in state.players for p in pl.in_play}
    names = [p.name for p in state.players]
    out: list[g.Gesture] = [g.OpenScreen("combat")]
    combat = state.combat
    if combat is None and not isinstance(action, za.DeclareAttackers):
        return None
    if isinstance(action, za.DeclareAttackers):
        if action.hunts:
            return None
        rows = [p for p in state.players[action.player].in_play if p.kind == "character"]
        picks = {a: f"attacks {names[d]}" for a, d in action.attackers}
    elif isinstance(action, za.DeclareBlockers):
        rows = [p for p in state.players[action.player].in_play if p.kind == "character"]
        picks = {b: f"blocks {everyone[a].name}" for b, a in action.blocks}
    elif isinstance(action, za.DeclareFlankers):
        assert combat is not None
        rows = [everyone[a] for a, _d in combat.attackers if not combat.blocked(a)]
        picks = {f: f"flanks {everyone[b].name}" for f, b in action.flanks}
    else:  # AssignDamage
        if action.bases:
            return None
        assert combat is not None
        rows = [
            everyone[a]
            for a, _d in combat.attackers
            if a in everyone and len([b for b, att in combat.blocks if att == a]) >= 2
        ]
        picks = {a: f"damages {everyone[b].name}" for a, b in action.blockers}
    for perm_id, option in picks.items():
        perm = everyone.get(perm_id)
        if perm is None or perm not in rows:
            return None
        label = _row_label(perm)
        nth = [r.id for r in rows if _row_label(r) == label].index(perm_id)
        out.append(g.ChooseRow(label, option, "screen:combat", nth))
    out.append(g.TapText("Confirm", "screen:combat"))
    return out


MODEL = ZealPlayerModel()
