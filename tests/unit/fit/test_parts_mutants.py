"""Per-part sizes (cards/fit/parts.py) against a brute force written from the module's rule.

Written to kill what a mutation run left alive. The rule (the module's docstring): the same
number of cards, each card at the largest size step (from the spell's size k up to
MAX_SPREAD steps above it) at which its blocks fit it, the breaks at block boundaries chosen
so that the smallest card is as large as it can be, then the sizes' sum; None when no card
gains a step. The oracle tries every way to cut the boundaries; slabs are made by hand.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cards.fit.paginate import BLOCK, EPS, LINE, NEVER, Slab, used_height
from cards.fit.parts import MAX_SPREAD, Measure, part_sizes

SIZES = (6.0, 6.5, 7.0, 7.5, 8.0, 9.0, 10.0, 11.0)


def _random_slabs(rng: random.Random) -> list[Slab]:
    slabs = [Slab(rng.choice((4.0, 6.0, 9.0)), (), rng.choice((0.0, 1.5)), BLOCK)]
    for _ in range(rng.randint(1, 9)):
        rank = rng.choice((BLOCK, BLOCK, LINE, NEVER))
        slabs.append(Slab(rng.choice((4.0, 6.0, 9.0)), (), rng.choice((0.0, 1.5)), rank))
    return slabs


def _boundaries(slabs: list[Slab]) -> list[int]:
    """Where a card may begin: the first slab and every BLOCK slab; and the end."""
    starts = [0] + [i for i, s in enumerate(slabs) if s.breakable == BLOCK and i]
    return [*starts, len(slabs)]


def _heights(slabs: list[Slab], k: int, growth: float):
    """The used height of boundaries a..b at size j: at size k as paginate measures it,
    grown with the size to the power `growth` (own sum, not the module's)."""
    bounds = _boundaries(slabs)

    def height(j: int, a: int, b: int) -> float:
        i, end = bounds[a], bounds[b]
        if i >= end:
            return 0.0
        used = slabs[i].height + sum(s.space_before + s.height for s in slabs[i + 1 : end])
        return used * (SIZES[j] / SIZES[k]) ** growth

    return height


def _brute_force(blocks, count, k, room, height):
    """The best (smallest size, sum of sizes) over every cut into `count` cards, or None."""
    top = min(len(SIZES) - 1, k + MAX_SPREAD)
    best = None
    for cuts in itertools.combinations(range(1, blocks), count - 1):
        bounds = (0, *cuts, blocks)
        steps = []
        for n, (a, b) in enumerate(itertools.pairwise(bounds)):
            fits = [
                j for j in range(k, top + 1) if height(j, a, b) <= room(n, n == count - 1) + EPS
            ]
            if k not in fits:
                break
            steps.append(max(fits))
        else:
            value = (min(steps), sum(steps))
            best = value if best is None or value > best else best
    if best is None or best[1] <= count * k:
        return None
    return best


def _check(slabs, count, k, room, height, growth):
    base = Measure(slabs)
    blocks = len(_boundaries(slabs)) - 1
    expected = _brute_force(blocks, count, k, room, height) if blocks >= count else None
    parts = part_sizes(SIZES, k, base, count, room, height, growth)
    if expected is None:
        assert parts is None
        return None
    assert parts is not None
    assert len(parts) == count
    assert parts[0].start == 0 and parts[-1].end == blocks
    for n, part in enumerate(parts):
        assert part.start < part.end
        if n:
            assert part.start == parts[n - 1].end
        assert k <= part.size <= min(len(SIZES) - 1, k + MAX_SPREAD)
        assert height(part.size, part.start, part.end) <= room(n, n == count - 1) + EPS
    assert (min(p.size for p in parts), sum(p.size for p in parts)) == expected
    return parts


def test_part_sizes_takes_the_best_breaks_and_sizes_when_the_guess_is_right():
    """600 random descriptions: the growth the parts guess with is the heights' own."""
    rng = random.Random(19)
    found = 0
    for _ in range(600):
        slabs = _random_slabs(rng)
        k = rng.randint(0, 4)
        count = rng.randint(2, 4)
        height = _heights(slabs, k, 1.0)
        whole = height(k, 0, len(_boundaries(slabs)) - 1)
        card, last = rng.uniform(0.3, 0.8) * whole, rng.uniform(0.2, 0.8) * whole

        def room(n, final, card=card, last=last):
            return last if final else card + 3.0 * n

        found += _check(slabs, count, k, room, height, 1.0) is not None
    assert found > 100  # the brute force and part_sizes agree on many real choices


def test_part_sizes_measures_again_until_the_guess_holds():
    """Heights that grow faster than guessed (1.4 vs 1.0): the parts are chosen again with
    what they measured, and come out as the brute force on the true heights; each run the
    choice takes is measured once."""
    rng = random.Random(7)
    found = 0
    for _ in range(400):
        slabs = _random_slabs(rng)
        k = rng.randint(0, 3)
        count = rng.randint(2, 3)
        true = _heights(slabs, k, 1.4)
        calls: list[tuple[int, int, int]] = []

        def height(j, a, b, true=true, calls=calls):
            calls.append((j, a, b))
            return true(j, a, b)

        whole = true(k, 0, len(_boundaries(slabs)) - 1)
        card = rng.uniform(0.35, 0.8) * whole

        def room(n, final, card=card):
            return card

        base = Measure(slabs)
        blocks = len(_boundaries(slabs)) - 1
        parts = part_sizes(SIZES, k, base, count, room, height, 1.0)
        expected = _brute_force(blocks, count, k, room, true) if blocks >= count else None
        assert len(calls) == len(set(calls))
        assert all(j != k for j, _, _ in calls)  # the spell's own size is known: base
        if parts is None:
            continue
        found += 1
        assert expected is not None
        assert (min(p.size for p in parts), sum(p.size for p in parts)) == expected
        for n, part in enumerate(parts):
            assert true(part.size, part.start, part.end) <= room(n, n == count - 1) + EPS
    assert found > 60


def test_fewer_blocks_than_cards_get_no_parts():
    slabs = [Slab(5.0, (), 0.0, BLOCK), Slab(5.0, (), 0.0, BLOCK)]
    height = _heights(slabs, 0, 1.0)
    assert part_sizes(SIZES, 0, Measure(slabs), 3, lambda n, last: 100.0, height) is None
    parts = part_sizes(SIZES, 0, Measure(slabs), 2, lambda n, last: 100.0, height)
    assert parts is not None and [p.size for p in parts] == [MAX_SPREAD, MAX_SPREAD]


def test_measure_counts_a_first_slab_that_is_no_block_start_as_one():
    """A description whose first slab is a line (not BLOCK) still starts a boundary at 0;
    each boundary's height is its slabs' used height, the space above the first dropped."""
    slabs = [
        Slab(4.0, (), 2.0, LINE),
        Slab(6.0, (), 1.0, NEVER),
        Slab(5.0, (), 3.0, BLOCK),
        Slab(7.0, (), 0.5, LINE),
    ]
    measure = Measure(slabs)
    assert measure.starts == [0, 2, 4]
    assert measure.height(0, 1) == used_height(slabs[0:2]) == 4.0 + 1.0 + 6.0
    assert measure.height(1, 2) == used_height(slabs[2:4]) == 5.0 + 0.5 + 7.0
    assert measure.height(0, 2) == used_height(slabs) == 4.0 + 1.0 + 6.0 + 3.0 + 5.0 + 0.5 + 7.0
    assert measure.height(1, 1) == 0.0
    with_repeat = [Slab(4.0, (), 0.0, BLOCK, repeat=Slab(2.0, ())), Slab(3.0, (), 1.0, BLOCK)]
    assert Measure(with_repeat).height(0, 2) == used_height(with_repeat) == 2.0 + 4.0 + 1.0 + 3.0


@pytest.mark.parametrize("k", [0, 3, 6])
def test_no_card_goes_past_the_spread_or_the_largest_size(k):
    """Everything fits at every size: each card takes k + MAX_SPREAD, or the largest size."""
    slabs = [Slab(1.0, (), 0.0, BLOCK) for _ in range(4)]
    parts = part_sizes(SIZES, k, Measure(slabs), 2, lambda n, last: 1e6, _heights(slabs, k, 1.0))
    assert parts is not None
    assert {p.size for p in parts} == {min(k + MAX_SPREAD, len(SIZES) - 1)}
