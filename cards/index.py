"""An index at the front of a deck: name, level, school and the sheet each spell starts on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.impose import Page, Placement
from cards.layout import Layout
from cards.model import Spell
from cards.select import sort_spells

MARGIN = 15 * mm
GUTTER = 8 * mm
COLUMN_WIDTH = 84 * mm  # a column of name, level, school and sheet
MIN_PAPER_WIDTH = 100 * mm  # narrower pages are single cards
SIZE = 7.5
MIN_SIZE = 5.5  # a long name shrinks down to this rather than be cut
LEADING = 1.3
HEADER_SIZE = 13.0


@dataclass(frozen=True)
class IndexEntry:
    """One row of the index: a spell and the number of the sheet its first card is on."""

    spell: Spell
    sheet: int


@dataclass(frozen=True)
class IndexFace:
    """One index page's rows, drawn over a whole page instead of a card."""

    title: str
    entries: tuple[IndexEntry, ...]
    layout: Layout
    width: float
    height: float
    page: int
    pages: int
    twins: frozenset[str]  # Czech names found twice: shown with their source
    columns: int
    rows: int  # entries per column


def index_entries(pages: Sequence[Page]) -> tuple[IndexEntry, ...]:
    """List each spell once, in Czech alphabetical order, with the sheet of its first card.

    Sheets are the front pages, counted from 1: back pages are the same sheets' other side.
    """
    first_sheet: dict[int, IndexEntry] = {}
    sheet = 0
    for page in pages:
        if page.side != "front":
            continue
        sheet += 1
        for placement in page.placements:
            spell = placement.face.spell
            if placement.side == "front" and id(spell) not in first_sheet:
                first_sheet[id(spell)] = IndexEntry(spell, sheet)
    spells = sort_spells((entry.spell for entry in first_sheet.values()), by="name")
    return tuple(first_sheet[id(spell)] for spell in spells)


def index_pages(
    pages: Sequence[Page], layout: Layout, title: str, *, backs: bool = False
) -> tuple[Page, ...]:
    """Lay out the index on the deck's paper (A4 for single cards), with blank backs for duplex."""
    width, height = (pages[0].width, pages[0].height) if pages else A4
    if width < MIN_PAPER_WIDTH:  # single cards: an index page the size of a card is no use
        width, height = A4
    columns = max(1, int((width - 2 * MARGIN + GUTTER) // (COLUMN_WIDTH + GUTTER)))
    rows = max(1, int((height - 2 * MARGIN - 2.2 * HEADER_SIZE) // (SIZE * LEADING)) - 1)
    per_page = columns * rows
    entries = index_entries(pages)
    names = [entry.spell.name for entry in entries]
    twins = frozenset(name for name in names if names.count(name) > 1)
    chunks = [entries[i : i + per_page] for i in range(0, len(entries), per_page)] or [()]
    result: list[Page] = []
    for number, chunk in enumerate(chunks, start=1):
        face = IndexFace(
            title, chunk, layout, width, height, number, len(chunks), twins, columns, rows
        )
        result.append(Page(width, height, (Placement(face, 0.0, 0.0, "front"),), side="front"))
        if backs:
            result.append(Page(width, height, (), side="back"))
    return tuple(result)


def draw_index(canvas, face: IndexFace, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw one index page: a header, then columns of rows (name, level, school, sheet)."""
    fonts = face.layout.fonts
    text_colour = HexColor(face.layout.colours.text)
    top = y + face.height - MARGIN
    canvas.setFillColor(text_colour)
    header = f"{face.title}: rejstřík" + (f" ({face.page}/{face.pages})" if face.pages > 1 else "")
    canvas.setFont(fonts["title"], HEADER_SIZE)
    canvas.drawString(x + MARGIN, top - HEADER_SIZE, header)
    canvas.setStrokeColor(text_colour)
    canvas.setLineWidth(0.4)
    width = (face.width - 2 * MARGIN - GUTTER * (face.columns - 1)) / face.columns
    for column in range(face.columns):
        left = x + MARGIN + column * (width + GUTTER)
        rows = face.entries[column * face.rows : (column + 1) * face.rows]
        if rows or column == 0:
            _draw_column(canvas, face, rows, left, width, top - 2.2 * HEADER_SIZE, text_colour)


def _draw_column(canvas, face: IndexFace, entries, left, width, top, text_colour) -> None:
    """Draw one column of the index: its heading row and its entries."""
    fonts = face.layout.fonts
    right = left + width
    level_x, school_x = right - 39 * mm, right - 27 * mm
    canvas.setFillColor(text_colour)
    canvas.setFont(fonts["bold"], SIZE)
    canvas.drawString(left, top, "Kouzlo")
    canvas.drawString(level_x, top, "Úroveň")
    canvas.drawString(school_x, top, "Škola")
    canvas.drawRightString(right, top, "Arch")
    canvas.line(left, top - 2.5, right, top - 2.5)
    name_width = level_x - left - 2 * mm
    row_y = top
    for entry in entries:
        row_y -= SIZE * LEADING
        spell = entry.spell
        name = spell.label if spell.name in face.twins else spell.name
        canvas.setFillColor(text_colour)
        canvas.setFont(fonts["body"], _fitting_size(name, fonts["body"], name_width))
        canvas.drawString(left, row_y, name)
        canvas.setFont(fonts["body"], SIZE)
        canvas.drawString(level_x, row_y, "trik" if spell.level == 0 else f"{spell.level}.")
        canvas.setFillColor(HexColor(face.layout.school_colour(spell.school)))
        canvas.drawString(school_x, row_y, spell.school)
        canvas.setFillColor(text_colour)
        canvas.drawRightString(right, row_y, str(entry.sheet))


def _fitting_size(text: str, font: str, width: float) -> float:
    """Return the index size, or a smaller one at which a long name fits its column."""
    natural = stringWidth(text, font, SIZE)
    return SIZE if natural <= width else max(MIN_SIZE, SIZE * width / natural)
