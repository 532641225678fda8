"""Card faces -> pages: sheet grid, crop marks, duplex backs, fold mode and single-card pages."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from reportlab.lib.units import mm

from cards.errors import CardsError
from cards.resources import folder

LAYOUTS = folder("layouts")
PRINT_SHOP_BLEED = 3 * mm  # what print shops ask for on single-card pages
DUPLEX_MODES = ("long", "short")
_EPS = 1e-6  # points; two cut lines closer than this are one line


class SheetError(CardsError):
    """A sheet file or a print option is unusable; the message names the file and key."""


class Face(Protocol):
    """What imposition needs of a card face: its trimmed size in points."""

    width: float
    height: float


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


@dataclass(frozen=True)
class Line:
    """A straight line segment in points (a crop mark or the fold line)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Sheet:
    """A sheet of paper with a grid of cards; all lengths in points.

    `columns` x `rows` cards of `card_width` x `card_height`, `gap` apart, centred on the paper.
    """

    name: str
    source: str  # the TOML file, for messages
    paper_width: float
    paper_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    gap: float
    margin: float
    bleed: float
    mark_length: float
    mark_offset: float
    mark_width: float

    @property
    def capacity(self) -> int:
        """Cards on one page."""
        return self.columns * self.rows

    def slots(self) -> tuple[Box, ...]:
        """Return the trim box of every card position, row by row from the top left."""
        paper = Box(0.0, 0.0, self.paper_width, self.paper_height)
        return _grid_slots(
            paper, self.columns, self.rows, self.card_width, self.card_height, self.gap
        )

    def with_bleed(self, bleed: float) -> Sheet:
        """Return this sheet with another bleed, if the gap between cards leaves room for it."""
        if bleed < 0:
            raise SheetError(f"bleed must not be negative, got {bleed / mm:g} mm")
        if bleed > 0 and self.gap + _EPS < 2 * bleed:
            raise SheetError(
                f"{self.source}: grid.gap_mm is {self.gap / mm:g} mm, but a bleed of "
                f"{bleed / mm:g} mm needs a gap of at least {2 * bleed / mm:g} mm between cards; "
                "use single cards (--sheet none) for a print shop, or a sheet file with that gap"
            )
        return replace(self, bleed=bleed)


@dataclass(frozen=True)
class PrintOptions:
    """How to print: backs, duplex flip edge, back offset (points, x right / y up), fold, bleed.

    `bleed` None means the default: the sheet file's bleed, or 3 mm on single-card pages.
    """

    backs: bool = False
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: bool = False
    bleed: float | None = None

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES:
            raise SheetError(f"duplex must be 'long' or 'short', not {self.duplex!r}")
        if len(self.back_offset) != 2:
            raise SheetError(f"back offset must be two numbers X,Y, got {self.back_offset!r}")


@dataclass(frozen=True)
class Placement:
    """One card on a page: its face, the lower-left corner of its trim box, side and bleed."""

    face: Any
    x: float
    y: float
    side: str  # "front" or "back"
    bleed: float = 0.0


@dataclass(frozen=True)
class Page:
    """One page of output: its size, the cards on it and the lines to draw.

    side is "front" for a page to print (fold pages too) and "back" for the back of the page
    before it; trim_box and bleed_box are set on single-card pages only; fold on fold pages only.
    """

    width: float
    height: float
    placements: tuple[Placement, ...]
    side: str = "front"
    marks: tuple[Line, ...] = ()
    mark_width: float = 0.25
    fold: Line | None = None
    trim_box: Box | None = None
    bleed_box: Box | None = None


def available_sheets() -> tuple[str, ...]:
    """Return the names of the sheet files in layouts/ (and "none")."""
    names = []
    for path in sorted(LAYOUTS.glob("*.toml")):
        try:
            kind = tomllib.loads(path.read_text(encoding="utf-8")).get("kind")
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if kind == "sheet":
            names.append(path.stem)
    return (*names, "none")


