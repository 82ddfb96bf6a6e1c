"""Z-G's app tests import Kivy: give it a throwaway home and no argument parsing, before
anything imports it (as tests/app does)."""

import os
import tempfile

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
