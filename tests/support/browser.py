"""What a user does in the page (Selenium), and what the CLI gives for the same."""

from __future__ import annotations

import json
import time
from pathlib import Path

from click.testing import CliRunner

from cards.cli import main

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "out" / "browser"
AXE_FILE = ROOT / "tests" / "browser" / "vendor" / "axe-core" / "axe.min.js"
WAIT = 15  # seconds a page may take to show what a test waits for


def missing_browser() -> str | None:
    """What the browser tests lack (the browser, its driver, selenium), or None."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package (pip install -e '.[test]')")
    return ", ".join(missing) or None


def wait_for(driver, condition, timeout: float = WAIT, message: str = ""):
    """Wait until condition(driver) is truthy; return its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition, message)


def wait_for_results(driver) -> None:
    """Wait until the results list and the deck have been drawn and no request is pending."""
    wait_for(
        driver,
        lambda d: d.execute_script(
            "return document.querySelector('#results-count') !== null"
            " && document.querySelector('#deck-body') !== null"
            " && document.querySelectorAll('.htmx-request').length === 0"
        ),
        message="the page did not draw its results and deck",
    )


def wait_for_download(folder: Path, suffix: str, timeout: float = 60) -> Path:
    """Wait for a finished download ending in `suffix`; return it (and empty the folder later)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = [p for p in folder.iterdir() if p.name.endswith(suffix)]
        partial = [p for p in folder.iterdir() if p.name.endswith(".crdownload")]
        if done and not partial:
            return done[0]
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} download in {folder}: {list(folder.iterdir())}")


def empty(folder: Path) -> None:
    """Remove earlier downloads."""
    for path in folder.iterdir():
        path.unlink()


def axe_violations(driver, source: str) -> list[dict]:
    """Run axe-core on the page for WCAG 2.0/2.1 A and AA; return its violations."""
    driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values:"
        " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
        ".then(r => done(JSON.stringify(r.violations)), e => done(JSON.stringify(String(e))));"
    )
    return json.loads(result)


def cli(*args: str) -> str:
    """Run the `cards` command; return its output (it must succeed)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def by_css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def all_css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def texts(driver, selector: str) -> list[str]:
    """The text of every element matching `selector`, read at one moment."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent)",
        selector,
    )


def result_names(driver) -> list[str]:
    return texts(driver, "#results li .name")


def deck_names(driver) -> list[str]:
    return texts(driver, "#deck ol.deck li .name")


def search(driver, text: str) -> None:
    """Type into "Hledat" and wait for the results of exactly that text."""
    box = by_css(driver, "#q")
    box.clear()
    box.send_keys(text)
    wait_for(
        driver,
        lambda d: d.execute_script(
            "const c = document.querySelector('#results-count');"
            "return c && c.dataset.query === arguments[0]"
            " && !document.querySelector('.htmx-request')",
            text,
        ),
        message=f"no results for {text!r}",
    )


def choose(driver, select_id: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(by_css(driver, f"#{select_id}")).select_by_value(value)


def tick(driver, name: str) -> None:
    """Search for a spell and tick its checkbox; wait for the deck to take it."""
    wait_for(driver, lambda d: d.execute_script("return !document.querySelector('.htmx-request')"))
    before = len(deck_names(driver))
    search(driver, name)
    press(driver, result_box(driver, name))
    wait_for(driver, lambda d: len(deck_names(d)) == before + 1, message=f"{name} not in the deck")


def result_box(driver, name: str):
    """The checkbox of the result with this Czech name."""
    box = driver.execute_script(
        "return Array.from(document.querySelectorAll('#results li')).filter("
        " li => li.querySelector('.name').textContent === arguments[0])"
        ".map(li => li.querySelector('input'))[0] || null",
        name,
    )
    assert box is not None, f"{name} not among {result_names(driver)}"
    return box


def count_text(driver) -> str:
    return by_css(driver, "[role=status]#deck-count").text


def cli_summary(tmp_path, names) -> str:
    """The summary line `cards deck` prints for the same list ("3 kouzla, 3 karty, 1 arch")."""
    listing = tmp_path / "list.txt"
    listing.write_text("\n".join(names) + "\n", encoding="utf-8")
    output = cli("deck", str(listing), "-o", str(tmp_path / "cli.pdf"))
    return output.strip().splitlines()[-1].split(" -> ")[0]


def press(driver, element) -> None:
    """Click an element as a user does: scrolled to the middle of the screen first (on a phone
    the fixed deck bar covers the bottom of the screen)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