def load_sheet(name: str, card_width: float, card_height: float) -> Sheet | None:
    """Read a sheet (a name in layouts/ or a .toml path) for cards of a size; None for "none"."""
    if name.lower() == "none":
        return None
    path = Path(name) if name.endswith(".toml") or "/" in name else LAYOUTS / f"{name.lower()}.toml"
    if not path.is_file():
        raise SheetError(
            f"unknown sheet {name!r} (no file {path}); "
            f"choose one of: {', '.join(available_sheets())}"
        )
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SheetError(f"{source}: not valid TOML: {error}") from error
    if data.get("kind") != "sheet":
        raise SheetError(f'{source}: kind: expected "sheet", got {data.get("kind")!r}')
    paper_width = _length(data, source, "paper.width_mm", positive=True)
    paper_height = _length(data, source, "paper.height_mm", positive=True)
    gap = _length(data, source, "grid.gap_mm")
    margin = _length(data, source, "grid.margin_mm")
    usable_width = paper_width - 2 * margin
    usable_height = paper_height - 2 * margin
    poker_width = _length(data, source, "grid.card_width_mm", positive=True)
    poker_height = _length(data, source, "grid.card_height_mm", positive=True)
    if _close(card_width, poker_width) and _close(card_height, poker_height):
        columns = _count(data, source, "grid.columns")
        rows = _count(data, source, "grid.rows")
        if _span(columns, card_width, gap) > usable_width + _EPS:
            raise SheetError(f"{source}: grid.columns: {columns} cards do not fit the paper width")
        if _span(rows, card_height, gap) > usable_height + _EPS:
            raise SheetError(f"{source}: grid.rows: {rows} cards do not fit the paper height")
    else:
        columns = _fit_count(usable_width, card_width, gap)
        rows = _fit_count(usable_height, card_height, gap)
        if columns == 0 or rows == 0:
            raise SheetError(
                f"{source}: a {card_width / mm:g} x {card_height / mm:g} mm card does not fit "
                f"on {paper_width / mm:g} x {paper_height / mm:g} mm paper with a "
                f"{margin / mm:g} mm margin"
            )
    sheet = Sheet(
        name=str(data.get("name", path.stem)),
        source=source,
        paper_width=paper_width,
        paper_height=paper_height,
        card_width=card_width,
        card_height=card_height,
        columns=columns,
        rows=rows,
        gap=gap,
        margin=margin,
        bleed=0.0,
        mark_length=_length(data, source, "marks.length_mm"),
        mark_offset=_length(data, source, "marks.offset_mm"),
        mark_width=_number(data, source, "marks.width_pt", positive=True),
    )
    return sheet.with_bleed(_length(data, source, "print.bleed_mm"))


def impose(faces: Iterable[Face], sheet: Sheet | None, options: PrintOptions) -> tuple[Page, ...]:
    """Place card faces on pages: sheets with crop marks (and backs), or one card per page."""
    faces = tuple(faces)
    if not faces:
        return ()
    width, height = faces[0].width, faces[0].height
    for face in faces:
        if not (_close(face.width, width) and _close(face.height, height)):
            raise SheetError("all cards of one document must have the same size")
    if sheet is None:
        if options.fold:
            raise SheetError("fold mode needs a sheet (a4 or letter), not single-card pages")
        bleed = PRINT_SHOP_BLEED if options.bleed is None else options.bleed
        if bleed < 0:
            raise SheetError(f"bleed must not be negative, got {bleed / mm:g} mm")
        return _single_pages(faces, bleed, options)
    if not (_close(sheet.card_width, width) and _close(sheet.card_height, height)):
        raise SheetError(
            f"{sheet.source}: the sheet was loaded for {sheet.card_width / mm:g} x "
            f"{sheet.card_height / mm:g} mm cards, not {width / mm:g} x {height / mm:g} mm"
        )
    if options.bleed is not None:
        sheet = sheet.with_bleed(options.bleed)
    if options.fold:
        return _fold_pages(faces, sheet, options)
    return _sheet_pages(faces, sheet, options)


