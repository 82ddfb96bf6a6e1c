"""Deeds Not Words at the table (rules/deeds-not-words.md): base health on the dial, the
resource pool as four counters, every card on the battlefield with its damage and ready /
utilized, the phase and whose move in the band, and the battle assistant."""

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
from companion_app.games.deeds import demo_script, rules_at_hand, targeting
from companion_app.games.deeds.battle_preview import mode, rows
from companion_app.games.deeds.card_actions import card_name, resolve_label
from engine.core.catalog import CardCatalog, CardInfo
from engine.core.records import LogEntry
from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import KEYWORDS, RESOURCES, Card, Catalog, keyword_words
from engine.deeds.decks import faction_deck, factions
from engine.deeds.game import DeedsGame
from engine.deeds.resolve import overrun_left
from engine.deeds.setup import BASE_HEALTH
from engine.deeds.state import Phase

HERE = Path(__file__).parent
TOP = 99  # base health and resources: enough for any card's text, within a dial's 0..255
DECK_SIZE = 30
SHORT = {
    "bio": "Bio",
    "power": "Pow",
    "supplies": "Sup",
    "survivors": "Surv",
}  # the new-game screen's default deck size (hidden hands count cards)

GLOSSARY = {
    "crippled": "Card's Attack is reduced to 0 and may not attack.",
    "defense_gain": "+0/+1 for every token deployed to card.",
    "disguise": "Unblockable by any player with 2 or more survivors in their resource pool.",
    "equipment_assist": "Your units may equip technology without having to utilize.",
    "first_strike": "A card with First Strike deals its damage before taking damage from "
    "another unit.",
    "generator": "During owner's Regroup Phase, +1 Power to owner's resource pool.",
    "hidden": "Card can't be targeted unless utilized.",
    "hunger": "Card must kill an enemy unit, have a friendly unit sacrificed to it, or deal 5 "
    "damage directly to its owner each round in which its owner is the attacker.",
    "leadership": "Your units gain +1/+1 while deployed.",
    "motivator": "Your units gain +1/+0 while deployed.",
    "mounting_aggression": "+1/+0 for every token deployed to card.",
    "overrun": "Any damage left after defeating blockers may be applied to defender's base.",
    "pacifist": "Card may not attack.",
    "rage": "Card must attack during its owner's attack phase if it is able.",
    "rampage": "+5/+0, card must attack during its owner's attack phase.",
    "resurrect": "Return target card from graveyard to battlefield utilized.",
    "tech_savvy": "Card may equip technology without being utilized.",
    "unblockable": "This card can't be blocked.",
}
assert set(GLOSSARY) == set(KEYWORDS)


def _deeds(game: AnyGame) -> DeedsGame:
    assert isinstance(game, DeedsGame), "the Deeds Not Words adapter was handed another game"
    return game


def _number(options: Mapping[str, Any], key: str, default: int) -> int:
    text = str(options.get(key, "") or "").strip()
    return int(text) if text.isdigit() else default


