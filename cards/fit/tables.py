"""Tables -> slabs: column widths from the cells' preferred widths, the size and condensing
a table takes, two-column tables paired side by side, the header repeated on the next card."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.czech_text import plural
from cards.face import Fill, Primitive, Rule, TextLine
from cards.fit.paginate import BLOCK, LINE, NEVER, SHORT, Slab
from cards.fit.style import BASELINE, CardStyle
from cards.model import Table
from cards.typeset import Line, ParagraphSetting, TypesetContext, set_lines

MIN_TABLE_SCALE = 0.8  # a table too wide even at type.table_min is condensed down to this
MIN_TABLE_ROWS = 3  # body rows on each part of a table split across cards
# A body row taller than this share of the card is set as a slab per line, so that a row no
# card can hold goes on to the next card (a break inside it only as a last resort).
TALL_ROW = 0.5
PAIRED_MIN_ROWS = 4  # a two-column table this long may be set as two pairs side by side
CONTINUED = "(pokračování)"  # in the header repeated where a table goes on to a new card
_EPS = 1e-6
DOUBLED = 7.0  # points: a table's rule this close above the footer rule would double it
# A cell of figures: numbers, ranges, signs, dice ("01–05", "+8", "2k6", "—" for none).
NUMERIC = re.compile(r"^[\s\d+\-−–—×/.,%k]*$")


@dataclass(frozen=True)
class TableGeometry:
    """How a table is set: size, horizontal scale, column widths, and the rule between pairs."""

    size: float
    scale: float
    widths: tuple[float, ...]
    leading: float
    pad: float
    divider: float | None  # x of the rule between two pairs of columns, if paired
    right: tuple[bool, ...] = ()  # per column: set flush right (a column of figures)


class TableSetter:
    """Sets the tables of a description at one body size: each `table` call appends a
    table's slabs (the header row, then one slab per row)."""

    def __init__(self, style: CardStyle, size: float, context: TypesetContext, gap: float):
        self.style = style
        self.size = size
        self.context = context
        self.gap = gap  # the space above a table

    def table(self, slabs: list[Slab], block: Table) -> None:
        """Set a ruled table across the text width, wrapping the text of its cells.

        The table takes the body size, or a smaller one (down to type.table_min) at which no
        cell's word sticks out of its column; failing that, its text is condensed. A long
        two-column table whose cells fit one line as two pairs side by side is set so (half
        the rows). A table split across cards keeps MIN_TABLE_ROWS rows on each part, and
        the header repeated on the next card says CONTINUED. A row taller than TALL_ROW of
        the card may go on to the next card between its lines (`_line_slabs`).
        """
        columns = max([len(block.header), *(len(row) for row in block.rows)])
        if columns == 0:
            return
        header, body = _padded(block, columns)
        # Each table that can is paired, even beside one that cannot (Ovládni počasí's
        # Teplota beside Srážky and Vítr): all or none would cost that spell a third card.
        paired = self.paired(block)
        if paired is not None:
            rows, (size, scale, widths, cells) = paired
            divider: float | None = self.style.left + widths[0] + widths[1]
        else:
            rows = [header, *body]
            size, scale, widths, cells = self._table_cells(rows, self.size)
            divider = None
        leading = size * self.style.sizes.leading
        pad = self.style.spacing.table_pad_em * size
        right = figure_columns(rows[1:])
        geometry = TableGeometry(size, scale, tuple(widths), leading, pad, divider, right)
        repeat = self._continued(rows[0], geometry)
        count = len(cells)
        for n, row_cells in enumerate(cells):
            height, items = self._row(row_cells, n, count, geometry)
            what = _row_what(rows[n])
            if n == 0:
                slabs.append(Slab(height, items, self.gap, BLOCK, what=what))
                continue
            # At least MIN_TABLE_ROWS rows under the header on each card the table reaches.
            breakable = LINE if MIN_TABLE_ROWS < n <= count - MIN_TABLE_ROWS else NEVER
            row = Slab(height, items, 0.0, breakable, repeat, what)
            if height <= TALL_ROW * self.style.card_height:
                slabs.append(row)
            else:
                slabs.extend(_line_slabs(row, geometry))

    def _row(
        self,
        row_cells: Sequence[Sequence[Line]],
        n: int,
        count: int,
        geometry: TableGeometry,
    ) -> tuple[float, tuple[Primitive, ...]]:
        """Return the height and items of table row n of count (0: the header)."""
        style, sp, colours = self.style, self.style.spacing, self.style.colours
        left, width = style.left, style.width
        size, scale, leading, pad = geometry.size, geometry.scale, geometry.leading, geometry.pad
        height = max([1, *(len(lines) for lines in row_cells)]) * leading + pad
        items: list[Primitive] = []
        if n == 0:
            items.append(Fill(left, -height, width, height, style.tint))
            items.append(Rule(left, 0.0, left + width, 0.0, sp.table_strong_rule, style.colour))
        x = left
        for c, (lines, column_width) in enumerate(zip(row_cells, geometry.widths, strict=True)):
            at = x + pad * scale
            if c < len(geometry.right) and geometry.right[c] and lines:
                # Figures under each other (Charis's are tabular by default); a cell of
                # several lines is moved right as one block, its lines aligned at the left.
                widest = max(line.width for line in lines)
                at = x + (column_width - pad - widest) * scale
            for k, line in enumerate(lines):
                baseline = -0.5 * pad - BASELINE * size - k * leading
                items.append(TextLine(line, at, baseline, size, colours.text, "table", scale))
            x += column_width * scale
        if geometry.divider is not None:
            x = geometry.divider
            items.append(Rule(x, 0.0, x, -height, sp.table_rule, colours.muted))
        strong = n == 0 or n == count - 1
        rule_colour = style.colour if strong else colours.muted
        rule_width = sp.table_strong_rule if strong else sp.table_rule
        items.append(Rule(left, -height, left + width, -height, rule_width, rule_colour))
        return height, tuple(items)

    def _continued(self, header: tuple[str, ...], geometry: TableGeometry) -> Slab:
        """Return the header repeated on a card the table goes on to: its widest cell says
        CONTINUED (the header as it is, should the word not fit the column unhyphenated)."""
        widest = max(range(len(header)), key=lambda c: geometry.widths[c])
        marked = tuple(
            f"{text} {CONTINUED}".strip() if c == widest else text for c, text in enumerate(header)
        )
        for row in (marked, header):
            (cells,) = self._set_cells([row], list(geometry.widths), geometry.size)
            if not any(x.split_word or x.overfull or x.forced for lines in cells for x in lines):
                break
        height, items = self._row(cells, 0, 2, geometry)
        return Slab(height, items, 0.0, BLOCK, what=_row_what(row))

    def paired(
        self, block: Table
    ) -> tuple[list[tuple[str, ...]], tuple[float, float, list[float], list]] | None:
        """Return a two-column table set as two pairs of columns side by side, or None.

        Only a table of at least PAIRED_MIN_ROWS rows whose every cell then fits one line
        at the body size: the left pair holds the first half of the rows, the right the rest.
        """
        header, body = _padded(block, 2)
        if len(block.header) != 2 or len(body) < PAIRED_MIN_ROWS:
            return None
        if any(len(row) != 2 for row in block.rows):
            return None
        style, size = self.style, self.size
        half = (len(body) + 1) // 2
        rows = [header + header]
        rows += [
            body[i] + (body[i + half] if i + half < len(body) else ("", "")) for i in range(half)
        ]
        pad = style.spacing.table_pad_em * size
        first = max(
            stringWidth(row[c], style.fonts["bold"] if n == 0 else style.fonts["body"], size)
            for n, row in enumerate(rows)
            for c in (0, 2)
        )
        first += 2 * pad + 0.01
        share = style.width / 2
        if first >= share / 2:
            return None
        widths = [first, share - first, first, share - first]
        cells = self._set_cells(rows, widths, size)
        if any(
            len(lines) > 1 or any(x.overfull or x.forced for x in lines)
            for r in cells
            for lines in r
        ):
            return None
        return rows, (size, 1.0, widths, cells)

    def _set_cells(
        self, rows: list[tuple[str, ...]], widths: list[float], size: float
    ) -> list[list[tuple[Line, ...]]]:
        """Set each cell's text in its column (the first row in bold)."""
        fonts, pad = self.style.fonts, self.style.spacing.table_pad_em * size
        return [
            [
                set_lines(
                    self.context.paragraph(text, fonts["bold"] if n == 0 else fonts["body"]),
                    ParagraphSetting(column_width - 2 * pad, size, justify=False),
                    context=self.context,
                )
                if text.strip()
                else ()
                for text, column_width in zip(row, widths, strict=True)
            ]
            for n, row in enumerate(rows)
        ]

    def _table_cells(
        self, rows: list[tuple[str, ...]], size: float
    ) -> tuple[float, float, list[float], list[list[tuple[Line, ...]]]]:
        """Return size, horizontal scale, column widths (unscaled) and set cells of a table.

        Smaller sizes are tried first (until no cell's text sticks out, and no heading is
        split while the size stays at or above type.body_min), then condensing (until no
        cell's text sticks out).
        """
        style = self.style
        scale = 1.0
        while True:
            pad = style.spacing.table_pad_em * size
            widths = preferred_widths(style, rows, size, pad, style.width / scale)
            cells = self._set_cells(rows, widths, size)
            # A break of last resort counts as sticking out: rather smaller, then condensed.
            overfull = any(
                line.overfull or line.forced for row in cells for lines in row for line in lines
            )
            # A header word may hyphenate rather than the table go below the body minimum.
            split = any(line.split_word for lines in cells[0] for line in lines)
            split = split and size - 0.25 >= style.sizes.body_min - _EPS
            if size > style.sizes.table_min + _EPS and (overfull or split):
                size = max(size - 0.25, style.sizes.table_min)  # rather smaller than split
            elif overfull and scale > MIN_TABLE_SCALE + _EPS:
                scale = max(scale - 0.05, MIN_TABLE_SCALE)
            else:
                return size, scale, widths, cells


