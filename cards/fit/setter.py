"""One spell's setter for one layout: the furniture of each kind of card, the description at
any size, and one card placed (`SpellSetter.card`); the size search (`search`) asks it."""

from __future__ import annotations

from dataclasses import replace

from reportlab.lib.units import mm

from cards.errors import CardsError
from cards.face import Area, CardFace, Fill, Label, Rule, Shape, TextLine
from cards.fit.blocks import description, without_repeated_headings
from cards.fit.furniture import (
    Header,
    back_band,
    continued_cue,
    foot_labels,
    furniture,
    panel,
    part_label,
)
from cards.fit.paginate import LINE, SHORT, Slab, fill_card, leftover
from cards.fit.style import ASCENT, CardStyle, card_style
from cards.fit.tables import without_doubled_rule
from cards.layout import Layout
from cards.model import BlockVisitor, BulletList, Heading, Paragraph, Spell, Table
from cards.typeset import TypesetContext

CONTINUED = "pokračuje na rubu ›"  # at the foot of a front whose text goes on overleaf
# A card whose text, opened to its limits, leaves more than EMBLEM_ROOM mm empty shows the
# school's icon in the tint there, EMBLEM_MARGIN mm clear of the text, at most EMBLEM_SHARE
# of the column wide: a short spell's card is filled by layout, not by larger type.
EMBLEM_ROOM = 30.0
EMBLEM_MARGIN = 7.0
EMBLEM_SHARE = 0.5


class FitError(CardsError):
    """A spell that cannot be set on the layout's cards even at the minimum sizes."""


