"""The body-size search: one card at the largest size that fits, else the fewest cards.

One card if the description fits at the layout's minimum body size, at the largest size (one
of the layout's type.size_steps, or on a SIZE_STEP grid without them) at which it does; else
the fewest cards at the minimum size, set at the largest size that keeps that count. Every
trial measures with `paginate.used_height` and breaks with `paginate.split`, as the cards
are then filled: what the search accepts fits.
Where that size leaves a justified line with spaces over GAPE times their width, up to
GAPE_STEPS smaller sizes are tried (HOLE_STEPS past HOLE), and the least gaping is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.errors import CardsError
from cards.face import CardFace, Label, TextLine
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
from cards.fit.paginate import (
    EPS,
    Slab,
    fill_card,
    overflow,
    used_height,
)
from cards.fit.room import (
    _fewest,
    _gape,
    _least_gaping,
    _physical,
    _place,
    _readable_breaks,
    _room,
    size_grid,
)
from cards.fit.style import CardStyle, card_style
from cards.fit.tables import without_doubled_rule
from cards.layout import Layout
from cards.model import Block, BlockVisitor, BulletList, Heading, Paragraph, Spell, Table
from cards.typeset import TypesetContext

STAT_SCALE_FROM = 9.25  # a body this large or larger grows the stat values with it
STAT_REFERENCE = 8.5  # points: the body size the layouts' type.stat is drawn for
# The description's height grows with the body size to at least this power (the leading
# times the lines, which never get fewer): a larger size whose height so bounded cannot fit
# is not set at all.
GROWTH = 1.0
RUN_IN_FALLBACK = True  # the run-in stat grid for a spell it saves a card (tests turn it off)
CONTINUED = "pokračuje na rubu ›"  # at the foot of a front whose text goes on overleaf


class FitError(CardsError):
    """A spell that cannot be set on the layout's cards even at the minimum sizes."""


@dataclass(frozen=True)
class Fit:
    """The faces of a spell and the fewest cards it would need at the minimum size."""

    faces: tuple[CardFace, ...]
    min_cards: int


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
        self._headings = True  # repeat a run-in heading where its paragraph goes on
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
        setter._headings = self._headings
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
            starts: list[tuple[int, int, int]] = []
            self._slabs[size] = description(
                self.style,
                self.spell.blocks,
                size,
                self.context,
                ranked=self._ranked,
                starts=starts,
                headings=self._headings,
            )
            self._starts[size] = starts
        return self._slabs[size]

    def outline(self, size: float) -> tuple[Slab, ...]:
        """Return the description's slabs at a size without their lines: for measuring."""
        if size in self._slabs:
            return self._slabs[size]
        if size not in self._outlines:
            starts: list[tuple[int, int, int]] = []
            self._outlines[size] = description(
                self.style,
                self.spell.blocks,
                size,
                self.context,
                outline=True,
                ranked=self._ranked,
                starts=starts,
                headings=self._headings,
            )
            self._starts[size] = starts
        return self._outlines[size]

    def drop_repeated_headings(self) -> None:
        """Set the description from now on without the run-in headings repeated where a
        paragraph goes on to the next card (`blocks.without_repeated_headings`)."""
        self._headings = False
        for memo in (self._slabs, self._outlines):
            for size, slabs in memo.items():
                memo[size] = without_repeated_headings(slabs) or slabs

    def block_starts(self, size: float) -> dict[int, tuple[int, int]]:
        """Return where each block and list item begins at a size: its first slab's index
        -> (the block's index in card order, the item's index)."""
        self.outline(size)
        return {start: (block, item) for start, block, item in self._starts[size]}

    def run(self, blocks: Sequence[Block], size: float, outline: bool) -> tuple[Slab, ...]:
        """Return some of the description's blocks (in card order) set alone at a size."""
        return description(
            self.style,
            blocks,
            size,
            self.context,
            outline=outline,
            ranked=self._ranked,
            headings=self._headings,
        )

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
        placed, remainder = fill_card(slabs, header.body, prefer_blocks=False)
        if remainder is not None:  # the search chose these slabs to fit: a bug if not
            raise self.error(remainder.slabs[0].what, size)
        for item in placed:
            if isinstance(item, TextLine) and item.line.overfull:
                word = max(item.line.text.split(), key=len, default="")
                raise self.error(f"slovo „{word}“", size)
        placed = without_doubled_rule(placed, header.items, header.body.y, self.style)
        foot = foot_labels(self.style, self.spell, header, part < parts)
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


def _walk(
    sizes: list[float],
    fits: Callable[[float], bool],
    start: int,
    hopeless: Callable[[float, float], bool] | None = None,
) -> int | None:
    """Return the index of the largest size for which fits() holds, walking from a guess.

    Walking up, `hopeless(known, larger)` may say from the size known to fit that a larger
    one cannot (a bound), which spares setting the text there."""
    k = start
    if fits(sizes[k]):
        while k + 1 < len(sizes):
            if hopeless is not None and hopeless(sizes[k], sizes[k + 1]):
                break
            if not fits(sizes[k + 1]):
                break
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


