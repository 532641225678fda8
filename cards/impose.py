"""Card faces -> pages: sheet grid, crop marks, duplex backs, fold mode and single-card pages."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from cards.errors import CardsError
from cards.inputs import InputError, load_toml
from cards.resources import folder

LAYOUTS = folder("layouts")
DUPLEX_MODES = ("long", "short")
_EPS = 1e-6  # points; two cut lines closer than this are one line
_LABEL_CLEARANCE = 1 * mm  # between a sheet label and a crop mark beside it


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

    def grown(self, by: float) -> Box:
        """Return this box grown by `by` on every side."""
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)


@dataclass(frozen=True)
class Line:
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

    def slots(self) -> tuple[Box, ...]:
        """Return the trim box of every card position, row by row from the top left."""
        paper = Box(0.0, 0.0, self.paper_width, self.paper_height)
        return _grid_slots(
            paper,
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
            raise SheetError(f"bleed must not be negative, got {bleed / mm:g} mm")
        for gap, key, count in (
            (self.column_gap, self.gap_keys[0], self.columns),
            (self.row_gap, self.gap_keys[1], self.rows),
        ):
            if count > 1 and bleed > 0 and gap + _EPS < 2 * bleed:
                raise SheetError(
                    f"{self.source}: {key} is {gap / mm:g} mm, but a bleed of {bleed / mm:g} mm "
                    f"needs a gap of at least {2 * bleed / mm:g} mm between cards; copy the "
                    "sheet file, widen its gaps and pass it with --sheet FILE.toml, or print "
                    "single cards (--sheet none)"
                )
        sheet = replace(self, bleed=bleed)
        grid = Box(
            min(s.x0 for s in sheet.slots()),
            min(s.y0 for s in sheet.slots()),
            max(s.x1 for s in sheet.slots()),
            max(s.y1 for s in sheet.slots()),
        ).grown(bleed)
        if min(grid.x0, grid.y0) + _EPS < self.margin:
            raise SheetError(
                f"{self.source}: with a bleed of {bleed / mm:g} mm the cards come closer than "
                f"grid.margin_mm ({self.margin / mm:g} mm) to the paper edge; use narrower gaps, "
                "fewer cards or a smaller bleed"
            )
        return sheet


@dataclass(frozen=True)
class PrintOptions:
    """How to print: backs, duplex flip edge, back offset (points, x right / y up), fold, bleed.

    `bleed` None means the default: the sheet file's bleed, or none on single-card pages (the
    card at its true size; --print-shop asks for 3 mm). `continue_on_back` prints part 2 of a
    spell on the back of part 1's card, part 4 on the back of part 3's (and implies backs).
    """

    backs: bool = False
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: bool = False
    bleed: float | None = None
    continue_on_back: bool = False

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES:
            raise SheetError(f"duplex must be 'long' or 'short', not {self.duplex!r}")
        if len(self.back_offset) != 2:
            raise SheetError(f"back offset must be two numbers X,Y, got {self.back_offset!r}")

    @property
    def with_backs(self) -> bool:
        """Whether pages of backs are printed: asked for, or implied by text on the backs."""
        return self.backs or self.continue_on_back


@dataclass(frozen=True)
class Card:
    """One physical card: the face on its front and the face printed on its back.

    `back` is None for the decorative back; `number` counts a spell's cards from 1.
    """

    front: Any
    back: Any = None
    number: int = 1

    @property
    def width(self) -> float:
        return self.front.width

    @property
    def height(self) -> float:
        return self.front.height

    @property
    def spell(self) -> Any:
        return getattr(self.front, "spell", None)

    @property
    def part(self) -> int:
        """The card's place among its spell's cards (what packing keeps together)."""
        return self.number


@dataclass(frozen=True)
class DeckLabel:
    """What each sheet says in its margin: the deck's name, in a font and colour."""

    name: str
    font: str
    colour: str = "#5f5953"


@dataclass(frozen=True)
class PageText:
    """A line of text on a page outside the cards, centred on (x, y), turned by `angle`."""

    text: str
    font: str
    size: float
    x: float
    y: float
    angle: float = 0.0
    colour: str = "#000000"


@dataclass(frozen=True)
class Placement:
    """One card on a page: its face, the lower-left corner of its trim box, side and bleed.

    A back is drawn as the decorative back of its face, or, with `text`, as the face itself
    (a spell's text continued on the back of its card).
    """

    face: Any
    x: float
    y: float
    side: str  # "front" or "back"
    bleed: float = 0.0
    text: bool = False


