"""Pages: card faces paired into physical cards, packed onto sheets (or single pages), numbered."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.impose.geometry import (
    Box,
    LabelSpot,
    Segment,
    SheetError,
    close,
    computed_grid,
    crop_marks,
    grid_slots,
    label_spot,
    mirror,
)
from cards.impose.sheet import Sheet, sheet_marks
from cards.messages import say
from cards.printing import DUPLEX_MODES, PrintSwitches


class Sized(Protocol):
    """What imposition needs of a card face: its trimmed size in points."""

    width: float
    height: float


@dataclass(frozen=True)
class PrintOptions(PrintSwitches):
    """How to print: the switches, and the back offset (points, x right / y up) and bleed.

    `bleed` None means the default: the sheet file's bleed, or none on single-card pages (the
    card at its true size; --print-shop asks for 3 mm).
    """

    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float | None = None

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES:
            raise SheetError(say("sheet_duplex", value=self.duplex))
        if len(self.back_offset) != 2:
            raise SheetError(say("sheet_offset", value=self.back_offset))


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
    marks: tuple[Segment, ...] = ()
    mark_width: float = 0.25
    fold: Segment | None = None
    trim_box: Box | None = None
    bleed_box: Box | None = None
    label: str = ""
    texts: tuple[PageText, ...] = ()


def impose(
    faces: Iterable[Sized],
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
        if not (close(face.width, width) and close(face.height, height)):
            raise SheetError(say("sheet_same_size"))
    cards = physical_cards(faces, continue_on_back=options.continue_on_back)
    if sheet is None:
        if options.fold:
            raise SheetError(say("sheet_fold_needs"))
        bleed = 0.0 if options.bleed is None else options.bleed
        if bleed < 0:
            raise SheetError(say("sheet_bleed_negative", value=f"{bleed / mm:g}"))
        return _numbered(_single_pages(cards, bleed, options), None, deck)
    if not (close(sheet.card_width, width) and close(sheet.card_height, height)):
        raise SheetError(
            say(
                "sheet_card_size",
                file=sheet.source,
                sheet=f"{sheet.card_width / mm:g} × {sheet.card_height / mm:g}",
                card=f"{width / mm:g} × {height / mm:g}",
            )
        )
    if options.bleed is not None:
        sheet = sheet.with_bleed(options.bleed)
    if options.fold:
        pages, slots, area = _fold_pages(cards, sheet, options)
    else:
        pages, slots, area = _sheet_pages(cards, sheet, options)
    spot = None
    if deck is not None and pages:
        spot = label_spot(
            slots,
            pages[0].marks,
            area,
            margin=sheet.margin,
            clear=sheet.bleed + sheet.marks.offset,
            size=sheet.label_size,
            font=deck.font,
        )
    return _numbered(pages, spot, deck)


def physical_cards(faces: Iterable[Sized], *, continue_on_back: bool = False) -> tuple[Card, ...]:
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


def pack(faces: Sequence[Sized], capacity: int) -> tuple[tuple[Sized, ...], ...]:
    """Group faces into pages of `capacity`, keeping the parts of a spell together and in order.

    A spell whose parts do not fit the room left on a page starts the next page, and the room it
    leaves is filled with the next spells that do fit (so a few short spells may move forward).
    A spell with more parts than a page holds starts on an empty page and runs on.
    """
    pending = list(_spell_groups(faces))
    pages: list[tuple[Sized, ...]] = []
    page: list[Sized] = []
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
    columns, rows = computed_grid(
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
        raise SheetError(say("sheet_fold_half", file=sheet.source))
    slots = grid_slots(
        half, columns, rows, sheet.card_width, sheet.card_height, sheet.column_gap, sheet.row_gap
    )
    marks = crop_marks(slots, sheet.bleed, sheet.marks, half, sheet.margin, sheet.source)
    fold = Segment(width / 2, 0.0, width / 2, height)
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
    pages: Sequence[Page], spot: LabelSpot | None, deck: DeckLabel | None
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


def _sheet_text(text: str, deck: DeckLabel, spot: LabelSpot) -> PageText:
    natural = stringWidth(text, deck.font, spot.size)
    size = spot.size if natural <= spot.room else spot.size * spot.room / natural
    return PageText(text, deck.font, size, spot.x, spot.y, spot.angle, deck.colour)


def _back(card: Card, box: Box, options: PrintOptions, bleed: float) -> Placement:
    """Place a card's back: its text face where it has one, else its front's decorative back."""
    dx, dy = options.back_offset
    if card.back is not None:
        return Placement(card.back, box.x0 + dx, box.y0 + dy, "back", bleed, text=True)
    return Placement(card.front, box.x0 + dx, box.y0 + dy, "back", bleed)


def _spell_groups(faces: Sequence[Sized]) -> list[list[Sized]]:
    groups: list[list[Sized]] = []
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
