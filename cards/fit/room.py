"""The room of a spell's cards, and the size and card breaks chosen in it.

The public API `search` builds on (nothing else here is meant for use from outside):
- `size_grid(layout)`: the body sizes to try, smallest first;
- `physical_cards(parts, continue_on_back)`: how many cards hold that many parts;
- `Room` and `room_of(setter, continue_on_back)`: what each card of a spell holds (fronts,
  backs with --continue-on-back, the first card's stats), and where its text breaks;
- `fewest_parts(setter, continue_on_back)`: the fewest parts a description takes at the
  minimum size;
- `widest_space(slabs, space)` and `least_gaping(sizes, k, fits, gape)`: a smaller size
  where spaces gape;
- `readable_breaks(sizes, k, breaks, room, setter)`: card breaks that read well, up to
  BREAK_STEPS smaller sizes;
- `place_cards(setter, sizes, k, ends, room, continue_on_back)`: the finished faces.
Every card of a spell takes its one size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.face import CardFace, TextLine
from cards.fit.blocks import without_repeated_headings
from cards.fit.paginate import (
    BREAK_COST,
    EPS,
    LINE,
    Slab,
    plan,
    split,
    used_height,
)
from cards.layout import Layout

if TYPE_CHECKING:
    from cards.fit.setter import SpellSetter

SIZE_STEP = 0.1  # without type.size_steps, body sizes are tried on this grid of points
GAPE = 2.0  # spaces stretched past this many times their width: a smaller size is tried
GAPE_STEPS = 4  # how many size steps smaller at most (the compendium takes 3 at most)
BREAK_STEPS = 2  # how many size steps smaller a spell may be set for card breaks that read well
STEP_COST = 2.0  # a size step smaller, against paginate.BREAK_COST of the breaks it mends


def size_grid(layout: Layout) -> list[float]:
    """Return the body sizes to try, from the minimum to the maximum: the layout's size
    steps within body_min..body_max and those two, or every SIZE_STEP when it lists none."""
    low, high = layout.body_min, layout.body_max
    if layout.sizes.size_steps:
        inside = {step for step in layout.sizes.size_steps if low < step < high}
        return sorted(inside | {low, high})
    steps = int(round((high - low) / SIZE_STEP))
    # The minimum itself, never rounded below it (a body_min of 6.0004 would give 6.0).
    return sorted({low, high} | {round(low + k * SIZE_STEP, 3) for k in range(1, steps)})


def physical_cards(parts: int, continue_on_back: bool) -> int:
    """Return how many cards hold a spell's parts: one a part, or one for two parts
    (front and back) with continue_on_back."""
    return (parts + 1) // 2 if continue_on_back else parts


@dataclass(frozen=True)
class Room:
    """The text height of a spell's cards when it takes more than one (`room_of` makes it):
    `cards` breaks a description into them greedily, `plan` at the least cost."""

    first: float  # the first card's (below the stats)
    rest: float  # every later card's
    skip: int  # 1 when the first card holds only the stats
    heights: Callable[[int], float] | None  # with continue_on_back: card n's height
    final: Callable[[int], float] | None  # and the last card's

    def cards(self, slabs: tuple[Slab, ...], prefer: bool, limit: int) -> list[int]:
        """Return the slab index each card's text ends before (`paginate.split`): a list
        longer than `limit`, cut off there, when the text needs more cards than that."""
        ends = split(
            slabs, self.first, self.rest, prefer, limit - self.skip, self.heights, self.final
        )
        return [0] * self.skip + ends

    def plan(self, slabs: tuple[Slab, ...], limit: int) -> tuple[float, list[int] | None]:
        """Return the cost and the ends of the best card breaks in at most `limit` cards
        (`paginate.plan`), or an infinite cost and None when none fit."""
        first, rest, heights = self.first, self.rest, self.heights
        height = heights or (lambda n: first if n == 0 else rest)
        cost, ends = plan(slabs, height, self.final, limit - self.skip)
        if not ends:
            return cost, None
        return cost, [0] * self.skip + ends


def room_of(setter: SpellSetter, continue_on_back: bool) -> Room:
    """Return the room of a spell's numbered cards (a `Room`), refusing furniture that leaves
    none (the setter's FitError)."""
    layout = setter.layout
    low = size_grid(layout)[0]
    first = setter.header(first=True, numbered=True).body.height
    rest = setter.header(first=False, numbered=True).body.height
    _check_room(setter, first, rest, low)
    # No line fits below the stats (a small card, a long material note): the first card
    # holds only them, and the description starts on the second.
    skip = 1 if first < low * layout.sizes.leading - EPS else 0
    if skip:
        first = rest
    heights, final = _heights(setter, skip) if continue_on_back else (None, None)
    return Room(first, rest, skip, heights, final)


def fewest_parts(setter: SpellSetter, continue_on_back: bool) -> int:
    """Return the fewest parts the description takes, at the minimum size, counted without
    cues or repeated headings (so a setter and its cueless twin count alike)."""
    slabs = setter.outline(size_grid(setter.layout)[0])
    if used_height(slabs) <= setter.header(first=True, numbered=False).body.height + EPS:
        return 1
    plain = without_repeated_headings(slabs, setter.style, False) or slabs  # as `_fit` may
    return len(room_of(setter, continue_on_back).cards(plain, False, 10**6))


def place_cards(
    setter: SpellSetter,
    sizes: list[float],
    k: int,
    ends: list[int],
    room: Room,
    continue_on_back: bool,
) -> tuple[CardFace, ...]:
    """Place a spell's cards: the description set at sizes[k], one size on every card (a
    deck reads as one book), broken before `ends`."""
    size = sizes[k]
    slabs = setter.slabs(size)
    texts = [slabs[start:end] for start, end in zip([0, *ends], ends, strict=False)]
    faces = []
    for part, text in enumerate(texts, 1):
        if continue_on_back and part % 2 == 0:
            header = setter.back_header()
        elif continue_on_back and part < len(ends):
            header = setter.continued_header(first=part == 1)
        else:
            header = setter.header(first=part == 1, numbered=True)
        faces.append(setter.card(size, part, len(ends), header, text))
    return tuple(faces)


def readable_breaks(sizes: list[float], k: int, breaks, room: Room, setter: SpellSetter):
    """Return the size index and card ends whose breaks read best, from sizes[k] down.

    The card breaks at sizes[k] are chosen with `paginate.plan`; when one of them falls
    inside a sentence, up to BREAK_STEPS smaller sizes giving the same number of cards
    are tried too, each step down costing STEP_COST, and the least total cost is taken.
    """
    ends = breaks(sizes[k])
    assert ends is not None
    count = len(ends)

    def planned(j: int) -> tuple[float, list[int]] | None:
        found = ends if j == k else breaks(sizes[j])
        if found is None or len(found) != count:
            return None
        cost, best = room.plan(setter.outline(sizes[j]), count)
        if best is None or len(best) != count or cost == float("inf"):
            return float("inf"), found
        return cost, best

    first = planned(k)
    assert first is not None
    best_k, (best_cost, best_ends) = k, first
    for j in range(k - 1, -1, -1):
        # A plan costs at least nothing: once the steps alone cost as much, none can win.
        if best_cost < BREAK_COST[LINE] or k - j > BREAK_STEPS or STEP_COST * (k - j) >= best_cost:
            break
        option = planned(j)
        if option is not None and option[0] + STEP_COST * (k - j) < best_cost:
            best_k, (best_cost, best_ends) = j, option
            best_cost += STEP_COST * (k - j)
    return best_k, best_ends


def widest_space(slabs, space: float) -> float:
    """Return the widest space of the stretched lines in slabs, as a multiple of its width.

    `space` is the width of the body font's space at 1 pt.
    """
    worst = 1.0
    for slab in slabs:
        for item in slab.items:
            if isinstance(item, TextLine) and item.line.word_space > 0:
                natural = space * item.size
                ratio = (natural + item.line.word_space) * item.line.scale / natural
                worst = max(worst, ratio)
    return worst


def least_gaping(sizes: list[float], k: int, fits, gape) -> int:
    """Return the largest size from sizes[k] down whose spaces gape no wider than GAPE.

    How well the column sets decides the size, not the room left: every smaller size that
    fits (`fits`), up to GAPE_STEPS, is tried until one sets with no line's spaces past GAPE
    times their width; where none does, the least gaping is taken (of equals, the larger).
    """
    best, worst = k, gape(sizes[k])
    for smaller in range(k - 1, max(k - GAPE_STEPS, 0) - 1, -1):
        if worst <= GAPE:
            break
        if fits(sizes[smaller]):
            ratio = gape(sizes[smaller])
            if ratio < worst:
                best, worst = smaller, ratio
    return best


def _heights(
    setter: SpellSetter, skip: int
) -> tuple[Callable[[int], float], Callable[[int], float]]:
    """Return the text height of each card of a spell set with its text continued on backs.

    Card n of the description (after `skip` cards of stats only) is a back when its place
    among all the spell's cards is odd. A front carries the cue that its text goes on
    overleaf, which costs it a line, unless it is the last card (the second function).
    """
    back = setter.back_header().body.height
    cued = (setter.continued_header(True).body.height, setter.continued_header(False).body.height)
    plain = (
        setter.header(first=True, numbered=True).body.height,
        setter.header(first=False, numbered=True).body.height,
    )

    def height(n: int, fronts: tuple[float, float] = cued) -> float:
        card = n + skip
        if card % 2:
            return back
        return fronts[0] if card == 0 else fronts[1]

    return height, lambda n: height(n, plain)


def _check_room(setter: SpellSetter, first: float, rest: float, size: float) -> None:
    """Refuse a card whose furniture overflows it, or leaves no room for a line of text."""
    line = size * setter.style.sizes.leading
    if rest < line - EPS:
        raise setter.error("pruh s názvem a pata s řádkem textu", size, "se nevejdou")
    if first < 0:
        material_below = any(
            isinstance(item, TextLine) and item.role == "material"
            for item in setter.header(first=True, numbered=True).items
        )
        if material_below:
            raise setter.error("poznámka o materiálu", setter.style.sizes.material)
        raise setter.error("pruh s názvem, údaje a pata", size, "se nevejdou")
