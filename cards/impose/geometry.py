"""Sheet geometry: the grid of card slots, crop marks for every cut, the spot for a sheet label.

Everything here is in points and pure: boxes in, boxes and segments out. A grid whose cuts
cannot all be marked is refused (`SheetError`), and `unmarked_cuts` says which cuts those are,
so that a grid can be shrunk until every cut has a mark.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscent, getDescent

from cards.config import ConfigError
from cards.messages import say

EPS = 1e-6  # points; two cut lines closer than this are one line
LABEL_CLEARANCE = 1 * mm  # between a sheet label and a crop mark beside it
LABEL_PREFERRED_ROOM = 30 * mm  # a free stretch this long in the middle beats a longer one
VERTICAL, HORIZONTAL = "vertical", "horizontal"  # which cuts (x = const, y = const)


class SheetError(ConfigError):
    """A sheet file or a print option is unusable; the message names the file and key."""


@dataclass(frozen=True)
class Box:
    """A rectangle in points: lower-left and upper-right corners."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def grown(self, by: float) -> Box:
        """Return this box grown by `by` on every side."""
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)


@dataclass(frozen=True)
class Segment:
    """A straight line segment in points (a crop mark or the fold line)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class MarkStyle:
    """Crop marks: longest and shortest length, distance from the bleed, line width (points).

    `gap_offset` is the distance from the bleed of a mark set in a gap between cards.
    """

    length: float
    min_length: float
    offset: float
    gap_offset: float
    width: float


@dataclass(frozen=True)
class LabelSpot:
    """Where a sheet label goes: its baseline centre, angle and the room along the baseline."""

    x: float
    y: float
    angle: float
    room: float
    size: float


def span(count: int, size: float, gap: float) -> float:
    """Return the length of `count` cards of `size` with `gap` between neighbours."""
    return count * size + (count - 1) * gap


def fit_count(room: float, size: float, gap: float) -> int:
    """Return how many cards of `size`, `gap` apart, fit in `room`."""
    return max(0, math.floor((room + gap + EPS) / (size + gap)))


def close(a: float, b: float) -> bool:
    """Tell whether two card sizes are the same (points: sizes from mm round differently)."""
    return abs(a - b) < 0.01


def grid_slots(
    area: Box,
    columns: int,
    rows: int,
    width: float,
    height: float,
    column_gap: float,
    row_gap: float,
) -> tuple[Box, ...]:
    """Return the trim box of every card of a grid centred on an area, row by row from the top."""
    left = area.x0 + (area.width - span(columns, width, column_gap)) / 2
    top = area.y1 - (area.height - span(rows, height, row_gap)) / 2
    slots = []
    for row in range(rows):
        y1 = top - row * (height + row_gap)
        for column in range(columns):
            x0 = left + column * (width + column_gap)
            slots.append(Box(x0, y1 - height, x0 + width, y1))
    return tuple(slots)


def computed_grid(
    area: Box,
    width: float,
    height: float,
    column_gap: float,
    row_gap: float,
    margin: float,
    bleed: float,
    marks: MarkStyle,
) -> tuple[int, int]:
    """Return the most columns and rows of cards that fit an area with room for their marks.

    As many as fit inside the margin, less one column (or row) while its cuts cannot be marked.
    """
    columns = fit_count(area.width - 2 * (margin + bleed), width, column_gap)
    rows = fit_count(area.height - 2 * (margin + bleed), height, row_gap)
    while columns > 0 and rows > 0:
        slots = grid_slots(area, columns, rows, width, height, column_gap, row_gap)
        unmarked = unmarked_cuts(slots, bleed, marks, area, margin)
        if unmarked is None:
            break
        if unmarked == HORIZONTAL:
            columns -= 1
        else:
            rows -= 1
    return columns, rows


@dataclass(frozen=True)
class _Room:
    """The room for crop marks around a grid: beyond it at each end, and in its gaps."""

    style: MarkStyle
    top: float
    bottom: float
    left: float
    right: float
    room_top: float
    room_bottom: float
    room_left: float
    room_right: float
    row_gaps: tuple[tuple[float, float], ...]
    column_gaps: tuple[tuple[float, float], ...]

    @classmethod
    def of(
        cls, slots: Sequence[Box], bleed: float, style: MarkStyle, area: Box, margin: float
    ) -> _Room:
        left = min(s.x0 for s in slots) - bleed - style.offset
        right = max(s.x1 for s in slots) + bleed + style.offset
        bottom = min(s.y0 for s in slots) - bleed - style.offset
        top = max(s.y1 for s in slots) + bleed + style.offset
        lowest, highest = area.y0 + margin, area.y1 - margin
        leftmost, rightmost = area.x0 + margin, area.x1 - margin
        return cls(
            style,
            top,
            bottom,
            left,
            right,
            room_top=min(style.length, highest - top),
            room_bottom=min(style.length, bottom - lowest),
            room_left=min(style.length, left - leftmost),
            room_right=min(style.length, rightmost - right),
            row_gaps=tuple(_gap_bands([(s.y0, s.y1) for s in slots], bleed, style)),
            column_gaps=tuple(_gap_bands([(s.x0, s.x1) for s in slots], bleed, style)),
        )

    @property
    def vertical_in_gaps(self) -> bool:
        """Whether the vertical cuts are marked between the rows (no room above or below)."""
        return min(self.room_top, self.room_bottom) < self.style.min_length - EPS

    @property
    def horizontal_in_gaps(self) -> bool:
        """Whether the horizontal cuts are marked between the columns."""
        return min(self.room_left, self.room_right) < self.style.min_length - EPS

    def fits(self, room: float) -> bool:
        """Whether a mark of the shortest length fits in `room`."""
        return room >= self.style.min_length - EPS


def unmarked_cuts(
    slots: Sequence[Box], bleed: float, style: MarkStyle, area: Box, margin: float = 0.0
) -> str | None:
    """Return which cuts of a grid (VERTICAL or HORIZONTAL) have no room for a mark, or None."""
    if not slots or style.length <= 0:
        return None
    return _unmarked(_Room.of(slots, bleed, style, area, margin))


def _unmarked(room: _Room) -> str | None:
    short = room.style.min_length - EPS
    for direction, in_gaps, gaps in (
        (VERTICAL, room.vertical_in_gaps, room.row_gaps),
        (HORIZONTAL, room.horizontal_in_gaps, room.column_gaps),
    ):
        if in_gaps and (not gaps or min(b - a for a, b in gaps) < short):
            return direction
    return None


def crop_marks(
    slots: Sequence[Box],
    bleed: float,
    style: MarkStyle,
    area: Box,
    margin: float = 0.0,
    source: str = "sheet",
) -> tuple[Segment, ...]:
    """Return crop marks for every cut line of a grid: each card edge is a cut.

    A cut line is marked at both of its ends, in the margin beyond the cards' bleed, with marks
    no closer than `margin` to the edge of `area`. Where a margin is too narrow for a mark of
    `style.min_length`, the cut is marked in every gap between cards it crosses instead: a mark
    between the bleeds of the cards on either side, never over a card or its bleed.
    """
    if not slots or style.length <= 0:
        return ()
    room = _Room.of(slots, bleed, style, area, margin)
    unmarked = _unmarked(room)
    if unmarked is not None:
        length = f"{style.min_length / mm:g}"
        raise SheetError(say(f"sheet_no_marks_{unmarked}", file=source, length=length))
    marks: list[Segment] = []
    for x in _distinct(v for s in slots for v in (s.x0, s.x1)):
        if room.fits(room.room_top):
            marks.append(Segment(x, room.top, x, room.top + room.room_top))
        if room.fits(room.room_bottom):
            marks.append(Segment(x, room.bottom - room.room_bottom, x, room.bottom))
        if room.vertical_in_gaps:
            marks.extend(Segment(x, a, x, b) for a, b in _centred(room.row_gaps, style.length))
    for y in _distinct(v for s in slots for v in (s.y0, s.y1)):
        if room.fits(room.room_left):
            marks.append(Segment(room.left - room.room_left, y, room.left, y))
        if room.fits(room.room_right):
            marks.append(Segment(room.right, y, room.right + room.room_right, y))
        if room.horizontal_in_gaps:
            marks.extend(Segment(a, y, b, y) for a, b in _centred(room.column_gaps, style.length))
    return tuple(marks)


def _gap_bands(
    spans: Iterable[tuple[float, float]], bleed: float, style: MarkStyle
) -> list[tuple[float, float]]:
    """Return the free part of each gap between neighbouring rows (or columns) of cards."""
    distinct = sorted({(round(a, 6), round(b, 6)) for a, b in spans})
    clearance = bleed + style.gap_offset
    return [
        (lower[1] + clearance, upper[0] - clearance)
        for lower, upper in zip(distinct, distinct[1:], strict=False)
    ]


def _centred(bands: Sequence[tuple[float, float]], length: float) -> list[tuple[float, float]]:
    """Return a segment of at most `length` centred in each band."""
    result = []
    for a, b in bands:
        half = min(length, b - a) / 2
        middle = (a + b) / 2
        result.append((middle - half, middle + half))
    return result


def _distinct(values: Iterable[float]) -> list[float]:
    result: list[float] = []
    for value in sorted(values):
        if not result or value - result[-1] > EPS:
            result.append(value)
    return result


def mirror(box: Box, page_width: float, page_height: float, duplex: str) -> Box:
    """Return where a front's box lies on the back side: long edge mirrors x, short edge y."""
    if duplex == "long":
        return Box(page_width - box.x1, box.y0, page_width - box.x0, box.y1)
    return Box(box.x0, page_height - box.y1, box.x1, page_height - box.y0)


