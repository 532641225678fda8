"""Slabs onto cards: the one measure of used height, card breaks and `fill_card`.

A slab is a horizontal strip of the description (a line, a table row). `used_height` says
how tall a run of slabs is at the top of a card: the repeated table header above the first
(if it has one), every slab, and the space above each slab but the first (dropped at a card's
top). The size search and the card breaking both measure with it (and its two steps,
`opening` and `advance`), so they cannot disagree. A slab may belong to a `Panel`: `fill_card`
draws the panel's ground once per card behind its slabs there (it adds no height).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cards.face import Area, Fill, Primitive, Rule
from cards.frozen import frozen_record

FULL = 0.8  # a card counts as reasonably full for a break at a paragraph end
EPS = 1e-6

# Where a card may end before a slab, worst to best: never (widow, orphan, a word torn,
# heading kept with its text); inside a sentence leaving less than a full line or six words
# of it, or inside a number's phrase (SHORT, a last resort); inside a sentence (LINE, also
# between table rows); after a sentence (SENTENCE); at a block boundary (BLOCK).
NEVER, SHORT, LINE, SENTENCE, BLOCK = 0, 1, 2, 3, 4
# What `plan` counts for a card ending before a slab of each rank (NEVER: at the card edge,
# the rules giving way), and for each share of a card's text height a break leaves empty.
BREAK_COST = {BLOCK: 0.0, SENTENCE: 1.0, LINE: 4.0, SHORT: 12.0, NEVER: 100.0}
EMPTY_COST = 4.0
# A card before the last that its text leaves more than SHORT_OF_FULL short of full, once
# opened, costs SHORT_COST more: a spell's earlier cards are full (points: 5 mm).
SHORT_OF_FULL = 5 * 72 / 25.4
SHORT_COST = 8.0


@dataclass(frozen=True)
class Panel:
    """The tinted ground and bar of a run of slabs (the higher-levels panel).

    `fill_card` draws one fill and one bar per card for the slabs of a panel that stand
    together there, under their text: no seams between lines. `key` tells two panels apart.
    """

    key: int
    x: float
    width: float
    colour: str
    bar_x: float
    bar_width: float
    bar_colour: str

    def shapes(self, top: float, bottom: float) -> tuple[Fill, Rule]:
        """Return the fill and the bar from `top` down to `bottom` (absolute y)."""
        fill = Fill(self.x, bottom, self.width, top - bottom, self.colour)
        return fill, Rule(self.bar_x, top, self.bar_x, bottom, self.bar_width, self.bar_colour)


@frozen_record
class Slab:
    """A horizontal strip of the description: one line, a table row, a gap-free unit.

    Its items have absolute x and a y relative to the slab's top (zero or negative).
    """

    height: float
    items: tuple[Primitive, ...]
    space_before: float = 0.0  # dropped at the top of a card
    breakable: int = BLOCK  # may a card end before this slab: NEVER, LINE or BLOCK
    repeat: Slab | None = None  # set above it when it begins a card (a table's header row)
    what: str = "řádek popisu"  # for messages: what this slab holds
    panel: Panel | None = None  # drawn behind it, one shape with its neighbours in the panel
    stretch: float = 0.0  # how much space above it may open where a card has room (not on top)


@dataclass(frozen=True)
class Remainder:
    """The slabs left over when a card is full."""

    slabs: tuple[Slab, ...]


def opening(slab: Slab) -> float:
    """Return the height a slab takes at the top of a card (with its repeated header)."""
    head = slab.repeat.height if slab.repeat is not None else 0.0
    return head + slab.height


def advance(used: float, slab: Slab) -> float:
    """Return the used height after one more slab below others on the same card."""
    return used + slab.space_before + slab.height


def used_height(slabs: Sequence[Slab]) -> float:
    """Return how tall a run of slabs is when it begins a card."""
    if not slabs:
        return 0.0
    used = opening(slabs[0])
    for slab in slabs[1:]:
        used = advance(used, slab)
    return used


def card_end(slabs: Sequence[Slab], start: int, height: float, prefer_blocks: bool) -> int:
    """Return where the card that begins with slabs[start] ends (exclusive index).

    A card ends before the last slab it may end at that still fits, at a block boundary
    when `prefer_blocks` and the card is FULL enough. Nothing allowed fits: the rules give
    way to the card edge. Not even one slab fits: that slab alone (the caller checks).
    """
    count = len(slabs)
    if start >= count:
        return count
    used = opening(slabs[start])
    if used > height + EPS:
        return start + 1
    best_any = best_block = None
    i = start + 1
    while i < count:
        slab = slabs[i]
        if slab.breakable:
            best_any = i
            if slab.breakable == BLOCK and used >= FULL * height:
                best_block = i
        used = advance(used, slab)
        if used > height + EPS:
            break
        i += 1
    else:
        return count
    if prefer_blocks and best_block is not None:
        return best_block
    if best_any is not None:
        return best_any
    return i


def plan(
    slabs: Sequence[Slab],
    height: Callable[[int], float],
    final: Callable[[int], float] | None,
    limit: int,
) -> tuple[float, list[int]]:
    """Return the cost and the end index of each card of the best breaks into `limit` cards.

    Looks ahead over all the cards rather than filling each in turn: every place a card may
    end costs by its rank (BREAK_COST), and every card, the last too, by the room its text
    leaves empty once its lines and gaps are opened (EMPTY_COST per card's height, and
    SHORT_COST for an earlier card more than SHORT_OF_FULL short): the text is shared out so
    that opening fills each card. The breaks of least total cost are taken.
    Card n holds `height(n)`, or `final(n)` as the last. Every end `split` could choose is
    among those tried, so where `split` finds `limit` cards this does too.
    """
    count = len(slabs)
    memo: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {}
    worst = (float("inf"), ())
    # What cards n.. can hold at most (each up to EPS over its room, as every fit test
    # allows), and what the slabs from i on take at least: a break that leaves more text
    # than the cards after it can hold (with EPS to spare for sums taken in another order)
    # is not followed (costs nothing).
    can_hold = [0.0] * (limit + 1)
    for n in range(limit - 1, -1, -1):
        most = max(height(n), final(n)) if final is not None else height(n)
        can_hold[n] = can_hold[n + 1] + most + EPS
    takes = [0.0] * (count + 1)
    for i in range(count - 1, -1, -1):
        takes[i] = takes[i + 1] + slabs[i].height

    def best(n: int, start: int) -> tuple[float, tuple[int, ...]]:
        key = (n, start)
        if key in memo:
            return memo[key]
        result = worst
        if n < limit:
            room = height(n)
            last_room = final(n) if final is not None else room
            used = opening(slabs[start])
            opens = 0.0  # what the card's slabs may open by (`openings`)
            j = start + 1
            options: list[tuple[float, tuple[int, ...]]] = []
            while True:
                if j == count:
                    if used <= last_room + EPS:
                        empty = max(0.0, last_room - used - opens)
                        options.append((EMPTY_COST * empty / last_room, (count,)))
                    break
                if used <= room + EPS and takes[j] <= can_hold[n + 1] + EPS:
                    rank = slabs[j].breakable
                    empty = max(0.0, room - used - opens)
                    cost = BREAK_COST[rank] + EMPTY_COST * empty / room
                    if empty > SHORT_OF_FULL:
                        cost += SHORT_COST
                    rest_cost, rest = best(n + 1, j)
                    options.append((cost + rest_cost, (j, *rest)))
                used = advance(used, slabs[j])
                opens += slabs[j].stretch
                if used > max(room, last_room) + EPS:
                    break
                j += 1
            if options:
                result = min(options, key=lambda option: option[0])
        memo[key] = result
        return result

    if not slabs:
        return 0.0, [0]
    cost, ends = best(0, 0)
    # best's closure holds best itself (it recurses): unbound here, it goes with this call
    # by reference counting, with all it holds, and leaves the collector no cycle.
    best = None  # noqa: F841
    return cost, list(ends)


def split(
    slabs: Sequence[Slab],
    first: float,
    rest: float,
    prefer_blocks: bool,
    limit: int,
    heights: Callable[[int], float] | None = None,
    final: Callable[[int], float] | None = None,
) -> list[int]:
    """Return the end index of each card, stopping once there are more than `limit` cards.

    Card n holds `heights(n)` if given (cards of several kinds), else `first`, then `rest`;
    `final(n)`, if given, is what card n holds when the rest of the text fits it as the last.
    """
    height = heights or (lambda n: first if n == 0 else rest)
    ends: list[int] = []
    start = 0
    while start < len(slabs) or not ends:
        end = -1
        if final is not None:
            end = card_end(slabs, start, final(len(ends)), prefer_blocks)
        if end != len(slabs):
            end = card_end(slabs, start, height(len(ends)), prefer_blocks)
        ends.append(end)
        start = end
        if len(ends) > limit:
            break
    return ends


def overflow(
    slabs: Sequence[Slab],
    ends: Sequence[int],
    first: float,
    rest: float,
    heights: Callable[[int], float] | None = None,
    final: Callable[[int], float] | None = None,
) -> Slab | None:
    """Return the first slab of a card the breaks overfill (one taller than the card), or None.

    The last card holds `final(n)` if given, the others as in `split`.
    """
    height = heights or (lambda n: first if n == 0 else rest)
    start = 0
    for n, end in enumerate(ends):
        room = final(n) if final is not None and n == len(ends) - 1 else height(n)
        if used_height(slabs[start:end]) > room + EPS:
            return slabs[start]
        start = end
    return None


def openings(slabs: Sequence[Slab], height: float, centre: bool = True) -> tuple[float, ...]:
    """Return the space added above each slab of a card of `height` to fill its room.

    Vertical justification: every slab but the first opens by one share of its `stretch`
    (the line distance up to type.leading_max, a paragraph gap up to paragraph_gap_max),
    the share that fills the room, at most all of it. Room left when all of it is open is
    the layout's to fill: a panel (higher levels) stands at the card's foot and the text
    above it is centred in what remains; without a panel the text is centred on the card.
    Without `centre` the text stays at the top, the room below it (`leftover`). The first
    value is the space above the first slab.
    """
    room = height - used_height(slabs)
    if room <= EPS or not slabs:
        return (0.0,) * len(slabs)
    most = sum(slab.stretch for slab in slabs[1:])
    share = min(1.0, room / most) if most > EPS else 0.0
    extra = [0.0, *(share * slab.stretch for slab in slabs[1:])]
    left = room - share * most
    if left > EPS:
        foot = next((n for n, slab in enumerate(slabs) if n and slab.panel is not None), None)
        half = left / 2 if centre else 0.0
        if foot is not None and slabs[foot - 1].panel is None:
            extra[0] += half  # the text centred above the panel, the panel at the foot
            extra[foot] += left - half
        else:
            extra[0] += half  # centred: as much room above the text as below it
    return tuple(extra)


def leftover(slabs: Sequence[Slab], height: float) -> float:
    """Return the room a card of `height` keeps when all its slabs fit and open fully."""
    return max(0.0, height - used_height(slabs) - sum(slab.stretch for slab in slabs[1:]))


def fill_card(
    slabs: Sequence[Slab], area: Area, *, prefer_blocks: bool = True, centre: bool = True
) -> tuple[tuple[Primitive, ...], Remainder | None]:
    """Place as many slabs as fit in the area from its top; return them and what remains.

    The slabs of a panel that stand together get one fill and one bar, placed under them.
    When they all fit and leave room, the space above each (but the first) opens by the
    same share of its `stretch`, and room left over centres the text (`openings`; not
    without `centre`).
    """
    end = card_end(slabs, 0, area.height, prefer_blocks)
    extra = openings(slabs, area.height, centre) if end == len(slabs) else (0.0,) * end
    placed: list[Primitive] = []
    top = area.top
    if extra:
        top -= extra[0]
    run: tuple[Panel, int, float] | None = None  # the open panel, where its items start, top
    head = slabs[0].repeat if slabs else None
    if head is not None:
        if head.panel is not None:  # a cue on the panel's ground, which it begins
            run = (head.panel, len(placed), top)
        placed.extend(item.moved(top) for item in head.items)
        top -= head.height
    for n, slab in enumerate(slabs[:end]):
        if n:
            top -= slab.space_before + extra[n]
        if run is not None and (slab.panel != run[0] or slab.space_before):
            placed[run[1] : run[1]] = run[0].shapes(run[2], top + slab.space_before)
            run = None
        if slab.panel is not None and run is None:
            run = (slab.panel, len(placed), top)
        placed.extend(item.moved(top) for item in slab.items)
        top -= slab.height
    if run is not None:
        placed[run[1] : run[1]] = run[0].shapes(run[2], top)
    rest = tuple(slabs[end:])
    return tuple(placed), (Remainder(rest) if rest else None)
