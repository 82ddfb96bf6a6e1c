"""App tests: Kivy gets its own throwaway home and no command-line parsing.

Tests that need a window run the real app in a subprocess (tests/app/drive.py), because Kivy's
Window is one per process; everything else here (layout, bursts, views, the session) runs
in-process without a window.
"""

import os
import tempfile

# Before anything imports Kivy: its config and logs go to a temporary folder, never ~/.kivy.
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
