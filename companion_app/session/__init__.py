"""The session and its concerns: a game at the table, from events to what the screens draw (no screens here)."""
