"""The end of a game, on the table for every seat: the winner named twice, facing both long
edges, the engine's reason, and the way on (the summary, a new game)."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.floatlayout import FloatLayout


class WinnerBanner(FloatLayout):
    headline = StringProperty("")  # "Alena wins!"
    reason = StringProperty("")  # the engine's words