def label_spot(
    slots: Sequence[Box],
    marks: Sequence[Segment],
    area: Box,
    *,
    margin: float,
    clear: float,
    size: float,
    font: str,
) -> LabelSpot | None:
    """Find room for a sheet label in a margin: below the cards, above, right or left (turned).

    The label (its font's ascent and descent at `size`) stays `margin` from the area's edge,
    `clear` beyond the cards' trim (their bleed and the marks' offset) and clear of every mark;
    None when no margin has room.
    """
    if size <= 0 or not slots:
        return None
    # reportlab's public reading (cards.typeset.metrics gives the same; painters reach this
    # module, and they import no typesetting)
    ascent, descent = getAscent(font) / 1000, -getDescent(font) / 1000
    grid = Box(
        min(s.x0 for s in slots) - clear,
        min(s.y0 for s in slots) - clear,
        max(s.x1 for s in slots) + clear,
        max(s.y1 for s in slots) + clear,
    )
    inner = Box(area.x0 + margin, area.y0 + margin, area.x1 - margin, area.y1 - margin)
    depth = (ascent + descent) * size
    # (band across the baseline, baseline, angle, whether the baseline runs along x)
    candidates = (
        (inner.y0, grid.y0, inner.y0 + descent * size, 0.0, True),
        (grid.y1, inner.y1, inner.y1 - ascent * size, 0.0, True),
        (grid.x1, inner.x1, inner.x1 - descent * size, 90.0, False),
        (inner.x0, grid.x0, inner.x0 + ascent * size, 90.0, False),
    )
    for low, high, baseline, angle, along_x in candidates:
        if high - low < depth:
            continue
        band = (baseline - descent * size, baseline + ascent * size)
        if angle:  # turned a quarter left: the glyphs rise towards -x
            band = (baseline - ascent * size, baseline + descent * size)
        start, end = (inner.x0, inner.x1) if along_x else (inner.y0, inner.y1)
        free = _free_intervals(start, end, _blocked(marks, band, along_x))
        if not free:
            continue
        middle = (start + end) / 2
        a, b = next(
            ((a, b) for a, b in free if a <= middle <= b and b - a >= LABEL_PREFERRED_ROOM),
            max(free, key=lambda interval: interval[1] - interval[0]),
        )
        centre = (a + b) / 2
        x, y = (centre, baseline) if along_x else (baseline, centre)
        return LabelSpot(x, y, angle, b - a, size)
    return None


def _blocked(
    marks: Sequence[Segment], band: tuple[float, float], along_x: bool
) -> list[tuple[float, float]]:
    """Return the stretches along a label's baseline that marks crossing its band block."""
    blocked = []
    for mark in marks:
        across = (mark.y0, mark.y1) if along_x else (mark.x0, mark.x1)
        along = (mark.x0, mark.x1) if along_x else (mark.y0, mark.y1)
        if min(across) < band[1] and max(across) > band[0]:
            blocked.append((min(along) - LABEL_CLEARANCE, max(along) + LABEL_CLEARANCE))
    return blocked


def _free_intervals(
    start: float, end: float, blocked: Iterable[tuple[float, float]]
) -> list[tuple[float, float]]:
    free = []
    cursor = start
    for a, b in sorted(blocked):
        if a > cursor:
            free.append((cursor, min(a, end)))
        cursor = max(cursor, b)
    if cursor < end:
        free.append((cursor, end))
    return [(a, b) for a, b in free if b > a]
