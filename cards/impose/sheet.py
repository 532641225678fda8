"""Sheet files: layouts/a4.toml and friends -> a Sheet (paper, grid, gaps, bleed, marks, label)."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.units import mm

from cards.config import LAYOUT_DIR, Number, Settings, catalogue, check_keys, read_file
from cards.impose.geometry import (
    EPS,
    Box,
    MarkStyle,
    Segment,
    SheetError,
    close,
    computed_grid,
    crop_marks,
    grid_slots,
    span,
)
from cards.messages import say

LAYOUTS = LAYOUT_DIR
MAX_PAPER_MM = 1200  # the longest side of A0 is 1189 mm; 100 m of paper is a mistake


def _mm(low: float, high: float, default: float | None = None, *, above: bool = False) -> Number:
    return Number(low, high, default, unit="mm", above=above)


# The keys of a sheet file, with their ranges and defaults.
SHEET_NUMBERS = {
    "paper.width_mm": _mm(0, MAX_PAPER_MM, above=True),
    "paper.height_mm": _mm(0, MAX_PAPER_MM, above=True),
    "grid.card_width_mm": _mm(0, MAX_PAPER_MM, above=True),
    "grid.card_height_mm": _mm(0, MAX_PAPER_MM, above=True),
    "grid.columns": Number(1, 100, whole=True),
    "grid.rows": Number(1, 100, whole=True),
    "grid.column_gap_mm": _mm(0, 100),
    "grid.row_gap_mm": _mm(0, 100),
    "grid.gap_mm": _mm(0, 100),
    "grid.margin_mm": _mm(0, 100),
    "print.bleed_mm": _mm(0, 10),
    "marks.length_mm": _mm(0, 50),
    "marks.min_length_mm": _mm(0, 50, 1.5),
    "marks.offset_mm": _mm(0, 20),
    "marks.gap_offset_mm": _mm(0, 20, 0.2),
    "marks.width_pt": Number(0, 5, unit="pt", above=True),
    "label.size_pt": Number(0, 30, 0.0, unit="pt"),
}
SHEET_SCHEMA: dict[str, tuple[str, ...] | None] = {"kind": None, "name": None, "description": None}
for _key in SHEET_NUMBERS:
    _table, _name = _key.split(".")
    SHEET_SCHEMA[_table] = (*(SHEET_SCHEMA.get(_table) or ()), _name)
SHEET_KEYS = {table: keys for table, keys in SHEET_SCHEMA.items() if keys is not None}


@dataclass(frozen=True)
class Sheet:
    """A sheet of paper with a grid of cards; all lengths in points.

    `columns` x `rows` cards of `card_width` x `card_height`, `column_gap` and `row_gap` apart,
    centred on the paper; nothing (bleed, marks, labels) comes closer than `margin` to the edge.
    """

    name: str
    source: str  # the TOML file, for messages
    paper_width: float
    paper_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    column_gap: float
    row_gap: float
    margin: float
    bleed: float
    marks: MarkStyle
    label_size: float  # type size of the sheet number in the margin; 0 for none
    gap_keys: tuple[str, str] = ("grid.column_gap_mm", "grid.row_gap_mm")  # for messages

    @property
    def capacity(self) -> int:
        """Cards on one page."""
        return self.columns * self.rows

    @property
    def paper(self) -> Box:
        """The whole sheet."""
        return Box(0.0, 0.0, self.paper_width, self.paper_height)

    def slots(self) -> tuple[Box, ...]:
        """Return the trim box of every card position, row by row from the top left."""
        return grid_slots(
            self.paper,
            self.columns,
            self.rows,
            self.card_width,
            self.card_height,
            self.column_gap,
            self.row_gap,
        )

    def with_bleed(self, bleed: float) -> Sheet:
        """Return this sheet with another bleed, if the gaps and the margin leave room for it."""
        if bleed < 0:
            raise SheetError(say("sheet_bleed_negative", value=f"{bleed / mm:g}"))
        for gap, key, count in (
            (self.column_gap, self.gap_keys[0], self.columns),
            (self.row_gap, self.gap_keys[1], self.rows),
        ):
            if count > 1 and bleed > 0 and gap + EPS < 2 * bleed:
                raise SheetError(
                    say(
                        "sheet_bleed_gap",
                        file=self.source,
                        setting=key,
                        gap=f"{gap / mm:g}",
                        bleed=f"{bleed / mm:g}",
                        need=f"{2 * bleed / mm:g}",
                    )
                )
        sheet = replace(self, bleed=bleed)
        slots = sheet.slots()
        grid = Box(
            min(s.x0 for s in slots),
            min(s.y0 for s in slots),
            max(s.x1 for s in slots),
            max(s.y1 for s in slots),
        ).grown(bleed)
        if min(grid.x0, grid.y0) + EPS < self.margin:
            raise SheetError(
                say(
                    "sheet_bleed_margin",
                    file=self.source,
                    bleed=f"{bleed / mm:g}",
                    margin=f"{self.margin / mm:g}",
                )
            )
        return sheet


def sheet_marks(sheet: Sheet) -> tuple[Segment, ...]:
    """Return the crop marks of a sheet's grid (see crop_marks)."""
    return crop_marks(
        sheet.slots(), sheet.bleed, sheet.marks, sheet.paper, sheet.margin, sheet.source
    )