@dataclass(frozen=True)
class Page:
    """One page of output: its size, the cards on it and the lines to draw.

    side is "front" for a page to print (fold pages too) and "back" for the back of the page
    before it; trim_box and bleed_box are set on single-card pages only; fold on fold pages only.
    `label` is the page's label in a PDF viewer ("8", "8 rub"); `texts` are printed in the margin.
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
    label: str = ""
    texts: tuple[PageText, ...] = ()


@dataclass(frozen=True)
class _LabelSpot:
    """Where a sheet label goes: its baseline centre, angle and the room along the baseline."""

    x: float
    y: float
    angle: float
    room: float
    size: float


MAX_PAPER_MM = 1200  # the longest side of A0 is 1189 mm; 100 m of paper is a mistake
# The tables of a sheet file and the keys each may hold.
SHEET_KEYS = {
    "paper": ("width_mm", "height_mm"),
    "grid": (
        "card_width_mm",
        "card_height_mm",
        "columns",
        "rows",
        "column_gap_mm",
        "row_gap_mm",
        "gap_mm",
        "margin_mm",
    ),
    "print": ("bleed_mm",),
    "marks": ("length_mm", "min_length_mm", "offset_mm", "gap_offset_mm", "width_pt"),
    "label": ("size_pt",),
}
_SHEET_TOP = ("kind", "name", "description")


def _check_sheet_keys(data: dict, source: str) -> None:
    """Refuse a table or key a sheet file does not have (grid.colums), naming the nearest."""
    from cards.layout import did_you_mean

    allowed = (*_SHEET_TOP, *SHEET_KEYS)
    for key, value in data.items():
        if key not in allowed:
            what = "table" if isinstance(value, dict) else "key"
            raise SheetError(
                f"{source}: unknown {what} '{key}'{did_you_mean(key, allowed)}; "
                f"expected one of: {', '.join(allowed)}"
            )
        if key in SHEET_KEYS and isinstance(value, dict):
            for inner in value:
                if inner not in SHEET_KEYS[key]:
                    raise SheetError(
                        f"{source}: unknown key '{key}.{inner}'"
                        f"{did_you_mean(inner, SHEET_KEYS[key])}; "
                        f"expected one of: {', '.join(SHEET_KEYS[key])}"
                    )


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
    is_path = name.endswith(".toml") or len(Path(name).parts) > 1  # "\\" is a separator on Windows
    path = Path(name) if is_path else LAYOUTS / f"{name.lower()}.toml"
    if not path.exists():
        raise SheetError(
            f"unknown sheet {name!r} (no file {path}); "
            f"choose one of: {', '.join(available_sheets())}, or a sheet file FILE.toml"
        )
    source = str(path)
    try:
        data = load_toml(path)  # the input gate: a regular file, bounded, UTF-8 or UTF-16
    except InputError as error:
        raise SheetError(str(error)) from None
    except tomllib.TOMLDecodeError as error:
        raise SheetError(f"{source}: not valid TOML: {error}") from error
    if data.get("kind") != "sheet":
        raise SheetError(f'{source}: kind: expected "sheet", got {data.get("kind")!r}')
    _check_sheet_keys(data, source)
    paper_width = _length(data, source, "paper.width_mm", positive=True)
    paper_height = _length(data, source, "paper.height_mm", positive=True)
    for key, value in (("paper.width_mm", paper_width), ("paper.height_mm", paper_height)):
        if value > MAX_PAPER_MM * mm:
            raise SheetError(
                f"{source}: {key}: expected at most {MAX_PAPER_MM} mm (A0 is 841 × 1189 mm), "
                f"got {value / mm:g}"
            )
    column_key, row_key = _gap_keys(data)
    column_gap = _length(data, source, column_key)
    row_gap = _length(data, source, row_key)
    margin = _length(data, source, "grid.margin_mm")
    bleed = _length(data, source, "print.bleed_mm")
    usable_width = paper_width - 2 * margin - 2 * bleed
    usable_height = paper_height - 2 * margin - 2 * bleed
    poker_width = _length(data, source, "grid.card_width_mm", positive=True)
    poker_height = _length(data, source, "grid.card_height_mm", positive=True)
    marks = MarkStyle(
        length=_length(data, source, "marks.length_mm"),
        min_length=_length(data, source, "marks.min_length_mm", default=1.5),
        offset=_length(data, source, "marks.offset_mm"),
        gap_offset=_length(data, source, "marks.gap_offset_mm", default=0.2),
        width=_number(data, source, "marks.width_pt", positive=True),
    )
    if _close(card_width, poker_width) and _close(card_height, poker_height):
        columns = _count(data, source, "grid.columns")
        rows = _count(data, source, "grid.rows")
        if _span(columns, card_width, column_gap) > usable_width + _EPS:
            raise SheetError(
                f"{source}: grid.columns: {columns} cards with their gaps and bleed do not fit "
                "the paper width inside grid.margin_mm"
            )
        if _span(rows, card_height, row_gap) > usable_height + _EPS:
            raise SheetError(
                f"{source}: grid.rows: {rows} cards with their gaps and bleed do not fit "
                "the paper height inside grid.margin_mm"
            )
    else:
        columns, rows = _computed_grid(
            Box(0.0, 0.0, paper_width, paper_height),
            card_width,
            card_height,
            column_gap,
            row_gap,
            margin,
            bleed,
            marks,
        )
        if columns == 0 or rows == 0:
            raise SheetError(
                f"{source}: a {card_width / mm:g} x {card_height / mm:g} mm card does not fit "
                f"on {paper_width / mm:g} x {paper_height / mm:g} mm paper with a "
                f"{margin / mm:g} mm margin and room for its crop marks"
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
        column_gap=column_gap,
        row_gap=row_gap,
        margin=margin,
        bleed=0.0,
        marks=marks,
        label_size=_number(data, source, "label.size_pt", default=0.0),
        gap_keys=(column_key, row_key),
    )
    sheet = sheet.with_bleed(bleed)
    sheet_marks(sheet)  # a sheet whose cuts cannot all be marked is refused when it is read
    return sheet


def impose(
    faces: Iterable[Face],
    sheet: Sheet | None,
    options: PrintOptions,
    *,
    deck: DeckLabel | None = None,
) -> tuple[Page, ...]:
    """Place card faces on pages: sheets with crop marks (and backs), or one card per page.

    Pages carry their PDF labels (sheet numbers, "8 rub" for a back); with `deck`, each sheet
    also prints the deck's name and its number in the margin ("Kouzelník · arch 8/71").
    """
    faces = tuple(faces)
    if not faces:
        return ()
    width, height = faces[0].width, faces[0].height
    for face in faces:
        if not (_close(face.width, width) and _close(face.height, height)):
            raise SheetError("all cards of one document must have the same size")
    cards = physical_cards(faces, continue_on_back=options.continue_on_back)
    if sheet is None:
        if options.fold:
            raise SheetError("fold mode needs a sheet (a4 or letter), not single-card pages")
        bleed = 0.0 if options.bleed is None else options.bleed
        if bleed < 0:
            raise SheetError(f"bleed must not be negative, got {bleed / mm:g} mm")
        return _numbered(_single_pages(cards, bleed, options), None, deck)
    if not (_close(sheet.card_width, width) and _close(sheet.card_height, height)):
        raise SheetError(
            f"{sheet.source}: the sheet was loaded for {sheet.card_width / mm:g} x "
            f"{sheet.card_height / mm:g} mm cards, not {width / mm:g} x {height / mm:g} mm"
        )
    if options.bleed is not None:
        sheet = sheet.with_bleed(options.bleed)
    if options.fold:
        pages, slots, area = _fold_pages(cards, sheet, options)
    else:
        pages, slots, area = _sheet_pages(cards, sheet, options)
    spot = None
    if deck is not None and pages:
        spot = _label_spot(slots, pages[0].marks, area, sheet, deck.font)
    return _numbered(pages, spot, deck)


def physical_cards(faces: Iterable[Face], *, continue_on_back: bool = False) -> tuple[Card, ...]:
    """Pair faces into physical cards: one face each, or with text continued on the back.

    With `continue_on_back`, part 2 of a spell goes on the back of part 1's card, part 4 on the
    back of part 3's; a spell's last odd part keeps the decorative back.
    """
    faces = tuple(faces)
    if not continue_on_back:
        return tuple(Card(face, None, getattr(face, "part", 1)) for face in faces)
    cards: list[Card] = []
    for group in _spell_groups(faces):
        for index in range(0, len(group), 2):
            back = group[index + 1] if index + 1 < len(group) else None
            cards.append(Card(group[index], back, index // 2 + 1))
    return tuple(cards)


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


def sheet_marks(sheet: Sheet) -> tuple[Line, ...]:
    """Return the crop marks of a sheet's grid (see crop_marks)."""
    paper = Box(0.0, 0.0, sheet.paper_width, sheet.paper_height)
    return crop_marks(sheet.slots(), sheet.bleed, sheet.marks, paper, sheet.margin, sheet.source)


