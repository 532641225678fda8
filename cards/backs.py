"""Card backs: the spell's name, level, school and classes, built as primitives from the layout."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Disc, Face, Fill, Label, Outline, Primitive, Shape, TextLine
from cards.fit.fields import fit_title
from cards.fit.labels import centred_label
from cards.fit.style import CardStyle, card_style
from cards.impose import Page
from cards.messages import say
from cards.typeset import TypesetContext

DECK_TITLE = say("compendium_title")
BACK_STYLES = ("light", "full")  # light: cream ground (colours.light_back) for home printing
BAND = 1.4 * mm  # the light back's two school-coloured bands above and below the disc's centre
BAND_APART = 4.2 * mm  # each band's middle from the disc's centre
CORNER = 1.6 * mm  # the index corners inside the inner rule
CORNER_ICON = 3.4 * mm  # the school icon of an index corner
CORNER_CLEAR = 1.5 * mm  # between an index corner and the centred text beside it
MARK_ICON = 3.6 * mm  # ritual and concentration beside the school's name
MARK_LETTERS = {"rituál": "R", "soustředění": "S"}  # where a layout has no icons for them


@dataclass(frozen=True)
class BackInk:
    """The colours of one back: ground, rules, text, the school's accents, the disc."""

    ground: str
    rules: str  # the double rule and, on a light back, the bands
    text: str  # the name and the classes
    muted: str  # the book under an ambiguous name
    accent: str  # the school's name and the index corners' numerals
    icon: str
    disc: str
    disc_edge: str
    numeral: str  # the level in the disc
    bands: bool = False


def back_ink(style: CardStyle, back_style: str = "light", school: str = "") -> BackInk:
    """Return a back's colours: light (cream, school colour in bands and disc), full or outline.

    A layout of the outline design (ink-saver) has its own paper-white back in either style.
    """
    colour = style.colour if school else style.colours.frame
    colours = style.colours
    ink = style.ink if school else colour  # the school's text on the paper
    title = style.title_ink if school else colours.title  # and on its colour
    if style.outline:
        return BackInk(
            ground=colours.background,
            rules=colour,
            text=colours.title,
            muted=colours.muted,
            accent=colours.title,
            icon=colour,
            disc=colours.background,
            disc_edge=colour,
            numeral=colours.text,
        )
    if back_style == "full":
        return BackInk(
            ground=colour,
            rules=title,
            text=title,
            muted=title,
            accent=title,
            icon=title,
            disc=colours.background,
            disc_edge=title,
            numeral=ink,
        )
    return BackInk(
        ground=colours.light_back,
        rules=colour,
        text=colours.text,
        muted=colours.muted,
        accent=ink,
        icon=colour,
        disc=colour,
        disc_edge=colours.light_back,
        # the cream of the back on the school's disc, a light school's own title colour
        numeral=colours.light_back if title == colours.title else title,
        bands=True,
    )


def back_face(
    spell: Any,
    style: CardStyle,
    width: float,
    height: float,
    *,
    deck_title: str = DECK_TITLE,
    part: int = 1,
    parts: int = 1,
    context: TypesetContext | None = None,
    back_style: str = "light",
    book: str = "",
) -> Face:
    """Return the back of a spell's card (or a plain back for None) as primitives.

    The spell's name stands at the top, where a fanned stack is read (its book under it when
    `book` is given: a name the deck holds twice; "2/3" on a spell of several cards), the
    level in a medallion in the middle, the school's icon and name below it with the ritual
    and concentration marks beside the name, the classes at the foot; index corners (top
    left, bottom right) repeat the level over the school's icon, for a fanned hand and for
    greyscale prints. A plain back carries the deck's title. Sizes follow the card: a poker
    card's back has a 10 pt name; a larger card scales it. back_style: "light" (cream,
    school colour in the rules, bands and disc: little ink) or "full" (the school colour
    all over); an outline layout (ink-saver) is paper-white in both.
    """
    back = _back(style, width, height, getattr(spell, "school", ""), back_style, context)
    items = _frame(back)
    level = getattr(spell, "level", None)
    icon = style.icon if back.school else None
    index_width = 0.0
    if spell is not None and level is not None:
        corners, index_width = _index_corners(back, str(level), icon)
        items += corners
    # The name and the classes keep clear of the index corners: the same room on both sides.
    room = back.inner - 2 * index_width if index_width else back.inner
    name = getattr(spell, "name", "") or deck_title
    items += _head(back, name, book, (part, parts), room)
    centre_y = height * style.backs.centre_share
    items += _medallion(back, level, centre_y)
    baseline = centre_y - back.medallion - 2.5 * back.scale
    items += _school(back, spell, icon, baseline)
    items += _classes(back, ", ".join(getattr(spell, "classes", ()) or ()), room)
    return Face(width, height, back.ink.ground, tuple(items))


