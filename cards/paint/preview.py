"""Card faces -> one PNG: the fronts of a spell's cards in a row, their backs below.

A spell of more than COLUMNS cards wraps into further rows (fronts, then their backs), and a
preview over MAX_PIXELS is refused with the largest --dpi that fits, instead of a PNG of
gigabytes (a 155-card spell made one 122,705 px wide).
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdfium2
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.errors import CardsError
from cards.impose import physical_cards
from cards.messages import say
from cards.paint import flate_only
from cards.paint.draw import draw_face
from cards.paint.pdf import FaceDrawer

# PDFium is not thread-safe (pypdfium2's documentation says so, and two web previews drawn at
# once crashed the server): every call into it, here and in cards/images.py, holds this lock.
PDFIUM_LOCK = threading.RLock()


class PreviewError(CardsError):
    """A preview cannot be made (no faces, a bad resolution)."""


MARGIN = 4 * mm  # white paper around the cards
COLUMNS = 8  # cards a row: a 2-card spell is one row as before; 155 cards are 20 rows
MAX_PIXELS = 100_000_000  # 300 MB of RGB: 24 poker cards with backs at 600 dpi
GAP = 4 * mm  # between neighbouring cards


def render_preview(
    faces: Sequence[Any],
    out: Path,
    *,
    dpi: int = 300,
    backs: Sequence[Any] = (),
    draw_front: FaceDrawer = draw_face,
    draw_back: FaceDrawer = draw_face,
    continue_on_back: bool = False,
) -> tuple[Path, ...]:
    """Render the faces (and their backs) side by side into one PNG at `out`; return its path.

    backs: the finished decorative back of each face (`cards.backs.card_backs`), in order;
    none: the fronts only. With `continue_on_back` each card shows the part printed on its
    back, as the PDF does. The cards are painted by the same painter as the PDF, then
    rasterised by PDFium.
    """
    if not faces:
        raise PreviewError(say("preview_nothing"))
    backs = tuple(backs) if backs else ()
    if backs and len(backs) != len(faces):
        raise PreviewError(say("preview_backs", faces=len(faces), backs=len(backs)))
    decorative = dict(zip(map(id, faces), backs, strict=False))
    if dpi <= 0:
        raise PreviewError(say("preview_dpi", dpi=dpi))
    card_width = max(face.width for face in faces)
    card_height = max(face.height for face in faces)
    cards = physical_cards(faces, continue_on_back=continue_on_back)
    sides = 2 if backs else 1
    columns = min(len(cards), COLUMNS)
    rows = -(-len(cards) // COLUMNS) * sides
    width = 2 * MARGIN + columns * card_width + (columns - 1) * GAP
    height = 2 * MARGIN + rows * card_height + (rows - 1) * GAP
    pixels = (width * dpi / 72) * (height * dpi / 72)
    if pixels > MAX_PIXELS:
        fits = int(72 * (MAX_PIXELS / (width * height)) ** 0.5)
        raise PreviewError(
            say(
                "preview_too_big",
                cards=len(cards),
                dpi=dpi,
                pixels=f"{pixels / 1e6:.0f}",
                limit=MAX_PIXELS // 1_000_000,
                fits=fits,
            )
        )
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    for index, card in enumerate(cards):
        row, column = divmod(index, COLUMNS)
        x = MARGIN + column * (card_width + GAP)
        top_row = height - MARGIN - card_height - row * sides * (card_height + GAP)
        back_row = top_row - card_height - GAP
        canvas.saveState()
        draw_front(canvas, card.front, x, top_row, bleed=0.0)
        canvas.restoreState()
        if backs:
            canvas.saveState()
            if card.back is not None:
                draw_front(canvas, card.back, x, back_row, bleed=0.0)
            else:
                draw_back(canvas, decorative[id(card.front)], x, back_row, bleed=0.0)
            canvas.restoreState()
    canvas.showPage()
    with PDFIUM_LOCK:
        with flate_only():
            data = canvas.getpdfdata()
        document = pypdfium2.PdfDocument(data)
        try:
            image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
        finally:
            document.close()
    png = io.BytesIO()
    image.save(png, format="PNG", dpi=(dpi, dpi))
    return (write_atomically(out, png.getvalue()),)
