"""Vile Incantations at the table (rules/vile-incantations.md): energy on the dial, cultists,
the stockpile, the ritual zone and the monsters on each seat; scanning sets components and
sabotage face down, plays spells and monsters, flips sabotage in the opponent's ritual."""

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
    SetupField,
    TargetOption,
    TargetRequest,
)
from companion_app.games.vile import demo_script
from companion_app.games.vile.words import card_stats, card_text, choice_words, monster_name
from engine.core.catalog import CardCatalog, CardInfo
from engine.vile import VileGame
from engine.vile import actions as va
from engine.vile.card_model import GODS, Card, Catalog
from engine.vile.effects import valid_targets
from engine.vile.flow import actor
from engine.vile.state import ENERGY_TO_WIN, MAX_CULTISTS, Phase

HERE = Path(__file__).parent
DIAL_TOP = 150  # the race is to 100; a ritual may overshoot it


def _vile(game: AnyGame) -> VileGame:
    assert isinstance(game, VileGame), "the Vile Incantations adapter was handed another game"
    return game


class VileAdapter(GameAdapter):
    kind = "vile"
    player_model_class = "companion_app.games.vile.player_model:VilePlayerModel"
    demo = demo_script
    log_folds = (va.Pass,)

    # --- setting up ------------------------------------------------------------------------

    def setup_fields(self) -> Sequence[SetupField]:
        return (
            SetupField(
                "god",
                "God",
                choices=GODS,
                default="ape",
                per_player=True,
                help="Setup 1: each player's god, and its fifty-card gate deck",
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
        """The cards are physical (hidden hands): a god and a fifty-card gate deck each."""
        gods = list(options.get("god") or [])
        players = [
            {"name": n, "god": gods[i] if i < len(gods) and gods[i] else GODS[i % len(GODS)]}
            for i, n in enumerate(names)
        ]
        record: dict[str, Any] = {"players": players, "seed": seed, "hidden_hands": True}
        if first_player is not None:
            record["first_player"] = first_player
        return record

    # --- a seat ---------------------------------------------------------------------------

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        g = _vile(game)
        state = g.state
        p = state.players[seat]
        out = [
            CounterView("energy", "Energy", p.energy, 0, None, big=True, note="of 100"),
            # Short notes: a tile's note shares its box with the number (issue 20: "cultists
            # ready" and "cards left" were drawn over theirs). Cultists and zones share one
            # row: a seat's panel runs along a long edge (two players), wide enough for seven
            # tiles, and a row fewer leaves the acting seat's tiles room for their numbers
            # under four decisions and a monster's row (issue 33: "'2' spills out").
            CounterView("ready", "Ready", p.ready, 0, p.cultists, group="counts"),
            CounterView("cultists", "Cultists", p.cultists, 0, MAX_CULTISTS, group="counts"),
            CounterView("stockpile", "Stockpile", p.stockpile, 0, None, group="counts"),
            # Face-down cards are counted only; taps can take one away, a scan adds one.
            CounterView(
                "components",
                "Components",
                len(p.ritual_zone),
                0,
                len(p.ritual_zone),
                group="counts",
            ),
            CounterView(
                "sabotage",
                "Sabotage",
                len(p.sabotage_zone),
                0,
                len(p.sabotage_zone),
                group="counts",
            ),
            CounterView("hand", "Hand", p.hand_size, 0, None, group="counts"),
            CounterView("deck", "Gate deck", p.deck_size, 0, None, group="counts"),
        ]
        for m in state.controlled(seat):
            extra = f" +{m.plus}" if m.plus else ""
            extra += f", {m.experience} experience" if m.experience else ""
            out.append(
                CounterView(
                    f"monster:{m.id}",
                    f"{monster_name(g, m.id, owner=False)}{extra}",
                    m.damage,
                    0,
                    None,
                    group="monsters",
                    dimmed=not m.deployed,
                    toggles=True,
                    note="damage" if m.deployed else "reserved",
                )
            )
        return tuple(out)

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> va.Action:
        p = _vile(game).state.players[seat]
        if key == "energy":
            return va.AdjustPlayer(seat, energy=value)
        if key == "ready":
            return va.AdjustPlayer(seat, exhausted=p.cultists - value)
        if key == "cultists":
            return va.AdjustPlayer(seat, cultists=value)
        if key == "stockpile":
            # Stockpiling is exhausting cultists for devotion kept for sabotage: taps up move
            # devotion from ready cultists (as far as there are any; beyond, a correction).
            moved = min(max(0, value - p.stockpile), p.ready)
            if moved:
                return va.AdjustPlayer(seat, stockpile=value, exhausted=p.exhausted + moved)
            return va.AdjustPlayer(seat, stockpile=value)
        if key == "components":
            return va.SetZone(seat, "ritual", p.ritual_zone[:value])
        if key == "sabotage":
            return va.SetZone(seat, "sabotage", p.sabotage_zone[:value])
        if key == "hand":
            return va.AdjustPlayer(seat, hand_size=value)
        if key == "deck":
            return va.AdjustPlayer(seat, deck_size=value)
        if key.startswith("monster:"):
            return va.AdjustMonster(seat, int(key[8:]), damage=value)
        raise ValueError(f"Vile Incantations has no counter {key!r}")

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> va.Action | None:
        """A tap in the middle of a monster moves it between reserved and deployed."""
        if not key.startswith("monster:"):
            return None
        m = _vile(game).state.monster(int(key[8:]))
        if m is None:
            return None
        return va.AdjustMonster(seat, m.id, zone="reserved" if m.deployed else "deployed")

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        g = _vile(game)
        state = g.state
        p = state.players[seat]
        badges = []
        if state.active == seat and not state.over:
            badges.append("Your turn")  # the panel faces its player
        if actor(state) == seat and state.active != seat:
            badges.append("Sabotage window" if state.ritual is not None else "Blocking")
        if state.ritual is not None and state.active == seat:
            badges.append(f"Ritual {state.ritual.strength}")
        # The race to 100 at a glance: how far to go, and against the other player.
        lead = p.energy - state.players[1 - seat].energy
        race = "tied" if lead == 0 else f"{lead} ahead" if lead > 0 else f"{-lead} behind"
        badges.append(f"{max(0, ENERGY_TO_WIN - p.energy)} to go, {race}")
        # No "Hand n" badge: the Hand tile says it, and the badges' row was cut short.
        lines = []
        for m in state.controlled(seat):
            card = g.catalog.get(m.card_id)
            where = "deployed" if m.deployed else "reserved"
            lines.append(f"{card.name} {card_stats(card, m.plus, m.experience)} ({where})")
        return SeatSummary(badges, lines)

    # --- devices --------------------------------------------------------------------------

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        energy = _vile(game).state.players[seat].energy
        return DialSpec(energy, 0, max(DIAL_TOP, energy), "energy")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> va.Action:
        return va.AdjustPlayer(seat, energy=value)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> va.Action:
        """What a scan means now, for the scanning seat:
        a gather: set it from the top five; the opponent's ritual: flip that sabotage card;
        the ritual's components: apply that one; otherwise set a component or a sabotage card
        face down, or play a spell or a monster. A target is filled in only when there is
        just one to choose; otherwise the band offers the choices."""
        g = _vile(game)
        state = g.state
        card = g.catalog.find(card_id)
        if state.gathers and state.gathers[0] == seat:
            return va.Gather(seat, card_id)
        r = state.ritual
        if r is not None and r.step == "sabotage" and seat != state.active:
            return va.FlipSabotage(seat, card_id, None, self._only_targets(g, seat, card))
        if r is not None and r.step == "components":
            return va.ApplyComponent(seat, card_id, self._only_targets(g, seat, card))
        if card is not None and card.type == "component":
            return va.SetComponent(seat, card_id)
        if card is not None and card.type == "sabotage":
            return va.SetSabotage(seat, card_id, 0)
        return va.PlayCard(seat, card_id, self._only_targets(g, seat, card))

    def target_request(self, game: AnyGame, action: Any) -> TargetRequest | None:
        """Setting a sabotage card (Main Phase, "Set sabotage cards"): how much devotion to
        stockpile with it, asked in front of the player once the card is scanned; the rulebook's
        worked example stockpiles 2 with a card of cost 5. The amounts offered are the player's
        ready cultists (what the engine allows, SetSabotage); "Stockpile none" sets it bare.
        The prompt and the choices never name the card: it lies face down."""
        if not isinstance(action, va.SetSabotage) or action.stockpile:
            return None
        ready = _vile(game).state.players[action.player].ready
        if ready <= 0:
            return None
        options = tuple(
            TargetOption(f"Stockpile {n} devotion", n, seat=action.player)
            for n in range(1, ready + 1)
        )
        return TargetRequest(
            "A sabotage card to set face down: stockpile devotion with it?",
            options,
            optional=True,
            none_label="Stockpile none",
            hint="choose here",  # an amount: nothing on the table to tap or scan
        )

    def with_target(self, game: AnyGame, action: Any, value: Any) -> Any:
        """The devotion to stockpile with the sabotage card (a ready cultist exhausted each)."""
        if isinstance(action, va.SetSabotage):
            return va.SetSabotage(action.player, action.card_id, int(value))
        raise ValueError(f"Vile Incantations asks no target for {type(action).__name__}")

    @staticmethod
    def _only_targets(g: VileGame, seat: int, card: Card | None) -> tuple[va.Target, ...]:
        if card is None:
            return ()
        out: list[va.Target] = []
        for kind in card.targets:
            options = valid_targets(g.state, seat, kind)
            if len(options) != 1:
                return tuple(out)
            out.append(options[0])
        return tuple(out)

    def reader_player(self, game: AnyGame) -> int | None:
        return actor(_vile(game).state)

    # --- the band -------------------------------------------------------------------------

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        return choice_words(_vile(game), action)

    def pass_action(self, game: AnyGame, seat: int) -> va.Action | None:
        g = _vile(game)
        if actor(g.state) != seat or g.state.gathers:
            return None
        action = va.Pass(seat)
        return action if g.explain(action) is None else None

    # --- cards, history, screens ------------------------------------------------------------

    def hidden_cards(self, game: AnyGame) -> frozenset[str]:
        """The components and sabotage cards set face down ("Set": Placing a card face-down
        in your ritual/sabotage zone), until a ritual flips them or a sabotage is played.

        A card with a copy face up is not among them: a deck holds several copies of a card
        (and both players may play one god), and a name tells no copy from another. The
        components a ritual flipped ("Flip all of your component cards face-up") and every
        card in a void (a sabotage card once flipped; "face up: everyone may know them") are
        public, so "Alena performs a ritual: Drum of the Canopy" tells nothing of
        the Drum of the Canopy Anton has face down."""
        state = _vile(game).state
        face_up = {c for p in state.players for c in p.void}
        if state.ritual is not None:
            face_up.update(state.ritual.components)
        return frozenset(
            c for p in state.players for c in p.ritual_zone + p.sabotage_zone if c not in face_up
        )

    def face_down(self, game: AnyGame, seat: int, card_id: str) -> bool:
        """Never the generic face-down panel: card_view already shows a component or a
        sabotage card by its kind alone ("A component card"), as it lies on the table."""
        return False

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        """A component or sabotage card scanned is set face down: the tablet, which both
        players see, shows what kind of card it is and never which one."""
        assert isinstance(card, Card)
        if card.type in ("component", "sabotage"):
            return CardView(
                seat=seat,
                card_id="",
                name=f"A {card.type} card",
                kind=card.type,
                # Setting it costs nothing; a sabotage card's cost is paid when it is flipped.
                cost="paid when flipped" if card.type == "sabotage" else "none to set it",
                stats="",
                keywords=(),
                text="Set face down: its face stays hidden until it is flipped.",
                playable=reason is None,
                reason=reason or "",
                played=played,
            )
        return CardView(
            seat=seat,
            card_id=card.id,
            name=card.name,
            kind=card.type,
            cost=str(card.cost),
            stats=card_stats(card),
            keywords=(),
            text=card_text(card),
            playable=reason is None,
            reason=reason or "",
            played=played,
        )

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        """Setup 1: a god's gate deck: every card of that god in the catalog."""
        assert isinstance(catalog, Catalog)
        return {
            f"{god.capitalize()} gate deck": tuple(c.id for c in catalog.of_god(god))
            for god in GODS
        }

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        players = _vile(game).state.players
        return (
            HistorySeries("Energy", tuple(p.energy for p in players)),
            HistorySeries("Cultists", tuple(p.cultists for p in players)),
        )

    def quiet(self, game: AnyGame) -> bool:
        """Combat with nothing deployed to attack with: nobody has a decision."""
        state = _vile(game).state
        combat = state.combat
        return (
            combat is not None
            and combat.step == "attackers"
            and state.phase is Phase.COMBAT
            and not any(m.deployed for m in state.controlled(state.active))
        )

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule of the moment, with its section (rules_at_hand.py)."""
        from companion_app.games.vile.rules_at_hand import rule_at_hand

        section, words = rule_at_hand(_vile(game))
        return RuleNote(words, section)

    def screens(self) -> tuple[ExtraScreen, ...]:
        return (
            ExtraScreen(
                "ritual",
                "Ritual walk-through",
                "companion_app.games.vile.ritual_screen",
                "RitualScreen",
                str(HERE / "ritual_screen.kv"),
            ),
        )

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        """Three components, a sabotage card, cheap monsters and spells of the ape."""
        assert isinstance(catalog, Catalog)
        ape = sorted(catalog.of_god("ape"), key=lambda c: (c.type, c.cost, c.name))
        return [c.id for c in ape][:9]


ADAPTER = VileAdapter()