@dataclass(frozen=True)
class _Fonts:
    """The fonts of a back's text."""

    title: str
    body: str
    bold: str
    italic: str


@dataclass(frozen=True)
class _Back:
    """What the pieces of one back share: its card, ink, fonts, scale and the rules' places."""

    style: CardStyle
    width: float
    height: float
    school: str
    ink: BackInk
    fonts: _Fonts
    context: TypesetContext
    least: float  # no text smaller (type.back_min)
    scale: float  # the card's size against a poker card's
    rule: float  # the outer rule's distance from the edge
    inner_rule: float  # and the inner one's
    inner: float  # the width centred text may take
    medallion: float  # the level's medallion

    @property
    def centre(self) -> float:
        return self.width / 2


def _back(
    style: CardStyle,
    width: float,
    height: float,
    school: str,
    back_style: str,
    context: TypesetContext | None,
) -> _Back:
    """Return the measures and ink of a back of this size, school and back style."""
    measures = style.backs
    scale = min(width / (63 * mm), height / (88 * mm))
    title_font, body_font = style.fonts["title"], style.fonts["body"]
    fonts = _Fonts(
        title_font,
        body_font,
        style.fonts.get("bold", title_font),
        style.fonts.get("italic", body_font),
    )
    rule = min(measures.rule, measures.rule_share * min(width, height))
    inner_rule = rule + measures.inner_rule * scale
    return _Back(
        style=style,
        width=width,
        height=height,
        school=school,
        ink=back_ink(style, back_style, school),
        fonts=fonts,
        context=context or TypesetContext(),
        least=style.sizes.back_min,
        scale=scale,
        rule=rule,
        inner_rule=inner_rule,
        inner=width - 2 * inner_rule - 4 * scale,
        medallion=measures.medallion * scale,
    )


def _frame(back: _Back) -> list[Primitive]:
    """Return the double rule: the outer one where a misregistered back still shows it."""
    width, height, radius = back.width, back.height, back.style.panel_radius
    rule, inner_rule, colour = back.rule, back.inner_rule, back.ink.rules
    return [
        Outline(rule, rule, width - 2 * rule, height - 2 * rule, 0.8 * back.scale, colour, radius),
        Outline(
            inner_rule,
            inner_rule,
            width - 2 * inner_rule,
            height - 2 * inner_rule,
            0.3 * back.scale,
            colour,
            radius,
        ),
    ]


def _head(
    back: _Back, name: str, book: str, numbering: tuple[int, int], room: float
) -> list[Primitive]:
    """Return the name at the top (the book under it, if given; "2/3" for a part)."""
    least, scale, ink, context = back.least, back.scale, back.ink, back.context
    items: list[Primitive] = []
    top = back.height - back.inner_rule - 3 * scale
    title = fit_title(name, back.fonts.title, room, max(least, 10 * scale), least, context)
    for line in title.lines:
        top -= title.size
        items.append(_centred(line, back.centre, top, title.size, ink.text))
        top -= title.size * 0.2
    if book:
        size = max(least, 6.5 * scale)
        block = fit_title(book, back.fonts.italic, room, size, least, context)
        for line in block.lines:
            top -= block.size
            items.append(_centred(line, back.centre, top, block.size, ink.muted))
            top -= block.size * 0.2
    part, parts = numbering
    if parts > 1:
        size = max(least, 7 * scale)
        top -= size
        label = f"{part}/{parts}"
        items.append(centred_label(label, back.fonts.bold, size, back.centre, top, ink.text))
    return items


