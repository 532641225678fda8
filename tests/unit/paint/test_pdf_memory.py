"""What cards.paint.pdf holds while it paints: a page is let go once painted, and kept compressed.

A deck is painted page after page into one document, which reportlab writes at the end: what
stays of each page until then decides how memory grows with the deck.
"""

from __future__ import annotations

import io
import tracemalloc
import weakref

from pypdf import PdfReader
from reportlab.lib.units import mm

from cards.impose import PrintOptions, impose
from cards.paint.pdf import render_pdf
from tests.support.fakes import fake_faces

POKER = (63 * mm, 88 * mm)


def single_pages(count: int):
    """Return `count` one-card pages (a print shop's single cards) of fake faces."""
    return list(
        impose(fake_faces(*[1] * count, width=POKER[0], height=POKER[1]), None, PrintOptions())
    )


def test_a_painted_page_is_let_go_before_the_next_is_painted():
    """Given pages one at a time (a generator keeping none), render_pdf keeps none either:
    when a page's card is drawn, every page before it is gone."""
    alive: list[weakref.ref] = []
    gone_before_drawing: list[bool] = []

    def pages():
        for _ in range(6):
            page = single_pages(1)[0]  # made as it is asked for: only render_pdf holds it
            alive.append(weakref.ref(page))
            yield page
            del page

    def draw(canvas, face, x, y, *, bleed=0.0):
        gone_before_drawing.append(all(ref() is None for ref in alive[:-1]))
        canvas.rect(x, y, face.width, face.height, stroke=0, fill=1)

    data = render_pdf(pages(), title="Test", draw_front=draw, draw_back=draw)
    assert len(PdfReader(io.BytesIO(data)).pages) == 6
    assert gone_before_drawing == [True] * 6


def _varied(rects: int):
    """Return a drawer of `rects` rectangles at spread positions (compressed to about a third)."""

    def draw(canvas, face, x, y, *, bleed=0.0):
        grown.append(tracemalloc.get_traced_memory()[0])
        value = 1
        for _ in range(rects):
            value = value * 48271 % 2147483647  # (any deterministic spread of numbers)
            canvas.rect(x + value % 997 / 10, y + value % 1009 / 10, value % 89, 1, fill=1)

    grown: list[int] = []
    return draw, grown


def held_per_page(rects: int) -> tuple[float, float]:
    """Paint 50 pages of `rects` rectangles each; return the memory each painted page
    holds until the end (pages 10-40) and the size of its operators."""
    draw, grown = _varied(rects)
    pages = single_pages(50)
    tracemalloc.start()
    try:
        data = render_pdf(pages, title="Test", draw_front=draw, draw_back=draw)
    finally:
        tracemalloc.stop()
    reader = PdfReader(io.BytesIO(data))
    plain = sum(len(page.get_contents().get_data()) for page in reader.pages[10:40])
    return (grown[40] - grown[10]) / 30, plain / 30


def test_a_painted_page_is_held_compressed_until_the_document_is_written():
    """What a painted page holds until the end grows with its compressed size, not with its
    operators' (a page's own objects, the same for both, cancel out)."""
    small, small_plain = held_per_page(100)
    large, large_plain = held_per_page(400)
    assert large_plain - small_plain > 6000  # (about 9 KB against 2 KB, a real card)
    assert large - small < (large_plain - small_plain) / 2