def fit(
    spell: Spell,
    layout: Layout,
    context: TypesetContext | None = None,
    *,
    continue_on_back: bool = False,
) -> Fit:
    """Choose the body size and the card breaks of a spell, and place every card.

    Setting the description is what costs: an estimate from the text's natural width picks
    the first size to try, and the real setting walks from there through `size_grid`.
    With `continue_on_back` the even parts are the backs of the odd ones' cards: a slim band
    and no footer, so they hold more; a front whose text goes on overleaf says so at its foot.
    A spell that misses fewer cards by a little is set squeezed (type.squeeze: tighter
    paragraph gaps and panel padding), or with the compact run-in stat grid, or both, when
    that saves a card (`_denser`).
    Raises FitError when something does not fit even at the minimum sizes.
    """
    from cards.bounds import require_inside

    setter = SpellSetter(spell, layout, context)
    result = _fit(setter, continue_on_back)
    if len(result.faces) == 1 and result.faces[0].body_size >= STAT_SCALE_FROM - EPS:
        result = _with_big_stats(setter, result)
    elif len(result.faces) > 1:
        cards = _physical(len(result.faces), continue_on_back)
        for denser in _denser(setter, None if continue_on_back else cards):
            try:
                fewest = _physical(_fewest(denser, continue_on_back), continue_on_back)
                if fewest < cards:
                    result = _fit(denser, continue_on_back)
                    cards = _physical(len(result.faces), continue_on_back)
            except FitError:
                continue  # a grid the card cannot hold: the spell is set as it was

    require_inside(result.faces, layout.safe_margin)  # the width rule's last word
    return result


def _denser(setter: SpellSetter, cards: int | None = None):
    """Yield the setters that may save a spell a card, in the order they are taken: squeezed
    (type.squeeze), then with the compact run-in stat grid (`design.grid = "run-in"`, unless
    the layout has it), then both.

    A grid cannot save a card of the `cards` a spell takes when its text's lines alone, at
    the minimum size, pass what one card fewer holds with no stats at all: it is not tried.
    """
    squeezed = setter.squeezed() if setter.layout.sizes.squeeze > 0 else None
    if squeezed is not None:
        yield squeezed
    if setter.style.run_in or not RUN_IN_FALLBACK:
        return
    for plain in (setter, squeezed):
        if plain is None:
            continue
        if cards is not None:
            lines = sum(slab.height for slab in plain.outline(size_grid(setter.layout)[0]))
            if lines > (cards - 1) * plain.header(first=False, numbered=True).body.height + EPS:
                continue
        compact = plain.compact()  # the squeezed one: its text set once for both grids
        if not _stacked(compact.header(first=True, numbered=True)):
            yield compact


def _stacked(header: Header) -> bool:
    """Whether a run-in grid sets a stat value under its label rather than beside it (a
    long value in a narrow cell): the label then stands too close above it."""
    values = [i for i in header.items if isinstance(i, TextLine) and i.role == "stat"]
    # (not the index corner's numeral, which may stand right above a value)
    for label in (i for i in header.items if isinstance(i, Label) and not i.text.isdigit()):
        below = [v for v in values if abs(v.x - label.x) < 0.5 and v.y < label.y - EPS]
        beside = any(abs(v.x - label.x) < 0.5 and abs(v.y - label.y) < EPS for v in values)
        if below and not beside:
            return True
    return False


def _with_big_stats(setter: SpellSetter, result: Fit) -> Fit:
    """Return a one-card fit with its stat values grown with the body (from STAT_SCALE_FROM):
    at the largest body size that still fits one card, with the values as large as that
    size asks or, where a value would then wrap onto a second line or push the material
    note out of the grid, as large as the next smaller size asks; else the fit as it was."""
    sizes = [s for s in size_grid(setter.layout) if s >= STAT_SCALE_FROM - EPS]
    sizes.sort(reverse=True)
    plain = setter.header(first=True, numbered=False)

    def keeps_grid(header: Header) -> bool:
        return _stat_lines(header) <= _stat_lines(plain) and (
            _material_below(plain) or not _material_below(header)
        )

    grown: dict[float, SpellSetter | None] = {}  # stats grown for a size -> setter if kept
    for size in sizes:
        if size > result.faces[0].body_size + EPS:
            continue
        for grown_for in (s for s in sizes if s <= size + EPS):
            if grown_for not in grown:
                big = _grown_stats(setter, grown_for)
                grown[grown_for] = big if keeps_grid(big.header(True, False)) else None
            big = grown[grown_for]
            if big is None:
                continue
            single = big.header(first=True, numbered=False)
            slabs = big.slabs(size)
            if used_height(slabs) <= single.body.height + EPS:
                return Fit((big.card(size, 1, 1, single, slabs),), result.min_cards)
            break  # smaller values would not give the text more room than these
    return result


