"""Card faces -> pages: sheet grid, crop marks, duplex backs, fold mode and single-card pages.

Three modules: `sheet` reads a sheet file into a Sheet; `geometry` lays out its grid, crop marks
and the spot for a sheet label (points in, boxes and segments out); `pages` pairs faces into
physical cards, packs them onto pages, and numbers the pages.
"""

from __future__ import annotations

from cards.impose.geometry import (
    HORIZONTAL,
    VERTICAL,
    Box,
    LabelSpot,
    MarkStyle,
    Segment,
    SheetError,
    computed_grid,
    crop_marks,
    grid_slots,
    label_spot,
    mirror,
    unmarked_cuts,
)
from cards.impose.pages import (
    DUPLEX_MODES,
    Card,
    DeckLabel,
    Page,
    PageText,
    Placement,
    PrintOptions,
    Sized,
    impose,
    pack,
    physical_cards,
)
from cards.impose.sheet import (
    LAYOUTS,
    MAX_PAPER_MM,
    SHEET_KEYS,
    Sheet,
    available_sheets,
    load_sheet,
    sheet_file,
    sheet_marks,
)
from cards.printing import PrintSwitches

__all__ = [
    "DUPLEX_MODES",
    "HORIZONTAL",
    "VERTICAL",
    "LAYOUTS",
    "MAX_PAPER_MM",
    "SHEET_KEYS",
    "Box",
    "Card",
    "DeckLabel",
    "LabelSpot",
    "MarkStyle",
    "Page",
    "PageText",
    "Placement",
    "PrintOptions",
    "PrintSwitches",
    "Segment",
    "Sheet",
    "SheetError",
    "Sized",
    "available_sheets",
    "computed_grid",
    "crop_marks",
    "grid_slots",
    "impose",
    "label_spot",
    "load_sheet",
    "mirror",
    "pack",
    "physical_cards",
    "sheet_file",
    "sheet_marks",
    "unmarked_cuts",
]
