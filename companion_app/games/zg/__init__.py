"""Z-G at the table (companion_app/games/base.py)."""
