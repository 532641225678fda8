"""Paint one placed card face onto a reportlab canvas."""

from __future__ import annotations

import functools

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

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


class _TextObject(PDFTextObject):
    """A text object that does not track its cursor: every run here sets its own origin."""

    def textOut(self, text: str) -> None:
        """Append a run at the current origin without measuring it (reportlab's measures)."""
        self._code.append(self._formatText(text))


def _text(canvas: Canvas, face: CardFace) -> None:
    """Draw the face's lines and labels in one text object, in reading order.

    Reading order keeps the text searchable and copyable in PDF viewers; colour, font,
    word spacing and scale are set only when they change.
    """
    text = _TextObject(canvas)
    colour = font = None
    space, horizontal = 0.0, 1.0
    for item in face.items:
        if isinstance(item, TextLine):
            size, scale, word_space = item.size, item.scale, item.line.word_space
            runs = [(run.font, item.x + run.x * scale, run.text) for run in item.line.runs]
        elif isinstance(item, Label):
            size, scale, word_space = item.size, 1.0, 0.0
            left = item.x
            if item.align != "left":
                width = stringWidth(item.text, item.font, item.size)
                left -= width if item.align == "right" else width / 2
            runs = [(item.font, left, item.text)]
        else:
            continue
        if item.colour != colour:
            text.setFillColor(_colour(item.colour))
            colour = item.colour
        if scale != horizontal:
            text.setHorizScale(scale * 100)
            horizontal = scale
        if word_space != space:
            text.setWordSpace(word_space)
            space = word_space
        for run_font, x, chars in runs:
            if (run_font, size) != font:
                text.setFont(run_font, size)
                font = (run_font, size)
            text.setTextOrigin(x, item.y)
            text.textOut(chars)
    canvas.drawText(text)