def pack(faces: Sequence[Face], capacity: int) -> tuple[tuple[Face, ...], ...]:
    """Group faces into pages of `capacity`, keeping the parts of a spell together and in order.

    A spell whose parts do not fit the room left on a page starts the next page, and the room it
    leaves is filled with the next spells that do fit (so a few short spells may move forward).
    A spell with more parts than a page holds starts on an empty page and runs on.
    """
    pending = list(_spell_groups(faces))
    pages: list[tuple[Face, ...]] = []
    page: list[Face] = []
    while pending:
        room = capacity - len(page)
        if not page:
            index: int | None = 0  # the earliest spell waiting always opens a page
        else:
            index = next((i for i, group in enumerate(pending) if len(group) <= room), None)
        if index is None:
            pages.append(tuple(page))
            page = []
            continue
        group = pending.pop(index)
        page.extend(group[:room])
        if len(group) > room:
            pending.insert(0, group[room:])
        if len(page) == capacity:
            pages.append(tuple(page))
            page = []
    if page:
        pages.append(tuple(page))
    return tuple(pages)


def mirror(box: Box, page_width: float, page_height: float, duplex: str) -> Box:
    """Return where a front's box lies on the back side: long edge mirrors x, short edge y."""
    if duplex == "long":
        return Box(page_width - box.x1, box.y0, page_width - box.x0, box.y1)
    return Box(box.x0, page_height - box.y1, box.x1, page_height - box.y0)


def crop_marks(
    slots: Sequence[Box], bleed: float, offset: float, length: float, area: Box
) -> tuple[Line, ...]:
    """Return crop marks extending every cut line outside the grid of `slots`, clipped to `area`."""
    if not slots or length <= 0:
        return ()
    left = min(s.x0 for s in slots) - bleed - offset
    right = max(s.x1 for s in slots) + bleed + offset
    bottom = min(s.y0 for s in slots) - bleed - offset
    top = max(s.y1 for s in slots) + bleed + offset
    marks: list[Line] = []
    for x in _distinct(v for s in slots for v in (s.x0, s.x1)):
        if top < area.y1:
            marks.append(Line(x, top, x, min(top + length, area.y1)))
        if bottom > area.y0:
            marks.append(Line(x, max(bottom - length, area.y0), x, bottom))
    for y in _distinct(v for s in slots for v in (s.y0, s.y1)):
        if left > area.x0:
            marks.append(Line(max(left - length, area.x0), y, left, y))
        if right < area.x1:
            marks.append(Line(right, y, min(right + length, area.x1), y))
    return tuple(marks)


def _sheet_pages(faces: Sequence[Face], sheet: Sheet, options: PrintOptions) -> tuple[Page, ...]:
    slots = sheet.slots()
    paper = Box(0.0, 0.0, sheet.paper_width, sheet.paper_height)
    marks = crop_marks(slots, sheet.bleed, sheet.mark_offset, sheet.mark_length, paper)
    pages: list[Page] = []
    for group in pack(faces, sheet.capacity):
        fronts = tuple(
            Placement(face, slot.x0, slot.y0, "front", sheet.bleed)
            for face, slot in zip(group, slots, strict=False)
        )
        pages.append(
            Page(paper.width, paper.height, fronts, marks=marks, mark_width=sheet.mark_width)
        )
        if options.backs:
            backs = tuple(
                _back(
                    face,
                    mirror(slot, paper.width, paper.height, options.duplex),
                    options,
                    sheet.bleed,
                )
                for face, slot in zip(group, slots, strict=False)
            )
            pages.append(Page(paper.width, paper.height, backs, side="back"))
    return tuple(pages)


