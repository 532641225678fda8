"""Card backs: the spell's name, level, school and classes, built as primitives from the layout."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Disc, Face, Label, Outline, Primitive, Shape, TextLine
from cards.fit.furniture import fit_title
from cards.fit.style import CardStyle, card_style
from cards.impose import Page
from cards.typeset import TypesetContext

DECK_TITLE = "Kartotéka kouzel"
MIN_TEXT = 5.5  # points: nothing on a card is set smaller (type.back_min may ask for more)


BACK_RULE = 5 * mm  # the outer rule's distance from the edge: a misregistered back shows
# 4 and 6 mm, not 1 and 3


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
) -> Face:
    """Return the back of a spell's card (or a plain back for None) as primitives.

    The spell's name stands at the top, where a fanned stack is read ("2/3" under it on a
    spell of several cards), the level in a medallion in the middle, the school's icon and
    name below it and the classes at the foot; a plain back carries the deck's title.
    Sizes follow the card: a poker card's back has a 10 pt name; a larger card scales it.
    In an outline design (ink-saver) the back is paper-white: school-coloured rules, disc
    edge and icon, dark text.
    """
    context = context or TypesetContext()
    least = max(MIN_TEXT, style.sizes.back_min)
    scale = min(width / (63 * mm), height / (88 * mm))
    school = getattr(spell, "school", "")
    colour = style.colour if school else style.colours.frame
    light, paper = style.colours.title, style.colours.background
    lines = icon_ink = light  # the rules and the icon: white on the school colour
    numeral = colour
    if style.outline:
        lines = icon_ink = colour
        numeral = style.colours.text
    title_font, body_font = style.fonts["title"], style.fonts["body"]
    bold_font = style.fonts.get("bold", title_font)
    rule = min(BACK_RULE, 0.12 * min(width, height))
    inner_rule = rule + 1.2 * mm * scale
    inner = width - 2 * inner_rule - 4 * scale
    items: list[Primitive] = []

    radius = style.panel_radius
    items.append(
        Outline(rule, rule, width - 2 * rule, height - 2 * rule, 0.8 * scale, lines, radius)
    )
    items.append(
        Outline(
            inner_rule,
            inner_rule,
            width - 2 * inner_rule,
            height - 2 * inner_rule,
            0.3 * scale,
            lines,
            radius,
        )
    )

    centre_x = width / 2
    top = height - inner_rule - 3 * scale
    name = getattr(spell, "name", "") or deck_title
    title = fit_title(name, title_font, inner, max(least, 10 * scale), least, context)
    for line in title.lines:
        top -= title.size
        items.append(_centred(line, centre_x, top, title.size, light))
        top -= title.size * 0.2
    if parts > 1:
        size = max(least, 7 * scale)
        top -= size
        items.append(_centred_label(f"{part}/{parts}", bold_font, size, centre_x, top, light))

    # The medallion: the level in the middle of the card, on the card's paper colour.
    centre_y = height * 0.52
    medallion = 11 * mm * scale
    edge = max(0.3 * scale, style.line) if style.outline else 0.3 * scale
    items.append(Disc(centre_x, centre_y, medallion, paper, lines, edge))
    level = getattr(spell, "level", None)
    if level == 0:
        size = 14 * scale
        items.append(
            _centred_label("trik", title_font, size, centre_x, centre_y - size * 0.35, numeral)
        )
    elif level is not None:
        size = 30 * scale
        items.append(
            _centred_label(str(level), title_font, size, centre_x, centre_y - size * 0.22, numeral)
        )
        label = max(least, 6.5 * scale)
        below = centre_y - medallion * 0.68
        items.append(_centred_label("úroveň", body_font, label, centre_x, below, numeral))

    baseline = centre_y - medallion - 2.5 * scale
    icon = style.icon if school else None
    if icon is not None:
        side = 7 * mm * scale
        baseline -= side
        items.append(Shape(icon, centre_x - side / 2, baseline, side, icon_ink))
        baseline -= 1.5 * scale
    if school:
        block = fit_title(school, bold_font, inner, max(least, 10 * scale), least, context)
        for line in block.lines:
            baseline -= block.size
            items.append(_centred(line, centre_x, baseline, block.size, light))
    classes = ", ".join(getattr(spell, "classes", ()) or ())
    if classes:
        block = fit_title(classes, body_font, inner, max(least, 7 * scale), least, context)
        baseline = inner_rule + 3 * scale + 0.3 * block.size
        baseline += (len(block.lines) - 1) * block.size * 1.15
        for line in block.lines:
            items.append(_centred(line, centre_x, baseline, block.size, light))
            baseline -= block.size * 1.15
    return Face(width, height, paper if style.outline else colour, tuple(items))


def spell_back(
    face: Any,
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
) -> Face:
    """Return the finished decorative back of a card face (a spell's card, or a blank card).

    In the layout's style of the face's school: a back uses nothing that squeezing or scaling
    the stat values changes on the front. A build passes one context for all its backs.
    """
    spell = getattr(face, "spell", None)
    style = card_style(layout, getattr(spell, "school", ""))
    return back_face(
        spell,
        style,
        face.width,
        face.height,
        deck_title=deck_title,
        part=getattr(face, "part", 1),
        parts=getattr(face, "parts", 1),
        context=context,
    )


def card_backs(
    faces: Sequence[Any],
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
) -> tuple[Face, ...]:
    """Return the decorative back of each face, in order, set with one typesetting context."""
    context = context or TypesetContext()
    return tuple(
        spell_back(face, layout, deck_title=deck_title, context=context) for face in faces
    )


def plain_back(
    layout: Any, *, deck_title: str = DECK_TITLE, context: TypesetContext | None = None
) -> Face:
    """Return the back every card shares: the deck's title, without school or level."""
    return spell_back(_Blank(layout.width, layout.height), layout, deck_title=deck_title,
                      context=context)


def with_backs(
    pages: Sequence[Page],
    layout: Any,
    *,
    deck_title: str = DECK_TITLE,
    context: TypesetContext | None = None,
) -> tuple[Page, ...]:
    """Return the pages with each decorative back placement holding its finished back face.

    A back with text (a spell continued on the back of its card) keeps its card face.
    """
    context = context or TypesetContext()
    result = []
    for page in pages:
        placements = tuple(
            replace(
                placement,
                face=spell_back(placement.face, layout, deck_title=deck_title, context=context),
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


def _centred_label(text: str, font: str, size: float, centre: float, y: float, colour: str):
    """Return a one-font label centred on `centre`."""
    return Label(text, font, size, centre - stringWidth(text, font, size) / 2, y, colour)