class SpellSetter:
    """Sets one spell for one layout: the furniture of each kind of card, the description at
    any size. Its memos live as long as the spell is being set; the text caches are the
    context's."""

    def __init__(
        self,
        spell: Spell,
        layout: Layout,
        context: TypesetContext | None = None,
        style: CardStyle | None = None,
    ):
        self.spell = spell
        self.layout = layout
        self.style: CardStyle = style or card_style(layout, spell.school)
        self.context = context or TypesetContext()
        self.squeeze = 0.0  # the share of gaps and padding a squeezed setter takes away
        self._headers: dict[tuple[object, ...], Header] = {}
        self._slabs: dict[float, tuple[Slab, ...]] = {}
        self._outlines: dict[float, tuple[Slab, ...]] = {}
        self._fewest: dict[float, tuple[Slab, ...]] = {}
        self._headings = True  # repeat a run-in heading where its paragraph goes on
        self._cues = True  # and cue a card that begins inside a sentence
        self._starts: dict[float, list[tuple[int, int, int]]] = {}  # `description`'s starts
        self._extents: tuple[tuple[float, int], ...] | None = None
        self._ranked: dict[tuple, list[int]] = {}  # blocks.ranks of each paragraph's lines

    def squeezed(self) -> SpellSetter:
        """Return a setter of the spell with type.squeeze taken from its paragraph gaps and
        its panels' padding above and below; it shares the furniture, which they do not touch."""
        style = self.style
        keep = 1.0 - style.sizes.squeeze
        sizes = replace(style.sizes, paragraph_gap=style.sizes.paragraph_gap * keep)
        spacing = replace(style.spacing, higher_pad_y_em=style.spacing.higher_pad_y_em * keep)
        setter = SpellSetter(
            self.spell, self.layout, self.context, replace(style, sizes=sizes, spacing=spacing)
        )
        setter._headers = self._headers
        setter.squeeze = style.sizes.squeeze
        return setter

    def compact(self) -> SpellSetter:
        """Return a setter of the spell with the compact run-in stat grid; it shares the
        description's set slabs and outlines, which the grid does not touch, and the
        furniture memo (`_furniture_key`)."""
        setter = SpellSetter(
            self.spell, self.layout, self.context, replace(self.style, run_in=True)
        )
        setter._headers = self._headers
        setter._slabs, setter._outlines = self._slabs, self._outlines
        setter._starts, setter._ranked = self._starts, self._ranked
        setter._headings, setter._cues = self._headings, self._cues
        setter.squeeze = self.squeeze
        return setter

    def _furniture_key(self, kind: str, first: bool, numbered: bool = True) -> tuple:
        """Return what decides a card's furniture among the setters of one spell (they
        share `_headers`): on a first card the stat grid's kind and its values' size too.
        Squeezing decides none of it (it takes from the text's gaps and panels only)."""
        if not first:
            return (kind, first, numbered)
        return (kind, first, numbered, self.style.run_in, self.style.sizes.stat)

    def header(self, first: bool, numbered: bool) -> Header:
        """Return the furniture of a card: the first (with stats) or a later one."""
        key = self._furniture_key("front", first, numbered)
        header = self._headers.get(key)
        if header is None:
            header = self._headers[key] = furniture(
                self.style, self.spell, self.context, first=first, numbered=numbered
            )
        return header

    def back_header(self) -> Header:
        """Return the furniture of a card's back that carries text: a slim band only."""
        key = self._furniture_key("back", False)
        if key not in self._headers:
            self._headers[key] = back_band(self.style, self.spell, self.context)
        return self._headers[key]

    def continued_header(self, first: bool) -> Header:
        """Return a front's furniture with the cue that its text goes on overleaf."""
        key = self._furniture_key("continued", first)
        if key not in self._headers:
            plain = self.header(first=first, numbered=True)
            self._headers[key] = continued_cue(self.style, plain, CONTINUED)
        return self._headers[key]

    def slabs(self, size: float) -> tuple[Slab, ...]:
        """Return the description set at a body size."""
        if size not in self._slabs:
            self._slabs[size] = self._describe(size, outline=False)
        return self._slabs[size]

    def outline(self, size: float) -> tuple[Slab, ...]:
        """Return the description's slabs at a size without their lines: for measuring."""
        if size in self._slabs:
            return self._slabs[size]
        if size not in self._outlines:
            self._outlines[size] = self._describe(size, outline=True)
        return self._outlines[size]

    def fewest(self, size: float) -> tuple[Slab, ...]:
        """Return slabs never taller than the description's at a size, to rule a size out
        before breaking its lines: its outline where that is known, else an outline with
        each justified paragraph at the fewest lines it could take (`blocks.description`)."""
        known = self._slabs.get(size) or self._outlines.get(size) or self._fewest.get(size)
        if known is None:
            known = self._fewest[size] = description(
                self.style,
                self.spell.blocks,
                size,
                self.context,
                outline=True,
                headings=self._headings,
                cues=self._cues,
                fewest=True,
            )
        return known

    def _describe(self, size: float, outline: bool) -> tuple[Slab, ...]:
        """Set the whole description at a size, keeping where its blocks begin."""
        starts: list[tuple[int, int, int]] = []
        slabs = description(
            self.style,
            self.spell.blocks,
            size,
            self.context,
            outline=outline,
            ranked=self._ranked,
            starts=starts,
            headings=self._headings,
            cues=self._cues,
        )
        self._starts[size] = starts
        return slabs

    @property
    def cues(self) -> bool:
        """Whether a card that begins inside a sentence gets the cue above its text."""
        return self._cues

    def drop_repeated_headings(self) -> None:
        """Set the description from now on without the run-in headings repeated where a
        paragraph goes on to the next card (`blocks.without_repeated_headings`)."""
        self._headings = False
        self._fewest.clear()
        for memo in (self._slabs, self._outlines):
            for size, slabs in memo.items():
                memo[size] = without_repeated_headings(slabs, self.style, self._cues) or slabs

    def cueless(self) -> SpellSetter:
        """Return a setter of the spell with neither repeated headings nor the cue above a
        card that begins inside a sentence; it shares the furniture."""
        setter = SpellSetter(self.spell, self.layout, self.context, self.style)
        setter._headers, setter._ranked = self._headers, self._ranked
        setter.squeeze = self.squeeze
        setter._headings = setter._cues = False
        return setter

    def block_starts(self, size: float) -> dict[int, tuple[int, int]]:
        """Return where each block and list item begins at a size: its first slab's index
        -> (the block's index in card order, the item's index)."""
        self.outline(size)
        return {start: (block, item) for start, block, item in self._starts[size]}

    def estimate(self, size: float) -> float:
        """Estimate the description's height at a size from its natural width, without setting."""
        sizes = self.style.sizes
        leading = size * sizes.leading
        gap = sizes.paragraph_gap * leading
        lines = 0
        width = self.style.width
        for natural, rows in self._extent():
            lines += rows + int(natural * size / width * 1.0) + (1 if natural else 0)
        return lines * leading + len(self.spell.blocks) * gap

    def _extent(self) -> tuple[tuple[float, int], ...]:
        """Return per text block its width at 1 pt, or the row count of a table."""
        if self._extents is None:
            extent = _Extent(self.style.fonts, self.context)
            self._extents = tuple(e for block in self.spell.blocks for e in block.accept(extent))
        return self._extents

    def card(self, size: float, part: int, parts: int, header: Header, slabs) -> CardFace:
        """Place the furniture and a card's slabs (chosen to fit) on one face."""
        room = leftover(slabs, header.body.height)
        # (not in an outline design, whose tint is the paper)
        emblem = self.style.icon is not None and not self.style.outline and room > EMBLEM_ROOM * mm
        centre = part == parts and not emblem  # an earlier card reads on from its top
        placed, remainder = fill_card(slabs, header.body, prefer_blocks=False, centre=centre)
        if remainder is not None:  # the search chose these slabs to fit: a bug if not
            raise self.error(remainder.slabs[0].what, size)
        if emblem:
            placed = (*placed, _emblem(self.style, placed, header.body))
        for item in placed:
            if isinstance(item, TextLine) and item.line.overfull:
                word = max(item.line.text.split(), key=len, default="")
                raise self.error(f"slovo „{word}“", size)
        placed = without_doubled_rule(placed, header.items, header.body.y, self.style)
        # A card that begins inside a sentence with no cue above its text (the cue would
        # have cost a card) says at its foot that it goes on from the card before.
        first = slabs[0] if slabs else None
        came = part > 1 and first is not None and first.repeat is None
        came = came and first.breakable in (LINE, SHORT)
        foot = foot_labels(self.style, self.spell, header, part < parts, came)
        items = (panel(self.style), *header.items, *placed, *foot)
        if parts > 1:
            items += (part_label(self.style, header, part, parts),)
        style = self.style
        return CardFace(
            self.spell,
            part,
            parts,
            size,
            style.card_width,
            style.card_height,
            style.fill,
            items,
            self.squeeze,
            style.run_in,
        )

    def error(self, what: str, size: float, verb: str = "se nevejde") -> FitError:
        """Return the error for something that does not fit, naming spell, layout and card
        (in Czech: `what` names the part, `verb` agrees with it)."""
        from cards.messages import say

        style = self.style
        width, height = round(style.card_width / mm, 1), round(style.card_height / mm, 1)
        return FitError(
            say(
                "fit_error",
                spell=self.spell.name,
                what=what,
                verb=verb,
                card=f"{width:g} × {height:g}",
                size=f"{size:g}",
                layout=style.layout_path,
            )
        )


