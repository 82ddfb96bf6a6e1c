"""Keeping games on disk: the command store, salvage, the saved setup and the replay check (no Kivy)."""
