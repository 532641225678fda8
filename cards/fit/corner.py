"""The index corner of a card's title band: the level over the school's icon at the top left,
as a playing card's rank and suit, seen in a fanned hand and told apart in greyscale."""

from __future__ import annotations

import functools

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label, Primitive, Rule, Shape
from cards.fit.style import ASCENT, CardStyle
from cards.model import Spell

# The index corner at the band's top left (the level and the school's icon, as a playing
# card's rank and suit, seen in a fanned hand and in greyscale): the numeral in ems of the
# largest title size, the gap below it, the gap to the thin rule that parts the corner from
# the name and that rule's width, in points.
INDEX_NUMERAL_EM = 0.9
INDEX_ICON_BELOW = 1.5  # below the numeral's baseline (figures have no descender)
INDEX_APART = 1.8
INDEX_RULE = 0.4
INDEX_ICON_CLEAR = 0.8  # between the icon and the rule, at least
# The school's icon at least this big (3.5 mm): on a mono printer the eight school colours
# print as greys close together, and the icon alone tells the schools apart (issue 35).
INDEX_ICON_MIN = 3.5 * mm


def index_numeral(level: int) -> str:
    """Return the level as the index corner shows it: "0" for a cantrip."""
    return str(level)


def index_width(style: CardStyle) -> float:
    """Return the width of the index corner's column: the widest numeral, or as much as the
    icon needs beyond the gap before the corner's rule (less INDEX_ICON_CLEAR)."""
    numeral = _widest_figure(style.fonts["bold"], INDEX_NUMERAL_EM * style.sizes.title_max)
    if style.icon is None:
        return numeral
    return max(numeral, index_icon(style) - INDEX_APART + INDEX_ICON_CLEAR)


@functools.lru_cache(maxsize=64)
def _widest_figure(font: str, size: float) -> float:
    return max(stringWidth(str(n), font, size) for n in range(10))


def index_icon(style: CardStyle) -> float:
    """Return the size of the index corner's icon: the band's icon size, at least
    INDEX_ICON_MIN (the corner's column widens for it: `index_width`)."""
    return max(style.spacing.icon_em * style.sizes.level, INDEX_ICON_MIN)


def index_corner(style: CardStyle, spell: Spell, items: list[Primitive]) -> float:
    """Place the index corner (`_corner`) in `items`; return its bottom."""
    corner, bottom = _corner(style, spell.level)
    items.extend(corner)
    return bottom


@functools.lru_cache(maxsize=256)
def _corner(style: CardStyle, level: int) -> tuple[tuple[Primitive, ...], float]:
    """Return the level and below it the school's icon at the band's top left, centred on one
    another, and the thin rule that parts them from the name; and the corner's bottom."""
    items: list[Primitive] = []
    sp, font = style.spacing, style.fonts["bold"]
    size = INDEX_NUMERAL_EM * style.sizes.title_max
    column = index_width(style)
    icon_size = index_icon(style) if style.icon is not None else 0.0
    centre = style.left + max(column, icon_size) / 2
    text = index_numeral(level)
    baseline = style.card_height - style.safe_margin - sp.title_ascent_em * size
    items.append(
        Label(
            text,
            font,
            size,
            centre - stringWidth(text, font, size) / 2,
            baseline,
            style.colours.title,
        )
    )
    bottom = baseline
    if style.icon is not None:
        bottom -= INDEX_ICON_BELOW + icon_size
        items.append(Shape(style.icon, centre - icon_size / 2, bottom, icon_size, style.on_band))
    x = style.left + column + INDEX_APART + INDEX_RULE / 2
    top = baseline + ASCENT * size
    items.append(Rule(x, top, x, bottom, INDEX_RULE, style.on_band))
    return tuple(items), bottom
