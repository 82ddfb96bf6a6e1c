"""A journey through the combat assistant's rows beneath a row (Keywords: Hunt; Combat:
Dealing Combat Damage to Bases): the attacking player taps who blocks her hunter and where
her juggernaut's excess damage goes, on the page turned to her, and the engine gets exactly
those declarations. Run by tests/app/drive.py as "tests.app.journeys_zeal_combat:<name>"."""

from __future__ import annotations

from typing import Any

from engine.zeal import actions as za
from tests.app.explorer.checks import reading, visible
from tests.app.journeys import at_the_table, commanding, scoreboard
from tests.app.zeal_combat_positions import plainest_answer, to_attackers, to_damage


async def _row(d: Any, combat: Any, label: str, option: str) -> None:
    """The button of the row that reads ``label`` tapped until it reads ``option`` (the row
    is looked up again after each tap: rows beneath it come and go)."""

    def find() -> Any:
        rows = [r for r in combat.rows if r.label == label]
        assert len(rows) == 1, (label, [r.label for r in combat.rows])
        return rows[0]

    for _ in range(8):
        row = find()
        if row.choice_text == option:
            return
        await d.tap(row.children[0])  # the choice button
    raise AssertionError(f"{label}: never {option!r}; rows {[r.label for r in combat.rows]}")


def _unreadable(combat: Any) -> list[str]:
    """The reading rules (the explorer's own checks) on every text the page shows."""
    return [problem for seen in visible(combat) for problem in reading(seen)]


async def _faces_alena(d: Any, combat: Any) -> None:
    turned = scoreboard(d).turners[0].rotation
    await d.until(lambda: combat.ids.turner.rotation == turned, "the page turned to Alena")


async def hunt_and_excess(d: Any) -> None:
    s = d.session
    await at_the_table(d)
    command = commanding(s)

    cards = [("night_hunter", "iron_juggernaut"), ("lunari_acolyte", "cult_zealot")]
    ids = to_attackers(lambda: s.game, command, cards)
    hunter, jug = ids["night_hunter"][0], ids["iron_juggernaut"][0]
    zealot = ids["cult_zealot"][0]
    combat = d.screen("combat")
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "attackers",
        "the combat assistant opens by itself for Alena's attackers",
    )
    await _faces_alena(d, combat)
    await _row(d, combat, "Night Hunter (sample) (3)", "Night Hunter (sample) attacks Anton")
    # The hunter's row opens one beneath it: Anton's characters that could block it.
    hunt = "Night Hunter (sample) hunts:"
    await d.until(lambda: any(r.label == hunt for r in combat.rows), "the hunt row")
    offered = next(r for r in combat.rows if r.label == hunt).spec
    d.notes["hunt_options"] = [offered.text(i) for i in range(len(offered.options))]
    await _row(d, combat, hunt, "Night Hunter (sample) is blocked by Cult Zealot (sample)")
    await _row(d, combat, "Iron Juggernaut (sample) (4)", "Iron Juggernaut (sample) attacks Anton")
    await d.until(lambda: combat.ready, "the engine accepts the declaration")
    d.notes["attack_rows"] = [[r.label, r.choice_text] for r in combat.rows]
    d.notes["attack_prediction"] = combat.prediction
    d.notes["attack_unreadable"] = _unreadable(combat)
    await d.screenshot("hunt_rows")
    await d.tap(combat.ids.confirm)
    await d.until(
        lambda: any(
            isinstance(a, za.DeclareAttackers) and a.player == 0 for a in s.game.history[-1:]
        ),
        "the declaration is made",
    )
    d.notes["attack_made"] = s.game.history[-1] == za.DeclareAttackers(
        0, ((hunter, 1), (jug, 1)), hunts=((hunter, zealot),)
    )
    d.notes["attack_history"] = repr(s.game.history[-1])
    # Anton's base 3 has taken 2 this turn (a tap-adjusted base); he declares no blockers.
    command(za.SetBase(1, 2, damage=2))
    for _ in range(12):
        state = s.game.state
        if state.awaiting == "damage":
            break
        actor = s.game.acting_player()
        if state.awaiting == "blockers":
            command(za.DeclareBlockers(actor))
        elif state.awaiting == "flankers":
            command(za.DeclareFlankers(actor))
        else:
            command(za.Pass(actor))
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "damage",
        "the combat assistant opens by itself for Alena's combat damage",
    )
    await _faces_alena(d, combat)
    await _row(
        d, combat, "Iron Juggernaut (sample) (4)", "Iron Juggernaut (sample) hits Anton's base 3"
    )
    await _row(d, combat, "3 left over from Anton's base 3:", "its excess goes to Anton's base 2")
    await _row(d, combat, "1 left over from Anton's base 2:", "its excess goes to Anton's base 1")
    await d.until(lambda: combat.ready, "the engine accepts the damage")
    d.notes["damage_rows"] = [[r.label, r.choice_text] for r in combat.rows]
    d.notes["damage_prediction"] = combat.prediction
    d.notes["damage_unreadable"] = _unreadable(combat)
    await d.screenshot("excess_rows")
    await d.tap(combat.ids.confirm)
    await d.until(
        lambda: any(isinstance(a, za.AssignDamage) for a in s.game.history[-1:]),
        "the damage is assigned",
    )
    d.notes["damage_made"] = s.game.history[-1] == za.AssignDamage(
        0, bases=((jug, 1, 2), (jug, 1, 1), (jug, 1, 0))
    )
    d.notes["damage_history"] = repr(s.game.history[-1])
    d.notes["bases_up"] = [b.face_up for b in s.game.state.players[1].bases]


