"""Z-G at the table (rules/z-g.md): standing zGear on the dial; impulse, pulse, targetlock and
stun on each panel; scans pick the hand, play the action card and draw the target card; the
spin, the test's acceptance and each decision of the test are one tap on the band."""

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
)
from companion_app.games.zg import attack_plan, demo_script
from engine.core.catalog import CardCatalog, CardInfo
from engine.zg import actions as zga
from engine.zg.card_model import Card, Catalog
from engine.zg.game import ZgGame
from engine.zg.setup import OPTIONS
from engine.zg.state import STANCES

HERE = Path(__file__).parent
END_NAMES = ("A", "B")
TEST_PHASES = ("spin", "bolster", "augment", "result")  # a card's two ends, as the band names them
MARKERS = (("stunned", "Stunned"), ("knocked_down", "Knocked down"))
OPTION_LABELS = {
    "high_ground": "High ground",
    "sneak_attack": "Sneak attack",
    "knockdown": "Knockdown",
    "dash": "Dash",
    "flameout": "Flameout",
    "stances": "Stances",
}


def _zg(game: AnyGame) -> ZgGame:
    assert isinstance(game, ZgGame), "the Z-G adapter was handed another game"
    return game


def standing(game: ZgGame, seat: int) -> int:
    """zGear cards still standing: hand, deck, and the seat's cards on the table now."""
    state = game.state
    p = state.players[seat]
    held = p.zgear
    if state.pulse is not None and state.active == seat:
        held += 1
    a = state.attack
    if a is not None and a.target and (a.foe == seat or (a.foe < 0 and state.active == seat)):
        held += 1
    return held


def _on_table(game: ZgGame, seat: int) -> int:
    """The seat's zGear on the table now (its action card, the target card drawn from it)."""
    return standing(game, seat) - game.state.players[seat].zgear


def _roster_size(game: ZgGame, seat: int) -> int:
    p = game.state.players[seat]
    return max(len(p.roster), standing(game, seat) + len(p.slag), 10)


def _move_range(game: ZgGame, seat: int) -> list[int]:
    """The distances the engine lets ``seat`` move now (none: no move to make)."""
    state = game.state
    if state.phase != "act" or state.active != seat:
        return []
    return [a.distance for a in game.legal_actions() if isinstance(a, zga.Move)]


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _stances(game: ZgGame, seat: int) -> list[zga.Stance]:
    """The stances the engine lets ``seat`` take now."""
    state = game.state
    if state.phase != "act" or state.active != seat:
        return []
    return [a for a in game.legal_actions() if isinstance(a, zga.Stance)]


def _public(game: ZgGame) -> set[str]:
    """zGear cards every player has seen and may see named: slagged, targetlocked, and the
    two cards of a test once the target card is spun (Basic Rule 5: "Flip over your cards")."""
    state = game.state
    seen = {c for p in state.players for c in p.slag}
    seen |= {p.lock_card for p in state.players if p.lock_card}
    a, pulse = state.attack, state.pulse
    if a is not None and pulse is not None and a.target_end >= 0:
        seen |= {pulse.card, a.target}
    if pulse is not None and pulse.again_foe >= 0:
        seen.add(pulse.card)  # attacking again: the card was flipped in the last test
    return seen


def _drawn_for_tie(game: ZgGame, card_id: str) -> bool:
    """The last command drew ``card_id`` to break a tie: in the open (Basic Rule 3)."""
    history = game.history
    last = history[-1] if history else None
    return isinstance(last, zga.BreakTie) and last.card == card_id


