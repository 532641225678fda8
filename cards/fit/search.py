"""The body-size search: one card at the largest size that fits, else the fewest cards.

One card if the description fits at the layout's minimum body size, at the largest size (one
of the layout's type.size_steps, or on a SIZE_STEP grid without them) at which it does; else
the fewest cards at the minimum size, set at the largest size that keeps that count. Every
trial measures with `paginate.used_height` and breaks with `paginate.split`, as the cards
are then filled: what the search accepts fits.
The sizes stop below the spell's name (the body is always smaller than the title) and at
type.body_max, the top chosen per layout by how well its column sets (bench/bench_scale.py);
where a size leaves a justified line with spaces over GAPE times their width, smaller sizes
are tried, and the largest that sets well is taken. Every card of a spell has one size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import CardFace, Label, TextLine
from cards.fit.blocks import without_repeated_headings
from cards.fit.furniture import Header
from cards.fit.paginate import EPS, Slab, overflow, used_height
from cards.fit.room import (
    fewest_parts,
    least_gaping,
    physical_cards,
    place_cards,
    readable_breaks,
    room_of,
    size_grid,
    widest_space,
)
from cards.fit.setter import FitError, SpellSetter
from cards.layout import Layout
from cards.model import Spell
from cards.typeset import TypesetContext

STAT_SCALE_FROM = 9.25  # a body this large or larger grows the stat values with it
STAT_REFERENCE = 8.5  # points: the body size the layouts' type.stat is drawn for
# The description's height grows with the body size to at least this power (the leading
# times the lines, which never get fewer): a larger size whose height so bounded cannot fit
# is not set at all.
GROWTH = 1.0
RUN_IN_FALLBACK = True  # the run-in stat grid for a spell it saves a card (tests turn it off)


@dataclass(frozen=True)
class Fit:
    """The faces of a spell and the fewest cards it would need at the minimum size."""

    faces: tuple[CardFace, ...]
    min_cards: int


def _walk(
    sizes: list[float],
    fits: Callable[[float], bool],
    start: int,
    hopeless: Callable[[float, float], bool] | None = None,
) -> int | None:
    """Return the index of the largest size for which fits() holds, walking from a guess.

    Walking up, `hopeless(known, larger)` may say from the size known to fit that a larger
    one cannot (a bound), which spares setting the text there: the search's bounds are the
    height growing with the size (GROWTH) and the text's fewest lines at the larger size
    (`SpellSetter.fewest`), which rule out 9 in 10 of the sizes tried above one that fits."""
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
        cards = physical_cards(len(result.faces), continue_on_back)
        tried = [setter, *_denser(setter, None if continue_on_back else cards)]
        # The cue of a card begun inside a sentence costs a card only where nothing else
        # saves it; without it that card says so at its foot (`SpellSetter.card`). `fewest_parts`
        # counts without cues or repeated headings, so a setter and its cueless twin count
        # alike: the twin is made only where the count says it may save a card.
        for plain, cueless in [*((s, False) for s in tried[1:]), *((s, True) for s in tried)]:
            try:
                if physical_cards(fewest_parts(plain, continue_on_back), continue_on_back) >= cards:
                    continue
                found = _fit(plain.cueless() if cueless else plain, continue_on_back)
            except FitError:
                continue  # a grid the card cannot hold: the spell is set as it was
            if physical_cards(len(found.faces), continue_on_back) < cards:
                result, cards = found, physical_cards(len(found.faces), continue_on_back)

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
    single = setter.header(first=True, numbered=False)
    sizes = _below_title(size_grid(layout), (single,))
    box = single.body.height + EPS

    def fits_one(size: float) -> bool:
        return used_height(setter.outline(size)) <= box

    space = stringWidth(" ", layout.fonts["body"], 1.0)

    def gape(size: float) -> float:
        return widest_space(setter.slabs(size), space)

    def one_hopeless(known: float, larger: float) -> bool:
        grown = used_height(setter.outline(known)) * (larger / known) ** GROWTH
        return grown > box or used_height(setter.fewest(larger)) > box

    # The estimate spares setting the text at the minimum size where it says the text fits
    # one card (the walk starts at its guess); where it says not, the text may fit all the
    # same (a table paired side by side, whose rows it counts twice): that size is tried.
    if setter.estimate(sizes[0]) <= box or fits_one(sizes[0]):
        k = _walk(sizes, fits_one, _first_guess(sizes, setter.estimate, box), one_hopeless)
        if k is not None and used_height(setter.slabs(sizes[k])) <= box:
            k = least_gaping(sizes, k, lambda s: used_height(setter.slabs(s)) <= box, gape)
            slabs = setter.slabs(sizes[k])
            return Fit((setter.card(sizes[k], 1, 1, single, slabs),), 1)
    room = room_of(setter, continue_on_back)
    numbered = (setter.header(first=True, numbered=True), setter.header(False, True))
    sizes = _below_title(sizes, numbered)
    first, rest, skip, heights, final = room.first, room.rest, room.skip, room.heights, room.final
    cards = room.cards

    least = len(cards(setter.outline(sizes[0]), False, 10**6))
    plain = without_repeated_headings(setter.outline(sizes[0]), setter.style, setter.cues)
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
        if total(slabs) > capacity + EPS:
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
        grown = total(setter.outline(known)) * (larger / known) ** GROWTH
        return grown > capacity + EPS or total(setter.fewest(larger)) > capacity + EPS

    k = _walk(sizes, lambda s: breaks(s) is not None, guess, hopeless)
    if k is None:
        slabs = setter.outline(sizes[0])
        ends = cards(slabs, False, least)
        culprit = overflow(slabs, ends[skip:], first, rest, heights, final)
        what = culprit.what if culprit is not None else "popis"
        raise setter.error(what, sizes[0])
    k = least_gaping(sizes, k, lambda s: breaks(s) is not None, gape)
    k, ends = readable_breaks(sizes, k, breaks, room, setter)
    return Fit(place_cards(setter, sizes, k, ends, room, continue_on_back), least)


def total(slabs: Sequence[Slab]) -> float:
    """Return the height of slabs with no space between them: what cards hold at least."""
    return sum(slab.height for slab in slabs)


def _below_title(sizes: list[float], headers: Sequence[Header]) -> list[float]:
    """Return the body sizes smaller than the spell's name on every card (the smallest size
    always stays: the layout's minimum holds even beside a name shrunk to its own)."""
    title = min(
        (i.size for h in headers for i in h.items if isinstance(i, TextLine) and i.role == "title"),
        default=float("inf"),
    )
    return [s for s in sizes if s < title - EPS] or sizes[:1]


def fit_spell(
    spell: Spell,
    layout: Layout,
    context: TypesetContext | None = None,
    *,
    continue_on_back: bool = False,
) -> tuple[CardFace, ...]:
    """Set a spell on the fewest cards at the largest body size that fits them."""
    return fit(spell, layout, context, continue_on_back=continue_on_back).faces
