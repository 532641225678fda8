"""The furniture memo of a spell's setters: shared where the furniture is the same."""

from __future__ import annotations

import pytest

from cards.fit.setter import SpellSetter
from cards.layout import load_layout
from tests.support.spells import make_spell


@pytest.fixture(scope="module")
def layout():
    return load_layout("poker")


def test_the_run_in_setter_shares_a_later_cards_furniture_not_the_first_ones(layout):
    """A later card has no stat grid: the compact setter takes the plain one's furniture as
    it is; its first card (the run-in grid) is its own."""
    plain = SpellSetter(make_spell(), layout)
    compact = plain.compact()
    assert compact.header(first=False, numbered=True) is plain.header(first=False, numbered=True)
    first = compact.header(first=True, numbered=True)
    assert first is not plain.header(first=True, numbered=True)
    assert first.items != plain.header(first=True, numbered=True).items


def test_a_squeezed_setter_and_its_run_in_one_share_the_first_cards_furniture(layout):
    """Squeezing takes from the text's gaps only: the run-in grid of the squeezed setter is
    the plain setter's run-in grid, set once."""
    plain = SpellSetter(make_spell(), layout)
    compact = plain.compact()
    squeezed_compact = plain.squeezed().compact()
    header = compact.header(first=True, numbered=False)
    assert squeezed_compact.header(first=True, numbered=False) is header
