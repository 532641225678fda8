"""cards.impose.geometry: which cuts cannot be marked is a value, not the wording of a message."""

from __future__ import annotations

from cards import messages
from cards.impose import HORIZONTAL, VERTICAL, Box, MarkStyle, computed_grid, unmarked_cuts
from cards.impose.geometry import grid_slots

STYLE = MarkStyle(length=5.0, min_length=1.5, offset=0.5, gap_offset=0.2, width=0.25)


def test_unmarked_cuts_names_the_direction():
    """Two rows 2 pt apart on a strip with no margin: the vertical cuts have no room."""
    area = Box(0, 0, 100, 23)
    two_rows = grid_slots(area, 8, 2, 10, 10, 2, 2)
    assert unmarked_cuts(two_rows, 0.5, STYLE, area) == VERTICAL
    turned = grid_slots(Box(0, 0, 23, 100), 2, 8, 10, 10, 2, 2)
    assert unmarked_cuts(turned, 0.5, STYLE, Box(0, 0, 23, 100)) == HORIZONTAL
    one_row = grid_slots(area, 8, 1, 10, 10, 2, 2)
    assert unmarked_cuts(one_row, 0.5, STYLE, area) is None


def test_the_grid_drops_a_row_or_a_column_whatever_the_messages_say(monkeypatch):
    """computed_grid drops the row (or column) whose cuts cannot be marked, in any wording."""
    expected = {
        Box(0, 0, 100, 23): (8, 1),  # the vertical cuts: one row less
        Box(0, 0, 23, 100): (1, 8),  # the horizontal cuts: one column less
    }
    for swapped in (False, True):
        if swapped:  # a catalogue that says "horizontal" where it means vertical
            monkeypatch.setitem(messages.CATALOGUE, "sheet_no_marks_vertical", "horizontal")
            monkeypatch.setitem(messages.CATALOGUE, "sheet_no_marks_horizontal", "vertical")
        for area, grid in expected.items():
            assert computed_grid(area, 10, 10, 2, 2, 0, 0.5, STYLE) == grid