def crop_marks(
    slots: Sequence[Box],
    bleed: float,
    style: MarkStyle,
    area: Box,
    margin: float = 0.0,
    source: str = "sheet",
) -> tuple[Line, ...]:
    """Return crop marks for every cut line of a grid: each card edge is a cut.

    A cut line is marked at both of its ends, in the margin beyond the cards' bleed, with marks
    no closer than `margin` to the edge of `area`. Where a margin is too narrow for a mark of
    `style.min_length`, the cut is marked in every gap between cards it crosses instead: a mark
    between the bleeds of the cards on either side, never over a card or its bleed.
    """
    if not slots or style.length <= 0:
        return ()
    left = min(s.x0 for s in slots) - bleed - style.offset
    right = max(s.x1 for s in slots) + bleed + style.offset
    bottom = min(s.y0 for s in slots) - bleed - style.offset
    top = max(s.y1 for s in slots) + bleed + style.offset
    lowest, highest = area.y0 + margin, area.y1 - margin
    leftmost, rightmost = area.x0 + margin, area.x1 - margin
    # Room for a mark beyond the grid at each end, and the gaps between rows and columns.
    room_top = min(style.length, highest - top)
    room_bottom = min(style.length, bottom - lowest)
    room_right = min(style.length, rightmost - right)
    room_left = min(style.length, left - leftmost)
    row_gaps = _gap_bands([(s.y0, s.y1) for s in slots], bleed, style)
    column_gaps = _gap_bands([(s.x0, s.x1) for s in slots], bleed, style)
    marks: list[Line] = []
    vertical_in_gaps = min(room_top, room_bottom) < style.min_length - _EPS
    horizontal_in_gaps = min(room_left, room_right) < style.min_length - _EPS
    for direction, in_gaps, gaps in (
        ("vertical", vertical_in_gaps, row_gaps),
        ("horizontal", horizontal_in_gaps, column_gaps),
    ):
        if in_gaps and (not gaps or min(b - a for a, b in gaps) < style.min_length - _EPS):
            raise SheetError(
                f"{source}: no room to mark the {direction} cuts: a margin is narrower than "
                f"marks.min_length_mm ({style.min_length / mm:g} mm) beside the bleed, and so "
                "is the gap between the bleeds of neighbouring cards; widen grid.margin_mm "
                "or the gaps"
            )
    for x in _distinct(v for s in slots for v in (s.x0, s.x1)):
        if room_top >= style.min_length - _EPS:
            marks.append(Line(x, top, x, top + room_top))
        if room_bottom >= style.min_length - _EPS:
            marks.append(Line(x, bottom - room_bottom, x, bottom))
        if vertical_in_gaps:
            marks.extend(Line(x, a, x, b) for a, b in _centred(row_gaps, style.length))
    for y in _distinct(v for s in slots for v in (s.y0, s.y1)):
        if room_left >= style.min_length - _EPS:
            marks.append(Line(left - room_left, y, left, y))
        if room_right >= style.min_length - _EPS:
            marks.append(Line(right, y, right + room_right, y))
        if horizontal_in_gaps:
            marks.extend(Line(a, y, b, y) for a, b in _centred(column_gaps, style.length))
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