class ZgAdapter(GameAdapter):
    kind = "zg"
    player_model_class = "companion_app.games.zg.player_model:ZgPlayerModel"
    demo = demo_script

    # --- setting up -----------------------------------------------------------------------

    def setup_fields(self) -> Sequence[SetupField]:
        fields = [
            SetupField(
                option,
                OPTION_LABELS[option],
                ("off", "on"),
                "off",
                help="an optional rule (Rules Options)",
            )
            for option in OPTIONS
        ]
        fields.append(SetupField("edge", "Table edge", ("wall", "fall"), "wall"))
        fields.append(
            SetupField(
                "terrain_mass",
                "Terrain Mass",
                default="0",
                help="a piece of terrain to blow up: its two longest sides in card lengths (0: none)",
            )
        )
        return fields

    def setup_record(
        self,
        names: Sequence[str],
        decks: Sequence[Sequence[str]],
        seed: int,
        first_player: int | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Hidden hands; a seat without a deck plays a sample figure's (Zero, Phantom, ...).
        The order of play comes from impulse, so a first player is not asked for."""
        figures = self.catalog_figures()
        players = []
        for seat, (name, deck) in enumerate(zip(names, decks, strict=True)):
            if deck:
                players.append({"name": name, "deck": list(deck)})
            else:
                players.append({"name": name, "figure": figures[seat % len(figures)]})
        chosen = [o for o in OPTIONS if str(options.get(o, "off")) == "on"]
        mass = str(options.get("terrain_mass", "0")).strip()
        terrain = [{"name": "Terrain", "mass": int(mass)}] if mass.isdigit() and int(mass) else []
        return {
            "players": players,
            "seed": seed,
            "hidden_hands": True,
            "options": chosen,
            "edge": str(options.get("edge", "wall")),
            "terrain": terrain,
        }

    def catalog_figures(self) -> tuple[str, ...]:
        catalog = self.catalog()
        assert isinstance(catalog, Catalog)
        return catalog.figures()

    # --- a seat ---------------------------------------------------------------------------

    def counters(self, game: AnyGame, seat: int) -> tuple[CounterView, ...]:
        zg = _zg(game)
        p = zg.state.players[seat]
        out = [
            CounterView(
                "zgear",
                "zGear",
                standing(zg, seat),
                _on_table(zg, seat),
                _roster_size(zg, seat),
                big=True,
                note="standing",
            ),
            # Read-only: a card is slagged by name (the test, or SetCard), not by a number.
            CounterView(
                "slag", "Slagged", len(p.slag), len(p.slag), len(p.slag), note="out for the game"
            ),
        ]
        for key, label in MARKERS:
            on = bool(getattr(p, key))
            out.append(
                CounterView(
                    key,
                    label,
                    int(on),
                    0,
                    1,
                    group="markers",
                    toggles=True,
                    dimmed=not on,  # no note: a one-row tile has room for its number only
                )
            )
        if p.character and not p.character_sacrificed:
            # Core Exceptions 1: the character card's powerup, once a turn, whenever its
            # player likes: a tap on the tile, not a button (a button on every panel would
            # read as every player's turn to act).
            ready = not p.character_used
            out.append(
                CounterView(
                    "powerup",
                    "Powerup",
                    int(ready),
                    0,
                    1,
                    group="markers",
                    toggles=True,
                    dimmed=not ready,  # dimmed once used this turn
                )
            )
        moves = _move_range(zg, seat)
        if moves and max(moves) > 0:  # kneeling (or Move 0): no tile, "No move" on the band
            # How far the figure moved, by taps (Basic Rule 4): one tile, not a button per
            # distance, so four players' panels keep room for their words.
            out.append(CounterView("move", "Move", 0, 0, max(moves), group="pulse"))
        if zg.state.has("stances"):
            # Rules Options 8: the stance is a tile too; taps step through the stances the
            # engine allows now (3 Move each), instead of five buttons on the panel.
            now = STANCES.index(p.stance)
            allowed = [STANCES.index(a.stance) for a in _stances(zg, seat)] + [now]
            out.append(
                CounterView(
                    "stance",
                    # The stance by name: a small tile shows no note, and "Stance 1" says
                    # nothing (Rules Options 8 names five stances).
                    f"{p.stance.capitalize()} stance",
                    now + 1,
                    min(allowed) + 1,
                    max(allowed) + 1,
                    group="pulse",
                    note=p.stance,
                )
            )
        return tuple(out)

    def summary(self, game: AnyGame, seat: int) -> SeatSummary:
        zg = _zg(game)
        state = zg.state
        p = state.players[seat]
        badges = []
        if p.defeated:
            badges.append("Out")
        else:
            # One badge for the impulse and the place it gives: a side panel at four players
            # has room for little more than a name and two badges.
            place = _ordinal(state.order.index(seat) + 1) if seat in state.order else ""
            a = state.attack
            busy = state.active == seat or (a is not None and a.foe == seat)
            if busy and place:
                # The attacker's and the defender's panels: the impulse has done its work (the
                # order), and "Impulse 961, 1st  Pulse 1/3  Attacker" (or "Impulse 876, 2nd
                # Defender" at 3 players) was cut on a side panel.
                badges.append(place)
            elif p.picked:
                badges.append(f"Impulse {p.impulse:03d}" + (f", {place}" if place else ""))
            elif place:
                badges.append(place)
            if state.active == seat:
                total = 6 if p.flameout else 3
                badges.append(f"Pulse {min(state.pulse_no + 1, total)}/{total}")
            if a is not None and state.active == seat:
                badges.append("Attacker")
            elif a is not None and a.foe == seat:
                badges.append("Defender")
            if p.stance != "stand":
                badges.append(p.stance.title())
            if p.flameout:
                badges.append("Flameout")
        lines = []
        if p.slag:
            lines.append("Slagged: " + ", ".join(zg.catalog.get(c).name for c in p.slag))
        if state.active == seat and state.pulse is not None:
            card = state.pulse.card
            shown = "face down" if card in self.hidden_cards(zg) else zg.catalog.get(card).name
            lines.append(f"Action card: {shown}")
        if p.lock_card:
            # Basic Rule 6, 1 strike, in its words: a tile read "Targetlock 1", and the card's
            # name under it spilled out of the tile.
            name = zg.catalog.get(p.lock_card).name
            lines.append(f"May target {name} again (targetlock)")
        if state.last_test and state.phase == "result" and state.active == seat:
            lines.append(f"Test: {state.last_test}")
        return SeatSummary(badges, lines)

    def eliminated(self, game: AnyGame, seat: int) -> bool:
        return _zg(game).state.players[seat].defeated

    def counter_action(self, game: AnyGame, seat: int, key: str, value: int) -> zga.Action:
        _zg(game)
        if key == "zgear":
            return self.dial_action(game, seat, value)
        if key == "move":
            return zga.Move(seat, value)
        if key == "powerup":
            return zga.SetMarkers(seat, seat, character_used=not value)
        if key == "stance":
            return zga.Stance(seat, STANCES[max(0, min(len(STANCES), value) - 1)])
        if key == "stunned":
            return zga.SetMarkers(seat, seat, stunned=bool(value))
        if key == "knocked_down":
            return zga.SetMarkers(seat, seat, knocked_down=bool(value))
        if key == "targetlock":
            return zga.SetMarkers(seat, seat, clear_targetlock=True)
        raise ValueError(f"Z-G has no counter {key!r}")

    def toggle_action(self, game: AnyGame, seat: int, key: str) -> zga.Action | None:
        p = _zg(game).state.players[seat]
        if key == "powerup":
            return zga.UsePowerup(seat) if not p.character_used else None
        if key == "stunned":
            return zga.SetMarkers(seat, seat, stunned=not p.stunned)
        if key == "knocked_down":
            return zga.SetMarkers(seat, seat, knocked_down=not p.knocked_down)
        if key == "targetlock":
            return zga.SetMarkers(seat, seat, clear_targetlock=True)
        return None

    # --- devices --------------------------------------------------------------------------

    def dial(self, game: AnyGame, seat: int) -> DialSpec:
        """The standing zGear; never below the cards on the table now (the action card, the
        target card), which no turn of a dial takes away."""
        zg = _zg(game)
        return DialSpec(standing(zg, seat), _on_table(zg, seat), _roster_size(zg, seat), "zGear")

    def dial_action(self, game: AnyGame, seat: int, value: int) -> zga.Action:
        """The dial sets the standing zGear: the deck count follows, and once the deck is
        empty the hand (fewer than the hand holds are standing: the table says so), so the
        tile always shows what the dial was turned to."""
        zg = _zg(game)
        p = zg.state.players[seat]
        held = max(0, value - _on_table(zg, seat))
        hand = min(p.hand_size, held)
        if hand == p.hand_size:
            return zga.SetMarkers(seat, seat, deck_size=held - hand)
        return zga.SetMarkers(seat, seat, hand_size=hand, deck_size=held - hand)

    def scan_action(self, game: AnyGame, seat: int, card_id: str) -> zga.Action:
        """A scan means what the moment asks: a hand card at Start, the tie-break draw, the
        action card, the target card; otherwise playing it (the engine says why not)."""
        phase = _zg(game).state.phase
        if phase == "impulse":
            return zga.ScanHand(seat, card_id)
        if phase == "tiebreak":
            return zga.BreakTie(seat, card_id)
        if phase == "target":
            return zga.DrawTarget(seat, card_id)
        return zga.PlayCard(seat, card_id)

    def pass_action(self, game: AnyGame, seat: int) -> zga.Action | None:
        """The button ends the pulse while moving or attacking, and accepts a test."""
        state = _zg(game).state
        if state.active != seat:
            return None
        if state.phase == "act":
            return zga.EndPulse(seat)
        if state.phase == "result":
            return zga.Resolve(seat)
        return None

    # --- the band -------------------------------------------------------------------------

    def choice_label(self, game: AnyGame, action: Any) -> str | None:
        zg = _zg(game)
        if isinstance(action, zga.Spin):
            return f"End {END_NAMES[action.end]} faces"
        if isinstance(action, zga.Resolve):
            return "Accept the test"
        if isinstance(action, zga.EndPulse):
            return "End pulse"
        if isinstance(action, zga.Attack | zga.AttackTerrain):
            # One foe: a button per end. More (or terrain): the attack screen names them, or
            # four players' panels fill with slivers of buttons (issue 20).
            if isinstance(action, zga.AttackTerrain) or len(attack_plan.targets(zg)) > 1:
                return None
            # The only foe: named by the prompt; short, four of these share a panel's row.
            lock = " (lock)" if action.locked else ""
            return f"Attack: end {END_NAMES[action.end]}{lock}"
        if isinstance(action, zga.Move):
            # Farther than 0 is tapped on the Move tile (counters).
            return "No move" if action.distance == 0 else None
        if isinstance(action, zga.Retest):
            # On the retester's own panel: no name needed, and short for four players' panels.
            return f"Retest {action.card} card, end {END_NAMES[action.end]}"
        if isinstance(action, zga.Bolster | zga.Augment):
            if len(action.dots) > 1:
                return None  # several are placed dot by dot on the test screen
            verb = "Bolster" if isinstance(action, zga.Bolster) else "Augment"
            return f"{verb} dot {', '.join(str(d + 1) for d in action.dots)}"
        if isinstance(action, zga.Save):
            return "Sacrifice character" if action.sacrifice else "Slag it"
        if isinstance(action, zga.Stance):
            return None  # tapped on the Stance tile
        if isinstance(action, zga.StandUp):
            return "Stand up"
        if isinstance(action, zga.Flameout):
            return "Announce flameout"
        return None

    def due_screen(self, game: AnyGame) -> str | None:
        """The test screen opens by itself once the target card is drawn; the attack screen
        (cover, augments, sneak attack, high ground) once the attacker has moved, when the
        attack is what is left to declare (Basic Rules 4-5)."""
        state = _zg(game).state
        if state.phase in TEST_PHASES:
            return "test"
        pulse = state.pulse
        if state.phase == "act" and pulse is not None and (pulse.moved or pulse.again_foe >= 0):
            return "zg_attack"
        return None

    def rule_now(self, game: AnyGame, seat: int | None = None) -> RuleNote | None:
        """The rule of the moment, with its section (rules_at_hand.py)."""
        from companion_app.games.zg.rules_at_hand import rule_at_hand

        section, words = rule_at_hand(_zg(game))
        return RuleNote(words, section)

    def screens(self) -> tuple[ExtraScreen, ...]:
        return (
            ExtraScreen(
                "test",
                "The test",
                "companion_app.games.zg.dot_screen",
                "DotTestScreen",
                str(HERE / "dot_screen.kv"),
            ),
            ExtraScreen(
                "zg_attack",
                "Declare an attack",
                "companion_app.games.zg.attack_screen",
                "AttackScreen",
                str(HERE / "attack_screen.kv"),
            ),
            ExtraScreen(
                "prime",
                "Rule of Prime",
                "companion_app.games.zg.prime_screen",
                "PrimeScreen",
                str(HERE / "prime_screen.kv"),
            ),
        )

    # --- cards, history ---------------------------------------------------------------------

    def hidden_cards(self, game: AnyGame) -> frozenset[str]:
        """With hidden hands: the hand cards scanned at the start (Basic Rule 3: "Do not reveal
        your cards"), the action card from its play (Basic Rule 4: "picks (but does not
        reveal)") and the target card from its draw (Basic Rule 5: face down), until the
        spin, after which both are flipped over for the test."""
        zg = _zg(game)
        if not zg.state.hidden:
            return frozenset()
        hidden: set[str] = set()
        action_card = target = ""
        cover: tuple[str, ...] = ()
        for action in zg.history:
            if isinstance(action, zga.ScanHand):
                hidden.add(action.card)
            elif isinstance(action, zga.PlayCard):
                hidden.add(action.card)
                action_card = action.card
            elif isinstance(action, zga.Attack):
                cover = action.cover
            elif isinstance(action, zga.DrawTarget):
                target = action.card
                if target not in cover:  # a card in cover is shown (Core Exceptions 4)
                    hidden.add(target)
            elif isinstance(action, zga.Spin):
                hidden -= {action_card, target}  # flipped over for the test
            elif isinstance(action, zga.BreakTie):
                hidden.discard(action.card)  # drawn and compared in the open
        return frozenset(hidden - _public(zg))

    def face_down(self, game: AnyGame, seat: int, card_id: str) -> bool:
        """With hidden hands every zGear card scanned is a hand card, an action card or a
        target card, all face down, except one shown to everyone: slagged, a targetlock, the
        cards of a test already flipped, a tie-break's draw."""
        zg = _zg(game)
        card = zg.catalog.find(card_id)
        if not zg.state.hidden or card is None or card.type == "character":
            return False
        if card_id in self.hidden_cards(game):
            return True
        if zg.state.phase == "tiebreak" or _drawn_for_tie(zg, card_id):
            return False
        return card_id not in _public(zg)

    def card_view(
        self, card: CardInfo, seat: int, reason: str | None, played: bool = False
    ) -> CardView:
        assert isinstance(card, Card)
        if card.type == "character":
            return CardView(
                seat, card.id, card.name, "character", "", "", (), card.powerup_text,
                reason is None, reason or "", played,
            )  # fmt: skip
        ends = "\n".join(
            f"End {END_NAMES[i]}: " + ", ".join(d.words() for d in end)
            for i, end in enumerate(card.ends)
        )
        reach = "hand to hand" if card.range == 0 else f"Range {card.range}"
        return CardView(
            seat=seat,
            card_id=card.id,
            name=card.name,
            kind=f"zGear: {card.part}" if card.part else "zGear",
            cost=f"Impulse {card.impulse}",
            stats=f"Move {card.move}, {reach}",
            keywords=card.powerups,
            text=f"{card.attack}\n{ends}" if card.attack else ends,
            playable=reason is None,
            reason=reason or "",
            played=played,
        )

    def decks(self, catalog: CardCatalog) -> dict[str, tuple[str, ...]]:
        """A deck per figure (its zGear cards)."""
        assert isinstance(catalog, Catalog)
        return {f"{figure}'s deck": catalog.deck_of(figure) for figure in catalog.figures()}

    def history(self, game: AnyGame) -> tuple[HistorySeries, ...]:
        zg = _zg(game)
        seats = range(len(zg.state.players))
        return (
            HistorySeries("zGear standing", tuple(standing(zg, s) for s in seats)),
            HistorySeries("Slagged", tuple(len(zg.state.players[s].slag) for s in seats)),
        )

    def quick_cards(self, catalog: CardCatalog) -> list[str]:
        assert isinstance(catalog, Catalog)
        figures = catalog.figures()
        return list(catalog.deck_of(figures[0])[:5] + catalog.deck_of(figures[1])[:4])


ADAPTER = ZgAdapter()
