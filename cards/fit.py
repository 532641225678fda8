"""Set a spell onto card faces: header, stat grid and description; shrink, then split.

The description becomes slabs (a line, a table row) with the places where a card may end
(never after a paragraph's first line, before its last, after a word split by a hyphen, or
after a heading). One card if it fits at the layout's minimum body size, at the largest size
(on a 0.1 pt grid) at which it does; else the fewest cards at the minimum size, set at the
largest size that keeps that count, ending each card at a paragraph when it is FULL enough.

Coordinates are points from the card's lower-left corner. A face is a list of placed
primitives (typeset lines, one-font labels, rules, filled boxes) that `draw.draw_face`
paints without measuring anything again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from cards.face import Area, CardFace, Fill, Label, Primitive, Rule, TextLine
from cards.layout import Layout
from cards.model import SOURCE_ABBREVIATIONS, BulletList, Heading, Paragraph, Spell, Table
from cards.typeset import Line, Prepared, TypesetContext, line_splits, set_lines

SIZE_STEP = 0.1  # body sizes are tried on this grid of points
MIN_TABLE_SCALE = 0.8  # a table too wide even at type.table_min is condensed down to this
FULL = 0.8  # a card counts as reasonably full for a break at a paragraph end
_BASELINE = 0.8  # baseline below the top of a line slot, in ems
_ASCENT = 0.92  # top of accented capitals above the baseline, in ems
_EPS = 1e-6

# Where a card may end before a slab: never (widow, orphan, heading kept with its text),
# between two lines of a paragraph, or at a block boundary (preferred).
NEVER, LINE, BLOCK = 0, 1, 2


@dataclass(frozen=True)
class Slab:
    """A horizontal strip of the description: one line, a table row, a gap-free unit.

    Its items have absolute x and a y relative to the slab's top (zero or negative).
    """

    height: float
    items: tuple[Primitive, ...]
    space_before: float = 0.0  # dropped at the top of a card
    breakable: int = BLOCK  # may a card end before this slab: NEVER, LINE or BLOCK
    repeat: Slab | None = None  # set above it when it begins a card (a table's header row)


@dataclass(frozen=True)
class Remainder:
    """The slabs left over when a card is full."""

    slabs: tuple[Slab, ...]


@dataclass(frozen=True)
class Header:
    """The fixed part of a card: title band, stats, footer, and the area left for the text."""

    items: tuple[Primitive, ...]
    body: Area
    part_baseline: float  # where "2/3" sits, level with the name's first line


@dataclass(frozen=True)
class Fit:
    """The faces of a spell and the fewest cards it would need at the minimum size."""

    faces: tuple[CardFace, ...]
    min_cards: int


def _right_label(text: str, font: str, size: float, right: float, y: float, colour: str) -> Label:
    """Return a label whose right end is at `right`."""
    return Label(text, font, size, right - stringWidth(text, font, size), y, colour)


def _panel(layout: Layout) -> Fill:
    """Return the card's paper panel inside the school-coloured frame."""
    inset = layout.frame
    width, height = layout.width - 2 * inset, layout.height - 2 * inset
    return Fill(inset, inset, width, height, layout.colours.background, layout.panel_radius)


def _descent(font: str) -> float:
    """Return the font's descent in ems as PDF readers compute line boxes."""
    return -getFont(font).face.descent / 1000


def _below(upper: float, lower: float, font: str, gap: float = 0.0) -> float:
    """Return the baseline distance at which lines of two sizes do not overlap."""
    descent = _descent(font)
    return descent * upper + (1 - descent) * lower + gap


def _ragged(
    prepared: Prepared, width: float, size: float, context: TypesetContext
) -> tuple[Line, ...]:
    """Set short text (a stat, a list of names) ragged, breaking inside a word only if it must."""
    lines = set_lines(prepared, width, size, justify=False, hyphenate=False, context=context)
    if any(line.overfull for line in lines):
        return set_lines(prepared, width, size, justify=False, context=context)
    return lines


def _higher_pads(size: float) -> tuple[float, float]:
    """Return the horizontal and vertical padding of the "Na vyšších úrovních." panel."""
    return 0.45 * size + 1.5, 0.3 * size


def _natural(prepared: Prepared) -> float:
    """Return a prepared paragraph's width on one line at 1 pt."""
    return prepared.end_xs[-1] if prepared.end_xs else 0.0


