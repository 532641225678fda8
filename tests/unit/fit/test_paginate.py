"""Card breaks and heights (cards/fit/paginate.py) on slabs made by hand, 10 pt each, so that
the expected break is counted by hand: a card 100 pt high holds ten of them."""

from __future__ import annotations

import pytest

from cards.fit.paginate import BLOCK, LINE, NEVER, Slab, card_end, split, used_height


def _slabs(kinds: str, height: float = 10.0, space: float = 0.0) -> tuple[Slab, ...]:
    """One slab per letter: B a paragraph's first line, L a later line, N a line the card may
    not end before (a widow or a heading's text)."""
    breakable = {"B": BLOCK, "L": LINE, "N": NEVER}
    return tuple(Slab(height, (), space, breakable[kind]) for kind in kinds)


def test_used_height_drops_the_space_above_the_first_slab_and_adds_the_header():
    """Heights add up, spaces between slabs count but not the one at the card's top."""
    header = Slab(4.0, ())
    slabs = (Slab(10.0, (), 3.0, BLOCK, repeat=header), Slab(7.0, (), 2.0), Slab(5.0, (), 1.0))
    assert used_height(slabs) == pytest.approx(4 + 10 + (2 + 7) + (1 + 5))
    assert used_height(()) == 0.0


def test_a_card_less_than_four_fifths_full_does_not_end_at_a_paragraph_end():
    """A paragraph starts after 30 pt of 100: the card fills up to its edge instead."""
    slabs = _slabs("BLLBLLLLLLLLLLLB")
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == 10


def test_a_card_four_fifths_full_ends_at_the_paragraph_end():
    """A paragraph starts after 90 pt of 100: the card ends there, not a line later."""
    slabs = _slabs("BLLLLLLLLBLLLL")
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == 9
    assert card_end(slabs, 0, 100.0, prefer_blocks=False) == 10


def test_at_exactly_four_fifths_the_paragraph_end_is_taken():
    """80 pt used of 100 is full enough (the rule's edge)."""
    assert card_end(_slabs("BLLLLLLLBLLLLL"), 0, 100.0, prefer_blocks=True) == 8
    assert card_end(_slabs("BLLLLLLBLLLLLL"), 0, 100.0, prefer_blocks=True) == 10  # 70 pt


def test_a_card_never_ends_before_a_slab_marked_never():
    """The line that would be a widow stays with the line before it: the card ends earlier."""
    assert card_end(_slabs("BLLLLLLLLLNL"), 0, 100.0, prefer_blocks=True) == 9
    assert card_end(_slabs("BLLLLLLLLNNL"), 0, 100.0, prefer_blocks=True) == 8


def test_everything_that_fits_ends_the_card_at_the_end():
    """Slabs of 95 pt on a card of 100: one card, ending after the last slab."""
    slabs = _slabs("BLLLLLLLL", height=95 / 9)
    assert card_end(slabs, 0, 100.0, prefer_blocks=True) == len(slabs)


def test_spaces_between_slabs_count_toward_the_card_height():
    """Slabs of 10 pt with 2.5 pt above each: eight fit in 100 pt (10 + 7 x 12.5 = 97.5)."""
    assert card_end(_slabs("BLLLLLLLLLLL", space=2.5), 0, 100.0, prefer_blocks=False) == 8


def test_split_fills_cards_in_order_and_loses_no_slab():
    """35 lines, first card 60 pt, the rest 100 pt: cards end after 6, 16, 26 and 35 lines;
    with a limit of 2 cards the split stops at the third."""
    slabs = _slabs("B" + "L" * 34)
    assert split(slabs, 60.0, 100.0, False, 10) == [6, 16, 26, 35]
    assert split(slabs, 60.0, 100.0, False, 2) == [6, 16, 26]
