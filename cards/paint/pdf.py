"""Pages -> PDF file: cards, crop marks and fold lines, written atomically and deterministically."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfdoc import PDFPageLabel
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.impose import Page
from cards.paint import flate_only
from cards.paint.draw import draw_face

FaceDrawer = Callable[..., Any]  # (canvas, face, x, y, *, bleed=...) -> anything
CREATOR = "Kartotéka"


def write_pdf(
    pages: Sequence[Page],
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
    pages: Sequence[Page],
    *,
    title: str,
    draw_front: FaceDrawer = draw_face,
    draw_back: FaceDrawer = draw_face,
    inks: Callable | None = None,
) -> bytes:
    """Return the PDF bytes of pages: the same input always gives the same bytes.

    inks: a reportlab colour space (colour -> CMYKColor, `cards.inks.Inks.colour_space`) that
    every colour set on the canvas and in its text objects goes through; None keeps RGB.
    """
    buffer = io.BytesIO()
    first = pages[0] if pages else None
    size = (first.width, first.height) if first else (595.2756, 841.8898)
    canvas = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, enforceColorSpace=inks)
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    canvas.setSubject(title)
    # Home printers must not shrink the page: cards have to come out at their real size.
    canvas.setViewerPreference("PrintScaling", "None")
    for page in pages:
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
    _set_labels(canvas, pages)
    with flate_only():
        return canvas.getpdfdata()


def _draw_texts(canvas: Canvas, page: Page) -> None:
    for text in page.texts:
        canvas.saveState()
        canvas.translate(text.x, text.y)
        canvas.rotate(text.angle)
        canvas.setFillColor(HexColor(text.colour))
        canvas.setFont(text.font, text.size)
        canvas.drawCentredString(0, 0, text.text)
        canvas.restoreState()


def _set_labels(canvas: Canvas, pages: Sequence[Page]) -> None:
    """Give the pages their labels in a PDF viewer: a number ("8") or a text ("8 rub")."""
    if not any(page.label for page in pages):
        return
    previous: int | None = None
    for index, page in enumerate(pages):
        label = page.label or str(index + 1)
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