def _mix(colour: str, background: str, keep: float) -> str:
    """Return a tint: `keep` of the colour over the background."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(background[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * keep + y * (1 - keep)):02x}" for x, y in zip(a, b, strict=True)
    )


def _components(spell: Spell) -> tuple[str, str]:
    """Return the components as the grid shows them and the material text."""
    c = spell.components
    letters = [name for name, on in (("V", c.verbal), ("P", c.somatic), ("S", c.material)) if on]
    return ", ".join(letters) or "—", c.material_text


def _permission(splits: Sequence[bool], n: int) -> int:
    """Return whether a card may end before line n of a paragraph (`Line.split_word` of each).

    Never after its first line (orphan) or before its last (widow), nor after a line that
    ends inside a word: the reader should not turn the card in the middle of a word.
    """
    if n == 0:
        return BLOCK
    if n < 2 or n > len(splits) - 2 or splits[n - 1]:
        return NEVER
    return LINE


class _Setter:
    """Sets one spell for one layout: fixed parts once, the description at any size."""

    def __init__(self, spell: Spell, layout: Layout, context: TypesetContext | None = None):
        self.spell = spell
        self.context = context or TypesetContext()
        self.expansion = layout.sizes.expansion  # glyph expansion of justified lines
        self.layout = layout
        self.fonts = layout.fonts
        self.sizes = layout.sizes
        self.colour = layout.school_colour(spell.school)
        self.tint = _mix(self.colour, layout.colours.background, layout.colours.tint)
        self.left = layout.safe_margin
        self.width = layout.width - 2 * layout.safe_margin
        self._slabs: dict[float, tuple[Slab, ...]] = {}
        self._outlines: dict[float, tuple[Slab, ...]] = {}
        self._headers: dict[tuple[bool, bool], Header] = {}
        self._extents: tuple[tuple[float, int], ...] | None = None

    # -- fixed parts ---------------------------------------------------------------

    def header(self, first: bool, numbered: bool) -> Header:
        """Return the title band, stats (first card) and footer, leaving an area for text."""
        key = (first, numbered)
        if key not in self._headers:
            self._headers[key] = self._header(first, numbered)
        return self._headers[key]

    def _header(self, first: bool, numbered: bool) -> Header:
        layout, sizes, fonts = self.layout, self.sizes, self.fonts
        items: list[Primitive] = []
        reserve = 0.0
        if numbered:
            reserve = stringWidth("88/88", fonts["bold"], sizes.part) + 4
        title_lines, title_size = self._title(self.width - reserve)
        baseline = layout.height - layout.safe_margin - 0.72 * title_size
        first_baseline = baseline
        positioned: list[tuple[float, float]] = []  # (baseline, size) of band lines
        for n, line in enumerate(title_lines):
            if n:
                baseline -= 1.08 * title_size
            items.append(
                TextLine(line, self.left, baseline, title_size, layout.colours.title, "title")
            )
            positioned.append((baseline, title_size))
        if first:
            baseline = self._subtitle(items, positioned, baseline, title_size)
        last_baseline, last_size = positioned[-1]
        band_bottom = last_baseline - _descent(fonts["body"]) * last_size - 1.2
        items.insert(
            0,
            Fill(0.0, band_bottom, layout.width, layout.height - band_bottom, self.colour),
        )
        cursor = band_bottom - 1.6
        if first:
            cursor = self._grid(items, cursor)
        footer_top = self._footer(items)
        bottom = footer_top + 2.2
        body = Area(self.left, bottom, self.width, cursor - 2.6 - bottom)
        return Header(tuple(items), body, first_baseline)

    def _title(self, width: float) -> tuple[tuple[Line, ...], float]:
        """Fit the name on one line, shrinking it, or else on two lines."""
        sizes, font = self.sizes, self.fonts["title"]
        prepared = self._text(self.spell.name, font)
        natural = stringWidth(self.spell.name, font, 1.0)
        size = sizes.title_max
        while size > sizes.title_min + _EPS and natural * size > width:
            size = max(size - 0.25, sizes.title_min)
        if natural * size <= width:
            return set_lines(
                prepared, width, size, justify=False, hyphenate=False, context=self.context
            ), size
        size = sizes.title_max
        while True:
            lines = set_lines(
                prepared, width, size, justify=False, hyphenate=False, context=self.context
            )
            if len(lines) <= 2 and not any(line.overfull for line in lines):
                return lines, size
            if size <= sizes.title_min + _EPS:
                return set_lines(prepared, width, size, justify=False, context=self.context), size
            size = max(size - 0.25, sizes.title_min)

    def _subtitle(
        self,
        items: list[Primitive],
        positioned: list[tuple[float, float]],
        baseline: float,
        title_size: float,
    ) -> float:
        """Place the English name (left) and "Zaklínání 3. úrovně" (right) under the name.

        They share a line when both fit, else the level gets a line of its own.
        """
        sizes, fonts, white = self.sizes, self.fonts, self.layout.colours.title
        level = self.spell.level_line
        level_width = stringWidth(level, fonts["bold"], sizes.level)
        english = self.spell.name_en
        english_width = stringWidth(english, fonts["italic"], sizes.name_en) if english else 0.0
        shared = english_width + 6.0 + level_width <= self.width
        size = max(sizes.name_en, sizes.level) if shared or not english else sizes.name_en
        baseline -= _below(title_size, size, fonts["body"], 0.6)
        if english:
            items.append(Label(english, fonts["italic"], sizes.name_en, self.left, baseline, white))
            positioned.append((baseline, sizes.name_en))
            if not shared:
                baseline -= _below(sizes.name_en, sizes.level, fonts["body"], 0.3)
        items.append(
            _right_label(level, fonts["bold"], sizes.level, self.left + self.width, baseline, white)
        )
        positioned.append((baseline, sizes.level))
        return baseline

    def _badge_width(self, word: str) -> float:
        return stringWidth(word, self.fonts["bold"], self.sizes.badge) + 0.9 * self.sizes.badge

    def _badge(self, items: list[Primitive], word: str, right: float, baseline: float) -> None:
        """Place a pill with a word ("rituál", "soustředění") ending at `right`."""
        size, font = self.sizes.badge, self.fonts["bold"]
        text_width = stringWidth(word, font, size)
        pad = 0.45 * size
        height = 1.3 * size
        x = right - text_width - 2 * pad
        items.append(
            Fill(x, baseline - 0.3 * size, text_width + 2 * pad, height, self.colour, height / 2)
        )
        items.append(Label(word, font, size, x + pad, baseline, self.layout.colours.title))

    def _grid(self, items: list[Primitive], top: float) -> float:
        """Place the stat grid (and the material line below it); return the bottom."""
        spell, sizes, fonts, colours = self.spell, self.sizes, self.fonts, self.layout.colours
        components, material = _components(spell)
        pad = 2.0
        cell_width = self.width / 2
        value_width = cell_width - 2 * pad
        material_below = False
        if material:
            inline = f"{components} ({material})"
            if stringWidth(inline, fonts["body"], sizes.stat) <= value_width:
                components = inline
            else:
                components += "*"
                material_below = True
        # Ritual is a way of casting, concentration a kind of duration: each badge sits there.
        badges = {
            "VYVOLÁNÍ": "rituál" if spell.ritual else "",
            "TRVÁNÍ": "soustředění" if spell.concentration else "",
        }
        cells = (
            ("VYVOLÁNÍ", spell.casting_time),
            ("DOSAH", spell.range),
            ("SLOŽKY", components),
            ("TRVÁNÍ", spell.duration),
        )
        grid: list[Primitive] = []
        row_top = top
        for row in (cells[:2], cells[2:]):
            row_bottom = row_top
            # A badge beside its label needs a little more room above the value.
            beside = {
                label: stringWidth(label, fonts["bold"], sizes.label) + 3 + self._badge_width(b)
                <= value_width
                for label, _ in row
                if (b := badges.get(label))
            }
            lift = 1.6 if any(beside.values()) else 0.0
            for column, (label, value) in enumerate(row):
                x = self.left + column * cell_width + pad
                right = x - 2 * pad + cell_width
                baseline = row_top - pad - _ASCENT * sizes.label
                grid.append(Label(label, fonts["bold"], sizes.label, x, baseline, self.colour))
                if beside.get(label):
                    self._badge(grid, badges[label], right, baseline)
                lines = _ragged(
                    self._text(value or "—", fonts["body"]), value_width, sizes.stat, self.context
                )
                for n, line in enumerate(lines):
                    step = (
                        _below(sizes.label, sizes.stat, fonts["body"], 0.3 + lift)
                        if n == 0
                        else 1.1 * sizes.stat
                    )
                    baseline -= step
                    grid.append(TextLine(line, x, baseline, sizes.stat, colours.text, "stat"))
                if label in beside and not beside[label]:
                    baseline -= _below(sizes.stat, sizes.badge, fonts["body"], 1.8)
                    self._badge(grid, badges[label], x + value_width, baseline)
                    bottom = baseline - _descent(fonts["body"]) * sizes.badge - pad + 0.6
                else:
                    bottom = baseline - _descent(fonts["body"]) * sizes.stat - pad + 1.0
                row_bottom = min(row_bottom, bottom)
            if row_top != top:
                grid.append(
                    Rule(
                        self.left, row_top, self.left + self.width, row_top, 0.8, colours.background
                    )
                )
            row_top = row_bottom
        items.append(Fill(self.left, row_top, self.width, top - row_top, self.tint, 1.5))
        items.append(
            Rule(
                self.left + cell_width,
                top,
                self.left + cell_width,
                row_top,
                0.8,
                colours.background,
            )
        )
        items.extend(grid)
        bottom = row_top
        if material_below:
            size = sizes.material
            lines = set_lines(
                self._text("* " + material, fonts["italic"]),
                self.width,
                size,
                expansion=self.expansion,
                context=self.context,
            )
            baseline = bottom - 1.5 - _ASCENT * size
            for n, line in enumerate(lines):
                if n:
                    baseline -= 1.1 * size
                items.append(TextLine(line, self.left, baseline, size, colours.muted, "material"))
            bottom = baseline - _descent(fonts["body"]) * size
        return bottom

    def _footer(self, items: list[Primitive]) -> float:
        """Place classes (left) and sources (right) at the bottom; return the footer's top."""
        sizes, fonts, colours = self.sizes, self.fonts, self.layout.colours
        size = sizes.footer
        sources = " · ".join(SOURCE_ABBREVIATIONS.get(s, s) for s in self.spell.sources)
        sources_width = stringWidth(sources, fonts["bold"], size)
        classes = ", ".join(self.spell.classes) or "—"
        lines = _ragged(
            self._text(classes, fonts["italic"]), self.width - sources_width - 6, size, self.context
        )
        baseline = self.layout.safe_margin + _descent(fonts["body"]) * size * 0.6
        items.append(
            _right_label(
                sources, fonts["bold"], size, self.left + self.width, baseline, self.colour
            )
        )
        for line in reversed(lines):
            items.append(TextLine(line, self.left, baseline, size, colours.muted, "footer"))
            baseline += 1.1 * size
        top = baseline - 1.1 * size + _ASCENT * size + 1.5
        items.append(Rule(self.left, top, self.left + self.width, top, 0.5, self.tint))
        return top

    def part_label(self, header: Header, part: int, parts: int) -> Label:
        """Return "2/3" at the right of the title band."""
        return _right_label(
            f"{part}/{parts}",
            self.fonts["bold"],
            self.sizes.part,
            self.left + self.width,
            header.part_baseline,
            self.layout.colours.title,
        )

    def _text(self, text: str, font: str, heading: str = "", heading_font: str = "") -> Prepared:
        """Return a text prepared, from the context's cache."""
        return self.context.paragraph(text, font, heading, heading_font)

    def estimate(self, size: float) -> float:
        """Estimate the description's height at a size from its natural width, without setting."""
        leading = size * self.sizes.leading
        gap = self.sizes.paragraph_gap * leading
        lines = 0
        for natural, rows in self._extent():
            lines += rows + int(natural * size / self.width * 1.04) + (1 if natural else 0)
        return lines * leading + len(self.spell.blocks) * gap

    def _extent(self) -> tuple[tuple[float, int], ...]:
        """Return per text block its width at 1 pt, or the row count of a table."""
        if self._extents is None:
            fonts = self.fonts
            out: list[tuple[float, int]] = []
            for block in self.spell.blocks:
                if isinstance(block, Paragraph):
                    prepared = self._text(block.text, fonts["body"], block.heading, fonts["bold"])
                    out.append((_natural(prepared), 0))
                elif isinstance(block, Heading):
                    out.append((_natural(self._text(block.text, fonts["bold"])), 0))
                elif isinstance(block, BulletList):
                    out.extend(
                        (1.1 * _natural(self._text(item, fonts["body"])), 0) for item in block.items
                    )
                elif isinstance(block, Table):
                    out.append((0.0, 1 + 2 * len(block.rows)))
            self._extents = tuple(out)
        return self._extents

    # -- the description -----------------------------------------------------------

    def slabs(self, size: float) -> tuple[Slab, ...]:
        """Return the description set at a body size, as slabs from top to bottom."""
        if size not in self._slabs:
            self._slabs[size] = tuple(self._set(size))
        return self._slabs[size]

    def outline(self, size: float) -> tuple[Slab, ...]:
        """Return the slabs of `slabs(size)` with no items in paragraphs and lists.

        Heights, spaces, break permissions and repeated table headers are those of the set
        slabs, which is all that `height` and `_split` read, but no line is built: cheap for
        trying a size.
        """
        if size in self._slabs:
            return self._slabs[size]
        if size not in self._outlines:
            self._outlines[size] = tuple(self._outline(size))
        return self._outlines[size]

    def _outline(self, size: float) -> list[Slab]:
        """Mirror `_set` (and the block methods it calls) for paragraphs and lists."""
        fonts, width = self.fonts, self.width
        leading = size * self.sizes.leading
        gap = self.sizes.paragraph_gap * leading
        slabs: list[Slab] = []

        def add(splits: tuple[bool, ...], space_before: float) -> None:
            for n in range(len(splits)):
                breakable = _permission(splits, n)
                slabs.append(Slab(leading, (), space_before if n == 0 else 0.0, breakable))

        keep = False
        for block in self.spell.blocks:
            start = len(slabs)
            if isinstance(block, Paragraph) and block.kind == "higher_levels":
                pad_x, pad_y = _higher_pads(size)
                prepared = self._text(
                    block.text, fonts["body"], block.heading, fonts["bold_italic"]
                )
                splits = line_splits(
                    prepared,
                    width - 2 * pad_x,
                    size,
                    expansion=self.expansion,
                    context=self.context,
                )
                count = len(splits)
                for n in range(count):
                    top_pad = pad_y if n == 0 else 0.0
                    bottom_pad = pad_y if n == count - 1 else 0.0
                    height = leading + top_pad + bottom_pad
                    breakable = _permission(splits, n)
                    slabs.append(Slab(height, (), gap * 1.5 if n == 0 else 0.0, breakable))
            elif isinstance(block, Paragraph):
                prepared = self._text(block.text, fonts["body"], block.heading, fonts["bold"])
                add(
                    line_splits(
                        prepared, width, size, expansion=self.expansion, context=self.context
                    ),
                    gap,
                )
            elif isinstance(block, Heading):
                self._heading(slabs, block, size, gap)
            elif isinstance(block, BulletList):
                indent = self.sizes.bullet_indent * size
                for n, item in enumerate(block.items):
                    prepared = self._text(item, fonts["body"])
                    splits = line_splits(
                        prepared,
                        width,
                        size,
                        indent=indent,
                        first_indent=indent,
                        expansion=self.expansion,
                        context=self.context,
                    )
                    add(splits, gap if n == 0 else 0.25 * gap)
            elif isinstance(block, Table):
                self._table(slabs, block, size, gap)
            if keep and len(slabs) > start:
                slabs[start] = replace(slabs[start], breakable=NEVER)
            keep = isinstance(block, Heading)
        return slabs

    def _set(self, size: float) -> list[Slab]:
        leading = size * self.sizes.leading
        gap = self.sizes.paragraph_gap * leading
        slabs: list[Slab] = []
        keep = False  # the previous block was a heading: keep it with this one
        for block in self.spell.blocks:
            start = len(slabs)
            if isinstance(block, Paragraph):
                self._paragraph(slabs, block, size, gap)
            elif isinstance(block, Heading):
                self._heading(slabs, block, size, gap)
            elif isinstance(block, BulletList):
                self._bullets(slabs, block, size, gap)
            elif isinstance(block, Table):
                self._table(slabs, block, size, gap)
            if keep and len(slabs) > start:
                slabs[start] = replace(slabs[start], breakable=NEVER)
            keep = isinstance(block, Heading)
        return slabs

    def height(self, size: float) -> float:
        """Return the height of the description at a size, from its outline (no lines set)."""
        return _height(self.outline(size))

    def _lines_to_slabs(
        self,
        slabs: list[Slab],
        lines: Sequence[Line],
        size: float,
        x: float,
        colour: str,
        space_before: float,
        extra: tuple[Primitive, ...] = (),
    ) -> None:
        """Append one slab per line, with the widow and orphan rules as break permissions."""
        leading = size * self.sizes.leading
        splits = [line.split_word for line in lines]
        for n, line in enumerate(lines):
            breakable = _permission(splits, n)
            items: tuple[Primitive, ...] = (TextLine(line, x, -_BASELINE * size, size, colour),)
            if n == 0:
                items += extra
            slabs.append(Slab(leading, items, space_before if n == 0 else 0.0, breakable))

    def _paragraph(self, slabs: list[Slab], block: Paragraph, size: float, gap: float) -> None:
        fonts, colours = self.fonts, self.layout.colours
        if block.kind == "higher_levels":
            self._higher_levels(slabs, block, size, gap)
            return
        prepared = self._text(block.text, fonts["body"], block.heading, fonts["bold"])
        lines = set_lines(
            prepared, self.width, size, expansion=self.expansion, context=self.context
        )
        self._lines_to_slabs(slabs, lines, size, self.left, colours.text, gap)

    def _higher_levels(self, slabs: list[Slab], block: Paragraph, size: float, gap: float) -> None:
        """Set "Na vyšších úrovních." apart: on a tinted panel with a bar in the school colour."""
        fonts, colours = self.fonts, self.layout.colours
        pad_x, pad_y = _higher_pads(size)
        prepared = self._text(block.text, fonts["body"], block.heading, fonts["bold_italic"])
        lines = set_lines(
            prepared, self.width - 2 * pad_x, size, expansion=self.expansion, context=self.context
        )
        leading = size * self.sizes.leading
        count = len(lines)
        splits = [line.split_word for line in lines]
        for n, line in enumerate(lines):
            top_pad = pad_y if n == 0 else 0.0
            bottom_pad = pad_y if n == count - 1 else 0.0
            height = leading + top_pad + bottom_pad
            items = (
                Fill(self.left, -height, self.width, height, self.tint),
                Rule(self.left + 0.6, 0.0, self.left + 0.6, -height, 1.2, self.colour),
                TextLine(line, self.left + pad_x, -top_pad - _BASELINE * size, size, colours.text),
            )
            breakable = _permission(splits, n)
            slabs.append(Slab(height, items, gap * 1.5 if n == 0 else 0.0, breakable))

    def _heading(self, slabs: list[Slab], block: Heading, size: float, gap: float) -> None:
        lines = _ragged(self._text(block.text, self.fonts["bold"]), self.width, size, self.context)
        start = len(slabs)
        self._lines_to_slabs(slabs, lines, size, self.left, self.colour, gap)
        for n in range(start + 1, len(slabs)):
            slabs[n] = replace(slabs[n], breakable=NEVER)

    def _bullets(self, slabs: list[Slab], block: BulletList, size: float, gap: float) -> None:
        indent = self.sizes.bullet_indent * size
        for n, item in enumerate(block.items):
            lines = set_lines(
                self._text(item, self.fonts["body"]),
                self.width,
                size,
                indent=indent,
                first_indent=indent,
                expansion=self.expansion,
                context=self.context,
            )
            bullet = Label(
                "•",
                self.fonts["body"],
                size,
                self.left + 0.25 * size,
                -_BASELINE * size,
                self.colour,
            )
            self._lines_to_slabs(
                slabs,
                lines,
                size,
                self.left,
                self.layout.colours.text,
                gap if n == 0 else 0.25 * gap,
                (bullet,),
            )

    def _table(self, slabs: list[Slab], block: Table, size: float, gap: float) -> None:
        """Set a ruled table across the text width, wrapping the text of its cells.

        The table takes the body size, or a smaller one (down to type.table_min) at which no
        cell's word sticks out of its column; failing that, its text is condensed.
        """
        colours = self.layout.colours
        columns = max([len(block.header), *(len(row) for row in block.rows)])
        if columns == 0:
            return
        rows = [tuple(row) + ("",) * (columns - len(row)) for row in (block.header, *block.rows)]
        size, scale, widths, cells = self._table_cells(rows, size)
        pad = 0.3 * size
        leading = size * self.sizes.leading
        for n, row_cells in enumerate(cells):
            height = max([1, *(len(lines) for lines in row_cells)]) * leading + pad
            items: list[Primitive] = []
            if n == 0:
                items.append(Fill(self.left, -height, self.width, height, self.tint))
                items.append(Rule(self.left, 0.0, self.left + self.width, 0.0, 0.8, self.colour))
            x = self.left
            for lines, width in zip(row_cells, widths, strict=True):
                for k, line in enumerate(lines):
                    baseline = -0.5 * pad - _BASELINE * size - k * leading
                    items.append(
                        TextLine(
                            line, x + pad * scale, baseline, size, colours.text, "table", scale
                        )
                    )
                x += width * scale
            strong = n == 0 or n == len(cells) - 1
            rule_colour = self.colour if strong else colours.muted
            bottom = Rule(self.left, -height, self.left + self.width, -height, 0.3, rule_colour)
            items.append(replace(bottom, width=0.8) if strong else bottom)
            if n == 0:
                slabs.append(Slab(height, tuple(items), gap, BLOCK))
                header = slabs[-1]
                continue
            # Keep the header with two rows and never leave the last row alone.
            breakable = LINE if 3 <= n <= len(cells) - 2 else NEVER
            slabs.append(Slab(height, tuple(items), 0.0, breakable, header))

    def _table_cells(
        self, rows: list[tuple[str, ...]], size: float
    ) -> tuple[float, float, list[float], list[list[tuple[Line, ...]]]]:
        """Return size, horizontal scale, column widths (unscaled) and set cells of a table.

        Smaller sizes are tried first (until no cell's text sticks out and no heading is
        split), then condensing (until no cell's text sticks out).
        """
        fonts = self.fonts
        scale = 1.0
        while True:
            pad = 0.3 * size
            widths = self._column_widths(rows, size, pad, self.width / scale)
            cells = [
                [
                    set_lines(
                        self._text(text, fonts["bold"] if n == 0 else fonts["body"]),
                        width - 2 * pad,
                        size,
                        justify=False,
                        context=self.context,
                    )
                    if text.strip()
                    else ()
                    for text, width in zip(row, widths, strict=True)
                ]
                for n, row in enumerate(rows)
            ]
            overfull = any(line.overfull for row in cells for lines in row for line in lines)
            split = any(line.split_word for lines in cells[0] for line in lines)
            if size > self.sizes.table_min + _EPS and (overfull or split):
                size = max(size - 0.25, self.sizes.table_min)  # rather smaller than split
            elif overfull and scale > MIN_TABLE_SCALE + _EPS:
                scale = max(scale - 0.05, MIN_TABLE_SCALE)
            else:
                return size, scale, widths, cells

    def _column_widths(
        self, rows: list[tuple[str, ...]], size: float, pad: float, total_width: float
    ) -> list[float]:
        """Share the width among columns: natural widths when they fit, else wrap.

        A column is at least as wide as its longest word (of the body cells only, letting the
        heading hyphenate, when that is too wide); columns with little text get their natural
        width and those with the most text share what is left.
        """
        columns = len(rows[0])
        natural = [0.0] * columns
        least = [0.0] * columns
        least_body = [0.0] * columns
        for n, row in enumerate(rows):
            font = self.fonts["bold"] if n == 0 else self.fonts["body"]
            for c, text in enumerate(row):
                natural[c] = max(natural[c], stringWidth(text, font, size) + 2 * pad)
                longest = max((stringWidth(w, font, size) for w in text.split()), default=0.0)
                longest += 2 * pad + 0.01  # a hair more, so that rounding never makes it overflow
                least[c] = max(least[c], longest)
                if n:
                    least_body[c] = max(least_body[c], longest)
        if sum(least) > total_width:
            least = least_body
        if sum(least) >= total_width:
            return [w * total_width / sum(least) for w in least]
        # Water-fill: narrow columns get their natural width, the widest share the rest.
        widths = [0.0] * columns
        remaining, open_columns = total_width, sorted(range(columns), key=lambda c: natural[c])
        while open_columns:
            share = remaining / len(open_columns)
            c = open_columns.pop(0)
            widths[c] = min(natural[c], share) if open_columns else remaining
            remaining -= widths[c]
        short = sum(least[c] - widths[c] for c in range(columns) if widths[c] < least[c])
        if short > 0:
            slack = {c: widths[c] - least[c] for c in range(columns) if widths[c] > least[c]}
            total = sum(slack.values())
            widths = [
                least[c] if c not in slack else widths[c] - short * slack[c] / total
                for c in range(columns)
            ]
        return widths


