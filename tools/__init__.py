"""Scripts `make` runs to build what the app uses (not installed with the app)."""
