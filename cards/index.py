"""An index at the front of a deck: name (Czech and English), marks, level, school and sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.czech_text import plural
from cards.face import Label, Primitive, Rule, Shape
from cards.fit.labels import right_label
from cards.impose import Page, Placement
from cards.layout import Layout
from cards.model import Spell
from cards.select import sort_spells


@dataclass(frozen=True)
class IndexMeasures:
    """The index's type sizes and column positions for one layout (points).

    From the layout's [index] measures (`cards.spacing.IndexSpacing`): the sizes and positions
    there are for a layout whose body may shrink to base_body_min (poker); a layout with a
    larger smallest body (large print) gets them all grown in proportion.
    """

    size: float  # a row's text
    english: float
    min_size: float
    header: float
    note: float
    column_width: float
    marks: float  # from a column's right end
    level: float
    school: float
    english_gap: float
    icon: float  # the side of the school icon's square
    icon_gap: float
    icon_drop_em: float  # the icon's bottom below the baseline, in icon sizes
    leading: float  # rows, in sizes
    margin: float  # of the page, all round
    gutter: float  # between columns
    min_paper_width: float  # narrower pages are single cards: the index goes on A4

    @property
    def row(self) -> float:
        """The distance between rows."""
        return self.size * self.leading

    @property
    def body_top(self) -> float:
        """Distance from the top margin to the first row's heading: header, then counts."""
        return 2.2 * self.header + 1.6 * self.note


def measures(layout: Layout) -> IndexMeasures:
    """Return the index's sizes for a layout: grown when its body never gets as small as poker's."""
    ix = layout.index
    k = max(1.0, layout.sizes.body_min / ix.base_body_min)
    # A grown index keeps the layout's promise: no long name shrinks below its labels' size.
    smallest = max(ix.min_size * k, layout.sizes.label) if k > 1.0 else ix.min_size
    return IndexMeasures(
        ix.size * k,
        ix.english_size * k,
        smallest,
        ix.header_size * k,
        ix.note_size * k,
        ix.column_width * k,
        ix.marks_from_right * k,
        ix.level_from_right * k,
        ix.school_from_right * k,
        ix.english_gap * k,
        ix.icon_em * ix.size * k,
        ix.icon_gap * k,
        ix.icon_drop_em,
        ix.leading,
        ix.margin,
        ix.gutter,
        ix.min_paper_width,
    )


LEGEND = "R rituál · S soustředění"


@dataclass(frozen=True)
class IndexEntry:
    """One row of the index: a spell and the number of the sheet its first card is on."""

    spell: Spell
    sheet: int


@dataclass(frozen=True)
class IndexRow:
    """An entry as set: its name's lines, and its English name after the name or below it.

    A name too long for its cell even at the least size takes more lines (`fit_width`).
    """

    entry: IndexEntry
    name_lines: tuple[str, ...]
    name_size: float
    english_lines: tuple[str, ...]
    english_size: float
    english_below: bool

    @property
    def name(self) -> str:
        return " ".join(self.name_lines)

    @property
    def english(self) -> str:
        return " ".join(self.english_lines)

    @property
    def lines(self) -> int:
        below = len(self.english_lines) if self.english_below else 0
        return len(self.name_lines) + below


