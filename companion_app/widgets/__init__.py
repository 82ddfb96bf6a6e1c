"""Reusable Kivy widgets for the screens: counters, seat panels, card views, plots."""
