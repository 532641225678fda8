"""Pages -> PDF file: cards, crop marks and fold lines, written atomically and deterministically."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFPageLabel,
    PDFStream,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.impose import Page
from cards.paint import flate_only
from cards.paint.draw import draw_face

FaceDrawer = Callable[..., Any]  # (canvas, face, x, y, *, bleed=...) -> anything
CREATOR = "Kartotéka"


def write_pdf(
    pages: Iterable[Page],
    out: Path,
    *,
    title: str,
    draw_front: FaceDrawer = draw_face,
    draw_back: FaceDrawer = draw_face,
    inks: Callable | None = None,
) -> Path:
    """Write pages to a PDF at `out`, replacing it only once the whole file is ready.

    The pages hold finished faces: a decorative back is a face like any other (see
    `cards.backs.with_backs`), painted by draw_back; nothing is measured or set here.
    """
    data = render_pdf(pages, title=title, draw_front=draw_front, draw_back=draw_back, inks=inks)
    return write_atomically(out, data)


def render_pdf(
    pages: Iterable[Page],
    *,
    title: str,
    draw_front: FaceDrawer = draw_face,
    draw_back: FaceDrawer = draw_face,
    inks: Callable | None = None,
) -> bytes:
    """Return the PDF bytes of pages: the same input always gives the same bytes.

    The pages are painted in turn and none is kept: given an iterator that keeps none
    either, a page's cards can be let go once it is painted.

    inks: a reportlab colour space (colour -> CMYKColor, `cards.inks.Inks.colour_space`) that
    every colour set on the canvas and in its text objects goes through; None keeps RGB.
    """
    buffer = io.BytesIO()
    pages = iter(pages)
    page = next(pages, None)
    size = (page.width, page.height) if page else (595.2756, 841.8898)
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, enforceColorSpace=inks)
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    canvas.setSubject(title)
    # Home printers must not shrink the page: cards have to come out at their real size.
    canvas.setViewerPreference("PrintScaling", "None")
    labels = []
    while page is not None:
        labels.append(page.label)
        _paint_page(canvas, page, draw_front, draw_back)
        page = next(pages, None)
    _set_labels(canvas, labels)
    with flate_only():
        return canvas.getpdfdata()


def _paint_page(canvas: Canvas, page: Page, draw_front: FaceDrawer, draw_back: FaceDrawer) -> None:
    canvas.setPageSize((page.width, page.height))
    _set_box(canvas, "trim", page.trim_box)
    _set_box(canvas, "bleed", page.bleed_box)
    for placement in page.placements:
        canvas.saveState()
        if placement.side == "back" and not placement.text:
            draw_back(canvas, placement.face, placement.x, placement.y, bleed=placement.bleed)
        else:
            draw_front(canvas, placement.face, placement.x, placement.y, bleed=placement.bleed)
        canvas.restoreState()
    _draw_lines(canvas, page)
    _draw_texts(canvas, page)
    canvas.showPage()
    _compress_shown_page(canvas)


def _compress_shown_page(canvas: Canvas) -> None:
    """Compress the page just shown now, not when the document is written.

    reportlab keeps each page's operators as text until `getpdfdata`, so a deck held about
    9 KB a card until the end (4.5 MB for the compendium); compressed, a card holds 3 KB.
    The stream is the one reportlab would write (Flate only, see `flate_only`): its
    dictionary names the filter, so reportlab applies none again.
    """
    page = canvas._doc.Pages.pages[-1]
    stream = PDFStream(
        PDFDictionary({"Filter": PDFArray([PDFName(PDFZCompress.pdfname)])}),
        PDFZCompress.encode(page.stream),
    )
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def _draw_texts(canvas: Canvas, page: Page) -> None:
    for text in page.texts:
        canvas.saveState()
        canvas.translate(text.x, text.y)
        canvas.rotate(text.angle)
        canvas.setFillColor(HexColor(text.colour))
        canvas.setFont(text.font, text.size)
        canvas.drawCentredString(0, 0, text.text)
        canvas.restoreState()


def _set_labels(canvas: Canvas, labels: Sequence[str | None]) -> None:
    """Give the pages their labels in a PDF viewer: a number ("8") or a text ("8 rub")."""
    if not any(labels):
        return
    previous: int | None = None
    for index, label in enumerate(labels):
        label = label or str(index + 1)
        number = int(label) if label.isdigit() and not label.startswith("0") else None
        if number is not None and previous is not None and number == previous + 1:
            previous = number  # the running decimal range goes on
            continue
        if number is not None:
            canvas.addPageLabel(index, PDFPageLabel.ARABIC, number)
        else:
            canvas.addPageLabel(index, prefix=label)
        previous = number


def _draw_lines(canvas: Canvas, page: Page) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(page.mark_width)
    canvas.setLineCap(0)
    for mark in page.marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)
    if page.fold is not None:
        canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
        canvas.setDash(4, 3)
        canvas.line(page.fold.x0, page.fold.y0, page.fold.x1, page.fold.y1)
    canvas.restoreState()


def _set_box(canvas: Canvas, name: str, box: Any) -> None:
    canvas.setCropBox(None if box is None else [box.x0, box.y0, box.x1, box.y1], name=name)
