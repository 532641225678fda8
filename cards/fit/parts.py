"""Per-part sizes: each card of a multi-card spell set at its own size step.

A spell set on several cards at one size takes the size its fullest card allows: a table on
the last card that needs 6.5 pt sets the description on the first at 6.5 pt too, beside a
hole. When the cards can break at block boundaries (paragraph, list item, table, panel), each
card may take the largest size step at which its blocks fit it: `part_sizes` chooses the
breaks and the sizes with look-ahead over the cards, for the same number of cards, no card
smaller than the size the spell was set at, the smallest card as large as it can be, then
the sizes' sum. A heading stays with its block (its block's first slab is never a boundary).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from cards.fit.paginate import BLOCK, EPS, Slab, opening, used_height
from cards.model import Block, BulletList, card_order

# A part set larger than the spell's size is worth its steps: how many steps, at most,
# the cards of one spell may differ (a card at 10 pt beside one at 6.5 pt reads as two spells).
MAX_SPREAD = 3
MAX_ROUNDS = 6  # choices made again with the heights they took measured, at most


@dataclass(frozen=True)
class Part:
    """One card of a spell set on its own: the size index, and the boundaries it holds."""

    size: int  # index into the size grid
    start: int  # the first block boundary it holds (an index into `Measure.starts`)
    end: int  # and the boundary it ends before


class Measure:
    """The block boundaries and heights of a description at one size, by prefix sums."""

    def __init__(self, slabs: Sequence[Slab]):
        self.slabs = slabs
        self.starts = [i for i, slab in enumerate(slabs) if slab.breakable == BLOCK]
        if not self.starts or self.starts[0] != 0:
            self.starts.insert(0, 0)
        self.starts.append(len(slabs))
        sums = [0.0]
        for slab in slabs:
            sums.append(sums[-1] + slab.space_before + slab.height)
        self.sums = sums

    def height(self, a: int, b: int) -> float:
        """Return the used height of boundaries a..b at the top of a card
        (`paginate.used_height` of those slabs)."""
        i, j = self.starts[a], self.starts[b]
        if i >= j:
            return 0.0
        return opening(self.slabs[i]) + self.sums[j] - self.sums[i + 1]

    def span(self, part: Part) -> tuple[int, int]:
        """Return the slab indices a part holds at this size."""
        return self.starts[part.start], self.starts[part.end]


def part_sizes(
    sizes: Sequence[float],
    k: int,
    base: Measure,
    count: int,
    room: Callable[[int, bool], float],
    height: Callable[[int, int, int], float],
    growth: float = 1.0,
) -> list[Part] | None:
    """Return the cards of a spell each at its own size, or None when no card gains.

    `base` measures the description at `sizes[k]`, the size the spell is set at on `count`
    cards; `room(n, last)` is card n's text height (as the last card, when `last`);
    `height(j, a, b)` sets the blocks of boundaries a..b alone at sizes[j] and measures them.
    The parts are chosen by a guess of each run's height at a larger size (its height at
    the largest size measured, grown with the size to the power `growth`); the runs the
    choice takes are then measured, and it is made again, until it holds on measured heights
    (at most MAX_ROUNDS times, else None).
    """
    blocks = len(base.starts) - 1
    if blocks < count:
        return None
    top = min(len(sizes) - 1, k + MAX_SPREAD)
    known: dict[tuple[int, int, int], float] = {}

    def guess(j: int, a: int, b: int) -> float:
        if j == k:
            return base.height(a, b)
        if (j, a, b) in known:
            return known[j, a, b]
        i = max((i for i in range(k + 1, j) if (i, a, b) in known), default=k)
        return guess(i, a, b) * (sizes[j] / sizes[i]) ** growth

    for _ in range(MAX_ROUNDS):
        chosen = _best(count, blocks, _Sizes(k, top, guess), room)
        if chosen is None:
            return None
        unmeasured = [
            (p.size, p.start, p.end)
            for p in chosen
            if p.size != k and (p.size, p.start, p.end) not in known
        ]
        if not unmeasured:
            return chosen
        for key in unmeasured:
            known[key] = height(*key)
    return None


@dataclass
class _Sizes:
    """The largest size index k..top at which a run of boundaries fits a height."""

    k: int
    top: int
    height: Callable[[int, int, int], float]  # (size index, a, b) -> used height

    def __post_init__(self) -> None:
        self.memo: dict[tuple[float, int, int], int | None] = {}

    def largest(self, room: float, a: int, b: int) -> int | None:
        """Return the largest size from k up at which boundaries a..b fit `room`, or None
        when they do not fit even at k. A size they were measured to fit counts though a
        smaller one is guessed not to: a guess may grow faster than the text, and a run
        measured for one card may be asked about for a card of less room."""
        key = (room, a, b)
        if key not in self.memo:

            def fits(j: int) -> bool:
                return self.height(j, a, b) <= room + EPS

            found = None
            if fits(self.k):
                found = max(j for j in range(self.k, self.top + 1) if fits(j))
            self.memo[key] = found
        return self.memo[key]


def _best(
    count: int, blocks: int, sizes: _Sizes, room: Callable[[int, bool], float]
) -> list[Part] | None:
    """Return `count` cards over the boundaries 0..blocks whose smallest size is the
    largest, then whose sizes' sum; None when none fit or no card gains a step."""
    memo: dict[tuple[int, int], tuple[int, int, tuple[Part, ...]] | None] = {}

    def best(n: int, a: int) -> tuple[int, int, tuple[Part, ...]] | None:
        key = (n, a)
        if key in memo:
            return memo[key]
        result = None
        if n == count - 1:
            j = sizes.largest(room(n, True), a, blocks)
            if j is not None:
                result = (j, j, (Part(j, a, blocks),))
        else:
            for b in range(a + 1, blocks - (count - 1 - n) + 1):
                j = sizes.largest(room(n, False), a, b)
                if j is None:
                    break  # more blocks only take more room
                rest = best(n + 1, b)
                if rest is None:
                    continue
                option = (min(j, rest[0]), j + rest[1], (Part(j, a, b), *rest[2]))
                if result is None or option[:2] > result[:2]:
                    result = option
        memo[key] = result
        return result

    found = best(0, 0)
    if found is None or found[1] <= count * sizes.k:
        return None
    return list(found[2])