def _line_slabs(row: Slab, geometry: TableGeometry) -> list[Slab]:
    """Return a tall body row cut into a slab per line, so that it may go on to the next card.

    Line k of every cell lies on slab k, its items moved to the slab's top; the first slab
    takes the padding above the text and the row's rank, the last the padding below and the
    row's rule. Inside the row a card may end as a last resort (SHORT), never after a line
    that ends inside a word (NEVER); the header repeated above the rest keeps the padding.
    (The divider of paired tables never gets here: their cells are one line each.)
    """
    leading, half = geometry.leading, 0.5 * geometry.pad
    count = round((row.height - geometry.pad) / leading)
    tops = [0.0, *(-half - k * leading for k in range(1, count)), -row.height]
    parts: list[list[Primitive]] = [[] for _ in range(count)]
    for item in row.items:
        k = count - 1  # the rule under the row
        if isinstance(item, TextLine):
            k = round((-item.y - half - BASELINE * geometry.size) / leading)
        parts[k].append(item.moved(-tops[k]))
    assert row.repeat is not None  # every body row repeats its table's header
    padded = replace(row.repeat, height=row.repeat.height + half)
    slabs = [replace(row, height=tops[0] - tops[1], items=tuple(parts[0]))]
    for k in range(1, count):
        torn = any(isinstance(i, TextLine) and i.line.split_word for i in parts[k - 1])
        rank = NEVER if torn else SHORT
        height = tops[k] - tops[k + 1]
        slabs.append(Slab(height, tuple(parts[k]), 0.0, rank, padded, row.what))
    return slabs