def _height(slabs: Sequence[Slab]) -> float:
    return sum(s.height + s.space_before for s in slabs) - (slabs[0].space_before if slabs else 0)


def _card_end(slabs: Sequence[Slab], start: int, height: float, prefer_blocks: bool) -> int:
    """Return where the card that begins with slabs[start] ends (exclusive index)."""
    repeat = slabs[start].repeat if start < len(slabs) else None
    used = repeat.height if repeat is not None else 0.0
    best_any = best_block = None
    i = start
    count = len(slabs)
    while i < count:
        slab = slabs[i]
        if i > start:
            if slab.breakable:
                best_any = i
                if slab.breakable == BLOCK and used >= FULL * height:
                    best_block = i
            used += slab.space_before
        used += slab.height
        if used > height + _EPS:
            break
        i += 1
    else:
        return count
    if prefer_blocks and best_block is not None:
        return best_block
    if best_any is not None:
        return best_any
    # Nothing allowed fits: the rules give way to the card edge, never a lost line.
    return max(i, start + 1)


def _split(
    slabs: Sequence[Slab], first: float, rest: float, prefer_blocks: bool, limit: int
) -> list[int]:
    """Return the end index of each card, stopping once there are more than `limit` cards."""
    ends: list[int] = []
    start = 0
    while start < len(slabs) or not ends:
        end = _card_end(slabs, start, first if not ends else rest, prefer_blocks)
        ends.append(end)
        start = end
        if len(ends) > limit:
            break
    return ends


