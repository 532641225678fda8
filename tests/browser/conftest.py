"""A real browser over the real server: Debian's headless Chromium driven by Selenium.

The app runs in a thread on 127.0.0.1 with a free port; one browser per session (each xdist
worker: starting Chromium took 1.4-2.9 s a module), and each test opens the page afresh with an
empty store and the window at its size. Nothing is
downloaded at run time: the browser and its driver are given by path (SE_OFFLINE=true stops
Selenium Manager) and axe-core is vendored under tests/browser/vendor/ with its licence. When
CI=true a missing browser fails the tests instead of skipping them.
"""

from __future__ import annotations

import os
import threading
import urllib.request
from pathlib import Path

import pytest

from tests.support.browser import (
    AXE_FILE,
    CHROMEDRIVER,
    CHROMIUM,
    missing_browser,
    wait_for_results,
)


@pytest.fixture(scope="session")
def browser_available() -> None:
    """Skip without a browser; in CI (CI=true) fail instead, since .ci/run installs one."""
    missing = missing_browser()
    if missing:
        message = f"no browser for the browser tests: missing {missing}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (.ci/run installs chromium and chromium-driver)")
        pytest.skip(message)


@pytest.fixture(scope="session")
def server(browser_available) -> str:
    """The app on 127.0.0.1 at a free port, served from a thread; its base URL."""
    from werkzeug.serving import make_server

    from cards.web.app import create_app

    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{httpd.server_port}"
    # The first list fits every spell for its card counts (the run's fit cache starts empty,
    # a whole-compendium fit takes seconds on a loaded machine): do it once here, so the
    # pages' waits measure the page, not the first fit.
    urllib.request.urlopen(url + "/api/spells", timeout=300).read()
    yield url
    httpd.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def downloads(tmp_path_factory) -> Path:
    """The folder the browser downloads into (a test empties it before it downloads)."""
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="session")
def browser(server, downloads, tmp_path_factory):
    """One headless Chromium for the session, downloading into `downloads`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tmp_path_factory.mktemp("chromium-profile")
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1400,1000",
        "--lang=cs",
    ):
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "safebrowsing.enabled": False,
        },
    )
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.base_url = server
    yield driver
    driver.quit()


@pytest.fixture
def page(browser):
    """The page, opened fresh with an empty browser store, in a window of 1400 × 1000."""
    browser.set_window_size(1400, 1000)
    # The last test's page is left first (its late answers cannot store its deck again), for
    # a file of the same origin that runs no script (the page itself took a second load).
    browser.get(browser.base_url + "/assets/favicon.svg")
    browser.execute_script("localStorage.clear(); sessionStorage.clear()")
    browser.get(browser.base_url + "/")
    wait_for_results(browser)
    return browser


@pytest.fixture(scope="session")
def axe_source(browser_available) -> str:
    """axe-core's script, vendored in tests/browser/vendor/axe-core (a test tool, not shipped)."""
    return AXE_FILE.read_text(encoding="utf-8")


# --- what a user does, and what the CLI gives for the same ---------------------------------
