"""Zeal at the table (rules/zeal.md): devotion on the dial, six bases, the combat assistant."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion_app.games.base import (
    AnyGame,
    CardView,
    CounterView,
    DialSpec,
    ExtraScreen,
    GameAdapter,
    HistorySeries,
    RuleNote,
    SeatSummary,
    TargetRequest,
)
from companion_app.games.zeal import (
    combat_rows,
    demo_script,
    rules_at_hand,
    targeting,
    tournament_players,
)
from companion_app.games.zeal.glossary import glossary_text
from companion_app.games.zeal.targeting import base_key, base_of
from engine.core.catalog import CardCatalog, CardInfo
from engine.core.records import LogEntry
from engine.zeal import Step, ZealGame, cult_deck
from engine.zeal import actions as za
from engine.zeal.cards import Card, Catalog
from engine.zeal.context import News
from engine.zeal.state import MAX_CURRENT_DEVOTION
from engine.zeal.triggers import playable

HERE = Path(__file__).parent

# The declarations the combat assistant makes (Combat: Choose Attackers ... Combat Damage).
DECLARATIONS: dict[str, type[Any]] = {
    "attackers": za.DeclareAttackers,
    "blockers": za.DeclareBlockers,
    "flankers": za.DeclareFlankers,
    "damage": za.AssignDamage,
}

# Steps where nobody has a decision to make unless a card is played: the start of combat,
# the windows after declarations, the end of the turn. Commit never advances by itself.
QUIET_STEPS = (
    Step.COMBAT_START,
    Step.CHOOSE_ATTACKERS,
    Step.CHOOSE_BLOCKERS,
    Step.FLANKING,
    Step.END_OF_TURN,
)


def _in_combat(state: Any) -> dict[int, str]:
    """What each character does in the combat under way, for its tile during the windows
    to respond (Combat): "attacks Anton", "blocks Ghoul", "flanks Acolyte"."""
    combat = state.combat
    if combat is None or state.over:
        return {}
    names = [p.name for p in state.players]
    perms = {m.id: m for q in state.players for m in q.in_play}

    def name(pid: int) -> str:
        return _short(perms[pid].name) if pid in perms else "a card gone"

    doing = {a: f"attacks {names[d]}" for a, d in combat.attackers if d is not None}
    doing.update({b: f"blocks {name(a)}" for b, a in combat.blocks if b in perms})
    doing.update({f: f"flanks {name(b)}" for f, b in combat.flanks if f in perms})
    return doing


SAMPLE = " (sample)"
# The engine's news, weightiest first on the band (news_rank); the rest ranks 0.
_NEWS_RANKS = {News.OUT: 3, News.BASE_DEFEATED: 2, News.DEATH: 1}


def _short(name: str) -> str:
    """A card's name on a small tile: without the "(sample)" that marks a card the rulebook
    does not have (engine/zeal/data/sample.toml); told whole where there is room."""
    return name[: -len(SAMPLE)] if name.endswith(SAMPLE) else name


def _zeal(game: AnyGame) -> ZealGame:
    assert isinstance(game, ZealGame), "the Zeal adapter was handed another game"
    return game


class ZealAdapter(GameAdapter):
    kind = "zeal"
    player_model_class = "companion_app.games.zeal.player_model:ZealPlayerModel"
    demo = demo_script
    tournament_players = tournament_players
    log_folds = (za.Pass,)

    def setup_record(
        self,
        names: Sequence[str],
        decks: Sequence[Sequence[str]],
        seed: int,
        first_player: int | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """As every game's, plus ``options["deck_size"]``: how many cards a deck with no list
        holds (a tournament's drafted decks: Draft Tournament, "a deck of 24 cards"), so the
        hidden deck is counted right; without it a hidden deck is a constructed deck's size."""
        record = super().setup_record(names, decks, seed, first_player, options)
        size = options.get("deck_size")
        if size:
            for player in record["players"]:
                if not player["deck"]:
                    player["deck_size"] = int(size)
        return record

    # --- a seat ---------------------------------------------------------------------------

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        p = _zeal(game).state.players[seat]
        top = MAX_CURRENT_DEVOTION
        out = [
            CounterView("devotion", "Devotion", p.devotion, 0, top, big=True),
            CounterView("max_devotion", "Max", p.max_devotion, 0, top),
        ]
        state = _zeal(game).state
        names = [q.name for q in state.players]
        for i, b in enumerate(p.bases):
            taken = b.controller != seat  # Assimilate: its tile is on the taker's panel
            out.append(
                CounterView(
                    f"base:{i}",
                    f"Base {b.defense}",
                    b.damage,
                    0,
                    None,
                    group="bases",
                    dimmed=taken or not b.face_up,
                    toggles=not taken,
                    hold_to_toggle=True,
                    note=f"to {names[b.controller]}"
                    if taken
                    else ("dmg" if b.face_up else "face down"),
                )
            )
        # Keywords: Assimilate: the bases this seat took from others stand with its own.
        for owner, other in enumerate(state.players):
            for i, b in enumerate(other.bases):
                if owner != seat and b.controller == seat:
                    out.append(
                        CounterView(
                            base_key(seat, owner, i),
                            f"{names[owner]}'s base {b.defense}",  # told from its own
                            b.damage,
                            0,
                            None,
                            group="bases",
                            dimmed=not b.face_up,
                            toggles=True,
                            hold_to_toggle=True,
                            note=f"from {names[owner]}",
                        )
                    )
        # What the table can't see at a glance: the characters and devices in play, each
        # by its card's name, with its combat score now (Combat) and the damage on it (a
        # tap adjusts the damage), each number said with its word.
        doing = _in_combat(state)
        for m in p.in_play:
            said = [f"Combat {m.combat}" if m.is_character else "Device"]
            if m.id in doing:
                said.append(doing[m.id])
            out.append(
                CounterView(
                    f"perm:{m.id}",
                    m.name,
                    m.damage,
                    0,
                    None,
                    group="in play",
                    note="dmg",
                    short_label=_short(m.name),
                    detail=" \u00b7 ".join(said),
                )
            )
        return tuple(out)

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        state = _zeal(game).state
        p = state.players[seat]
        # Who acts is the lit panel and the band's "X to act": the header keeps to what fits
        # a narrow panel at 8 players.
        badges = ["Out"] if p.eliminated else []
        badges.append(f"Hand {p.hand_size}")
        combat = state.combat
        if combat is not None and not state.over:  # who attacks, who is attacked, all along
            if seat == state.active and combat.attackers:
                badges.append("Attacking")
            elif any(d == seat for _a, d in combat.attackers):
                badges.append("Attacked")
        lines = [
            f"{m.name} (combat {m.combat}" + (f", {m.damage} dmg)" if m.damage else ")")
            if m.is_character
            else m.name
            for m in p.in_play
        ]
        return SeatSummary(badges, lines)

    def eliminated(self, game: AnyGame, seat: int) -> bool:
        return _zeal(game).state.players[seat].eliminated

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> za.Action:
        if key == "devotion":
            return za.SetDevotion(seat, current=value)
        if key == "max_devotion":
            return za.SetDevotion(seat, maximum=value)
        if key.startswith("base:"):
            owner, index = base_of(seat, key)
            return za.SetBase(owner, index, damage=value)
        if key.startswith("perm:"):
            return za.SetDamage(seat, int(key[5:]), value)
        raise ValueError(f"Zeal has no counter {key!r}")

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> za.Action | None:
        if not key.startswith("base:"):
            return None
        owner, index = base_of(seat, key)
        base = _zeal(game).state.players[owner].bases[index]
        if base.controller != seat:
            return None  # taken by Assimilate: its tile on the taker's panel turns it
        return za.SetBase(owner, index, face_up=not base.face_up)

    # --- devices --------------------------------------------------------------------------

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        devotion = _zeal(game).state.players[seat].devotion
        return DialSpec(devotion, 0, MAX_CURRENT_DEVOTION, "devotion")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> za.Action:
        return za.SetDevotion(seat, current=value)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> za.Action:
        return za.PlayCard(seat, card_id)

    def target_request(self, game: AnyGame, action: Any) -> TargetRequest | None:
        return targeting.target_request(_zeal(game), action)

    def with_target(self, game: AnyGame, action: Any, value: Any) -> Any:
        return targeting.with_target(action, value)

    def reader_player(self, game: AnyGame) -> int | None:
        """The player with priority; with none (the mulligan, Develop), the one who acts
        now (issue 33: at eight players a mulligan's scan went to the turn's player)."""
        state = _zeal(game).state
        if state.priority is not None:
            return state.priority
        acting = game.acting_player()
        return acting if acting is not None else state.active

    # --- the band -------------------------------------------------------------------------

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        # An empty declaration is a one-tap decision; choosing who takes part is the
        # combat assistant's (it opens by itself when there is a real choice).
        if isinstance(action, za.DeclareAttackers) and not action.attackers:
            return "No attack"
        if isinstance(action, za.DeclareBlockers) and not action.blocks:
            return "No blocks"
        if isinstance(action, za.DeclareFlankers) and not action.flanks:
            return "No flanking"
        if isinstance(action, za.AssignDamage) and not action.blockers and not action.bases:
            return "Deal damage"
        if isinstance(action, za.KeepHand):
            return "Keep hand"
        if isinstance(action, za.Mulligan):
            return "Mulligan"
        if isinstance(action, za.Develop):
            return "Draw a card" if action.choice == "draw" else "+1 max"
        if isinstance(action, za.Pass):
            return "Pass"
        return None

    def folds_line(self, entry: LogEntry) -> bool:
        return entry.player is not None and entry.text.endswith(" passes")

    def pass_action(self, game: AnyGame, seat: int) -> za.Action | None:
        return za.Pass(seat) if _zeal(game).state.priority == seat else None

    def response_pass(self, game: AnyGame, seat: int) -> za.Action | None:
        """Priority in another player's turn is a window to respond in (Priority): its Pass
        is what "Pass this turn" passes. The active player's own steps are never passed."""
        state = _zeal(game).state
        if state.over or state.priority != seat or state.active == seat:
            return None
        return za.Pass(seat)

    def due_screen(self, game: AnyGame) -> str | None:
        """The Actions page when triggered actions wait for their player (to order, target
        or decline them); the combat assistant when a declaration is due and someone has a
        real choice (some declaration other than the empty one is legal)."""
        state = _zeal(game).state
        if state.over:
            return None
        if playable(state):
            return "zeal_actions"  # triggered actions wait for their player's choice
        kind = DECLARATIONS.get(state.awaiting or "")
        if kind is None:
            return None
        if kind is za.AssignDamage:
            # Which blocker, which base: asked only when the attacking player has a choice.
            rows = combat_rows.rows(_zeal(game))
            return "combat" if any(len(r.options) > 1 for r in rows) else None
        for action in game.legal_actions():
            if isinstance(action, kind) and any(
                getattr(action, f)
                for f in ("attackers", "blocks", "flanks", "blockers")
                if hasattr(action, f)
            ):
                return "combat"
        return None

    def news_rank(self, entry: LogEntry) -> int:
        """A player out of the game, then a base defeated, then a death, before the damage
        on bases and the turns passed over (rules/zeal.md "More than two players": a player
        with no bases remaining is eliminated). At 8 players a combat's damage crowded a
        base's defeat off the band (explorer seed 90210, step 251), and the turns of players
        already out an elimination (seed 294385, step 154)."""
        return _NEWS_RANKS.get(entry.news, 0)

    def quiet(self, game: AnyGame) -> bool:
        state = _zeal(game).state
        return (
            state.priority is not None
            and not state.stack
            and not state.pending
            and state.awaiting is None
            and state.step in QUIET_STEPS
            and not state.over
        )

    # --- cards, history, screens ------------------------------------------------------------

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        assert isinstance(card, Card)
        keywords = tuple(dict.fromkeys(card.keywords + card.zeal_keywords))
        text = card.text
        if card.zeal_text:
            text = f"{text}\nZeal: {card.zeal_text}" if text else f"Zeal: {card.zeal_text}"
        combat = _number_pair(card.combat, card.zeal_combat)
        return CardView(
            seat=seat,
            card_id=card.id,
            name=card.name,
            kind=card.type,
            cost=_number_pair(card.cost, card.zeal_cost),
            stats=f"Combat {combat}" if combat else "",
            keywords=keywords,
            text=text,
            playable=reason is None,
            reason=reason or "",
            played=played,
        )

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        """Game Modes: Cult Decks: all the cards of one cult make a deck."""
        assert isinstance(catalog, Catalog)
        cults = sorted({c.cult for c in catalog.cards if c.cult})
        return {f"{cult} deck": cult_deck(catalog, cult) for cult in cults}

    def glossary(self, keyword: str) -> str:
        return glossary_text(keyword)

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        """The cheapest characters, devices and spells."""
        assert isinstance(catalog, Catalog)
        playable = [c for c in catalog.cards if c.type != "base"]
        return [c.id for c in sorted(playable, key=lambda c: (c.cost, c.name))][:9]

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        players = _zeal(game).state.players
        return (
            HistorySeries("Devotion", tuple(p.devotion for p in players)),
            HistorySeries("Max devotion", tuple(p.max_devotion for p in players)),
            HistorySeries(
                "Bases standing",
                tuple(
                    sum(b.face_up and b.controller == seat for q in players for b in q.bases)
                    for seat in range(len(players))
                ),
            ),
        )

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule that applies now, with the rulebook's section (rules_at_hand.py)."""
        return rules_at_hand.rule_now(_zeal(game), seat)

    def screens(self) -> tuple[ExtraScreen, ...]:
        return (
            ExtraScreen(
                "combat",
                "Combat assistant",
                "companion_app.games.zeal.combat_screen",
                "CombatScreen",
                str(HERE / "combat_screen.kv"),
            ),
            ExtraScreen(
                "zeal_actions",
                "Actions",
                "companion_app.games.zeal.actions_screen",
                "ActionsScreen",
            ),
            ExtraScreen(
                "adjust",
                "Adjust cards",
                "companion_app.games.zeal.adjust_screen",
                "AdjustScreen",
                str(HERE / "adjust_screen.kv"),
            ),
        )


def _number_pair(normal: int | None, zeal: int | None) -> str:
    if normal is None:
        return ""
    if zeal is None or zeal == normal:
        return str(normal)
    return f"{normal} (Zeal {zeal})"


ADAPTER = ZealAdapter()
