"""Paint one placed card face onto a reportlab canvas."""

from __future__ import annotations

import functools

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards.fit import CardFace, Fill, Label, Rule, TextLine


@functools.lru_cache(maxsize=256)
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


def draw_face(canvas: Canvas, face: CardFace, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw a card face with its lower-left corner at (x, y), colour reaching `bleed` beyond."""
    layout = face.layout
    canvas.saveState()
    canvas.translate(x, y)
    canvas.setFillColor(_colour(face.colour))
    canvas.rect(-bleed, -bleed, face.width + 2 * bleed, face.height + 2 * bleed, stroke=0, fill=1)
    canvas.setFillColor(_colour(layout.colours.background))
    inset = layout.frame
    width, height = face.width - 2 * inset, face.height - 2 * inset
    if layout.panel_radius > 0:
        canvas.roundRect(inset, inset, width, height, layout.panel_radius, stroke=0, fill=1)
    else:
        canvas.rect(inset, inset, width, height, stroke=0, fill=1)
    # Shapes first, then all text in one text object: no text lies under a shape.
    for item in face.items:
        if isinstance(item, Fill):
            canvas.setFillColor(_colour(item.colour))
            if item.radius > 0:
                canvas.roundRect(
                    item.x, item.y, item.width, item.height, item.radius, stroke=0, fill=1
                )
            else:
                canvas.rect(item.x, item.y, item.width, item.height, stroke=0, fill=1)
        elif isinstance(item, Rule):
            canvas.setStrokeColor(_colour(item.colour))
            canvas.setLineWidth(item.width)
            canvas.line(item.x1, item.y1, item.x2, item.y2)
    _text(canvas, face)
    canvas.restoreState()


def _text(canvas: Canvas, face: CardFace) -> None:
    """Draw the face's lines and labels in one text object, grouped by colour and font.

    Text never overlaps, so its order is free: grouping keeps colour and font changes few.
    """
    runs: list[tuple[str, str, float, float, float, float, float, str]] = []
    for item in face.items:
        if isinstance(item, TextLine):
            space, scale = item.line.word_space, item.scale
            for run in item.line.runs:
                x = item.x + run.x * scale
                runs.append((item.colour, run.font, item.size, space, scale, x, item.y, run.text))
        elif isinstance(item, Label):
            left = item.x
            if item.align != "left":
                width = stringWidth(item.text, item.font, item.size)
                left -= width if item.align == "right" else width / 2
            runs.append((item.colour, item.font, item.size, 0.0, 1.0, left, item.y, item.text))
    runs.sort(key=lambda r: r[:5])
    text = canvas.beginText()
    colour = font = space = None
    horizontal = 1.0
    for run_colour, run_font, size, run_space, scale, x, y, chars in runs:
        if scale != horizontal:
            text.setHorizScale(scale * 100)
            horizontal = scale
        if run_colour != colour:
            text.setFillColor(_colour(run_colour))
            colour = run_colour
        if (run_font, size) != font:
            text.setFont(run_font, size)
            font = (run_font, size)
        if run_space != space:
            text.setWordSpace(run_space)
            space = run_space
        text.setTextOrigin(x, y)
        text.textOut(chars)
    canvas.drawText(text)
