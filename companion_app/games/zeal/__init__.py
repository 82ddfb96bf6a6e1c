"""Zeal at the table: its adapter, combat assistant and adjustments screen."""
