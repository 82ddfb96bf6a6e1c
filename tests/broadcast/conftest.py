"""Broadcast tests run the session without a window: Kivy gets a throwaway home first."""

import os
import tempfile

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="altar-kivy-home-"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


import pytest  # noqa: E402


@pytest.fixture(scope="package")
def chromium():  # type: ignore[no-untyped-def]
    """One Debian Chromium for the page tests this worker runs one after another (many pages,
    one browser). Package-scoped, not session-scoped: Playwright's sync API keeps an event
    loop running on the worker's thread while it is open, and a later test of another package
    on the same worker that calls asyncio.run (the firmware's host link) would be refused."""
    from playwright.sync_api import sync_playwright

    from tests.broadcast.support import CHROMIUM, FLAGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