def available_sheets() -> tuple[str, ...]:
    """Return the names of the sheet files in layouts/ (and "none")."""
    return (*catalogue("sheet"), "none")


def _sheet_path(name: str) -> Path:
    is_path = name.endswith(".toml") or len(Path(name).parts) > 1  # "\\" is a separator on Windows
    path = Path(name) if is_path else LAYOUTS / f"{name.lower()}.toml"
    if is_path and not os.path.lexists(path):
        raise SheetError(say("sheet_no_file", file=name))
    if not path.exists():
        raise SheetError(say("unknown_sheet", value=name, choices=", ".join(available_sheets())))
    return path


def sheet_file(name: str) -> Path | None:
    """Return the file a --sheet value is read from (a name in layouts/ or a path), if any."""
    if name.lower() == "none":
        return None
    try:
        return _sheet_path(name)
    except SheetError:
        return None


def _gap_keys(reader: Settings) -> tuple[str, str]:
    """Return the keys of the column and row gaps: their own, or one grid.gap_mm for both."""
    own = reader.has("grid.column_gap_mm") or reader.has("grid.row_gap_mm")
    if not own and reader.has("grid.gap_mm"):
        return ("grid.gap_mm", "grid.gap_mm")
    return ("grid.column_gap_mm", "grid.row_gap_mm")


def load_sheet(name: str, card_width: float, card_height: float) -> Sheet | None:
    """Read a sheet (a name in layouts/ or a .toml path) for cards of a size; None for "none"."""
    if name.lower() == "none":
        return None
    path = _sheet_path(name)
    source = str(path)
    data = read_file(path, SheetError)  # the input gate: a regular file, bounded, UTF-8/16
    reader = Settings(source, data, SheetError)
    if "kind" not in data:
        raise reader.missing("kind", say("sheet_kind"))
    if data["kind"] != "sheet":
        raise reader.fail("kind", say("sheet_kind"), data["kind"])
    check_keys(data, SHEET_SCHEMA, source, SheetError)

    def length(key: str) -> float:
        return reader.number(key, SHEET_NUMBERS[key]) * mm

    column_key, row_key = _gap_keys(reader)
    paper = Box(0.0, 0.0, length("paper.width_mm"), length("paper.height_mm"))
    margin, bleed = length("grid.margin_mm"), length("print.bleed_mm")
    column_gap, row_gap = length(column_key), length(row_key)
    sheet_card = (length("grid.card_width_mm"), length("grid.card_height_mm"))
    marks = MarkStyle(
        length=length("marks.length_mm"),
        min_length=length("marks.min_length_mm"),
        offset=length("marks.offset_mm"),
        gap_offset=length("marks.gap_offset_mm"),
        width=reader.number("marks.width_pt", SHEET_NUMBERS["marks.width_pt"]),
    )
    if close(card_width, sheet_card[0]) and close(card_height, sheet_card[1]):
        columns, rows = _given_grid(
            reader, paper, (card_width, card_height), (column_gap, row_gap), (margin, bleed)
        )
    else:
        columns, rows = computed_grid(
            paper, card_width, card_height, column_gap, row_gap, margin, bleed, marks
        )
        if columns == 0 or rows == 0:
            raise SheetError(
                say(
                    "sheet_card_too_big",
                    file=source,
                    card=f"{card_width / mm:g} × {card_height / mm:g}",
                    paper=f"{paper.width / mm:g} × {paper.height / mm:g}",
                    margin=f"{margin / mm:g}",
                )
            )
    sheet = Sheet(
        name=str(data.get("name", path.stem)),
        source=source,
        paper_width=paper.width,
        paper_height=paper.height,
        card_width=card_width,
        card_height=card_height,
        columns=columns,
        rows=rows,
        column_gap=column_gap,
        row_gap=row_gap,
        margin=margin,
        bleed=0.0,
        marks=marks,
        label_size=reader.number("label.size_pt", SHEET_NUMBERS["label.size_pt"]),
        gap_keys=(column_key, row_key),
    )
    sheet = sheet.with_bleed(bleed)
    sheet_marks(sheet)  # a sheet whose cuts cannot all be marked is refused when it is read
    return sheet


def _given_grid(
    reader: Settings,
    paper: Box,
    card: tuple[float, float],
    gaps: tuple[float, float],
    inset: tuple[float, float],
) -> tuple[int, int]:
    """Return the sheet file's own columns and rows, if they fit inside the margin and bleed."""
    columns = int(reader.number("grid.columns", SHEET_NUMBERS["grid.columns"]))
    rows = int(reader.number("grid.rows", SHEET_NUMBERS["grid.rows"]))
    margin, bleed = inset
    if span(columns, card[0], gaps[0]) > paper.width - 2 * margin - 2 * bleed + EPS:
        raise SheetError(say("sheet_columns", file=reader.source, count=columns))
    if span(rows, card[1], gaps[1]) > paper.height - 2 * margin - 2 * bleed + EPS:
        raise SheetError(say("sheet_rows", file=reader.source, count=rows))
    return columns, rows