def _sheet_pages(
    cards: Sequence[Card], sheet: Sheet, options: PrintOptions
) -> tuple[tuple[Page, ...], tuple[Box, ...], Box]:
    slots = sheet.slots()
    paper = Box(0.0, 0.0, sheet.paper_width, sheet.paper_height)
    marks = sheet_marks(sheet)
    pages: list[Page] = []
    for group in pack(cards, sheet.capacity):
        fronts = tuple(
            Placement(card.front, slot.x0, slot.y0, "front", sheet.bleed)
            for card, slot in zip(group, slots, strict=False)
        )
        pages.append(
            Page(paper.width, paper.height, fronts, marks=marks, mark_width=sheet.marks.width)
        )
        if options.with_backs:
            backs = tuple(
                _back(
                    card,
                    mirror(slot, paper.width, paper.height, options.duplex),
                    options,
                    sheet.bleed,
                )
                for card, slot in zip(group, slots, strict=False)
            )
            pages.append(Page(paper.width, paper.height, backs, side="back"))
    return tuple(pages), slots, paper


def _fold_pages(
    cards: Sequence[Card], sheet: Sheet, options: PrintOptions
) -> tuple[tuple[Page, ...], tuple[Box, ...], Box]:
    # Landscape paper folded along its vertical centre line: fronts left, backs right, each back
    # the mirror image of its front across the fold, so that folding puts it behind the front.
    width = max(sheet.paper_width, sheet.paper_height)
    height = min(sheet.paper_width, sheet.paper_height)
    half = Box(0.0, 0.0, width / 2, height)
    columns, rows = _computed_grid(
        half,
        sheet.card_width,
        sheet.card_height,
        sheet.column_gap,
        sheet.row_gap,
        sheet.margin,
        sheet.bleed,
        sheet.marks,
    )
    if columns == 0 or rows == 0:
        raise SheetError(f"{sheet.source}: a card does not fit on half of the paper for fold mode")
    slots = _grid_slots(
        half, columns, rows, sheet.card_width, sheet.card_height, sheet.column_gap, sheet.row_gap
    )
    marks = crop_marks(slots, sheet.bleed, sheet.marks, half, sheet.margin, sheet.source)
    fold = Line(width / 2, 0.0, width / 2, height)
    pages = []
    for group in pack(cards, len(slots)):
        fronts = [
            Placement(card.front, s.x0, s.y0, "front", sheet.bleed)
            for card, s in zip(group, slots, strict=False)
        ]
        backs = [
            _back(card, mirror(s, width, height, "long"), options, sheet.bleed)
            for card, s in zip(group, slots, strict=False)
        ]
        pages.append(
            Page(
                width,
                height,
                (*fronts, *backs),
                marks=marks,
                mark_width=sheet.marks.width,
                fold=fold,
            )
        )
    return tuple(pages), slots, half


