"""An index at the front of a deck: name, level, school and the sheet each spell starts on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.impose import Page, Placement
from cards.layout import Layout
from cards.model import Spell
from cards.select import sort_spells

MARGIN = 15 * mm
SIZE = 8.0
LEADING = 1.35
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
    """Lay out the index of pages on pages of the same paper, with blank backs when duplexing."""
    width = pages[0].width if pages else 595.2756
    height = pages[0].height if pages else 841.8898
    entries = index_entries(pages)
    per_page = max(1, int((height - 2 * MARGIN - 2.2 * HEADER_SIZE) // (SIZE * LEADING)))
    names = [entry.spell.name for entry in entries]
    twins = frozenset(name for name in names if names.count(name) > 1)
    chunks = [entries[i : i + per_page] for i in range(0, len(entries), per_page)] or [()]
    result: list[Page] = []
    for number, chunk in enumerate(chunks, start=1):
        face = IndexFace(title, chunk, layout, width, height, number, len(chunks), twins)
        result.append(Page(width, height, (Placement(face, 0.0, 0.0, "front"),), side="front"))
        if backs:
            result.append(Page(width, height, (), side="back"))
    return tuple(result)


def draw_index(canvas, face: IndexFace, x: float, y: float, *, bleed: float = 0.0) -> None:
    """Draw one index page: a header and four columns (name, level, school, sheet)."""
    fonts = face.layout.fonts
    text_colour = HexColor(face.layout.colours.text)
    top = y + face.height - MARGIN
    left = x + MARGIN
    right = x + face.width - MARGIN
    canvas.setFillColor(text_colour)
    header = f"{face.title}: rejstřík" + (f" ({face.page}/{face.pages})" if face.pages > 1 else "")
    canvas.setFont(fonts["title"], HEADER_SIZE)
    canvas.drawString(left, top - HEADER_SIZE, header)
    columns = (left, right - 70 * mm, right - 40 * mm, right)
    row_y = top - 2.2 * HEADER_SIZE
    canvas.setFont(fonts["bold"], SIZE)
    for text, column in zip(("Kouzlo", "Úroveň", "Škola"), columns, strict=False):
        canvas.drawString(column, row_y, text)
    canvas.drawRightString(columns[3], row_y, "Arch")
    canvas.setStrokeColor(text_colour)
    canvas.setLineWidth(0.4)
    canvas.line(left, row_y - 2.5, right, row_y - 2.5)
    name_width = columns[1] - columns[0] - 4
    for entry in face.entries:
        row_y -= SIZE * LEADING
        spell = entry.spell
        canvas.setFont(fonts["body"], SIZE)
        canvas.setFillColor(text_colour)
        name = spell.label if spell.name in face.twins else spell.name
        canvas.drawString(columns[0], row_y, _clip(name, fonts["body"], name_width))
        canvas.drawString(columns[1], row_y, "trik" if spell.level == 0 else f"{spell.level}.")
        canvas.setFillColor(HexColor(face.layout.school_colour(spell.school)))
        canvas.drawString(columns[2], row_y, spell.school)
        canvas.setFillColor(text_colour)
        canvas.drawRightString(columns[3], row_y, str(entry.sheet))


def _clip(text: str, font: str, width: float) -> str:
    """Shorten a name that would run into the next column, marking the cut with an ellipsis."""
    if stringWidth(text, font, SIZE) <= width:
        return text
    while text and stringWidth(text + "…", font, SIZE) > width:
        text = text[:-1]
    return text + "…"