def without_doubled_rule(
    placed: Sequence[Primitive], furniture: Sequence[Primitive], bottom: float, style: CardStyle
) -> tuple[Primitive, ...]:
    """Return a card's placed description without a table's rule across the text width that
    stands within DOUBLED of the footer rule (a rule of the furniture across the width, below
    the text's `bottom`): the footer rule closes the table there, not two rules one over
    the other."""
    width = style.width
    footer = [
        i.y1
        for i in furniture
        if isinstance(i, Rule)
        and i.y1 == i.y2
        and abs(i.x2 - i.x1 - width) < _EPS
        and i.y1 <= bottom + _EPS
    ]
    if not footer:
        return tuple(placed)
    floor = min(footer) + DOUBLED
    return tuple(
        i
        for i in placed
        if not (
            isinstance(i, Rule)
            and i.y1 == i.y2
            and abs(i.x2 - i.x1 - width) < _EPS
            and i.y1 < floor
        )
    )


def figure_columns(body: Sequence[Sequence[str]]) -> tuple[bool, ...]:
    """Return per column whether it holds figures only (`NUMERIC`, at least one digit):
    such a column is set flush right, its figures under each other."""
    if not body:
        return ()
    out = []
    for c in range(len(body[0])):
        cells = [row[c].strip() for row in body if row[c].strip()]
        digits = any(any(ch.isdigit() for ch in cell) for cell in cells)
        out.append(digits and all(NUMERIC.match(cell) for cell in cells))
    return tuple(out)