def _grown_stats(setter: SpellSetter, size: float) -> SpellSetter:
    """Return a setter of the spell whose stat values are grown for a body `size`; it shares
    the description, which the stats do not touch."""
    style = setter.style
    stat = style.sizes.stat * size / STAT_REFERENCE
    big = SpellSetter(
        setter.spell,
        setter.layout,
        setter.context,
        replace(style, sizes=replace(style.sizes, stat=stat)),
    )
    big._headers = setter._headers
    big._slabs, big._outlines = setter._slabs, setter._outlines
    big.squeeze = setter.squeeze
    big._starts = setter._starts
    return big


def _stat_lines(header: Header) -> int:
    """Count the lines of a card's stat values (more than its cells when a value wraps)."""
    return sum(1 for i in header.items if isinstance(i, TextLine) and i.role == "stat")


def _material_below(header: Header) -> bool:
    """Whether a card's material note stands below the stat grid (too long for its cell)."""
    return any(isinstance(i, TextLine) and i.role == "material" for i in header.items)


def _fit(setter: SpellSetter, continue_on_back: bool) -> Fit:
    """Fit a spell with one setter: one card at the largest size, else the fewest cards."""
    layout = setter.layout
    sizes = size_grid(layout)
    single = setter.header(first=True, numbered=False)
    box = single.body.height + EPS

    def fits_one(size: float) -> bool:
        return used_height(setter.outline(size)) <= box

    space = stringWidth(" ", layout.fonts["body"], 1.0)

    def gape(size: float) -> float:
        return _gape(setter.slabs(size), space)

    def one_hopeless(known: float, larger: float) -> bool:
        return used_height(setter.outline(known)) * (larger / known) ** GROWTH > box

    # The estimate spares setting the text at the minimum size where it says the text fits
    # one card (the walk starts at its guess); where it says not, the text may fit all the
    # same (a table paired side by side, whose rows it counts twice): that size is tried.
    if setter.estimate(sizes[0]) <= box or fits_one(sizes[0]):
        k = _walk(sizes, fits_one, _first_guess(sizes, setter.estimate, box), one_hopeless)
        if k is not None and used_height(setter.slabs(sizes[k])) <= box:
            k = _least_gaping(sizes, k, lambda s: used_height(setter.slabs(s)) <= box, gape)
            slabs = setter.slabs(sizes[k])
            return Fit((setter.card(sizes[k], 1, 1, single, slabs),), 1)
    room = _room(setter, continue_on_back)
    first, rest, skip, heights, final = room.first, room.rest, room.skip, room.heights, room.final
    cards = room.cards

    least = len(cards(setter.outline(sizes[0]), False, 10**6))
    plain = without_repeated_headings(setter.outline(sizes[0]))
    if plain is not None and len(cards(plain, False, 10**6)) < least:
        setter.drop_repeated_headings()  # a heading said again may not cost a card
        least = len(cards(plain, False, 10**6))
    allowed = least
    if heights is not None and final is not None:
        # An odd count leaves the last card's back empty: a part more costs no card and may
        # let the text be set larger.
        allowed = least + least % 2
        count = allowed - skip
        capacity = sum(heights(n) for n in range(count - 1)) + final(count - 1)
    else:
        capacity = first + (least - skip - 1) * rest

    def breaks(size: float) -> list[int] | None:
        slabs = setter.outline(size)
        # A lower bound of what the cards must hold: spaces may be dropped, never added.
        if sum(slab.height for slab in slabs) > capacity + EPS:
            return None
        for prefer in (True, False):
            ends = cards(slabs, prefer, allowed)
            culprit = overflow(slabs, ends[skip:], first, rest, heights, final)
            if len(ends) <= allowed and culprit is None:
                return ends
        return None

    # The estimate, scaled to agree with the real height at the minimum size, against the
    # cards' capacity less what a break at a paragraph end typically leaves empty.
    scale = used_height(setter.outline(sizes[0])) / max(setter.estimate(sizes[0]), EPS)
    guess = _first_guess(sizes, lambda s: scale * setter.estimate(s), 0.96 * capacity)

    def hopeless(known: float, larger: float) -> bool:
        total = sum(slab.height for slab in setter.outline(known))
        return total * (larger / known) ** GROWTH > capacity + EPS

    k = _walk(sizes, lambda s: breaks(s) is not None, guess, hopeless)
    if k is None:
        slabs = setter.outline(sizes[0])
        ends = cards(slabs, False, least)
        culprit = overflow(slabs, ends[skip:], first, rest, heights, final)
        what = culprit.what if culprit is not None else "popis"
        raise setter.error(what, sizes[0])
    k = _least_gaping(sizes, k, lambda s: breaks(s) is not None, gape)
    k, ends = _readable_breaks(sizes, k, breaks, room, setter)
    return Fit(_place(setter, sizes, k, ends, room, continue_on_back, space), least)


def fit_spell(
    spell: Spell,
    layout: Layout,
    context: TypesetContext | None = None,
    *,
    continue_on_back: bool = False,
) -> tuple[CardFace, ...]:
    """Set a spell on the fewest cards at the largest body size that fits them."""
    return fit(spell, layout, context, continue_on_back=continue_on_back).faces
