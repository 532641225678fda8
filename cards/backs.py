"""Card backs: deck title, school colour and level, drawn from the card layout."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

DECK_TITLE = "Kartotéka kouzel"
MIN_TEXT = 5.5  # points: nothing on a card is set smaller


@dataclass(frozen=True)
class TextBlock:
    """Text broken into lines at one type size."""

    lines: tuple[str, ...]
    size: float


def draw_back(
    canvas: Any,
    face: Any,
    x: float,
    y: float,
    *,
    bleed: float = 0.0,
    deck_title: str = DECK_TITLE,
    layout: Any = None,
) -> None:
    """Draw the back of a card with its lower-left trim corner at x, y.

    The layout is the face's own (face.layout) unless given; without either, the default layout.
    """
    layout = layout or getattr(face, "layout", None) or _default_layout()
    spell = getattr(face, "spell", None)
    width, height = face.width, face.height
    scale = min(width / (63 * mm), height / (88 * mm))
    school = getattr(spell, "school", "")
    colour = HexColor(layout.school_colour(school) if school else layout.colours.frame)
    light = HexColor(layout.colours.title)
    paper = HexColor(layout.colours.background)
    title_font, body_font = layout.fonts["title"], layout.fonts["body"]
    bold_font = layout.fonts.get("bold", title_font)
    safe = layout.safe_margin
    inner = width - 2 * safe - 4 * scale

    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.rect(x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    canvas.setStrokeColor(light)
    canvas.setLineWidth(0.8 * scale)
    radius = layout.panel_radius
    rule = safe * 0.6
    canvas.roundRect(x + rule, y + rule, width - 2 * rule, height - 2 * rule, radius, stroke=1)
    canvas.setLineWidth(0.3 * scale)
    rule += 1.2 * mm * scale
    canvas.roundRect(x + rule, y + rule, width - 2 * rule, height - 2 * rule, radius, stroke=1)

    centre_x = x + width / 2
    canvas.setFillColor(light)
    top = y + height - safe - 3 * scale
    title = fit_text(deck_title, title_font, 10 * scale, inner)
    canvas.setFont(title_font, title.size)
    for line in title.lines:
        top -= title.size
        canvas.drawCentredString(centre_x, top, line)
        top -= title.size * 0.2

    # The medallion: the level in the middle of the card, on the card's paper colour.
    centre_y = y + height / 2
    medallion = 13 * mm * scale
    canvas.setFillColor(paper)
    canvas.circle(centre_x, centre_y, medallion, stroke=1, fill=1)
    canvas.setFillColor(colour)
    level = getattr(spell, "level", None)
    if level is None:
        pass
    elif level == 0:
        size = 16 * scale
        canvas.setFont(title_font, size)
        canvas.drawCentredString(centre_x, centre_y - size * 0.35, "trik")
    else:
        size = 34 * scale
        canvas.setFont(title_font, size)
        canvas.drawCentredString(centre_x, centre_y - size * 0.22, str(level))
        label = max(MIN_TEXT, 6.5 * scale)
        canvas.setFont(body_font, label)
        canvas.drawCentredString(centre_x, centre_y - medallion * 0.68, "úroveň")

    canvas.setFillColor(light)
    if school:
        block = fit_text(school, bold_font, 10 * scale, inner)
        baseline = centre_y - medallion - 4 * scale
        for line in block.lines:
            baseline -= block.size
            canvas.setFont(bold_font, block.size)
            canvas.drawCentredString(centre_x, baseline, line)
    classes = ", ".join(getattr(spell, "classes", ()) or ())
    if classes:
        block = fit_text(classes, body_font, 7 * scale, inner)
        baseline = y + safe + 5 * scale + (len(block.lines) - 1) * block.size * 1.15
        for line in block.lines:
            canvas.setFont(body_font, block.size)
            canvas.drawCentredString(centre_x, baseline, line)
            baseline -= block.size * 1.15
    canvas.restoreState()


def fit_text(text: str, font: str, size: float, width: float) -> TextBlock:
    """Set text on one line, shrinking down to 5.5 pt, then on as many lines as it needs."""
    natural = stringWidth(text, font, size)
    if natural <= width:
        return TextBlock((text,), size)
    smaller = max(MIN_TEXT, size * width / natural)
    if stringWidth(text, font, smaller) <= width:
        return TextBlock((text,), smaller)
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, MIN_TEXT) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return TextBlock(tuple(lines), MIN_TEXT)


@lru_cache(maxsize=1)
def _default_layout() -> Any:
    from cards.layout import load_layout

    return load_layout()
