"""Czech on the page in Chromium: layouts, the calibration sheet, refusals, download names."""

from __future__ import annotations

import pytest

from tests.support.browser import by_css, empty, texts, wait_for, wait_for_download
from tests.support.pdfread import open_pdf

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]


def test_layouts_are_described_in_czech(page):
    """ "Vzhled a velikost" offers Czech descriptions, none of the layout files' English."""
    options = texts(page, "#layout option")
    assert "Poker 63 × 88 mm, šetří inkoust: bílá karta, barva školy v linkách" in options
    assert not any(word in " ".join(options) for word in ("ink-saver", "large print", "white"))


def test_calibration_sheet_names_the_page_fields(page, downloads):
    """The calibration sheet from the page tells to fill "Posun rubu", not to type an option."""
    empty(downloads)
    by_css(page, "#calibration-button").click()
    sheet = wait_for_download(downloads, ".pdf")
    with open_pdf(sheet) as document:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in document.pages)
    assert "Posun rubu v mm" in text
    assert "--back-offset" not in text and "--duplex" not in text


def test_refusal_has_no_english_field_name(page):
    """A PDF of an empty deck is refused in Czech, without the JSON field's English name."""
    by_css(page, "#pdf-button").click()
    message = wait_for(
        page,
        lambda d: (
            "balíček" in by_css(d, "#print-message").text and by_css(d, "#print-message").text
        ),
    )
    assert message.startswith("kouzla: balíček je prázdný"), message
    assert "(spells)" not in message