def _natural(prepared) -> float:
    """Return a prepared paragraph's width on one line at 1 pt."""
    return prepared.end_xs[-1] if prepared.end_xs else 0.0


class _Extent(BlockVisitor[list[tuple[float, int]]]):
    """What `SpellSetter.estimate` reads of a block (the model's visitor): per text its
    width on one line at 1 pt (a list item's counted a tenth wider), or for a table its
    lines (1 + 2 a row)."""

    def __init__(self, fonts, context: TypesetContext):
        self.fonts, self.prepare = fonts, context.paragraph

    def paragraph(self, block: Paragraph) -> list[tuple[float, int]]:
        fonts = self.fonts
        return [
            (_natural(self.prepare(block.text, fonts["body"], block.heading, fonts["bold"])), 0)
        ]

    def heading(self, block: Heading) -> list[tuple[float, int]]:
        return [(_natural(self.prepare(block.text, self.fonts["bold"])), 0)]

    def bullets(self, block: BulletList) -> list[tuple[float, int]]:
        body = self.fonts["body"]
        return [(1.1 * _natural(self.prepare(item, body)), 0) for item in block.items]

    def table(self, block: Table) -> list[tuple[float, int]]:
        return [(0.0, 1 + 2 * len(block.rows))]


def _emblem(style: CardStyle, placed, body: Area) -> Shape:
    """Return the school's icon in the tint, centred in the widest room a short card's
    text leaves in its area (below the text, or above the higher-levels panel that
    stands at the foot)."""
    spans = sorted(_extent(item) for item in placed)
    gaps, top = [], body.top
    for low, high in sorted(spans, key=lambda s: -s[1]):
        if high < top:
            gaps.append((top - high, high))
        top = min(top, low)
    gaps.append((top - body.y, body.y))
    room, bottom = max(gaps)
    side = min(room - 2 * EMBLEM_MARGIN * mm, EMBLEM_SHARE * style.width)
    assert style.icon is not None
    x = style.left + (style.width - side) / 2
    return Shape(style.icon, x, bottom + (room - side) / 2, side, style.tint)


def _extent(item) -> tuple[float, float]:
    """Return the bottom and top of a placed item of the description (a line: its descent
    and ascent; a label likewise; a fill or a rule: its box)."""
    if isinstance(item, (TextLine, Label)):
        return item.y - 0.3 * item.size, item.y + ASCENT * item.size
    if isinstance(item, Fill):
        return item.y, item.y + item.height
    if isinstance(item, Rule):
        return min(item.y1, item.y2), max(item.y1, item.y2)
    return item.y, item.y
