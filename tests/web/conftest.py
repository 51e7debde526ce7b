"""Fixtures for the scorekeeper page's browser tests: the service as shipped (`courtcard serve`, its
default API processes, on the suite's real Redis), and headless Chromium driven by Playwright.

The browser is Debian's ``chromium`` (``tests/web/install_browser.sh`` installs it); Playwright's
own browser downloads are never used. When no browser can be had the tests skip, saying why.
Screenshots go to ``$COURTCARD_SCREENSHOTS`` when set (``docs/screenshots`` to refresh the docs),
else to a temporary directory, so the code that takes them runs on every test run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from tests.web.scorekeeper import PHONE, TABLET


CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    """The system Chromium: $COURTCARD_CHROMIUM, else Debian's /usr/bin/chromium, else on PATH."""
    for candidate in (os.environ.get("COURTCARD_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (skips, with the reason, when none can be had)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed: pip install -e '.[test]'")
    path = chromium_path()
    if path is None:
        pytest.skip("No Chromium found: run tests/web/install_browser.sh (Debian's chromium package)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def live_server(api_hosts, redis_client):
    """The service as shipped: a `courtcard serve` with its default API processes, on the suite's
    server (redis_client gives it an emptied database)."""
    return api_hosts[0]


#: How long a page's wait (a selector, a function, a navigation) may take: an allowance for a slow
#: machine, where a cold browser may take seconds over a page that a quiet one draws at once.
WAIT_MS = 30_000


@pytest.fixture
def pages(browser):
    """Open pages in their own browser contexts (own localStorage: a second device), closed after."""
    contexts = []

    def open_page(viewport=PHONE):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        # Every wait is on a condition on the page; this is only how long a slow machine may take
        # before one counts as never met.
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshots(tmp_path):
    """save(page, name, sizes): a PNG of the page as it is now per size (phone and tablet unless told)."""
    target = Path(os.environ.get("COURTCARD_SCREENSHOTS") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, sizes=("phone", "tablet")) -> list[Path]:
        saved = []
        before = page.viewport_size
        for size_name, size in (("phone", PHONE), ("tablet", TABLET)):
            if size_name not in sizes:
                continue
            page.set_viewport_size(size)
            path = target / f"{name}-{size_name}.png"
            page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 0
            saved.append(path)
        page.set_viewport_size(before)
        return saved

    return save
