"""Broadcast tests run the session without a window: Kivy gets a throwaway home first."""

import os
import tempfile

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def chromium():  # type: ignore[no-untyped-def]
    """One Debian Chromium for every page test in this worker (many pages, one browser)."""
    from playwright.sync_api import sync_playwright

    from tests.broadcast.test_pages import CHROMIUM, FLAGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
