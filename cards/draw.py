"""Paint one placed card face onto a reportlab canvas."""

from __future__ import annotations

import functools

from reportlab.lib.colors import Color, HexColor
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
    for item in face.items:
        if isinstance(item, TextLine):
            _line(canvas, item)
        elif isinstance(item, Label):
            canvas.setFillColor(_colour(item.colour))
            canvas.setFont(item.font, item.size)
            if item.align == "right":
                canvas.drawRightString(item.x, item.y, item.text)
            elif item.align == "centre":
                canvas.drawCentredString(item.x, item.y, item.text)
            else:
                canvas.drawString(item.x, item.y, item.text)
        elif isinstance(item, Rule):
            canvas.setStrokeColor(_colour(item.colour))
            canvas.setLineWidth(item.width)
            canvas.line(item.x1, item.y1, item.x2, item.y2)
        elif isinstance(item, Fill):
            canvas.setFillColor(_colour(item.colour))
            if item.radius > 0:
                canvas.roundRect(
                    item.x, item.y, item.width, item.height, item.radius, stroke=0, fill=1
                )
            else:
                canvas.rect(item.x, item.y, item.width, item.height, stroke=0, fill=1)
    canvas.restoreState()


def _line(canvas: Canvas, item: TextLine) -> None:
    """Draw a typeset line run by run, its spaces widened by the line's word spacing."""
    text = canvas.beginText()
    text.setFillColor(_colour(item.colour))
    text.setWordSpace(item.line.word_space)
    for run in item.line.runs:
        text.setTextOrigin(item.x + run.x, item.y)
        text.setFont(run.font, item.size)
        text.textOut(run.text)
    canvas.drawText(text)