def _medallion(back: _Back, level: int | None, centre_y: float) -> list[Primitive]:
    """Return the medallion in the middle of the card: the level in a disc ("trik" for 0),
    between two bands on a light back."""
    style, ink, scale, centre_x = back.style, back.ink, back.scale, back.centre
    items: list[Primitive] = []
    if ink.bands:
        band = BAND * scale
        left, right = back.inner_rule + 2 * scale, back.width - back.inner_rule - 2 * scale
        for middle in (centre_y + BAND_APART * scale, centre_y - BAND_APART * scale):
            items.append(Fill(left, middle - band / 2, right - left, band, ink.rules))
    edge = max(0.3 * scale, style.line) if style.outline else 0.3 * scale
    if ink.bands:
        edge = 0.8 * scale  # a cream ring parts the disc from the bands
    items.append(Disc(centre_x, centre_y, back.medallion, ink.disc, ink.disc_edge, edge))
    title_font = back.fonts.title
    if level == 0:
        size = 14 * scale
        y = centre_y - size * 0.35
        items.append(centred_label("trik", title_font, size, centre_x, y, ink.numeral))
    elif level is not None:
        size = 30 * scale
        y = centre_y - size * 0.22
        items.append(centred_label(str(level), title_font, size, centre_x, y, ink.numeral))
        label = max(back.least, 6.5 * scale)
        below = centre_y - back.medallion * 0.68
        items.append(centred_label("úroveň", back.fonts.body, label, centre_x, below, ink.numeral))
    return items


def _school(back: _Back, spell: Any, icon: Any, baseline: float) -> list[Primitive]:
    """Return the school's icon and, below it, its name with the ritual and concentration
    marks after the name's first line (centred together)."""
    style, ink, scale, least = back.style, back.ink, back.scale, back.least
    items: list[Primitive] = []
    if icon is not None:
        side = style.backs.icon * scale
        baseline -= side
        items.append(Shape(icon, back.centre - side / 2, baseline, side, ink.icon))
        baseline -= 1.5 * scale
    if not back.school:
        return items
    bold = back.fonts.bold
    marks = _marks(spell, style, bold, max(least, 10 * scale) * 0.75, scale, ink)
    marks_width = sum(width for width, _ in marks)
    room = back.inner - 2 * marks_width
    block = fit_title(back.school, bold, room, max(least, 10 * scale), least, back.context)
    for number, line in enumerate(block.lines):
        baseline -= block.size
        middle = back.centre - marks_width / 2 if number == 0 else back.centre
        items.append(_centred(line, middle, baseline, block.size, ink.accent))
        if number == 0:
            x = middle + line.width / 2
            for mark_width, place in marks:
                items.append(place(x, baseline))
                x += mark_width
    return items


def _classes(back: _Back, classes: str, room: float) -> list[Primitive]:
    """Return the classes at the foot, their last line on the inner rule's margin."""
    if not classes:
        return []
    scale, least = back.scale, back.least
    block = fit_title(classes, back.fonts.body, room, max(least, 7 * scale), least, back.context)
    baseline = back.inner_rule + 3 * scale + 0.3 * block.size
    baseline += (len(block.lines) - 1) * block.size * 1.15
    items: list[Primitive] = []
    for line in block.lines:
        items.append(_centred(line, back.centre, baseline, block.size, back.ink.text))
        baseline -= block.size * 1.15
    return items


def _index_corners(back: _Back, numeral: str, icon: Any) -> tuple[list[Primitive], float]:
    """Return the index corners (top left, bottom right: the level over the school's icon)
    and the width they take from the card's edge, so that centred text keeps clear of them."""
    font, size, scale = back.fonts.bold, max(back.least, 9 * back.scale), back.scale
    width, height, inner_rule, ink = back.width, back.height, back.inner_rule, back.ink
    side = CORNER_ICON * scale
    column = max(stringWidth(numeral, font, size), side if icon is not None else 0.0)
    gap = CORNER * scale
    left = inner_rule + gap
    top = height - inner_rule - gap
    items: list[Primitive] = []
    numeral_width = stringWidth(numeral, font, size)
    # Top left: the numeral's cap height from the corner, the icon below it.
    baseline = top - 0.72 * size
    items.append(
        Label(numeral, font, size, left + (column - numeral_width) / 2, baseline, ink.accent)
    )
    if icon is not None:
        items.append(
            Shape(icon, left + (column - side) / 2, baseline - 1.2 * scale - side, side, ink.icon)
        )
    # Bottom right, the same read from the other end of the card: the icon over the numeral.
    right = width - inner_rule - gap
    bottom = inner_rule + gap
    x = right - column
    items.append(Label(numeral, font, size, x + (column - numeral_width) / 2, bottom, ink.accent))
    if icon is not None:
        icon_y = bottom + 0.72 * size + 1.2 * scale
        items.append(Shape(icon, x + (column - side) / 2, icon_y, side, ink.icon))
    return items, gap + column + CORNER_CLEAR * scale - 2 * scale