def fill_card(
    slabs: Sequence[Slab], area: Area, *, prefer_blocks: bool = True
) -> tuple[tuple[Primitive, ...], Remainder | None]:
    """Place as many slabs as fit in the area from its top; return them and what remains."""
    end = _card_end(slabs, 0, area.height, prefer_blocks)
    placed: list[Primitive] = []
    top = area.top
    head = slabs[0].repeat if slabs else None
    if head is not None:
        placed.extend(item.moved(top) for item in head.items)
        top -= head.height
    for n, slab in enumerate(slabs[:end]):
        if n:
            top -= slab.space_before
        placed.extend(item.moved(top) for item in slab.items)
        top -= slab.height
    rest = tuple(slabs[end:])
    return tuple(placed), (Remainder(rest) if rest else None)


def _sizes(layout: Layout) -> list[float]:
    low, high = layout.body_min, layout.body_max
    steps = int(round((high - low) / SIZE_STEP))
    return [round(low + k * SIZE_STEP, 3) for k in range(steps)] + [high]


def _walk(sizes: list[float], fits, start: int) -> int | None:
    """Return the index of the largest size for which fits() holds, walking from a guess."""
    k = start
    if fits(sizes[k]):
        while k + 1 < len(sizes) and fits(sizes[k + 1]):
            k += 1
        return k
    while k > 0:
        k -= 1
        if fits(sizes[k]):
            return k
    return None


