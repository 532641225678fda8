"""Duplex calibration sheet: a cross and a dot on the front, scales and rings on the back.

Built as two finished faces of primitives; `cards.paint.pdf` paints them like any page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Disc, Face, Label, Primitive, Rule
from cards.impose import DUPLEX_MODES, Box, Page, Placement, Sheet, mirror
from cards.paint.pdf import write_pdf

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
# The same steps for the web page, whose fields take what the options take.
PAGE_STEPS = (
    *STEPS[:3],
    "    „delší hraně“, nebo „kratší hraně“ (pole „Tiskárna obrací list po“): tak ji otáčí.",
    *STEPS[4:6],
    "4. Na stránce zaškrtněte „Tisknout rub“ a obě čísla zapište do polí „Posun rubu v mm“.",
)
PAGE_BACK = (
    "Řádek X a sloupec Y, jejichž čárka leží na čáře z přední strany: pole „Posun rubu“ X a Y."
)
BACK = "Řádek X a sloupec Y, jejichž čárka leží na čáře z přední strany: --back-offset X,Y."
DOT = 2 * mm  # radius of the front's dot
RING = 6 * mm  # radius of the back's rings: room for the misregistration being measured
DOT_AT = (25 * mm, 60 * mm)  # the front's dot: lower left, clear of all text on both sides


GREY = "#b3b3b3"  # the scales' base lines
BLACK = "#000000"


def write_calibration(out: Path, sheet: Sheet, *, layout: Any = None, page: bool = False) -> Path:
    """Write the two-page calibration sheet (front with a cross, back with scales) to `out`.

    page: the steps name the web page's fields instead of the command's options.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    return write_pdf(calibration_pages(sheet, layout=layout, page=page), out, title=TITLE)


def calibration_pages(sheet: Sheet, *, layout: Any = None, page: bool = False) -> tuple[Page, Page]:
    """Return the calibration sheet's two pages, each one finished face of primitives."""
    if layout is None:
        from cards.layout import load_layout

        layout = load_layout()
    fonts = layout.fonts
    width, height = sheet.paper_width, sheet.paper_height
    centre_x, centre_y = width / 2, height / 2

    front: list[Primitive] = _heading(fonts, width, height, f"{TITLE}: PŘEDNÍ STRANA")
    y = height - 30 * mm
    for step in PAGE_STEPS if page else STEPS:
        front.append(Label(step, fonts["body"], 9, 20 * mm, y, BLACK))
        y -= 12
    front.append(
        Rule(centre_x, centre_y - CROSS_Y_ARM, centre_x, centre_y + CROSS_Y_ARM, 0.3, BLACK)
    )
    front.append(
        Rule(centre_x - CROSS_X_ARM, centre_y, centre_x + CROSS_X_ARM, centre_y, 0.3, BLACK)
    )
    front += _ruler(fonts, centre_x, 35 * mm)
    dot_x, dot_y = DOT_AT
    front.append(Disc(dot_x, dot_y, DOT, BLACK))

    back: list[Primitive] = _heading(fonts, width, height, f"{TITLE}: ZADNÍ STRANA")
    back.append(
        _centred(
            PAGE_BACK if page else BACK,
            fonts["body"],
            9,
            centre_x,
            height - 30 * mm,
        )
    )
    back += _scale_x(fonts, centre_x, centre_y + X_SCALE_BOTTOM)
    back += _scale_y(fonts, centre_x - len(scale_values()) * COLUMN / 2, centre_y)
    back += _rings(fonts, sheet, page)
    return tuple(
        Page(
            width, height, (Placement(Face(width, height, None, tuple(items)), 0.0, 0.0, "front"),)
        )
        for items in (front, back)
    )


def scale_values() -> tuple[float, ...]:
    """Return the readings of the ticks of a scale, in millimetres."""
    count = round(SCALE_RANGE / SCALE_STEP)
    return tuple(step * SCALE_STEP for step in range(-count, count + 1))


def _centred(text: str, font: str, size: float, x: float, y: float) -> Label:
    return Label(text, font, size, x - stringWidth(text, font, size) / 2, y, BLACK)


def _right(text: str, font: str, size: float, x: float, y: float) -> Label:
    return Label(text, font, size, x - stringWidth(text, font, size), y, BLACK)


