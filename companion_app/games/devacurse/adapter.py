"""Devacurse at the table (rules/devacurse.md): Faith on the dial and as the big number,
blessings unspent with the end-of-turn penalty shown before it happens, soldier and hero lines
(depleted or prompt, damage and AP), order in the band, the combat assistant for both combats.

No rule lives here: the engine explains refusals, predicts combats and penalties."""

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
from companion_app.games.devacurse import demo_script
from engine.core.catalog import CardCatalog, CardInfo
from engine.core.evolve import evolve
from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from engine.devacurse.card_model import Card, Catalog
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    DAMAGE,
    END,
    HERO_COMBAT,
    HEROES,
    PRAYERS,
    SOLDIER_COMBAT,
)
from engine.devacurse.stats import attack, name, toughness

HERE = Path(__file__).parent
FAITH_TOP = 99  # the dial's range; the text gives no ceiling
UNIT = "unit:"


def _deva(game: AnyGame) -> DevacurseGame:
    assert isinstance(game, DevacurseGame), "the Devacurse adapter was handed another game"
    return game


def _needs_target(card: Card) -> bool:
    return card.event == "equipment" or card.effect in ("bolster", "destroy_soldier")


class DevacurseAdapter(GameAdapter):
    kind = "devacurse"
    player_model_class = "companion_app.games.devacurse.player_model:DevacursePlayerModel"
    demo = demo_script
    log_folds = (da.Pass,)

    # --- setting up ------------------------------------------------------------------------

    def setup_fields(self) -> Sequence[SetupField]:
        """What part 1 of the spiral would rule (missing from the text): the table says."""
        return (
            SetupField("faith", "Starting Faith", default="20", help="each player's Faith"),
            SetupField("hand_size", "Opening hand", default="5"),
            SetupField("deck_size", "Universe deck", default="40", help="cards in each deck"),
            SetupField("prayers", "Closed prayers", default="0"),
            SetupField(
                "strike_back",
                "Blockers strike back",
                choices=("yes", "no"),
                default="yes",
                help="a reading: blockers deal their AT to the attacker",
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
        deck_size = _number(options.get("deck_size"), 40)
        players = []
        for n, d in zip(names, decks, strict=True):
            entry: dict[str, Any] = {"name": n, "deck": list(d)}
            if not d:
                entry["deck_size"] = deck_size
            players.append(entry)
        return {
            "players": players,
            "seed": seed,
            "hidden_hands": True,
            "first_order": first_player if first_player in (0, 1) else 0,
            "faith": max(1, _number(options.get("faith"), 20)),
            "hand_size": _number(options.get("hand_size"), 5),
            "prayers": _number(options.get("prayers"), 0),
            "strike_back": str(options.get("strike_back", "yes")) != "no",
        }

    # --- a seat ---------------------------------------------------------------------------

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        g = _deva(game)
        p = g.state.players[seat]
        penalty = next((pen for pen in g.end_of_turn_penalties() if pen.seat == seat), None)
        out = [
            CounterView("faith", "Faith", p.faith, 0, FAITH_TOP, big=True),
            CounterView(
                "blessings",
                "Blessings",
                p.blessings,
                0,
                None,
                note=f"Faith to {penalty.faith_after} at the end" if penalty else "unspent",
            ),
            CounterView("hand", "Hand", p.hand_size, 0, None, group="cards"),
            CounterView("deck", "Universe", p.deck_size, 0, None, group="cards"),
            CounterView("prayers", "Closed prayers", p.prayers, 0, None, group="cards"),
        ]
        cat = g.catalog
        # Soldiers, then heroes, in one row: a seat's panel runs along a long edge (two
        # players), and a third row of counters left the acting seat's tiles no room for
        # their numbers under four decisions (issue 33: "'2' spills out of its box").
        for units in (p.soldiers, p.heroes):
            for u in units:
                top = toughness(cat, u)
                what = f"AP {top - u.damage}/{top}" if u.hero else f"DF {top - u.damage}/{top}"
                level = f" L{u.level}" if u.hero else ""
                out.append(
                    CounterView(
                        f"{UNIT}{u.id}",
                        f"{unit_name(g, u.id, owner=False)}{level} AT {attack(cat, u)}",
                        u.damage,
                        0,
                        top,
                        group="units",
                        dimmed=not u.prompt,
                        toggles=True,
                        # Depleted units are dimmed; the note is short (a one-row tile).
                        note=what,
                    )
                )
        return tuple(out)

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        g = _deva(game)
        state = g.state
        p = state.players[seat]
        badges = []
        if state.order == seat and not state.over:
            badges.append("Holds the order")
        combat = state.combat
        if combat is not None:
            badges.append("Attacker" if combat.attacker == seat else "Defender")
        # Hand and Universe are tiles of their own: badges repeating them were cut short.
        lines = []
        for pen in g.end_of_turn_penalties():
            if pen.seat == seat:
                lines.append(pen.words())
        for loc in p.locations:
            lines.append(f"{g.catalog.get(loc.card_id).name}: time {loc.time}")
        lines.append(f"Cenotaph {len(p.cenotaph)}, Black Hole {len(p.black_hole)}")
        return SeatSummary(badges, lines)

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> da.Action:
        if key == "faith":
            return da.SetFaith(seat, value)
        if key == "blessings":
            return da.SetBlessings(seat, value)
        if key in da.COUNTERS:
            return da.SetCount(seat, key, value)
        if key.startswith(UNIT):
            return da.SetUnit(seat, int(key[len(UNIT) :]), damage=value)
        raise ValueError(f"Devacurse has no counter {key!r}")

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> da.Action | None:
        """A tap on a soldier or hero turns it prompt or depleted."""
        if not key.startswith(UNIT):
            return None
        unit = _deva(game).state.players[seat].unit(int(key[len(UNIT) :]))
        if unit is None:
            return None
        return da.SetUnit(seat, unit.id, prompt=not unit.prompt)

    # --- devices --------------------------------------------------------------------------

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        faith = _deva(game).state.players[seat].faith
        return DialSpec(faith, 0, max(FAITH_TOP, faith), "Faith")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> da.Action:
        return da.SetFaith(seat, value)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> da.Action:
        """A soldier is called, a hero called (III.B), an event played, for its cost."""
        g = _deva(game)
        card = g.catalog.find(card_id)
        if card is None or card.is_event:
            return da.PlayEvent(seat, card_id)
        if card.is_hero:
            return da.CallHero(seat, card_id)
        state = g.state
        p = state.players[seat]
        from_prayer = state.hidden and p.hand_size == 0 and p.prayers > 0
        return da.CallSoldier(seat, card_id, from_prayer=from_prayer)

    def target_request(self, game: AnyGame, action: Any) -> TargetRequest | None:
        if isinstance(action, da.CallSoldier):
            return self._prayer_request(game, action)
        if not isinstance(action, da.PlayEvent) or action.target:
            return None
        g = _deva(game)
        card = g.catalog.find(action.card_id)
        if card is None or not _needs_target(card):
            return None
        state = g.state
        options = []
        for seat, p in enumerate(state.players):
            for u in p.units:
                candidate = evolve(action, target=u.id)
                if g.explain(candidate) is None or (
                    # not yet payable is said when it is played, not by hiding the targets
                    "blessings" in (g.explain(candidate) or "")
                ):
                    options.append(
                        TargetOption(
                            f"{p.name}'s {unit_name(g, u.id, owner=False)}",
                            u.id,
                            seat=seat,
                            card_id=u.card_id,
                            counter_key=f"{UNIT}{u.id}",
                        )
                    )
        what = (
            "one of the opponent's soldiers"
            if card.effect == "destroy_soldier"
            else ("one of your soldiers or heroes")
        )
        return TargetRequest(f"{card.name}: choose {what}", tuple(options), optional=False)

    def _prayer_request(self, game: AnyGame, action: da.CallSoldier) -> TargetRequest | None:
        """A soldier called while the player holds cards and closed prayers: the tablet cannot
        see which it came from, so it asks (the hand, or a closed prayer opened for it)."""
        if action.from_prayer:
            return None
        g = _deva(game)
        p = g.state.players[action.player]
        if not (g.state.hidden and p.hand_size and p.prayers):
            return None
        if g.explain(evolve(action, from_prayer=True)) is not None:
            return None
        option = TargetOption("From a closed prayer", True, seat=action.player)
        card = g.catalog.find(action.card_id)
        named = card.name if card is not None else "This soldier"
        return TargetRequest(
            f"{named}: called from the hand, or from a closed prayer?",
            (option,),
            optional=True,
            none_label="From the hand",
            hint="choose here",
        )

    def with_target(self, game: AnyGame, action: Any, value: Any) -> Any:
        if isinstance(action, da.CallSoldier):
            return evolve(action, from_prayer=bool(value))
        assert isinstance(action, da.PlayEvent)
        return evolve(action, target=int(value))

    def button_action(self, game: AnyGame, seat: int) -> Any | None:
        return self.pass_action(game, seat)

    # --- the band -------------------------------------------------------------------------

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        g = _deva(game)
        state = g.state

        def unit(unit_id: int) -> str:
            return unit_name(g, unit_id)

        match action:
            case da.Bless():
                # Part 1's entry: the blessings the prayers made, one button per amount the
                # engine lists (the Blessings counter's taps are a correction, SetBlessings).
                return f"+{_blessings(action.amount)}"
            case da.Draw():
                return "Drew 1"
            case da.Pass():
                return {
                    PRAYERS: "Part 1 entered",
                    CALLING: "Done calling",
                    HEROES: "Done with heroes",
                    END: "End the turn",
                }.get(state.phase, "Done")
            case da.Attack():
                if not action.attackers:
                    return "No attack"
                fighters = state.players[action.player]
                pool = fighters.heroes if state.phase == HERO_COMBAT else fighters.soldiers
                if len(action.attackers) == sum(u.prompt for u in pool) > 1:
                    return "Attack with all"
                return "Attack: " + ", ".join(unit(a) for a in action.attackers)
            case da.Block():
                if not action.blocks:
                    return "No block"
                return _block_words(g, action)
            case da.UpgradeHero():
                return f"Upgrade {unit(action.unit_id)} to level 2"
            case da.HeroBlock():
                if not action.blockers:
                    return "No block"
                # IV.B: the blockers are the decider's own (no owner's name); all of them is
                # said by its count, as the soldiers' spread is (seed 31337 cut the list).
                if len(action.blockers) > 1:
                    return f"Block with all {len(action.blockers)}"
                return f"Block with {unit_name(g, action.blockers[0], owner=False)}"
            case da.AssignHeroes():
                return "Assign: " + ", ".join(
                    f"{unit(h)} on {unit(b)}" for h, b in action.assignment
                )
            case da.DamageOrder():
                # IV.A, README reading 5: the attacking player's order of several blockers.
                return "Damage order: " + ", then ".join(unit(b) for b in action.blockers)
            case da.Resolve():
                return "Resolve: " + "; ".join(
                    g.combat_forecast().words(tuple(p.name for p in state.players))
                )
        return None

    def pass_action(self, game: AnyGame, seat: int) -> da.Action | None:
        g = _deva(game)
        state = g.state
        if g.acting_player() != seat:
            return None
        if state.phase in (PRAYERS, CALLING, HEROES, END):
            return da.Pass(seat)
        combat = state.combat
        if combat is None:
            return None
        if combat.step == ATTACK:
            return da.Attack(seat)
        if combat.step == BLOCK:
            return da.Block(seat) if state.phase == SOLDIER_COMBAT else da.HeroBlock(seat)
        if combat.step == ASSIGN:
            return next((a for a in g.legal_actions() if isinstance(a, da.AssignHeroes)), None)
        if combat.step == DAMAGE:
            return da.Resolve(seat)
        return None

    # --- cards, history, screens ------------------------------------------------------------

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        assert isinstance(card, Card)
        if card.is_soldier:
            stats = f"AT {card.at} / DF {card.df}"
            cost = _blessings(card.cost)
        elif card.is_hero:
            stats = f"AT {card.at} / AP {card.ap}; level 2: AT {card.at2} / AP {card.ap2}"
            cenotaph = f"{card.cenotaph_cost} Cenotaph card{'' if card.cenotaph_cost == 1 else 's'}"
            cost = f"{cenotaph} + {_blessings(card.cost)}"
        else:
            bonus = [
                f"{sign}{v} {what}"
                for v, what in ((card.at_bonus, "AT"), (card.df_bonus, "DF"), (card.ap_bonus, "AP"))
                if v
                for sign in ("+" if v > 0 else "",)
            ]
            stats = ", ".join(bonus) + (f" time {card.time}" if card.time else "")
            cost = _blessings(card.cost)
        kind = (
            card.type
            if not card.is_event
            else f"{'flash ' if card.flash else ''}{card.event} event"
        )
        return CardView(
            seat=seat,
            card_id=card.id,
            name=card.name,
            kind=kind,
            cost=cost,
            stats=stats.strip(),
            keywords=card.keywords,
            text=card.text,
            playable=reason is None,
            reason=reason or "",
            played=played,
        )

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        assert isinstance(catalog, Catalog)
        return {"Sample deck": tuple(c.id for c in catalog.cards)}

    def glossary(self, keyword: str) -> str:
        if keyword == "pierce":
            return (
                "Pierce (rule IV.A): a negative DF - AT is normally the same as zero; with Pierce, "
                "what the blockers do not absorb goes to the defending player's Faith."
            )
        return super().glossary(keyword)

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        players = _deva(game).state.players
        return (
            HistorySeries("Faith", tuple(p.faith for p in players)),
            HistorySeries("Blessings", tuple(p.blessings for p in players)),
            HistorySeries("Soldiers and heroes", tuple(len(p.units) for p in players)),
        )

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule of the moment, with its section (rules_at_hand.py)."""
        from companion_app.games.devacurse.rules_at_hand import rule_at_hand

        section, words = rule_at_hand(_deva(game))
        return RuleNote(words, section)

    def screens(self) -> tuple[ExtraScreen, ...]:
        return (
            ExtraScreen(
                "deva_combat",
                "Combat assistant",
                "companion_app.games.devacurse.combat_screen",
                "DevaCombatScreen",
                str(HERE / "combat_screen.kv"),
            ),
        )

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        assert isinstance(catalog, Catalog)
        return [c.id for c in sorted(catalog.cards, key=lambda c: (c.type, c.cost, c.name))][:9]


def _number(value: Any, default: int) -> int:
    try:
        return max(0, int(str(value).strip()))
    except ValueError:
        return default


def unit_name(g: DevacurseGame, unit_id: int, owner: bool = True) -> str:
    """A soldier's or hero's name, told apart from others of the same name: "Temple Guard #2"
    among a player's own (in line order), "Anton's Iron Legionary" when both players have one,
    so no two buttons, tiles or choices read the same (a seat's own tile: no owner)."""
    state = g.state
    found = state.unit(unit_id)
    if found is None:
        return "a unit that has left play"
    words = name(g.catalog, found)
    same = [
        (seat, u)
        for seat, p in enumerate(state.players)
        for u in p.units
        if name(g.catalog, u) == words
    ]
    if len(same) == 1:
        return words
    seat = next(s for s, u in same if u.id == unit_id)
    theirs = [u.id for s, u in same if s == seat]
    if len(theirs) > 1:
        words += f" #{theirs.index(unit_id) + 1}"
    if owner and len({s for s, _u in same}) > 1:
        words = f"{state.players[seat].name}'s {words}"
    return words


def _block_words(g: DevacurseGame, action: da.Block) -> str:
    """A one-tap block (IV.A), short enough to stand among six buttons: the blockers are the
    deciding player's own and the attackers the other's, so neither needs its owner's name
    ("Block Iron Legionary with Temple Guard"). The spread the engine suggests (every prompt
    unit, over the attackers in turn) is said by its size; the combat assistant and the
    forecast on the band name each pair."""
    attackers = list(dict.fromkeys(a for _b, a in action.blocks))
    if len(action.blocks) == 1:
        ((blocker, attacker),) = action.blocks
        return (
            f"Block {unit_name(g, attacker, owner=False)} with {unit_name(g, blocker, owner=False)}"
        )
    if len(attackers) == 1:
        return f"Block {unit_name(g, attackers[0], owner=False)} with all {len(action.blocks)}"
    return f"Block with all {len(action.blocks)}, spread over {len(attackers)} attackers"


def _blessings(n: int) -> str:
    return f"{n} blessing" if n == 1 else f"{n} blessings"


ADAPTER = DevacurseAdapter()
