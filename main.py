"""Entry point for the Android build: python-for-android starts the app from a root main.py
(buildozer.spec, source.dir = .). On a desktop, use `altar app` (or `make run`) instead."""

from companion_app.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["app"]))