def _heading(fonts: Any, width: float, height: float, text: str) -> list[Primitive]:
    return [_centred(text, fonts["bold"], 12, width / 2, height - 20 * mm)]


def _label(value: float) -> str:
    return f"{value:+g}" if value else "0"


def _tick_width(value: float) -> float:
    return 0.6 if value == 0 else 0.3


def _scale_x(fonts: Any, zero: float, bottom: float) -> list[Primitive]:
    # A staircase: one row per reading, its tick at `reading` mm right of the zero as seen on
    # this side, so the row whose tick lies on the front's vertical line names the X offset
    # that cancels the misregistration. Rows keep the labels apart at 0.5 mm steps.
    half = (SCALE_RANGE + 0.5) * mm
    items: list[Primitive] = []
    for row, value in enumerate(scale_values()):
        y = bottom + row * ROW
        items.append(Rule(zero - half, y, zero + half, y, 0.2, GREY))
        x = zero + value * mm
        items.append(Rule(x, y + 0.4 * mm, x, y + ROW - 0.4 * mm, _tick_width(value), BLACK))
        items.append(
            _right(
                _label(value), fonts["body"], SCALE_TYPE, zero - half - 1.5 * mm, y + ROW / 2 - 2
            )
        )
    top = bottom + len(scale_values()) * ROW
    items.append(Rule(zero - half, top, zero + half, top, 0.2, GREY))
    items.append(_centred("X (mm)", fonts["bold"], 9, zero, top + 2 * mm))
    return items


def _scale_y(fonts: Any, left: float, zero: float) -> list[Primitive]:
    # The same turned by a quarter: one column per reading, its tick `reading` mm above the zero.
    half = (SCALE_RANGE + 0.5) * mm
    items: list[Primitive] = []
    for column, value in enumerate(scale_values()):
        x = left + column * COLUMN
        items.append(Rule(x, zero - half, x, zero + half, 0.2, GREY))
        y = zero + value * mm
        items.append(Rule(x + 0.4 * mm, y, x + COLUMN - 0.4 * mm, y, _tick_width(value), BLACK))
        items.append(
            _centred(
                _label(value),
                fonts["body"],
                SCALE_TYPE,
                x + COLUMN / 2,
                zero - half - 1.5 * mm - SCALE_TYPE,
            )
        )
    right = left + len(scale_values()) * COLUMN
    items.append(Rule(right, zero - half, right, zero + half, 0.2, GREY))
    items.append(Label("Y (mm)", fonts["bold"], 9, right + 2 * mm, zero - 3, BLACK))
    return items


PAGE_RINGS = {"long": "delší hraně", "short": "kratší hraně"}  # the page's words for --duplex


def _rings(fonts: Any, sheet: Sheet, page: bool = False) -> list[Primitive]:
    # Where the front's dot shows through tells how the printer turns the sheet over.
    dot_x, dot_y = DOT_AT
    dot = Box(dot_x, dot_y, dot_x, dot_y)
    items: list[Primitive] = []
    for duplex in DUPLEX_MODES:
        ring = mirror(dot, sheet.paper_width, sheet.paper_height, duplex)
        items.append(Disc(ring.x0, ring.y0, RING, None, BLACK, 0.6))
        text = PAGE_RINGS[duplex] if page else f"--duplex {duplex}"
        if ring.x0 > sheet.paper_width / 2:
            items.append(_right(text, fonts["bold"], 8, ring.x0 - RING - 2 * mm, ring.y0 - 3))
        else:
            items.append(Label(text, fonts["bold"], 8, ring.x0 + RING + 2 * mm, ring.y0 - 3, BLACK))
    return items


def _ruler(fonts: Any, centre_x: float, y: float) -> list[Primitive]:
    # Printed at 100 % this line is exactly 100 mm long; anything else means the page was scaled.
    left = centre_x - RULER / 2
    items: list[Primitive] = [Rule(left, y, left + RULER, y, 0.5, BLACK)]
    for tenth in range(11):
        x = left + tenth * RULER / 10
        items.append(Rule(x, y, x, y + (3 * mm if tenth % 5 == 0 else 1.5 * mm), 0.5, BLACK))
    items.append(
        _centred(
            "Tato úsečka musí měřit přesně 100 mm; jinak tiskárna měnila velikost.",
            fonts["body"],
            8,
            centre_x,
            y - 5 * mm,
        )
    )
    return items