def _marks(spell: Any, style: CardStyle, font: str, size: float, scale: float, ink: BackInk):
    """Return the ritual and concentration marks to set after the school's name.

    Each is (width, place): place(x, baseline) returns the mark at x on the name's line.
    """
    marks = []
    gap = 1.2 * mm * scale
    for key, field in (("rituál", "ritual"), ("soustředění", "concentration")):
        on = getattr(spell, field, False)
        if not on:
            continue
        mark_icon = style.marks.get(key)
        if mark_icon is not None:
            side = MARK_ICON * scale

            def place(x, baseline, mark_icon=mark_icon, side=side):
                return Shape(mark_icon, x + gap, baseline - 0.1 * side, side, ink.icon)

            marks.append((gap + side, place))
        else:
            letter = MARK_LETTERS[key]
            letter_width = stringWidth(letter, font, size)

            def place(x, baseline, letter=letter):
                return Label(letter, font, size, x + gap, baseline, ink.accent)

            marks.append((gap + letter_width, place))
    return marks


def spell_back(
    face: Any,
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
    back_style: str = "light",
    twins: frozenset[str] = frozenset(),
) -> Face:
    """Return the finished decorative back of a card face (a spell's card, or a blank card).

    In the layout's style of the face's school: a back uses nothing that squeezing or scaling
    the stat values changes on the front. twins: the names the deck holds more than once,
    whose backs name their book. A build passes one context for all its backs.
    """
    spell = getattr(face, "spell", None)
    style = card_style(layout, getattr(spell, "school", ""))
    name = getattr(spell, "name", "")
    book = spell.sources[0] if name in twins and getattr(spell, "sources", ()) else ""
    return back_face(
        spell,
        style,
        face.width,
        face.height,
        deck_title=deck_title,
        part=getattr(face, "part", 1),
        parts=getattr(face, "parts", 1),
        context=context,
        back_style=back_style,
        book=book,
    )


def twin_names(spells: Iterable[Any]) -> frozenset[str]:
    """Return the names that two different spells of a deck share (the same name, two books)."""
    seen: dict[str, set[int]] = {}
    for spell in spells:
        if spell is not None and getattr(spell, "name", ""):
            seen.setdefault(spell.name, set()).add(id(spell))
    return frozenset(name for name, spells in seen.items() if len(spells) > 1)


def card_backs(
    faces: Sequence[Any],
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
    back_style: str = "light",
) -> tuple[Face, ...]:
    """Return the decorative back of each face, in order, set with one typesetting context."""
    context = context or TypesetContext()
    twins = twin_names(getattr(face, "spell", None) for face in faces)
    return tuple(
        spell_back(
            face,
            layout,
            deck_title=deck_title,
            context=context,
            back_style=back_style,
            twins=twins,
        )
        for face in faces
    )


def plain_back(
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
    back_style: str = "light",
) -> Face:
    """Return the back every card shares: the deck's title, without school or level."""
    blank = _Blank(layout.width, layout.height)
    return spell_back(blank, layout, deck_title=deck_title, context=context, back_style=back_style)


def with_backs(
    pages: Sequence[Page],
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
    back_style: str = "light",
) -> tuple[Page, ...]:
    """Return the pages with each decorative back placement holding its finished back face.

    A back with text (a spell continued on the back of its card) keeps its card face.
    """
    context = context or TypesetContext()
    twins = twin_names(
        getattr(placement.face, "spell", None) for page in pages for placement in page.placements
    )
    result = []
    for page in pages:
        placements = tuple(
            replace(
                placement,
                face=spell_back(
                    placement.face,
                    layout,
                    deck_title=deck_title,
                    context=context,
                    back_style=back_style,
                    twins=twins,
                ),
            )
            if placement.side == "back" and not placement.text
            else placement
            for placement in page.placements
        )
        result.append(replace(page, placements=placements))
    return tuple(result)


@dataclass(frozen=True)
class _Blank:
    """A card with no spell: what the deck's common back is made for."""

    width: float
    height: float


def _centred(line, centre: float, baseline: float, size: float, colour: str) -> TextLine:
    """Return a set line centred on `centre`."""
    return TextLine(line, centre - line.width / 2, baseline, size, colour, "back")
