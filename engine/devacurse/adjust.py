"""Manual adjustments: the table corrects any counter or card state, logged and undoable."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.evolve import evolve
from engine.devacurse import actions as da
from engine.devacurse.card_model import Catalog
from engine.devacurse.combat import leave_combat
from engine.devacurse.flow import check_over, set_player
from engine.devacurse.state import GameState, Location, Player, Unit
from engine.devacurse.stats import name
from engine.devacurse.zones import remove_unit, replace_unit, take_from_hand, to_hand

Say = Callable[[int | None, str], None]


def adjust(state: GameState, catalog: Catalog, action: da.Action, say: Say) -> GameState:
    seat = action.player
    p = state.players[seat]
    match action:
        case da.SetFaith():
            say(seat, f"Adjusted: {p.name}'s Faith {p.faith} to {action.faith}")
            return check_over(set_player(state, seat, evolve(p, faith=action.faith)))
        case da.SetBlessings():
            say(seat, f"Adjusted: {p.name}'s blessings {p.blessings} to {action.blessings}")
            return set_player(state, seat, evolve(p, blessings=action.blessings))
        case da.SetCount():
            return _count(state, action, say)
        case da.SetUnit():
            unit = p.unit(action.unit_id)
            assert unit is not None
            changes: dict[str, object] = {}
            if action.damage is not None:
                changes["damage"] = action.damage
            if action.prompt is not None:
                changes["prompt"] = action.prompt
            if action.level is not None:
                changes["level"] = action.level
            said = ", ".join(f"{k} {v}" for k, v in changes.items()) or "unchanged"
            say(seat, f"Adjusted: {name(catalog, unit)} {said}")
            return set_player(state, seat, replace_unit(p, evolve(unit, **changes)))
        case da.MoveCard():
            return _move(state, catalog, action, say)
        case da.SetLocation():
            locations: list[Location] = []
            cenotaph = p.cenotaph
            done = False
            for loc in p.locations:
                if loc.card_id == action.card_id and not done:
                    done = True
                    if action.time == 0:
                        cenotaph = (*cenotaph, loc.card_id)
                        continue
                    loc = Location(loc.card_id, action.time)
                locations.append(loc)
            say(seat, f"Adjusted: {catalog.get(action.card_id).name} time {action.time}")
            p = evolve(p, locations=tuple(locations), cenotaph=cenotaph)
            return set_player(state, seat, p)
        case da.SetOrder():
            say(seat, f"Adjusted: order to {state.players[action.holder].name}")
            return evolve(state, order=action.holder)
        case da.MarkResolved():
            notes = list(state.notes)
            notes.remove(action.note)
            say(seat, f"Resolved: {action.note}")
            return evolve(state, notes=tuple(notes))
    raise AssertionError(f"unhandled adjustment {type(action).__name__}")


def _count(state: GameState, action: da.SetCount, say: Say) -> GameState:
    p = state.players[action.player]
    field = {"hand": "hand_size", "deck": "deck_size", "prayers": "prayers"}[action.counter]
    words = {"hand": "hand", "deck": "Universe deck", "prayers": "closed prayers"}
    before = getattr(p, field)
    say(action.player, f"Adjusted: {p.name}'s {words[action.counter]} {before} to {action.value}")
    return set_player(state, action.player, evolve(p, **{field: action.value}))


def _move(state: GameState, catalog: Catalog, action: da.MoveCard, say: Say) -> GameState:
    seat = action.player
    p = state.players[seat]
    if isinstance(action.card, int):
        unit = p.unit(action.card)
        assert unit is not None
        card_id = unit.card_id
        p = remove_unit(p, unit.id)
        p = evolve(p, cenotaph=p.cenotaph + unit.equipment)
        state = leave_combat(state, unit.id)
    else:
        card_id = action.card
        p = _take(p, card_id, action.from_zone, state.hidden)
    p, state = _put(state, p, seat, card_id, action.to_zone, catalog.get(card_id).time)
    where = action.from_zone or ("play" if isinstance(action.card, int) else "outside")
    say(seat, f"Adjusted: {catalog.get(card_id).name} from {where} to {action.to_zone}")
    return set_player(state, seat, p)


def _take(p: Player, card_id: str, zone: str | None, hidden: bool) -> Player:
    if zone is None:
        return p
    if zone == "hand":
        return take_from_hand(p, card_id, hidden)
    if zone == "deck":
        if hidden:
            return evolve(p, deck_size=p.deck_size - 1)
        deck = list(p.deck)
        deck.remove(card_id)
        return evolve(p, deck=tuple(deck), deck_size=len(deck))
    if zone == "locations":
        rest = list(p.locations)
        rest.remove(next(loc for loc in rest if loc.card_id == card_id))
        return evolve(p, locations=tuple(rest))
    pile = list(getattr(p, zone))
    pile.remove(card_id)
    return evolve(p, **{zone: tuple(pile)})


def _put(
    state: GameState, p: Player, seat: int, card_id: str, zone: str, time: int
) -> tuple[Player, GameState]:
    if zone == "hand":
        return to_hand(p, card_id, state.hidden), state
    if zone == "deck":
        if state.hidden:
            return evolve(p, deck_size=p.deck_size + 1), state
        return evolve(p, deck=(card_id, *p.deck), deck_size=p.deck_size + 1), state  # on top
    if zone in ("soldiers", "heroes"):
        unit = Unit(state.next_id, card_id, seat, hero=zone == "heroes", called=state.spiral)
        state = evolve(state, next_id=state.next_id + 1)
        return evolve(p, **{zone: (*getattr(p, zone), unit)}), state
    if zone == "locations":
        return evolve(p, locations=(*p.locations, Location(card_id, max(time, 1)))), state
    if zone == "gone":
        return p, state
    return evolve(p, **{zone: (*getattr(p, zone), card_id)}), state