class DeedsAdapter(GameAdapter):
    kind = "deeds"
    player_model_class = "companion_app.games.deeds.player_model:DeedsPlayerModel"
    demo = demo_script
    log_folds = (da.Pass,)
    turn_word = "Round"  # the rulebook plays in rounds: attacker and defender swap each one

    # --- setting up ---------------------------------------------------------------------

    def setup_fields(self) -> tuple[Any, ...]:
        from companion_app.games.base import SetupField

        return (
            SetupField(
                "deck_size",
                "Cards per deck",
                default=str(DECK_SIZE),
                help="Without a deck list, how many cards each faction deck holds.",
            ),
            SetupField(
                "base_health",
                "Base health",
                default=str(BASE_HEALTH),
                help="20 in a standard game.",
            ),
        )

    def setup_record(
        self,
        names: Sequence[str],
        decks: Sequence[Sequence[str]],
        seed: int,
        first_player: int | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Hidden hands (the cards are physical): a named deck gives its list, otherwise the
        deck size from the setup fields."""
        size = _number(options, "deck_size", DECK_SIZE)
        players = [
            {"name": n, "deck": list(d)} if d else {"name": n, "deck_size": size}
            for n, d in zip(names, decks, strict=True)
        ]
        record: dict[str, Any] = {
            "players": players,
            "seed": seed,
            "hidden_hands": True,
            "base_health": _number(options, "base_health", BASE_HEALTH) or BASE_HEALTH,
        }
        if first_player is not None:
            record["first_player"] = first_player
        return record

    # --- a seat ---------------------------------------------------------------------------

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        g = _deeds(game)
        state = g.state
        p = state.players[seat]
        out = [CounterView("base", "Base", max(p.base, 0), 0, TOP, big=True, note="health")]
        # The pool, hand and deck sit beside the base in the top row, so a seat keeps two rows
        # of counters however many cards are in play: the battlefield's row is tall enough to
        # read a card's name, its damage and whether it is utilized.
        for r in RESOURCES:
            out.append(CounterView(r, r.capitalize(), p.pool.of(r), 0, TOP))
        if g.setup.hidden_hands:
            out.append(CounterView("hand", "Hand", p.hand_size, 0, TOP))
            out.append(CounterView("deck", "Deck", p.deck_size, 0, 999))
        for x in state.cards:
            if x.owner != seat:
                continue
            card = g.catalog.get(x.card_id)
            attack = stats.attack_of(state, g.catalog, x)
            defense = stats.defense_of(state, g.catalog, x)
            host = next((h for h in state.cards if h.id == x.attached_to), None)
            on = f", on {g.catalog.get(host.card_id).name}" if host is not None else ""
            out.append(
                CounterView(
                    f"card:{x.id}",
                    f"{card.name} {attack}/{defense}{on}",
                    x.damage,
                    0,
                    TOP,
                    group="battlefield",
                    dimmed=not x.ready,
                    toggles=True,
                    # Utilized: dimmed, and said; the number is its damage either way.
                    note="utilized" if not x.ready else "damage",
                )
            )
        return tuple(out)

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        g = _deeds(game)
        state = g.state
        badges = ["Attacker" if state.attacker == seat else "Defender"]
        if g.acting_player() == seat:
            badges.append("To act")
        badges.append(f"Hand {state.players[seat].hand_size}")
        lines = []
        for x in state.cards:
            if x.owner == seat:
                attack = stats.attack_of(state, g.catalog, x)
                health = stats.health_of(state, g.catalog, x)
                mark = "ready" if x.ready else "utilized"
                lines.append(f"{g.catalog.get(x.card_id).name} {attack}/{health} {mark}")
        return SeatSummary(badges, lines)

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> Any:
        if key == "base":
            return da.SetBase(seat, value)
        if key in RESOURCES:
            return da.SetResource(seat, key, value)
        if key == "hand":
            return da.SetCounts(seat, hand_size=value)
        if key == "deck":
            return da.SetCounts(seat, deck_size=value)
        if key.startswith("card:"):
            return da.SetCard(seat, int(key[5:]), damage=value)
        raise ValueError(f"Deeds Not Words has no counter {key!r}")

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> Any | None:
        """A tap in the middle of a card: ready <-> utilized."""
        if not key.startswith("card:"):
            return None
        x = _deeds(game).state.card(int(key[5:]))
        return None if x is None else da.SetCard(seat, x.id, ready=not x.ready)

    # --- devices --------------------------------------------------------------------------

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        base = _deeds(game).state.players[seat].base
        return DialSpec(min(max(base, 0), TOP), 0, TOP, "base health")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> Any:
        return da.SetBase(seat, value)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> Any:
        """Play the card for its cost. At the end of a round with more than 5 cards in hand
        (Your Hand) a card that can't be deployed now is discarded; one that can is asked
        about ("Deploy it" or "Discard it", targeting.py)."""
        g = _deeds(game)
        deploy = da.Deploy(seat, card_id)
        if targeting.must_discard(g, seat) and not targeting.deployable(g, deploy):
            return da.Discard(seat, card_id)
        return deploy

    def scan_done(self, game: AnyGame, seat: int, card_id: str) -> str:
        """A scan over the hand limit discarded the card: its panel says so, not "Played"."""
        history = _deeds(game).history
        last = history[-1] if history else None
        return "Discarded" if last == da.Discard(seat, card_id) else "Played"

    def target_request(self, game: AnyGame, action: Any) -> TargetRequest | None:
        return targeting.target_request(_deeds(game), action)

    def with_target(self, game: AnyGame, action: Any, value: Any) -> Any:
        return targeting.with_target(action, value)

    # --- the band -------------------------------------------------------------------------

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        g = _deeds(game)
        if isinstance(action, da.KeepHand):
            return "Keep hand"
        if isinstance(action, da.Mulligan):
            # One button per count: any number may go back (rulebook: Setup), not "all".
            return f"Mulligan {action.count} card{'' if action.count == 1 else 's'}"
        if isinstance(action, da.Regroup):
            # Six pairs share the band's narrow choice row: two short lines each.
            return f"+{SHORT[action.first]}\n+{SHORT[action.second]}"
        if isinstance(action, da.Draw):
            return "Draw a card"
        if isinstance(action, da.Pass):
            return "Pass"
        if isinstance(action, da.EndPhase):
            return "No battle" if g.state.phase is Phase.DEPLOY else "End the round"
        if isinstance(action, da.Attack):
            # The engine lists "everyone able" first: one tap. Any other choice of attackers
            # is the battle assistant's.
            able = next((a for a in g.legal_actions() if isinstance(a, da.Attack)), None)
            return "Attack with everything" if action == able else None
        if isinstance(action, da.Discard):
            # Hidden hands: a card discarded unscanned (a scan names it); open hands: by name.
            if not action.card_id:
                return "Discard a card"
            return (
                f"Discard {g.catalog.get(action.card_id).name}"
                if not g.setup.hidden_hands
                else None
            )
        if isinstance(action, da.Block) and not action.blocks:
            return "No blocks"
        if isinstance(action, da.Overrun):
            return overrun_label(g, action)
        if isinstance(action, da.Resolve):
            # In the Regroup phase the six pairs fill the row: card text is marked done on the
            # Cards in play page there.
            if g.state.phase is Phase.REGROUP:
                return None
            return resolve_label(g, action)
        return None

    def folds_line(self, entry: LogEntry) -> bool:
        return entry.player is not None and entry.text.endswith(" passes")

    def pass_action(self, game: AnyGame, seat: int) -> Any | None:
        """The seat's "done" now: keep the hand, draw, go on (no battle / end the round), no
        blocks, or pass in the Tactics step."""
        g = _deeds(game)
        state = g.state
        if g.acting_player() != seat or (state.battle is not None and state.battle.asking):
            return None  # Overrun's damage: the attacker answers on the band
        action: Any = {
            Phase.MULLIGAN: da.KeepHand(seat),
            Phase.DRAW: da.Draw(seat),
            Phase.DEPLOY: da.EndPhase(seat),
            Phase.RETREAT: da.EndPhase(seat),
            Phase.DEFEND: da.Block(seat),
            Phase.TACTICS: da.Pass(seat),
        }.get(state.phase)
        return action

    def due_screen(self, game: AnyGame) -> str | None:
        """The battle assistant opens by itself for the defender when a block is possible
        (attackers are chosen there too, from the menu, or all at once on the band)."""
        g = _deeds(game)
        if mode(g) == "block" and any(len(r.options) > 1 for r in rows(g)):
            return "deeds_battle"
        return None

    def quiet(self, game: AnyGame) -> bool:
        """The Tactics step with nothing waiting: the band counts down and both pass."""
        state = _deeds(game).state
        asking = state.battle is not None and state.battle.asking  # Overrun: asked, no timer
        return state.phase is Phase.TACTICS and not state.notes and not state.over and not asking

    # --- cards, history, screens ------------------------------------------------------------

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        assert isinstance(card, Card)
        kind = f"{card.type} ({card.subtype})" if card.subtype else card.type
        texts = [card.text] if card.text else []
        for ability in card.abilities:
            cost = f"{ability.cost.words()}: " if ability.kind == "activated" else ""
            texts.append(f"{cost}{ability.text}")
        if card.gives.total:
            texts.append(f"Adds {card.gives.words()}")
        return CardView(
            seat=seat,
            card_id=card.id,
            name=card.name,
            kind=kind,
            cost=card.cost.words(),
            stats=f"{card.attack}/{card.defense}" if card.stays else "",
            keywords=tuple(keyword_words(k) for k in card.keywords),
            text="\n".join(texts),
            playable=reason is None,
            reason=reason or "",
            played=played,
        )

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        assert isinstance(catalog, Catalog)
        return {f"{f} deck": faction_deck(catalog, f) for f in factions(catalog)}

    def glossary(self, keyword: str) -> str:
        key = keyword.strip().lower().replace(" ", "_")
        return GLOSSARY.get(key, super().glossary(keyword))

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        players = _deeds(game).state.players
        return (
            HistorySeries("Base health", tuple(p.base for p in players)),
            HistorySeries(
                "Resources", tuple(sum(p.pool.of(r) for r in RESOURCES) for p in players)
            ),
        )

    def screens(self) -> tuple[ExtraScreen, ...]:
        return (
            ExtraScreen(
                "deeds_battle",
                "Battle assistant",
                "companion_app.games.deeds.battle_screen",
                "BattleScreen",
                str(HERE / "battle_screen.kv"),
            ),
            ExtraScreen(
                "deeds_cards",
                "Cards in play",
                "companion_app.games.deeds.cards_screen",
                "CardsScreen",
            ),
        )

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule that applies now, with the rulebook's section (rules_at_hand.py)."""
        return rules_at_hand.rule_now(_deeds(game), seat)

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        """Cheap units first, then resources and tactics."""
        assert isinstance(catalog, Catalog)
        order = {"unit": 0, "resource": 1, "tactic": 2, "technology": 3}
        cards = sorted(catalog.cards, key=lambda c: (order[c.type], c.cost.total, c.name))
        return [c.id for c in cards][:9]


ADAPTER = DeedsAdapter()


def overrun_label(game: DeedsGame, action: da.Overrun) -> str:
    """The band's answers to Overrun's "may" (Glossary): the damage left after defeating
    blockers to the defender's base, all of it, none, or one card's."""
    left = dict(overrun_left(game.state, game.catalog))
    if not action.to_base:
        return "Keep it off the base"
    total = sum(left.get(x, 0) for x in action.to_base)
    if len(action.to_base) == len(left):
        return f"Overrun: {total} to the base"
    return f"Overrun: only {card_name(game, action.to_base[0])} ({total})"
