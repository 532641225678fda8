"""Keyboard and phone in Chromium: tonight's eight spells in few key presses; the deck bar."""

from __future__ import annotations

import pytest

from tests.support.browser import (
    by_css,
    cli,
    count_text,
    deck_names,
    empty,
    result_box,
    result_names,
    search,
    wait_for,
    wait_for_download,
)
from tests.support.pdfread import open_pdf

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]

TONIGHT = (
    "stit", "mlzny krok", "ohniva koule", "lecive slovo", "magicka strela", "neviditelnost",
    "protikouzlo", "rozptyl magii",
)  # fmt: skip
MAX_PRESSES = 60  # key presses besides the typed names (issue 36)


def test_tonights_eight_spells_by_keyboard(page, downloads, tmp_path):
    """Skip link, a name and Enter eight times, then to "Stáhnout PDF": at most 60 presses."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    empty(downloads)
    presses = 0

    def press(key, shift=False):
        nonlocal presses
        chain = ActionChains(page)
        if shift:
            chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
        else:
            chain.send_keys(key)
        chain.perform()
        presses += 1

    def focused() -> str:
        return page.execute_script("return document.activeElement.id")

    press(Keys.TAB)
    press(Keys.ENTER)
    assert focused() == "q"
    for number, name in enumerate(TONIGHT, start=1):
        ActionChains(page).send_keys(name).perform()  # typed names are not counted
        press(Keys.ENTER)
        wait_for(
            page, lambda d, n=number: len(deck_names(d)) == n, message=f"{name}: {deck_names(page)}"
        )
    while focused() != "bar-pdf" and presses < MAX_PRESSES:
        press(Keys.TAB, shift=True)
    press(Keys.ENTER)
    pdf = wait_for_download(downloads, ".pdf")
    assert presses <= MAX_PRESSES
    names = deck_names(page)
    listing = tmp_path / "tonight.txt"
    listing.write_text("\n".join(names) + "\n", encoding="utf-8")
    out = tmp_path / "cli.pdf"
    cli("deck", str(listing), "-o", str(out))
    assert out.read_bytes() == pdf.read_bytes()
    with open_pdf(pdf) as document:
        text = "\n".join(p.extract_text() or "" for p in document.pages)
    assert all(name in text for name in ("Štít", "Rozptyl magii", "Léčivé slovo"))
    print(f"tonight's 8 spells: {presses} key presses besides the typed names")


def test_slash_jumps_to_the_search(page):
    """ "/" anywhere outside a field puts the cursor into "Hledat"."""
    from selenium.webdriver.common.action_chains import ActionChains

    by_css(page, "#deck-new").click()  # the cursor is in the new deck's name
    by_css(page, "h1").click()
    ActionChains(page).send_keys("/").perform()
    assert page.execute_script("return document.activeElement.id") == "q"


def test_phone_deck_bar(page, downloads):
    """At 390 px the deck's count and "Stáhnout PDF" stay on screen while ticking results."""
    empty(downloads)
    page.set_window_size(390, 900)
    try:
        search(page, "ohniva")
        box = result_box(page, "Ohnivá koule")
        page.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
        wait_for(page, lambda d: deck_names(d) == ["Ohnivá koule"])
        page.execute_script("document.querySelector('#results li:last-child').scrollIntoView()")
        bar = page.execute_script(
            "const r = document.querySelector('#bar-pdf').getBoundingClientRect();"
            "return [r.top, r.bottom, window.innerHeight]"
        )
        assert 0 <= bar[0] and bar[1] <= bar[2], bar
        wait_for(page, lambda d: by_css(d, "#bar-count").text == count_text(d))
        assert by_css(page, "#bar-count").is_displayed()
        by_css(page, "#bar-pdf").click()
        assert wait_for_download(downloads, ".pdf").name == "pripravena-kouzla.pdf"
        assert result_names(page)
    finally:
        page.set_window_size(1400, 1000)
