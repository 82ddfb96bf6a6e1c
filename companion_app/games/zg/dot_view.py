"""What the test screen shows, as plain data (no Kivy): both card ends dot against facing dot,
each match and strike, and the chart's result in words. Everything comes from the engine's pure
test function (engine/zg/dot_match.py); the app computes no rule."""

from __future__ import annotations

from dataclasses import dataclass

from engine.zg import actions as zga
from engine.zg.dot_match import chart_short, facing
from engine.zg.game import ZgGame
from engine.zg.perform_attack import current_test

END_NAMES = ("A", "B")
RGB = {
    "red": (0.85, 0.15, 0.15),
    "orange": (0.95, 0.55, 0.1),
    "yellow": (0.95, 0.85, 0.15),
    "green": (0.15, 0.7, 0.25),
    "blue": (0.15, 0.4, 0.9),
    "purple": (0.55, 0.25, 0.75),
    "black": (0.1, 0.1, 0.1),
    "white": (0.95, 0.95, 0.95),
}
BLAZE_MARKS = {
    "": "",
    "armor": "A",
    "double_armor": "AA",
    "armor_piercing": "P",
    "double_armor_piercing": "PP",
    "weak_point": "W",
    "explosive": "X",
}


LEGEND = (
    "A armor  AA double armor  P armor piercing  PP double piercing  W weak point  X explosive"
    "  +1A bolster  +1P augment"
)


@dataclass(frozen=True)
class DotView:
    colour: str
    blaze: str  # the mark drawn in white on the dot ("A", "PP", "W", "X")
    words: str  # "red (armor)"


@dataclass(frozen=True)
class PairView:
    attack: DotView
    target: DotView
    match: bool
    strikes: int
    why: str


@dataclass(frozen=True)
class TestView:
    title: str
    attacker: str  # "Alena: Zero's Blade Armgear, end A"
    target: str  # "Anton: Phantom's Ulster, end B", or "waiting for the spin"
    pairs: tuple[PairView, ...]  # by the attacker's dot; the target's facing dot beside it
    result: str  # "Test: 2 matches, 2 strikes: slag the target card", as the log says it
    phase: str
    seat: int  # who decides now (the screen turns to them)


# The three dot pairs, by the attacker's dot from the left (Basic Rule 5: "each of your 3
# colored dots faces each of your foe's dots").
PLACES = ("Left", "Middle", "Right")


def pair_words(index: int, pair: PairView) -> str:
    """What one dot pair scored, under its dots: two pairs that score alike ("no match")
    read apart by their place, "Left: no match" and "Right: no match"."""
    place = PLACES[index] if 0 <= index < len(PLACES) else f"Pair {index + 1}"
    if not pair.why:
        return ""  # the spin is still to come: nothing scored yet
    return f"{place}: " + ("MATCH\n" if pair.match else "") + pair.why


def _dot(colour: str, blaze: str, words: str) -> DotView:
    return DotView(colour, BLAZE_MARKS.get(blaze, "?"), words)


def test_view(game: ZgGame) -> TestView | None:
    """The test in progress, or None when there is none."""
    state = game.state
    a = state.attack
    if a is None or state.pulse is None:
        return None
    names = game.player_names()
    seat = state.order[state.order_index]
    card = game.catalog.get(state.pulse.card)
    attacker = f"{names[seat]}: {card.name}, end {END_NAMES[a.end]}"
    if a.foe >= 0:
        title = f"{names[seat]} tests against {names[a.foe]}"
    else:
        title = f"{names[seat]} tests against {state.terrain[a.terrain].name}"
    who = game.acting_player()
    decider = seat if who is None else who
    result = current_test(state, game.catalog)
    if result is None or not a.target:
        waiting = "waiting for the target card" if not a.target else "waiting for the spin"
        attack_end = card.end(a.end)
        pairs = tuple(
            PairView(_dot(d.colour, d.blaze, d.words()), _dot("", "", "?"), False, 0, "")
            for d in attack_end
        )
        if state.hidden:
            # Basic Rules 4-5: the action card and its end stay face down until the spin.
            attacker = f"{names[seat]}: the action card, face down"
            pairs = tuple(
                PairView(_dot("", "", "?"), _dot("", "", "?"), False, 0, "") for _ in attack_end
            )
        return TestView(title, attacker, waiting, pairs, "", state.phase, decider)
    target = game.catalog.get(a.target)
    owner = names[a.foe] if a.foe >= 0 else names[seat]
    target_words = f"{owner}: {target.name}, end {END_NAMES[a.target_end]}"
    pairs = tuple(
        PairView(
            _dot(p.attack.colour, p.attack.blaze, p.attack.words()),
            _dot(p.target.colour, p.target.blaze, p.target.words()),
            p.match,
            p.strikes,
            p.why,
        )
        for p in result.pairs
    )
    assert [facing(i) for i in range(3)] == [2, 1, 0]
    # The result in the log's words (its "Test: ..." line, the engine's once it is logged):
    # the page covers the table's band, so the result the band would say is said here.
    matches = sum(p.match for p in result.pairs)
    words = f"{matches} match{'es' if matches != 1 else ''}, {chart_short(result.strikes)}"
    if state.phase == "result" and state.last_test:
        words = state.last_test
    return TestView(title, attacker, target_words, pairs, f"Test: {words}", state.phase, decider)


@dataclass(frozen=True)
class Placement:
    """The bolsters (Core Exceptions 6: the defender, on the target's dots) or augments (7: the
    attacker, on their own dots) to place now, as the engine waits for them."""

    kind: str  # "bolster" or "augment"
    seat: int  # who places them
    name: str
    count: int

    def dot(self, pair: int) -> int:
        """The dot a tap on pair ``pair`` (by the attacker's dot) places on, as the engine
        numbers it: bolsters on the target end's facing dot, augments on the attacker's."""
        return facing(pair) if self.kind == "bolster" else pair

    def picked_on(self, pair: int, picks: list[int]) -> int:
        return picks.count(self.dot(pair))

    def button(self, pair: int, picked: int) -> str:
        what = "+1 armor" if self.kind == "bolster" else "+1 piercing"
        # The dot's number as the engine's log and the band say it ("Bolster dot 2").
        what = f"{what} on dot {self.dot(pair) + 1}"
        return f"{what} ({picked} here)" if picked else what

    def words(self, placed: int) -> str:
        plural = "s" if self.count != 1 else ""
        where = "the target's dots" if self.kind == "bolster" else "your dots"
        return f"{self.name}: place {self.count} {self.kind}{plural} on {where} ({placed} placed)"

    def action(self, dots: tuple[int, ...]) -> zga.Bolster | zga.Augment:
        return (
            zga.Bolster(self.seat, dots) if self.kind == "bolster" else zga.Augment(self.seat, dots)
        )


def placement(game: ZgGame) -> Placement | None:
    """The placement the engine waits for now, or None."""
    state = game.state
    a = state.attack
    who = game.acting_player()
    if a is None or who is None or state.phase not in ("bolster", "augment"):
        return None
    count = a.bolsters if state.phase == "bolster" else a.augments
    return Placement(state.phase, who, game.player_names()[who], count)
