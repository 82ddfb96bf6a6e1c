"""The host of a Swiss event (docs/tournament.md, "Running a Swiss event"): the tournament host
(host.py: signed results, recorded once, logged before they are shown) plus what a Swiss event
adds: it pairs each round once the last result of the one before is in, writes the pairings to
disk before any state announces them, and takes the organizer's orders (drops, late entries, a
match's result, "pair the next round") from a file the `altar tournament organize` command
appends to.

Files beside host.py's: ``swiss.json`` (the event without its results: rounds paired, byes,
drops, entries, decisions, and how many orders were taken; synced, replaced whole) and
``organizer.jsonl`` (the orders, one per line, synced). A host killed at any moment comes back
with the same pairings: they are read back, never paired again; the results are replayed from
results.jsonl into them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion_app.tournament import swiss_view
from companion_app.tournament.files import append_line, read_json, read_lines, write_json
from companion_app.tournament.host import Host, HostConfig
from companion_app.tournament.swiss_pairing import max_weight_pairs
from engine.tournament import (
    GameResult,
    SwissEvent,
    TournamentError,
    tournament_from_dict,
)

SNAPSHOT = "swiss.json"
ORDERS = "organizer.jsonl"
PENDING_WORDS = {"play": "played out", "loss": "conceded 0-2", "draw": "drawn as it stands"}


def event_of(config: HostConfig, folder: Path) -> SwissEvent:
    """The event as the folder holds it: the snapshot if any (else the config's round 1),
    with every logged result (the tools that read a host's folder use this)."""
    snap = read_json(folder / SNAPSHOT, None)
    event = tournament_from_dict(snap["event"] if snap else config.tournament)
    if not isinstance(event, SwissEvent):
        raise ValueError(f"{folder} holds no Swiss event")
    for body in read_lines(folder / "results.jsonl"):
        match, game, result = (
            body["match"],
            body["game"],
            GameResult(body["winner"], body["reason"]),
        )
        if match in event.decisions:
            event.results[(match, game)] = result  # played before the organizer decided it
        else:
            event.record(match, game, result)
    return event


def apply_order(event: SwissEvent, order: dict[str, Any]) -> str:
    """Carries out one organizer's order on ``event``; what happened, in words. A refusal
    raises TournamentError in words and changes nothing."""
    if not isinstance(order, dict):
        raise TournamentError('an order is a line like {"do": "drop", "player": "Ann"}')
    what = order.get("do")
    if what == "drop":
        player, pending = str(order.get("player", "")), str(order.get("pending", "play"))
        event.drop(player, pending)
        return f"{player} drops: not paired from round {event.paired + 1} on"
    if what == "enter":
        player = str(order.get("player", ""))
        event.enter(player)
        missed = event.entered[player]
        return f"{player} enters: paired from round {missed + 1}, {missed} round(s) lost 0-2"
    if what == "decide":
        match, a, b = order.get("match"), order.get("a"), order.get("b")
        if not isinstance(match, str) or type(a) is not int or type(b) is not int:
            raise TournamentError("a decision names the match and each player's game wins")
        event.decide(match, a, b)
        return f"match {match} recorded {a}-{b} by the organizer"
    if what == "pair":
        new = event.pair_next(max_weight_pairs)
        return f"round {event.paired} paired: {len(new)} matches"
    raise TournamentError(f"there is no order {what!r}: drop, enter, decide or pair")


class SwissHost(Host):
    """``auto_pair``: pair the next round as soon as a round's last result is in (the default);
    without it the organizer's "pair" order does (`altar tournament organize pair`)."""

    def __init__(
        self,
        folder: Path,
        config: HostConfig,
        broker: tuple[str, int],
        *,
        tls: bool = False,
        auto_pair: bool = True,
    ) -> None:
        snap = read_json(folder / SNAPSHOT, None)
        self.folder = folder
        self.auto_pair = auto_pair
        self.orders_taken = int(snap["orders"]) if snap else 0
        self.said: list[str] = []  # what the organizer's orders did, or why they were refused
        # Where the organizer reads each new round and each order's outcome (the command
        # prints them); nothing by default.
        self.announce: Callable[[str], None] = lambda _text: None
        self.paired_at: dict[int, float] = {}  # round (0-based) -> when paired (the bench's)
        self._replaying = True
        if snap is not None:
            # Its pairings, never paired again: the snapshot stands in for the first round.
            config = dataclasses.replace(config, tournament=snap["event"])
        super().__init__(folder, config, broker, tls=tls)
        if not isinstance(self.tournament, SwissEvent):
            raise ValueError(f"{folder} holds no Swiss event")
        self.event: SwissEvent = self.tournament
        self._replaying = False
        self._pair_if_due()
        self.take_orders()
        self.save()

    def save(self) -> None:
        """The event without its results (they are in results.jsonl), synced: before a state
        shows a pairing, the pairing is on disk."""
        body = self.event.to_dict()
        body["results"] = []
        write_json(self.folder / SNAPSHOT, {"event": body, "orders": self.orders_taken})

    def _apply(self, match: str, game: int, result: GameResult, body: dict[str, Any]) -> bool:
        if self._replaying:
            # The log holds what was accepted, in order, on these same pairings. A match the
            # organizer decided since is no longer due: its games are kept as they were.
            try:
                return super()._apply(match, game, result, body)
            except TournamentError:
                if match not in self.tournament.decisions:  # type: ignore[attr-defined]
                    raise
                self.tournament.results[(match, game)] = result
                return True
        new = super()._apply(match, game, result, body)
        if new:
            self._pair_if_due()  # on disk here, before handle() logs the result and publishes
        return new

    def _pair_if_due(self) -> bool:
        if not (self.auto_pair and self.event.next_round_due):
            return False
        try:
            self.event.pair_next(max_weight_pairs)
        except TournamentError as e:  # too few left (every other player dropped): say so
            self.said.append(f"round {self.event.paired + 1} can't be paired: {e}")
            self.announce(self.said[-1])
            return False
        self.paired_at[self.event.paired - 1] = time.time()
        self.save()
        self.announce(swiss_view.round_text(self.event))  # on disk first, then told
        return True

    def take_orders(self) -> bool:
        """The organizer's orders not taken yet, in the order given; True if any changed the
        event. A refused order is said (``said``) and skipped: it changes nothing."""
        orders = read_lines(self.folder / ORDERS)
        if len(orders) <= self.orders_taken:
            return False
        changed = False
        for order in orders[self.orders_taken :]:
            self.orders_taken += 1
            before = self.event.version
            try:
                self.said.append(apply_order(self.event, order))
            except (TournamentError, ValueError, TypeError) as e:
                self.said.append(f"refused: {e}")
            self.announce(self.said[-1])
            changed |= self.event.version != before
        changed |= self._pair_if_due()
        self.save()  # the orders taken are counted on disk: never taken twice
        return changed

    def tick(self) -> bool:
        return self.take_orders()


def give_order(folder: Path, order: dict[str, Any]) -> str:
    """What `altar tournament organize` does: checks the order on the event as it stands (so a
    refusal is said at once, in words) and appends it for the running host; what it will do."""
    config = HostConfig.load(folder)
    if config is None:
        raise TournamentError(f"{folder} holds no tournament")
    event = event_of(config, folder)
    taken = read_json(folder / SNAPSHOT, {"orders": 0})["orders"]
    for earlier in read_lines(folder / ORDERS)[taken:]:  # given, not taken by the host yet
        with contextlib.suppress(TournamentError):  # the host will refuse it, and say so
            apply_order(event, earlier)
    said = apply_order(event, order)  # raises in words: nothing appended
    append_line(folder / ORDERS, order)
    return said
