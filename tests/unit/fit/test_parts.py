"""Per-part sizes: each card of a multi-card spell at its own size step (cards.fit.parts)."""

from __future__ import annotations

from cards.fit import fit_spell
from cards.fit.paginate import BLOCK, NEVER, Slab
from cards.fit.parts import Measure, Part, part_sizes
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium

SIZES = [6.0, 7.0, 8.0, 9.0, 10.0]


def _outline(blocks: list[int]):
    """Return an outline function: each block of n lines, a line as tall as the size."""

    def outline(size: float) -> tuple[Slab, ...]:
        slabs = []
        for lines in blocks:
            slabs.append(Slab(size, (), 1.0, BLOCK))
            slabs.extend(Slab(size, (), 0.0, NEVER) for _ in range(lines - 1))
        return tuple(slabs)

    return outline


def _parts(blocks: list[int], count: int, room: float):
    """Return part_sizes of blocks of these line counts set at SIZES[0] on `count` cards."""
    outline = _outline(blocks)

    def height(j: int, a: int, b: int) -> float:
        return Measure(outline(SIZES[j])).height(a, b)

    return part_sizes(SIZES, 0, Measure(outline(SIZES[0])), count, lambda n, last: room, height)


def test_measure_agrees_with_used_height():
    """A run of blocks measures as paginate.used_height of its slabs (space at the top dropped)."""
    from cards.fit.paginate import used_height

    slabs = _outline([2, 3, 1])(7.0)
    measure = Measure(slabs)
    assert measure.starts == [0, 2, 5, 6]
    assert measure.height(1, 3) == used_height(slabs[2:6]) == 4 * 7.0 + 1.0


def test_a_card_of_short_blocks_takes_a_larger_size():
    """Two cards of 54 pt: at 6 pt the 9-line block on card 2 needs all 54 pt; card 1's two
    blocks of 3 lines (6 lines and one gap) fit up to 8 pt (6 * 8 + 1 = 49; 9 pt: 55)."""
    sizes = _parts([3, 3, 9], 2, 54.0)
    assert sizes == [Part(2, 0, 2), Part(0, 2, 3)]


def test_no_part_is_set_when_none_gains():
    """Blocks that fill both cards at the spell's size gain nothing: None."""
    assert _parts([8, 8], 2, 48.0) is None


def test_cards_keep_within_the_spread():
    """Three blocks of 4 lines on two cards: at 40 pt two blocks (8 lines and a gap: 49 pt
    at 6 pt) fit no card, so no block breaks make two cards: None. At 49 pt the card of one
    block goes up to MAX_SPREAD steps (10 pt would fit: 40 pt), the card of two stays."""
    assert _parts([4, 4, 4], 2, 40.0) is None
    parts = _parts([4, 4, 4], 2, 49.0)
    assert parts is not None and sorted(p.size for p in parts) == [0, 3]  # 9 pt, not 10


def test_ovladni_pocasi_is_not_set_small_for_its_tables():
    """Ovládni počasí's description on 1/2 is set larger than the tables on 2/2 need
    (before: both at 6.5 pt, beside a 15 mm hole on 1/2)."""
    layout = load_layout("poker")
    faces = fit_spell(find_spell(read_compendium().spells, "Ovládni počasí"), layout)
    assert len(faces) == 2
    assert faces[0].body_size > faces[1].body_size >= layout.body_min