def _single_pages(cards: Sequence[Card], bleed: float, options: PrintOptions) -> tuple[Page, ...]:
    pages = []
    for card in cards:
        width, height = card.width + 2 * bleed, card.height + 2 * bleed
        trim = Box(bleed, bleed, bleed + card.width, bleed + card.height)
        whole = Box(0.0, 0.0, width, height)
        front = Placement(card.front, bleed, bleed, "front", bleed)
        pages.append(Page(width, height, (front,), trim_box=trim, bleed_box=whole))
        if options.with_backs:
            back = _back(card, mirror(trim, width, height, options.duplex), options, bleed)
            pages.append(Page(width, height, (back,), "back", trim_box=trim, bleed_box=whole))
    return tuple(pages)


def _numbered(
    pages: Sequence[Page], spot: _LabelSpot | None, deck: DeckLabel | None
) -> tuple[Page, ...]:
    """Give every page its sheet number as PDF label, and each front its label in the margin."""
    total = sum(1 for page in pages if page.side == "front")
    result: list[Page] = []
    number = 0
    for page in pages:
        if page.side == "front":
            number += 1
            texts: tuple[PageText, ...] = ()
            if deck is not None and spot is not None:
                texts = (_sheet_text(f"{deck.name} · arch {number}/{total}", deck, spot),)
            result.append(replace(page, label=str(number), texts=texts))
        else:
            result.append(replace(page, label=f"{number} rub"))
    return tuple(result)


def _sheet_text(text: str, deck: DeckLabel, spot: _LabelSpot) -> PageText:
    natural = stringWidth(text, deck.font, spot.size)
    size = spot.size if natural <= spot.room else spot.size * spot.room / natural
    return PageText(text, deck.font, size, spot.x, spot.y, spot.angle, deck.colour)


