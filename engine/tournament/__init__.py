"""Zeal's Draft Tournament (rules/zeal.md, "Draft Tournament"): the draft at the table, decks and
sideboards, pairings for the 4-player round robin and the 6-8 player team draft, best-of-two or
best-of-three matches, standings and tie-breaks; and a store's Swiss event with its tiebreakers
and top cut (swiss.py, tiebreakers.py). Pure rules: no I/O, no clocks, no network."""

from engine.tournament.decks import DeckCheck, check_deck
from engine.tournament.draft import Draft, DraftError, DraftFormat, draft_format
from engine.tournament.matches import GameResult, MatchScore, score_match
from engine.tournament.pairings import Pairing, round_robin, team_pairings, team_seating
from engine.tournament.reading import tournament_from_dict
from engine.tournament.standings import Standing, Standings, standings
from engine.tournament.swiss import Matcher, SwissEvent, SwissStanding, default_rounds
from engine.tournament.tiebreakers import percent
from engine.tournament.tournament import (
    GameSlot,
    ResultConflict,
    Tournament,
    TournamentError,
)

__all__ = [
    "DeckCheck",
    "Draft",
    "DraftError",
    "DraftFormat",
    "GameResult",
    "GameSlot",
    "MatchScore",
    "Pairing",
    "ResultConflict",
    "Standing",
    "Standings",
    "Matcher",
    "SwissEvent",
    "SwissStanding",
    "default_rounds",
    "percent",
    "Tournament",
    "TournamentError",
    "check_deck",
    "draft_format",
    "tournament_from_dict",
    "round_robin",
    "score_match",
    "standings",
    "team_pairings",
    "team_seating",
]
