"""Per-part sizes (cards/fit/parts.py) against a brute force written from the module's rule.

Written to kill what a mutation run left alive. The rule (the module's docstring): the same
number of cards, each card at the largest size step (from the spell's size k up to
MAX_SPREAD steps above it) at which its blocks fit it, the breaks at block boundaries chosen
so that the smallest card is as large as it can be, then the sizes' sum; None when no card
gains a step. The oracle tries every way to cut the boundaries; slabs are made by hand.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from types import SimpleNamespace

import pytest

from cards.fit.paginate import BLOCK, EPS, LINE, NEVER, Slab, used_height
from cards.fit.parts import MAX_SPREAD, Measure, Part, own_sizes, part_sizes
from cards.model import BulletList, Paragraph

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


def test_a_part_is_a_value_that_cannot_be_changed():
    """A card's part compares and hashes by its size and boundaries, and cannot be changed."""
    part = Part(2, 0, 3)
    assert part == Part(2, 0, 3) and hash(part) == hash(Part(2, 0, 3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        part.size = 3  # type: ignore[misc]


def test_measure_sums_heights_a_float_holds_without_losing_a_bit():
    """Slabs of 1 pt and of 5 pt and 2**-50 (the last bit of a float between 4 and 8): their
    sum, 6 pt and 2**-50, is a float, and the run measures it exactly, as used_height does
    (prefix sums started anywhere but at nothing pass 8 pt, where that bit is lost)."""
    slabs = [Slab(1.0, (), 0.0, BLOCK), Slab(5.0 + 2.0**-50, (), 0.0, BLOCK)]
    measure = Measure(slabs)
    assert measure.height(0, 2) == used_height(slabs) == 6.0 + 2.0**-50
    assert measure.height(1, 2) == 5.0 + 2.0**-50


def test_a_run_as_tall_as_its_room_and_eps_fits():
    """EPS is the tolerance of every fit test: a card's block measured at 7.5 pt as its
    20 pt room plus EPS fits there (the other card's block, 12.5 pt, too): both at 7.5 pt."""

    def height(j: int, a: int, b: int) -> float:
        if j == 0:
            return 10.0
        return 20.0 + EPS if a == 0 else 10.0 * SIZES[j] / SIZES[0]

    slabs = [Slab(10.0, (), 0.0, BLOCK), Slab(10.0, (), 0.0, BLOCK)]
    parts = part_sizes(SIZES, 0, Measure(slabs), 2, lambda n, last: 20.0, height)
    assert parts == [Part(3, 0, 1), Part(3, 1, 2)]


def test_of_breaks_equally_good_the_first_card_ends_at_the_earlier():
    """Three blocks of 10 pt on two cards of 20 pt: one block fits up to 7.5 pt (12.5 pt),
    two only at 6 pt (20 pt; 21.7 pt at 6.5 pt). Either cut gives one card at 7.5 pt and one
    at 6 pt: the first found is kept, the first card ending after one block."""
    slabs = [Slab(10.0, (), 0.0, BLOCK) for _ in range(3)]
    height = _heights(slabs, 0, 1.0)
    parts = part_sizes(SIZES, 0, Measure(slabs), 2, lambda n, last: 20.0, height)
    assert parts == [Part(3, 0, 1), Part(0, 1, 3)]


def test_a_guess_grows_from_the_largest_size_measured_below_it():
    """Two blocks on two cards of 95 pt; block a is 60 pt at 6 pt and grows in proportion
    (70 pt at 7 pt, 80 at 8, 90 at 9), guessed to grow with the square of the size: 81.7 pt
    at 7 pt, 106.7 at 8 from its 6 pt height. So it is taken at 7 pt and measured (70 pt);
    grown from that, 8 pt is 91.4 pt: taken, measured (80 pt); grown from that, 9 pt is
    101.3 pt, over the room: a stays at 8 pt. Block b (90 pt at 6 pt) stays at 6 pt."""
    sizes = (6.0, 7.0, 8.0, 9.0)
    calls: list[tuple[int, int, int]] = []

    def height(j: int, a: int, b: int) -> float:
        calls.append((j, a, b))
        return (60.0 if a == 0 else 90.0) * sizes[j] / sizes[0]

    slabs = [Slab(60.0, (), 0.0, BLOCK), Slab(90.0, (), 0.0, BLOCK)]
    parts = part_sizes(sizes, 0, Measure(slabs), 2, lambda n, last: 95.0, height, 2.0)
    assert parts == [Part(2, 0, 1), Part(0, 1, 2)]
    assert calls == [(1, 0, 1), (2, 0, 1)]


def test_a_choice_that_takes_more_rounds_than_max_rounds_is_given_up():
    """Blocks of 4, 12 and 4 pt at 6 pt on two cards of 20 pt; a run of two blocks is
    guessed to grow in proportion (16 pt: 20 pt at 7.5 pt) but measures 21 pt at every
    larger size, one block 5 pt. The choice swings between the two cuts, taking the two
    blocks one size lower each round: (a | b c) and (a b | c) at 7.5 pt, then (a | b c) at
    7 pt, (a b | c) at 7 pt, and so at 6.5 pt: six rounds, each measuring a run too tall.
    The seventh would take one block at 7.5 pt and two at 6 pt (all measured): past
    MAX_ROUNDS (6), no parts."""
    calls: list[tuple[int, int, int]] = []

    def height(j: int, a: int, b: int) -> float:
        calls.append((j, a, b))
        return 21.0 if b - a == 2 else 5.0

    slabs = [Slab(h, (), 0.0, BLOCK) for h in (4.0, 12.0, 4.0)]
    assert part_sizes(SIZES, 0, Measure(slabs), 2, lambda n, last: 20.0, height) is None
    assert calls == [
        (3, 0, 1), (3, 1, 3), (3, 0, 2), (3, 2, 3), (2, 1, 3), (2, 0, 2), (1, 1, 3), (1, 0, 2)
    ]  # fmt: skip


def test_a_size_measured_to_fit_counts_above_one_guessed_not_to():
    """Blocks of 4, 4, 8, 4 and 4 pt at 6 pt, as tall in proportion at larger sizes and
    guessed to grow with the size to the power 1.6 (room.PART_GROWTH); four cards: fronts
    of 15 pt, backs of 10.1 pt. First the 8 pt block is taken alone on a front (a | b | c |
    d e) at 7.5 pt, measured 10 pt. On the back before it (a b | c | d | e) it is guessed
    at 10.24 pt at 7 pt, over the room, yet was measured to fit at 7.5 pt: every card is
    set at 7.5 pt that way (d e would be guessed over their back at 7.5 pt)."""
    slabs = [Slab(h, (), 0.0, BLOCK) for h in (4.0, 4.0, 8.0, 4.0, 4.0)]
    height = _heights(slabs, 0, 1.0)

    def room(n: int, last: bool) -> float:
        return 15.0 if n % 2 == 0 and not last else 10.1

    parts = part_sizes(SIZES, 0, Measure(slabs), 4, room, height, 1.6)
    assert parts == [Part(3, 0, 2), Part(3, 2, 3), Part(3, 3, 4), Part(3, 4, 5)]
    assert height(3, 2, 3) == 10.0 < 10.1 < 8.0 * (7.0 / 6.0) ** 1.6  # measured, guessed


# --- own_sizes: the blocks of a part, a list cut to its items ----------------------------------


class _Items:
    """A setter of paragraphs and bulleted lists: one slab per paragraph and per item, each
    as tall at a size as `heights[size]` says, its `what` the text it sets."""

    def __init__(self, blocks, heights: dict[float, float]):
        self.spell = SimpleNamespace(blocks=tuple(blocks))
        self.heights = heights

    def run(self, blocks, size: float, outline: bool) -> tuple[Slab, ...]:
        texts = []
        for block in blocks:
            texts.extend(block.items if isinstance(block, BulletList) else (block.text,))
        return tuple(Slab(self.heights[size], (), 0.0, BLOCK, what=text) for text in texts)

    def outline(self, size: float) -> tuple[Slab, ...]:
        return self.run(self.spell.blocks, size, True)

    def slabs(self, size: float) -> tuple[Slab, ...]:
        return self.run(self.spell.blocks, size, False)

    def block_starts(self, size: float) -> dict[int, tuple[int, int]]:
        starts, index = {}, 0
        for number, block in enumerate(self.spell.blocks):
            for item in range(len(block.items) if isinstance(block, BulletList) else 1):
                starts[index] = (number, item)
                index += 1
        return starts


def test_parts_that_begin_and_end_inside_lists_are_set_with_their_items_only():
    """A paragraph, a list of two items, a paragraph, a list of three, a paragraph: eight
    slabs of 10 pt at 6 pt, 11 pt at 7 pt. On three cards holding 24, 36 and 36 pt (a slab
    guessed at 11.7 pt at 7 pt), the cards take 2, 3 and 3 slabs at 7 pt: the first ends
    after the first item of the first list, the second begins with its second item and ends
    after the first item of the second list, the third begins with that list's second item.
    Each is set alone at 7 pt from its own blocks, a list cut to those items."""
    blocks = (
        Paragraph("a"),
        BulletList(("b", "c")),
        Paragraph("d"),
        BulletList(("e", "f", "g")),
        Paragraph("h"),
    )
    setter = _Items(blocks, {6.0: 10.0, 7.0: 11.0})
    rooms = (24.0, 36.0, 36.0)
    own = own_sizes(setter, [6.0, 7.0], 0, 3, lambda n, last: rooms[n], 1.0)
    assert own is not None
    assert [(j, [slab.what for slab in text]) for j, text in own] == [
        (1, ["a", "b"]),
        (1, ["c", "d", "e"]),
        (1, ["f", "g", "h"]),
    ]
    assert all(slab.height == 11.0 for _, text in own for slab in text)
