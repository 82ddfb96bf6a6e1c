"""The matcher a Swiss event pairs its rounds with: networkx's maximum-weight matching
(Edmonds' blossom algorithm, exact in integers) on the complete graph of the players to pair.

The rules (who may meet, what a pair weighs, the bye) are the engine's
(``engine/tournament/swiss.py``); this module only finds the best pairing for those weights.
Why networkx and not a Swiss pairing package: see docs/tournament.md, "Swiss: why this pairing".
networkx is pure Python (it packages for Android like our own code) and imported only here, when
a round is paired.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.tournament import TournamentError


def max_weight_pairs(
    players: Sequence[str], weight: Callable[[str, str], int]
) -> list[tuple[str, str]]:
    """Every player paired (an even count), the pairing of greatest total weight."""
    import networkx as nx  # a round's pairing only: the app's start does not pay for it

    if len(players) % 2:
        raise TournamentError("an odd count is paired after the bye is given")
    graph = nx.Graph()
    names = list(players)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            graph.add_edge(a, b, weight=weight(a, b))
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    out = [(str(a), str(b)) for a, b in pairs]
    if 2 * len(out) != len(names):
        raise TournamentError("no pairing seats every player")  # cannot happen on 2+ players
    return sorted(out)