def _label_spot(
    slots: Sequence[Box], marks: Sequence[Line], area: Box, sheet: Sheet, font: str
) -> _LabelSpot | None:
    """Find room for the sheet label in a margin: below the cards, above, right or left (turned).

    The label (its font's ascent and descent) stays `sheet.margin` from the edge, clear of the
    cards' bleed and of every mark; None when no margin has room.
    """
    size = sheet.label_size
    if size <= 0 or not slots:
        return None
    face = getFont(font).face
    ascent, descent = face.ascent / 1000, -face.descent / 1000
    clear = sheet.bleed + sheet.marks.offset
    grid = Box(
        min(s.x0 for s in slots) - clear,
        min(s.y0 for s in slots) - clear,
        max(s.x1 for s in slots) + clear,
        max(s.y1 for s in slots) + clear,
    )
    inner = Box(
        area.x0 + sheet.margin,
        area.y0 + sheet.margin,
        area.x1 - sheet.margin,
        area.y1 - sheet.margin,
    )
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
        blocked = []
        for mark in marks:
            across = (mark.y0, mark.y1) if along_x else (mark.x0, mark.x1)
            along = (mark.x0, mark.x1) if along_x else (mark.y0, mark.y1)
            if min(across) < band[1] and max(across) > band[0]:
                blocked.append((min(along) - _LABEL_CLEARANCE, max(along) + _LABEL_CLEARANCE))
        free = _free_intervals(start, end, blocked)
        if not free:
            continue
        middle = (start + end) / 2
        a, b = next(
            ((a, b) for a, b in free if a <= middle <= b and b - a >= 30 * mm),
            max(free, key=lambda interval: interval[1] - interval[0]),
        )
        centre = (a + b) / 2
        x, y = (centre, baseline) if along_x else (baseline, centre)
        return _LabelSpot(x, y, angle, b - a, size)
    return None


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


def _back(card: Card, box: Box, options: PrintOptions, bleed: float) -> Placement:
    """Place a card's back: its text face where it has one, else its front's decorative back."""
    dx, dy = options.back_offset
    if card.back is not None:
        return Placement(card.back, box.x0 + dx, box.y0 + dy, "back", bleed, text=True)
    return Placement(card.front, box.x0 + dx, box.y0 + dy, "back", bleed)


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
    area: Box,
    columns: int,
    rows: int,
    width: float,
    height: float,
    column_gap: float,
    row_gap: float,
) -> tuple[Box, ...]:
    left = area.x0 + (area.width - _span(columns, width, column_gap)) / 2
    top = area.y1 - (area.height - _span(rows, height, row_gap)) / 2
    slots = []
    for row in range(rows):
        y1 = top - row * (height + row_gap)
        for column in range(columns):
            x0 = left + column * (width + column_gap)
            slots.append(Box(x0, y1 - height, x0 + width, y1))
    return tuple(slots)


def _computed_grid(
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
    columns = _fit_count(area.width - 2 * (margin + bleed), width, column_gap)
    rows = _fit_count(area.height - 2 * (margin + bleed), height, row_gap)
    while columns > 0 and rows > 0:
        slots = _grid_slots(area, columns, rows, width, height, column_gap, row_gap)
        try:
            crop_marks(slots, bleed, marks, area, margin)
        except SheetError as error:
            if "horizontal" in str(error):
                columns -= 1
            else:
                rows -= 1
            continue
        break
    return columns, rows


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


def _gap_keys(data: dict) -> tuple[str, str]:
    """Return the keys of the column and row gaps: their own, or one grid.gap_mm for both."""
    grid = data.get("grid") if isinstance(data.get("grid"), dict) else {}
    if "column_gap_mm" not in grid and "row_gap_mm" not in grid and "gap_mm" in grid:
        return ("grid.gap_mm", "grid.gap_mm")
    return ("grid.column_gap_mm", "grid.row_gap_mm")


_MISSING = object()


def _number(
    data: dict, source: str, key: str, *, positive: bool = False, default: Any = _MISSING
) -> float:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            if default is not _MISSING:
                return float(default)
            raise SheetError(f"{source}: missing key {key}")
        value = value[part]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SheetError(f"{source}: {key}: expected a number, got {value!r}")
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        raise SheetError(
            f"{source}: {key}: expected a {'positive' if positive else 'non-negative'} number, "
            f"got {value!r}"
        )
    return float(value)


def _length(
    data: dict, source: str, key: str, *, positive: bool = False, default: Any = _MISSING
) -> float:
    return _number(data, source, key, positive=positive, default=default) * mm


def _count(data: dict, source: str, key: str) -> int:
    value = _number(data, source, key, positive=True)
    if value != int(value):
        raise SheetError(f"{source}: {key}: expected a whole number, got {value!r}")
    return int(value)
