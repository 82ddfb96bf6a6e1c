"""The simulated table: keyboard keys, stable tag UIDs, and `altar demo`'s whole pipeline."""