async def two_attackers_one_base(d: Any) -> None:
    """Combat: Dealing Combat Damage to Bases, one attacker at a time. Alena's juggernaut (4)
    and bull (3) are unblocked at Anton, whose base 3 has 1 to go. The juggernaut at base 3
    defeats it and carries on; the bull's row then offers only the bases still standing. The
    juggernaut's excess base, chosen, is kept while its base row is cycled round and back."""
    s = d.session
    await at_the_table(d)
    command = commanding(s)

    ids = to_attackers(lambda: s.game, command, [("iron_juggernaut", "asterion_bull"), ()])
    attack = tuple((ids[c][0], 1) for c in ("iron_juggernaut", "asterion_bull"))
    to_damage(lambda: s.game, command, za.DeclareAttackers(0, attack))
    command(za.SetBase(1, 2, damage=2))
    combat = d.screen("combat")
    d.app.show("combat")
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "damage", "the damage rows"
    )
    jug, bull = "Iron Juggernaut (sample) (4)", "Asterion Bull (3)"
    await _row(d, combat, jug, "Iron Juggernaut (sample) hits Anton's base 3")
    await _row(d, combat, "3 left over from Anton's base 3:", "its excess goes to Anton's base 4")
    bull_row = next(r for r in combat.rows if r.label == bull).spec
    d.notes["bull_options"] = [bull_row.text(i) for i in range(len(bull_row.options))]
    # The bull at base 4 (the juggernaut's excess left it 1 to go): 2 left over, a row for it.
    await _row(d, combat, bull, "Asterion Bull hits Anton's base 4")
    d.notes["rows_at_base_4"] = [[r.label, r.choice_text] for r in combat.rows]
    await d.screenshot("two_at_one_base")
    # The juggernaut's base row cycled once round, back to base 3.
    label = next(r for r in combat.rows if r.label == jug)
    for _ in range(len(label.spec.options)):
        await d.tap(next(r for r in combat.rows if r.label == jug).children[0])
    d.notes["rows_after_cycle"] = [[r.label, r.choice_text] for r in combat.rows]
    d.notes["unreadable"] = _unreadable(combat)


async def assimilate(d: Any) -> None:
    """Keywords: Assimilate. Alena's Hive Assimilator (2), unblocked, hits Anton's base 2:
    the forecast says the base is assimilated; once dealt, the base stands on Alena's panel
    (from Anton) and no longer on Anton's."""
    s = d.session
    board = await at_the_table(d)
    command = commanding(s)

    ids = to_attackers(lambda: s.game, command, [("hive_assimilator",), ()])
    hive = ids["hive_assimilator"][0]
    to_damage(lambda: s.game, command, za.DeclareAttackers(0, ((hive, 1),)))
    combat = d.screen("combat")
    d.app.show("combat")
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "damage", "the damage rows"
    )
    await _row(
        d, combat, "Hive Assimilator (sample) (2)", "Hive Assimilator (sample) hits Anton's base 2"
    )
    await d.until(lambda: combat.ready, "the engine accepts the damage")
    d.notes["forecast"] = combat.prediction
    await d.tap(combat.ids.confirm)
    await d.until(
        lambda: s.game.state.players[1].bases[1].controller == 0, "the base is assimilated"
    )
    if d.app.sm.current != "scoreboard":
        d.app.show("scoreboard")
    await d.frames(4)

    def tile(seat: int, key: str) -> list[Any]:
        t = board.panels[seat].tiles.get(key)
        return [t.title, t.note, t.dimmed] if t is not None else []

    d.notes["anton_base_2"] = tile(1, "base:1")
    d.notes["alena_taken"] = tile(0, "base:1:1")
    d.notes["alena_keys"] = sorted(k for k in board.panels[0].tiles if k.startswith("base:"))
    await d.screenshot("assimilated")


