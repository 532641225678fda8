"""Duplex calibration sheet: a cross and a dot on the front, scales and rings on the back."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards.atomic import write_atomically
from cards.impose import DUPLEX_MODES, Box, Sheet, mirror
from cards.pdf import CREATOR

SCALE_RANGE = 5  # the scales read from -5 to +5 mm
SCALE_STEP = 0.5  # mm between ticks
SCALE_TYPE = 6.0  # points
ROW = 3 * mm  # height of a row of the X staircase
COLUMN = 5.2 * mm  # width of a column of the Y staircase
X_SCALE_BOTTOM = 15 * mm  # above the page centre
# The front's cross is symmetric about the centre, so that it lies on the scales whichever
# edge the printer turns the sheet over.
CROSS_X_ARM = 60 * mm
CROSS_Y_ARM = X_SCALE_BOTTOM + 21 * ROW + 3 * mm
RULER = 100 * mm  # the line that checks printing at 100 %
TITLE = "Kalibrace oboustranného tisku"
STEPS = (
    "1. Vytiskněte oba listy oboustranně ve skutečné velikosti (100 %, ne „přizpůsobit",
    "    stránce“). Úsečka dole na této straně musí měřit přesně 100 mm.",
    "2. Podržte list proti světlu zadní stranou k sobě. Tečka z přední strany leží v kroužku",
    "    „--duplex long“, nebo „--duplex short“: tak tiskárna list otáčí.",
    "3. Na stupnici X najděte řádek a na stupnici Y sloupec, jehož čárka leží přesně na čáře",
    "    z přední strany; jeho číslo je posun v milimetrech (mezi dvěma čárkami odhadněte).",
    "4. Zadejte obojí: cards … --backs --duplex long --back-offset X,Y (např. 1.5,-0.5).",
)
DOT = 2 * mm  # radius of the front's dot
RING = 6 * mm  # radius of the back's rings: room for the misregistration being measured
DOT_AT = (25 * mm, 60 * mm)  # the front's dot: lower left, clear of all text on both sides


def write_calibration(out: Path, sheet: Sheet, *, layout: Any = None) -> Path:
    """Write the two-page calibration sheet (front with a cross, back with scales) to `out`."""
    if layout is None:
        from cards.layout import load_layout

        layout = load_layout()
    fonts = layout.fonts
    width, height = sheet.paper_width, sheet.paper_height
    centre_x, centre_y = width / 2, height / 2
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setTitle(TITLE)
    canvas.setCreator(CREATOR)
    canvas.setAuthor(CREATOR)
    canvas.setViewerPreference("PrintScaling", "None")

    _heading(canvas, fonts, width, height, f"{TITLE}: PŘEDNÍ STRANA")
    canvas.setFont(fonts["body"], 9)
    y = height - 30 * mm
    for step in STEPS:
        canvas.drawString(20 * mm, y, step)
        y -= 12
    canvas.setLineWidth(0.3)
    canvas.line(centre_x, centre_y - CROSS_Y_ARM, centre_x, centre_y + CROSS_Y_ARM)
    canvas.line(centre_x - CROSS_X_ARM, centre_y, centre_x + CROSS_X_ARM, centre_y)
    _ruler(canvas, fonts, centre_x, 35 * mm)
    dot_x, dot_y = DOT_AT
    canvas.circle(dot_x, dot_y, DOT, stroke=0, fill=1)
    canvas.showPage()

    _heading(canvas, fonts, width, height, f"{TITLE}: ZADNÍ STRANA")
    canvas.setFont(fonts["body"], 9)
    canvas.drawCentredString(
        centre_x,
        height - 30 * mm,
        "Řádek X a sloupec Y, jejichž čárka leží na čáře z přední strany: --back-offset X,Y.",
    )
    _scale_x(canvas, fonts, centre_x, centre_y + X_SCALE_BOTTOM)
    _scale_y(canvas, fonts, centre_x - len(scale_values()) * COLUMN / 2, centre_y)
    _rings(canvas, fonts, sheet)
    canvas.showPage()

    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(out, canvas.getpdfdata())
    return out


def scale_values() -> tuple[float, ...]:
    """Return the readings of the ticks of a scale, in millimetres."""
    count = round(SCALE_RANGE / SCALE_STEP)
    return tuple(step * SCALE_STEP for step in range(-count, count + 1))


def _heading(canvas: Canvas, fonts: Any, width: float, height: float, text: str) -> None:
    canvas.setFont(fonts["bold"], 12)
    canvas.drawCentredString(width / 2, height - 20 * mm, text)


def _label(value: float) -> str:
    return f"{value:+g}" if value else "0"


def _scale_x(canvas: Canvas, fonts: Any, zero: float, bottom: float) -> None:
    # A staircase: one row per reading, its tick at `reading` mm right of the zero as seen on
    # this side, so the row whose tick lies on the front's vertical line names the X offset
    # that cancels the misregistration. Rows keep the labels apart at 0.5 mm steps.
    half = (SCALE_RANGE + 0.5) * mm
    canvas.setFont(fonts["body"], SCALE_TYPE)
    for row, value in enumerate(scale_values()):
        y = bottom + row * ROW
        _grey(canvas)
        canvas.line(zero - half, y, zero + half, y)
        _black(canvas, value)
        x = zero + value * mm
        canvas.line(x, y + 0.4 * mm, x, y + ROW - 0.4 * mm)
        canvas.drawRightString(zero - half - 1.5 * mm, y + ROW / 2 - 2, _label(value))
    _grey(canvas)
    top = bottom + len(scale_values()) * ROW
    canvas.line(zero - half, top, zero + half, top)
    canvas.setFont(fonts["bold"], 9)
    canvas.drawCentredString(zero, top + 2 * mm, "X (mm)")


def _scale_y(canvas: Canvas, fonts: Any, left: float, zero: float) -> None:
    # The same turned by a quarter: one column per reading, its tick `reading` mm above the zero.
    half = (SCALE_RANGE + 0.5) * mm
    canvas.setFont(fonts["body"], SCALE_TYPE)
    for column, value in enumerate(scale_values()):
        x = left + column * COLUMN
        _grey(canvas)
        canvas.line(x, zero - half, x, zero + half)
        _black(canvas, value)
        y = zero + value * mm
        canvas.line(x + 0.4 * mm, y, x + COLUMN - 0.4 * mm, y)
        canvas.drawCentredString(x + COLUMN / 2, zero - half - 1.5 * mm - SCALE_TYPE, _label(value))
    _grey(canvas)
    right = left + len(scale_values()) * COLUMN
    canvas.line(right, zero - half, right, zero + half)
    canvas.setFont(fonts["bold"], 9)
    canvas.drawString(right + 2 * mm, zero - 3, "Y (mm)")


def _grey(canvas: Canvas) -> None:
    canvas.setStrokeColorRGB(0.7, 0.7, 0.7)
    canvas.setLineWidth(0.2)


def _black(canvas: Canvas, value: float) -> None:
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.6 if value == 0 else 0.3)


def _rings(canvas: Canvas, fonts: Any, sheet: Sheet) -> None:
    # Where the front's dot shows through tells how the printer turns the sheet over.
    dot_x, dot_y = DOT_AT
    dot = Box(dot_x, dot_y, dot_x, dot_y)
    canvas.setLineWidth(0.6)
    canvas.setFont(fonts["bold"], 8)
    for duplex in DUPLEX_MODES:
        ring = mirror(dot, sheet.paper_width, sheet.paper_height, duplex)
        canvas.circle(ring.x0, ring.y0, RING, stroke=1, fill=0)
        text = f"--duplex {duplex}"
        if ring.x0 > sheet.paper_width / 2:
            canvas.drawRightString(ring.x0 - RING - 2 * mm, ring.y0 - 3, text)
        else:
            canvas.drawString(ring.x0 + RING + 2 * mm, ring.y0 - 3, text)


def _ruler(canvas: Canvas, fonts: Any, centre_x: float, y: float) -> None:
    # Printed at 100 % this line is exactly 100 mm long; anything else means the page was scaled.
    left = centre_x - RULER / 2
    canvas.setLineWidth(0.5)
    canvas.line(left, y, left + RULER, y)
    for tenth in range(11):
        x = left + tenth * RULER / 10
        canvas.line(x, y, x, y + (3 * mm if tenth % 5 == 0 else 1.5 * mm))
    canvas.setFont(fonts["body"], 8)
    canvas.drawCentredString(
        centre_x,
        y - 5 * mm,
        "Tato úsečka musí měřit přesně 100 mm; jinak tiskárna měnila velikost.",
    )
