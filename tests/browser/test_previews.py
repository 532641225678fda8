"""Previews in Chromium: sharp at the screen's pixel ratio; a whole sheet as the PDF prints it."""

from __future__ import annotations

import base64

import pytest

from tests.support.browser import (
    all_css,
    by_css,
    cli,
    empty,
    press,
    result_box,
    search,
    tick,
    wait_for,
    wait_for_download,
)

pytestmark = [pytest.mark.usefixtures("browser_available"), pytest.mark.slow]


def shown_png(image) -> bytes:
    return base64.b64decode(image.get_attribute("src").split(",", 1)[1])


def test_preview_is_sharp_at_pixel_ratio_two(page, tmp_path):
    """On a screen of pixel ratio 2 the preview is `cards preview` at twice the dpi, drawn with
    at least one image pixel a device pixel."""
    from cards.web.pages import PREVIEW_DPI

    page.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1400, "height": 1000, "deviceScaleFactor": 2, "mobile": False},
    )
    try:
        search(page, "ohniva koule")
        press(page, result_box(page, "Ohnivá koule").find_element("xpath", "../button"))
        image = wait_for(page, lambda d: all_css(d, "#preview img.cards"))[0]
        out = tmp_path / "koule.png"
        cli("preview", "Ohnivá koule", "--dpi", str(PREVIEW_DPI * 2), "-o", str(out))
        assert shown_png(image) == out.read_bytes()
        natural, drawn = page.execute_script(
            "const i = arguments[0]; return [i.naturalWidth, i.getBoundingClientRect().width]",
            image,
        )
        assert natural >= 2 * drawn - 2  # never stretched: at least one image pixel a device pixel
    finally:
        page.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_whole_sheet_preview_is_the_pdf_sheet(page, downloads, tmp_path):
    """ "Náhled celého archu" shows the PDF's first sheet, front and back, as printed."""
    import pypdfium2

    from cards.paint.images import pdf_page_png
    from cards.web.pages import SHEET_DPI

    empty(downloads)
    for name in ("Štít", "Mlžný krok"):
        tick(page, name)
    press(page, by_css(page, "#backs"))
    press(page, by_css(page, "#sheet-preview"))
    images = wait_for(page, lambda d: all_css(d, "#preview img.sheet"))
    assert len(images) == 2
    press(page, by_css(page, "#pdf-button"))
    pdf = wait_for_download(downloads, ".pdf").read_bytes()
    assert len(pypdfium2.PdfDocument(pdf)) == 2
    assert shown_png(images[0]) == pdf_page_png(pdf, 0, SHEET_DPI)
    assert shown_png(images[1]) == pdf_page_png(pdf, 1, SHEET_DPI)