async def who_attacks(d: Any) -> None:
    """Combat: in the window after attackers are declared, and after blockers, each
    character's tile says what it does and the panels who attacks and who is attacked."""
    s = d.session
    board = await at_the_table(d)
    command = commanding(s)

    ids = to_attackers(lambda: s.game, command, [("iron_juggernaut",), ("cult_zealot",)])
    jug, zealot = ids["iron_juggernaut"][0], ids["cult_zealot"][0]
    command(za.DeclareAttackers(0, ((jug, 1),)))
    d.app.show("scoreboard")
    await d.frames(4)
    d.notes["attack_window"] = [
        [board.panels[0].tiles[f"perm:{jug}"].title, board.panels[0].tiles[f"perm:{jug}"].detail],
        list(board.panels[0].view.badges),
        list(board.panels[1].view.badges),
    ]
    for _ in range(6):
        if s.game.state.awaiting == "blockers":
            break
        command(za.Pass(s.game.acting_player()))
    command(za.DeclareBlockers(1, ((zealot, jug),)))
    d.app.show("scoreboard")
    await d.frames(4)
    d.notes["block_window"] = [
        board.panels[1].tiles[f"perm:{zealot}"].title,
        board.panels[1].tiles[f"perm:{zealot}"].detail,
    ]
    await d.screenshot("who_attacks")


async def result_then_attackers(d: Any) -> None:
    """A result, then the combat page opening by itself over the band: Alena's Burn kills
    Anton's Psychopomp at the start of combat, and her attackers are asked for at once. The
    page says the death (it covered the band, and the result went unseen). Her declaration
    made and taken back: the page says Undo's notice whole beside the death, which stands."""
    s = d.session
    board = await at_the_table(d)
    command = commanding(s)
    cards = [("iron_juggernaut",), ("psychopomp", "cult_zealot")]
    for seat in range(2):
        command(za.KeepHand(seat))
    command(za.Develop(0, "devotion"))
    for seat, theirs in enumerate(cards):
        for card in theirs:
            command(za.MoveCard(seat, card, "play"))
    for _ in range(60):  # on to Alena's second turn, the start of its combat
        state = s.game.state
        at_combat = state.turn > 1 and state.active == 0 and state.step.label == "Combat"
        if at_combat and state.priority == 0 and state.awaiting is None:
            break
        command(plainest_answer(s.game))
    else:
        raise AssertionError(f"never reached Alena's combat: {s.game.state.step}")
    ids = {p.card_id: p.id for pl in s.game.state.players for p in pl.in_play}
    command(za.SetDevotion(0, current=6))
    command(za.PlayCard(0, "burn", targets=(ids["psychopomp"],)))
    for _ in range(8):  # everyone passes: the Burn resolves, then attackers are asked for
        if s.game.state.awaiting == "attackers":
            break
        command(za.Pass(s.game.acting_player()))
    combat = d.screen("combat")
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "attackers",
        "the combat assistant opens by itself for Alena's attackers",
    )
    await d.frames(2)
    d.notes["page_after_death"] = [t.text for t in visible(combat)]
    command(za.DeclareAttackers(0, ((ids["iron_juggernaut"], 1),)))
    await d.until(lambda: s.game.state.awaiting != "attackers", "the attackers declared")
    await d.frames(2)
    assert s.undo_last(), s.message
    await d.until(
        lambda: d.app.sm.current == "combat" and combat.phase == "attackers",
        "the page asks for Alena's attackers again",
    )
    await d.frames(2)
    d.notes["page_after_undo"] = [t.text for t in visible(combat)]
    d.notes["page_unreadable"] = _unreadable(combat)
    d.notes["band_after_undo"] = board.ids.prompt.text
    await d.screenshot("undo_beside_a_death")