def _first_guess(sizes: list[float], estimate, capacity: float) -> int:
    """Return the index of the largest size whose estimated height is within the capacity."""
    low, high = 0, len(sizes) - 1
    if estimate(sizes[high]) <= capacity:
        return high
    while high - low > 1:
        middle = (low + high) // 2
        if estimate(sizes[middle]) <= capacity:
            low = middle
        else:
            high = middle
    return low


def fit(spell: Spell, layout: Layout, context: TypesetContext | None = None) -> Fit:
    """Choose the body size and the card breaks of a spell, and place every card.

    Setting the description is what costs: an estimate from the text's natural width picks
    the first size to try, and the real setting walks from there in steps of SIZE_STEP.
    """
    setter = _Setter(spell, layout, context or TypesetContext())
    sizes = _sizes(layout)
    single = setter.header(first=True, numbered=False)
    box = single.body.height + _EPS

    def fits_one(size: float) -> bool:
        return setter.height(size) <= box

    if setter.estimate(sizes[0]) <= 1.15 * box:
        k = _walk(sizes, fits_one, _first_guess(sizes, setter.estimate, box))
        if k is not None and _height(setter.slabs(sizes[k])) <= box:
            return Fit((_face(setter, sizes[k], 1, 1, single, setter.slabs(sizes[k])),), 1)
    first = setter.header(first=True, numbered=True).body.height
    rest = setter.header(first=False, numbered=True).body.height
    least = len(_split(setter.outline(sizes[0]), first, rest, False, 10**6))

    def breaks(size: float) -> list[int] | None:
        if setter.height(size) > first + (least - 1) * rest + _EPS:
            return None  # more text than the cards hold: no need to set it
        for prefer in (True, False):
            ends = _split(setter.outline(size), first, rest, prefer, least)
            if len(ends) <= least:
                return ends
        return None

    # The estimate, scaled to agree with the real height at the minimum size, against the
    # cards' capacity less what a break at a paragraph end typically leaves empty.
    scale = setter.height(sizes[0]) / max(setter.estimate(sizes[0]), _EPS)
    capacity = 0.96 * (first + (least - 1) * rest)
    guess = _first_guess(sizes, lambda s: scale * setter.estimate(s), capacity)
    k = _walk(sizes, lambda s: breaks(s) is not None, guess)
    size = sizes[k or 0]
    ends = breaks(size)
    slabs = setter.slabs(size)
    faces = []
    start = 0
    for part, end in enumerate(ends, 1):
        header = setter.header(first=part == 1, numbered=True)
        faces.append(_face(setter, size, part, len(ends), header, slabs[start:end]))
        start = end
    return Fit(tuple(faces), least)


def _face(
    setter: _Setter, size: float, part: int, parts: int, header: Header, slabs: Sequence[Slab]
) -> CardFace:
    placed, remainder = fill_card(slabs, header.body, prefer_blocks=False)
    assert remainder is None, "a card's slabs were chosen to fit it"
    items = (_panel(setter.layout), *header.items, *placed)
    if parts > 1:
        items += (setter.part_label(header, part, parts),)
    layout = setter.layout
    return CardFace(
        setter.spell, part, parts, size, layout.width, layout.height, setter.colour, layout, items
    )


def fit_spell(
    spell: Spell, layout: Layout, context: TypesetContext | None = None
) -> tuple[CardFace, ...]:
    """Set a spell on the fewest cards at the largest body size that fits them."""
    return fit(spell, layout, context).faces
