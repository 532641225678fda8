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
    """Draw the face's lines and labels, setting colour, font and word spacing only on change."""
    text = canvas.beginText()
    state: dict[str, object] = {}

    def use(key: str, value, apply) -> None:
        if state.get(key) != value:
            apply(value)
            state[key] = value

    for item in face.items:
        if isinstance(item, TextLine):
            use("colour", item.colour, lambda c: text.setFillColor(_colour(c)))
            use("space", item.line.word_space, text.setWordSpace)
            for run in item.line.runs:
                use("font", (run.font, item.size), lambda f: text.setFont(*f))
                text.setTextOrigin(item.x + run.x, item.y)
                text.textOut(run.text)
        elif isinstance(item, Label):
            use("colour", item.colour, lambda c: text.setFillColor(_colour(c)))
            use("space", 0.0, text.setWordSpace)
            use("font", (item.font, item.size), lambda f: text.setFont(*f))
            left = item.x
            if item.align != "left":
                width = stringWidth(item.text, item.font, item.size)
                left -= width if item.align == "right" else width / 2
            text.setTextOrigin(left, item.y)
            text.textOut(item.text)
    canvas.drawText(text)