def _padded(block: Table, columns: int) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Return a table's header and rows, each padded with empty cells to `columns`."""
    header = tuple(block.header) + ("",) * (columns - len(block.header))
    return header, [tuple(row) + ("",) * (columns - len(row)) for row in block.rows]


def _row_what(row: Sequence[str]) -> str:
    """Name a table row in a message by the start of its longest cell."""
    longest = max(row, key=len, default="")
    words = longest.split()
    shown = " ".join(words[:6]) + (" …" if len(words) > 6 else "")
    return f"buňka tabulky („{shown}“, {plural(len(words), 'slovo', 'slova', 'slov')})"


def preferred_widths(
    style: CardStyle, rows: list[tuple[str, ...]], size: float, pad: float, total_width: float
) -> list[float]:
    """Share the width among columns from their preferred and minimum widths.

    A column's preferred width sets its longest cell on one line; its minimum width is its
    longest word's (of the body cells only, letting the heading hyphenate, when that is too
    wide). The preferred widths are taken when they fit; else the columns of little text
    keep theirs and those with the most text share what is left, none below its minimum.
    """
    columns = len(rows[0])
    preferred = [0.0] * columns
    preferred_body = [0.0] * columns
    minimum = [0.0] * columns
    minimum_body = [0.0] * columns
    for n, row in enumerate(rows):
        font = style.fonts["bold"] if n == 0 else style.fonts["body"]
        for c, text in enumerate(row):
            preferred[c] = max(preferred[c], stringWidth(text, font, size) + 2 * pad)
            longest = max((stringWidth(w, font, size) for w in text.split()), default=0.0)
            longest += 2 * pad + 0.01  # a hair more, so that rounding never makes it overflow
            minimum[c] = max(minimum[c], longest)
            if n:
                minimum_body[c] = max(minimum_body[c], longest)
                preferred_body[c] = max(preferred_body[c], stringWidth(text, font, size) + 2 * pad)
    if sum(preferred) > total_width:
        # Too wide with every heading on one line: a heading may take two lines at its
        # spaces ("Podobná / oblast") rather than a row of the body take two.
        preferred = [max(body, low) for body, low in zip(preferred_body, minimum, strict=True)]
    if sum(minimum) > total_width:
        minimum = minimum_body
    if sum(minimum) >= total_width:
        return [w * total_width / sum(minimum) for w in minimum]
    # Water-fill: narrow columns get their preferred width, the widest share the rest.
    widths = [0.0] * columns
    remaining, open_columns = total_width, sorted(range(columns), key=lambda c: preferred[c])
    while open_columns:
        share = remaining / len(open_columns)
        c = open_columns.pop(0)
        widths[c] = min(preferred[c], share) if open_columns else remaining
        remaining -= widths[c]
    short = sum(minimum[c] - widths[c] for c in range(columns) if widths[c] < minimum[c])
    if short > 0:
        slack = {c: widths[c] - minimum[c] for c in range(columns) if widths[c] > minimum[c]}
        total = sum(slack.values())
        widths = [
            minimum[c] if c not in slack else widths[c] - short * slack[c] / total
            for c in range(columns)
        ]
    return widths
