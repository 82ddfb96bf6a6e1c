"""Pebbles: a sixth game, tiny, built in tests from docs/adding-a-game.md's steps alone (issue
38). Its engine package (``actions``, ``game``, ``kind``) and its table package (``adapter``,
``player_model``) stand where the page puts a game's two packages, here under tests/."""