def own_sizes(
    setter,
    sizes: Sequence[float],
    k: int,
    count: int,
    room: Callable[[int, bool], float],
    growth: float,
) -> list[tuple[int, tuple[Slab, ...]]] | None:
    """Return per card of a spell's description its size index and slabs, each card at its
    own size (`part_sizes`), or None when no card gains by it.

    `setter` is the spell's `search.SpellSetter`, set at `sizes[k]` on `count` cards; a part
    at another size is set alone (`SpellSetter.run`): its blocks, a list cut to its items.
    """
    if count < 2:
        return None
    base = Measure(setter.outline(sizes[k]))
    where = setter.block_starts(sizes[k])
    ordered = card_order(setter.spell.blocks)

    def blocks(a: int, b: int) -> list[Block]:
        """The blocks of boundaries a..b, a list cut to the items between them."""
        (b0, i0), (b1, i1) = where[base.starts[a]], where.get(base.starts[b], (len(ordered), 0))
        out = []
        for index in range(b0, b1 + (1 if i1 else 0)):
            block = ordered[index]
            if isinstance(block, BulletList):
                low = i0 if index == b0 else 0
                high = i1 if index == b1 and i1 else len(block.items)
                block = replace(block, items=block.items[low:high])
            out.append(block)
        return out

    def measured(j: int, a: int, b: int) -> float:
        return used_height(setter.run(blocks(a, b), sizes[j], outline=True))

    chosen = part_sizes(sizes, k, base, count, room, measured, growth)
    if chosen is None:
        return None
    full = setter.slabs(sizes[k])
    out = []
    for part in chosen:
        if part.size == k:
            start, end = base.span(part)
            out.append((k, full[start:end]))
        else:
            text = setter.run(blocks(part.start, part.end), sizes[part.size], outline=False)
            out.append((part.size, text))
    return out