@dataclass(frozen=True)
class IndexFace:
    """One index page's rows, drawn over a whole page instead of a card."""

    title: str
    columns: tuple[tuple[IndexRow, ...], ...]  # the rows of each column, top to bottom
    layout: Layout
    width: float
    height: float
    page: int
    pages: int
    counts: str  # "492 kouzel · 508 karet · 57 archů"
    colour: str | None = None  # plain paper: the painter fills nothing under the items
    items: tuple[Primitive, ...] = ()  # the finished page (index_items), for the one painter

    @property
    def entries(self) -> tuple[IndexEntry, ...]:
        """The page's entries, column by column."""
        return tuple(row.entry for column in self.columns for row in column)


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
    """Lay out the index on the deck's paper (A4 for single cards), with blank backs for duplex.

    The header counts the deck's spells, physical cards and sheets (pages of single cards).
    """
    m = measures(layout)
    width, height = (pages[0].width, pages[0].height) if pages else A4
    single = width < m.min_paper_width
    if single:  # single cards: an index page the size of a card is no use
        width, height = A4
    margin, gutter = m.margin, m.gutter
    columns = max(1, int((width - 2 * margin + gutter) // (m.column_width + gutter)))
    column_width = (width - 2 * margin - gutter * (columns - 1)) / columns
    lines = max(1, int((height - 2 * margin - m.body_top) // m.row) - 1)
    entries = index_entries(pages)
    names = Counter(entry.spell.name for entry in entries)
    twins = frozenset(name for name, count in names.items() if count > 1)
    rows = [_row(entry, twins, layout, column_width) for entry in entries]
    chunks = _paginate(rows, columns, lines) or [((),)]
    counts = _counts(pages, len(entries), single)
    result: list[Page] = []
    for number, chunk in enumerate(chunks, start=1):
        face = IndexFace(title, chunk, layout, width, height, number, len(chunks), counts)
        face = replace(face, items=index_items(face))
        result.append(Page(width, height, (Placement(face, 0.0, 0.0, "front"),), side="front"))
        if backs:
            result.append(Page(width, height, (), side="back"))
    return tuple(result)


def _counts(pages: Sequence[Page], spells: int, single: bool) -> str:
    """Say how many spells, physical cards and sheets the deck has."""
    cards = sum(
        1
        for page in pages
        if page.side == "front"
        for placement in page.placements
        if placement.side == "front"
    )
    sheets = sum(1 for page in pages if page.side == "front")
    sheet_words = ("strana", "strany", "stran") if single else ("arch", "archy", "archů")
    return " · ".join(
        (
            _plural(spells, "kouzlo", "kouzla", "kouzel"),
            _plural(cards, "karta", "karty", "karet"),
            _plural(sheets, *sheet_words),
        )
    )


_plural = plural  # the count with its Czech form (cards.czech_text)


def _row(entry: IndexEntry, twins: frozenset[str], layout: Layout, column_width: float) -> IndexRow:
    """Set an entry's names in the name cell: the English name after the Czech one, or below.

    The cell ends before the marks column; both names keep to it by the one width rule.
    """
    fonts, m = layout.fonts, measures(layout)
    spell = entry.spell
    room = column_width - m.marks - 1.5 * mm
    name = spell.label if spell.name in twins else spell.name
    name_size, name_lines = fit_width(name, fonts["body"], room, m.size, m.min_size)
    english = spell.name_en or ""
    if not english:
        return IndexRow(entry, name_lines, name_size, (), 0.0, False)
    last = stringWidth(name_lines[-1], fonts["body"], name_size)
    after = room - last - m.english_gap
    if len(name_lines) == 1 and stringWidth(english, fonts["italic"], m.english) <= after:
        return IndexRow(entry, name_lines, name_size, (english,), m.english, False)
    english_size, english_lines = fit_width(
        english, fonts["italic"], room - 2 * mm, m.english, m.min_size
    )
    return IndexRow(entry, name_lines, name_size, english_lines, english_size, True)


def _paginate(
    rows: Sequence[IndexRow], columns: int, lines: int
) -> list[tuple[tuple[IndexRow, ...], ...]]:
    """Fill columns of `lines` lines, page after page; a two-line row never splits."""
    pages: list[tuple[tuple[IndexRow, ...], ...]] = []
    page: list[tuple[IndexRow, ...]] = []
    column: list[IndexRow] = []
    used = 0
    for row in rows:
        if column and used + row.lines > lines:
            page.append(tuple(column))
            column, used = [], 0
            if len(page) == columns:
                pages.append(tuple(page))
                page = []
        column.append(row)
        used += row.lines
    if column:
        page.append(tuple(column))
    if page:
        pages.append(tuple(page))
    return pages


def index_items(face: IndexFace) -> tuple[Primitive, ...]:
    """Return one index page as primitives: a header and the counts, then columns of rows."""
    fonts, colours, m = face.layout.fonts, face.layout.colours, measures(face.layout)
    text, muted = colours.text, colours.muted
    margin, gutter = m.margin, m.gutter
    top = face.height - margin
    header = f"{face.title}: rejstřík" + (f" ({face.page}/{face.pages})" if face.pages > 1 else "")
    note_y = top - 1.6 * m.header - m.note * 0.3
    items: list[Primitive] = [
        Label(header, fonts["title"], m.header, margin, top - m.header, text),
        Label(face.counts, fonts["body"], m.note, margin, note_y, muted),
        right_label(LEGEND, fonts["body"], m.note, face.width - margin, note_y, muted),
    ]
    count = max(1, len(face.columns))
    columns = max(count, int((face.width - 2 * margin + gutter) // (m.column_width + gutter)))
    width = (face.width - 2 * margin - gutter * (columns - 1)) / columns
    for number, rows in enumerate(face.columns):
        left = margin + number * (width + gutter)
        items += _column(face, rows, left, width, top - m.body_top)
    return tuple(items)


def _column(face: IndexFace, rows, left: float, width: float, top: float) -> list[Primitive]:
    """Return one column of the index: its heading row, a rule and its rows."""
    layout = face.layout
    fonts, text, muted = layout.fonts, layout.colours.text, layout.colours.muted
    bold, body, m = fonts["bold"], fonts["body"], measures(layout)
    size = m.size
    right = left + width
    marks_x = right - m.marks
    level_x, school_x = right - m.level, right - m.school
    items: list[Primitive] = [
        Label("Kouzlo", bold, size, left, top, text),
        Label("Úroveň", bold, size, level_x, top, text),
        Label("Škola", bold, size, school_x, top, text),
        right_label("Arch", bold, size, right, top, text),
        Rule(left, top - 2.5, right, top - 2.5, 0.4, text),
    ]
    row_y = top
    for row in rows:
        row_y -= m.row
        spell = row.entry.spell
        first_y = row_y
        for number, line in enumerate(row.name_lines):
            if number:
                row_y -= m.row
            items.append(Label(line, body, row.name_size, left, row_y, text))
        marks = " ".join(
            mark for mark, on in (("R", spell.ritual), ("S", spell.concentration)) if on
        )
        if marks:
            items.append(Label(marks, bold, size, marks_x, first_y, text))
        level = "trik" if spell.level == 0 else f"{spell.level}."
        items.append(Label(level, body, size, level_x, first_y, text))
        school = layout.school_ink(spell.school)
        items += _school(layout, m, spell.school, school_x, first_y, school)
        items.append(right_label(str(row.entry.sheet), body, size, right, first_y, text))
        if row.english_lines:
            italic = fonts["italic"]
            if row.english_below:
                for line in row.english_lines:
                    row_y -= m.row
                    items.append(Label(line, italic, row.english_size, left + 2 * mm, row_y, muted))
            else:
                last = row.name_lines[-1]
                after = left + stringWidth(last, body, row.name_size) + m.english_gap
                items.append(Label(row.english, italic, row.english_size, after, row_y, muted))
    return items


def _school(
    layout: Layout, m: IndexMeasures, school: str, x: float, y: float, colour: str
) -> list[Primitive]:
    """The school's icon (when the layout has icons) and name, in the school's colour.

    The names stay aligned whether a school has an icon or not: the icon's room is kept.
    """
    icon = layout.icons.get(school)
    name_x = x + m.icon + m.icon_gap if layout.icons else x
    items: list[Primitive] = []
    if icon is not None:
        items.append(Shape(icon, x, y - m.icon_drop_em * m.icon, m.icon, colour))
    items.append(Label(school, layout.fonts["body"], m.size, name_x, y, colour))
    return items


def fit_width(
    text: str, font: str, width: float, size: float, smallest: float
) -> tuple[float, tuple[str, ...]]:
    """Fit a printed field to a width: shrink it (not below `smallest`), then wrap it.

    Return the size and the lines: one line at `size` or the smaller size at which it fits;
    else, at `smallest`, as many lines as it takes, broken between words (a word longer than
    the width alone is broken between letters). No line is wider than `width`.
    """
    natural = stringWidth(text, font, size)
    if natural <= width:
        return size, (text,)
    fitting = size * width / natural
    if fitting >= smallest:
        return fitting, (text,)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if stringWidth(candidate, font, smallest) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while stringWidth(line, font, smallest) > width:  # a word wider than the cell
            cut = len(line) - 1
            while cut > 1 and stringWidth(line[:cut], font, smallest) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line:
        lines.append(line)
    return smallest, tuple(lines)
