"""Game-agnostic pieces every Altar rules engine reuses: seeded shuffles, whole-state undo
history, log entries, prompts, outcomes and priority-order helpers."""
