"""One row of the combat assistant (no Kivy): a character, or a decision opened beneath a
character's row, and the choices it offers in players' words (combat_rows.py lists them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

HUNT = "hunt"  # a row key ("hunt", hunter id): who blocks the hunter
EXCESS = "excess"  # a row key ("excess", attacker id, step): where its excess goes next
# A base chosen in a row: ("base", owner seat, index among the owner's bases).
BaseChoice = tuple[str, int, int]


@dataclass(frozen=True)
class Row:
    """A character and what it may do: (words, value); value None stays out of it (or, in a
    row beneath another, leaves the choice to the rules)."""

    permanent_id: int
    name: str  # "Ghoul" ("Ghoul #2" when two of the declarer's share a name)
    combat: int
    options: tuple[tuple[str, Any], ...]
    key: Any = None  # what ``chosen`` knows the row by: the character's id, or HUNT/EXCESS
    caption: str = ""  # a row beneath another: its words beside the button
    subject: str = ""  # a row beneath another: who its button speaks of

    def __post_init__(self) -> None:
        if self.key is None:
            object.__setattr__(self, "key", self.permanent_id)

    @property
    def beneath(self) -> bool:
        """A row opened by the choice in the row above it."""
        return self.key != self.permanent_id

    def label(self) -> str:
        """The row's words beside its button: the character and its combat score."""
        return self.caption or f"{self.name} ({self.combat})"

    def text(self, chosen: int) -> str:
        """The row's button: whose it is and what it does ("Ghoul attacks Anton")."""
        return f"{self.subject or self.name} {self.options[chosen][0]}"

    def values(self) -> list[Any]:
        return [value for _words, value in self.options]
