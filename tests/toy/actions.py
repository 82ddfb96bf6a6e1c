"""Pebbles' actions (rules: one heap; in turn a player takes 1 to 3 pebbles; who takes the
last one wins). Plain data, read back by one ActionCodec, as the page says."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import ActionCodec, action_to_dict


@dataclass(frozen=True)
class Take:
    """Take ``count`` pebbles from the heap (rule 2)."""

    player: int
    count: int


@dataclass(frozen=True)
class SetPile:
    """A manual adjustment: the pebbles in front of ``player`` (always legal)."""

    player: int
    pile: int


Action = Take | SetPile

CODEC: ActionCodec[Action] = ActionCodec("Pebbles", (Take, SetPile))
to_dict = action_to_dict
from_dict = CODEC.from_dict