def _fold_pages(faces: Sequence[Face], sheet: Sheet, options: PrintOptions) -> tuple[Page, ...]:
    # Landscape paper folded along its vertical centre line: fronts left, backs right, each back
    # the mirror image of its front across the fold, so that folding puts it behind the front.
    width = max(sheet.paper_width, sheet.paper_height)
    height = min(sheet.paper_width, sheet.paper_height)
    half = Box(0.0, 0.0, width / 2, height)
    columns = _fit_count(half.width - 2 * sheet.margin, sheet.card_width, sheet.gap)
    rows = _fit_count(half.height - 2 * sheet.margin, sheet.card_height, sheet.gap)
    if columns == 0 or rows == 0:
        raise SheetError(f"{sheet.source}: a card does not fit on half of the paper for fold mode")
    slots = _grid_slots(half, columns, rows, sheet.card_width, sheet.card_height, sheet.gap)
    marks = crop_marks(slots, sheet.bleed, sheet.mark_offset, sheet.mark_length, half)
    fold = Line(width / 2, 0.0, width / 2, height)
    pages = []
    for group in pack(faces, len(slots)):
        fronts = [
            Placement(face, s.x0, s.y0, "front", sheet.bleed)
            for face, s in zip(group, slots, strict=False)
        ]
        backs = [
            _back(face, mirror(s, width, height, "long"), options, sheet.bleed)
            for face, s in zip(group, slots, strict=False)
        ]
        pages.append(
            Page(
                width,
                height,
                (*fronts, *backs),
                marks=marks,
                mark_width=sheet.mark_width,
                fold=fold,
            )
        )
    return tuple(pages)


def _single_pages(faces: Sequence[Face], bleed: float, options: PrintOptions) -> tuple[Page, ...]:
    pages = []
    for face in faces:
        width, height = face.width + 2 * bleed, face.height + 2 * bleed
        trim = Box(bleed, bleed, bleed + face.width, bleed + face.height)
        whole = Box(0.0, 0.0, width, height)
        front = Placement(face, bleed, bleed, "front", bleed)
        pages.append(Page(width, height, (front,), trim_box=trim, bleed_box=whole))
        if options.backs:
            back = _back(face, mirror(trim, width, height, options.duplex), options, bleed)
            pages.append(Page(width, height, (back,), "back", trim_box=trim, bleed_box=whole))
    return tuple(pages)


def _back(face: Face, box: Box, options: PrintOptions, bleed: float) -> Placement:
    dx, dy = options.back_offset
    return Placement(face, box.x0 + dx, box.y0 + dy, "back", bleed)


def _spell_groups(faces: Sequence[Face]) -> list[list[Face]]:
    groups: list[list[Face]] = []
    for face in faces:
        part = getattr(face, "part", 1)
        previous = groups[-1][-1] if groups else None
        continues = (
            previous is not None
            and part > 1
            and part == getattr(previous, "part", 1) + 1
            and getattr(face, "spell", None) == getattr(previous, "spell", None)
        )
        if continues:
            groups[-1].append(face)
        else:
            groups.append([face])
    return groups


def _grid_slots(
    area: Box, columns: int, rows: int, width: float, height: float, gap: float
) -> tuple[Box, ...]:
    left = area.x0 + (area.width - _span(columns, width, gap)) / 2
    top = area.y1 - (area.height - _span(rows, height, gap)) / 2
    slots = []
    for row in range(rows):
        y1 = top - row * (height + gap)
        for column in range(columns):
            x0 = left + column * (width + gap)
            slots.append(Box(x0, y1 - height, x0 + width, y1))
    return tuple(slots)


def _span(count: int, size: float, gap: float) -> float:
    return count * size + (count - 1) * gap


def _fit_count(room: float, size: float, gap: float) -> int:
    return max(0, math.floor((room + gap + _EPS) / (size + gap)))


def _distinct(values: Iterable[float]) -> list[float]:
    result: list[float] = []
    for value in sorted(values):
        if not result or value - result[-1] > _EPS:
            result.append(value)
    return result


def _close(a: float, b: float) -> bool:
    return abs(a - b) < 0.01  # points: sizes computed from mm round differently


def _number(data: dict, source: str, key: str, *, positive: bool = False) -> float:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            raise SheetError(f"{source}: missing key {key}")
        value = value[part]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SheetError(f"{source}: {key}: expected a number, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise SheetError(
            f"{source}: {key}: expected a {'positive' if positive else 'non-negative'} number, "
            f"got {value!r}"
        )
    return float(value)


def _length(data: dict, source: str, key: str, *, positive: bool = False) -> float:
    return _number(data, source, key, positive=positive) * mm


def _count(data: dict, source: str, key: str) -> int:
    value = _number(data, source, key, positive=True)
    if value != int(value):
        raise SheetError(f"{source}: {key}: expected a whole number, got {value!r}")
    return int(value)
