"""This tablet at a tournament (docs/tournament.md): its table's games played in the session and
broadcast live, its draft at the table, and the tournament and draft screens."""
