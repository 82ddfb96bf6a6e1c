"""Small tables for Z-G tests: open or hidden hands, cards given as dot words."""

from __future__ import annotations

from engine.zg import actions as zga
from engine.zg.card_model import Card, Dot
from engine.zg.cards import sample_catalog
from engine.zg.game import ZgGame
from engine.zg.setup import PlayerSetup, ZgSetup
from engine.zg.state import Terrain


def zcard(cid: str, a: str, b: str = "green green green", **values: object) -> Card:
    """A zGear card whose ends are written "red blue:armor green"."""

    def end(words: str) -> tuple[Dot, Dot, Dot]:
        dots = [Dot(*(w.split(":") + [""])[:2]) for w in words.split()]
        return (dots[0], dots[1], dots[2])

    fields: dict[str, object] = {"impulse": 5, "move": 3, "range": 0, "figure": "Test"}
    fields.update(values)
    return Card(cid, cid.replace("_", " ").title(), "zgear", ends=(end(a), end(b)), **fields)  # type: ignore[arg-type]


FILLER = ("zero_blade", "zero_sprint", "zero_jet", "zero_sensor")
FOE_FILLER = ("phantom_blade", "phantom_sprint", "phantom_jet", "phantom_sensor")


def hidden_duel(
    cards: list[Card],
    alena: tuple[str, ...],
    anton: tuple[str, ...],
    *,
    options: tuple[str, ...] = (),
    characters: tuple[str, str] = ("", ""),
    terrain: tuple[Terrain, ...] = (),
    third: tuple[str, ...] = (),
) -> ZgGame:
    """A table as it plays: hidden hands, the rosters known, cards named when scanned."""
    catalog = sample_catalog().merged(cards)
    players = [
        PlayerSetup("Alena", alena, character=characters[0]),
        PlayerSetup("Anton", anton, character=characters[1]),
    ]
    if third:
        players.append(PlayerSetup("Bea", third))
    setup = ZgSetup(
        tuple(players), options=options, terrain=terrain, catalog=catalog, hidden_hands=True
    )
    return ZgGame(setup)


def start_turn(game: ZgGame, *impulses: int) -> None:
    for seat, number in enumerate(impulses):
        game.apply(zga.PickHand(seat, impulse=number))


def attack_with(
    game: ZgGame, card: str, target: str, *, end: int = 0, target_end: int = 0, foe: int = 1
) -> None:
    """Alena (or the active seat) plays ``card`` and tests it against ``target``."""
    seat = game.state.active
    assert seat is not None
    game.apply(zga.PlayCard(seat, card))
    game.apply(zga.Attack(seat, foe, end))
    game.apply(zga.DrawTarget(foe, target))
    game.apply(zga.Spin(foe, target_end))
