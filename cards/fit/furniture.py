"""The card's furniture: title band, subtitle, badges, stat grid, material, footer, part label.

Each piece returns placed primitives (`cards.face`); `furniture` puts them together and says
which area is left for the description. The pieces live by what they are: the title band
(`band`), the stat grid (`grid`), the footer (`footer`), the band's index corner (`corner`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.config import SMALLEST_TYPE
from cards.face import Area, Fill, Label, Primitive, TextLine
from cards.fit.band import band, english_name, level_disc, subtitle
from cards.fit.corner import INDEX_APART, INDEX_RULE, index_corner, index_width
from cards.fit.fields import NAME_LINES, Field, fit_field, fit_title, ragged
from cards.fit.footer import CUE, foot_labels, footer
from cards.fit.grid import components, duration, stat_grid
from cards.fit.labels import right_label
from cards.fit.style import ASCENT, CardStyle
from cards.model import Spell
from cards.typeset import TypesetContext

# kept where callers import them from
__all__ = [
    "CUE",
    "Header",
    "back_band",
    "band",
    "components",
    "continued_cue",
    "duration",
    "english_name",
    "fit_title",
    "foot_labels",
    "furniture",
    "panel",
    "part_label",
    "ragged",
    "right_label",
]


@dataclass(frozen=True)
class Header:
    """The fixed part of a card: title band, stats, footer, and the area left for the text."""

    items: tuple[Primitive, ...]
    body: Area
    part_baseline: float  # where "2/3" sits, level with the name's first line
    part_right: float | None = None  # and its right end (left of the level's disc); None:
    # the column's right edge
    foot: float | None = None  # the footer's baseline (sources, cue); None: no footer
    cue_line: float | None = None  # the cue's baseline: the foot's, or a line above it
    cue: str = ""  # said at the foot when the spell goes on on the next card
    sources: tuple[Label, ...] = ()  # the books at the foot's right, placed


def furniture(
    style: CardStyle, spell: Spell, context: TypesetContext, *, first: bool, numbered: bool
) -> Header:
    """Return the title band, stats (on the first card) and footer, and the area for text.

    Every card's band holds the name, the English name, the school's icon and name and the
    level in a disc at the right, so a continuation card is known at a glance; `first` adds
    the stat grid, `numbered` keeps room for "2/3" left of the disc.
    """
    sizes, fonts, sp = style.sizes, style.fonts, style.spacing
    items: list[Primitive] = []
    disc = min(sp.disc_em * sizes.title_max, sp.disc_share * style.width)
    reserve = disc + sp.disc_apart
    if numbered:
        reserve += stringWidth("88/88", fonts["bold"], sizes.part) + sp.part_reserve
    corner: list[Primitive] = []  # drawn after the disc: a text reads "name", not "5 name"
    index_bottom = index_corner(style, spell, corner)
    name_left = style.left + index_width(style) + 2 * INDEX_APART + INDEX_RULE
    title = fit_field(
        spell.name,
        fonts["title"],
        style.left + style.width - reserve - name_left,
        (sizes.title_max, sizes.title_min),
        context,
        Field(spell, "název", NAME_LINES),
    )
    title_size = title.size
    baseline = style.card_height - style.safe_margin - sp.title_ascent_em * title_size
    first_baseline = baseline
    positioned: list[tuple[float, float]] = []  # (baseline, size) of band lines
    for n, line in enumerate(title.lines):
        if n:
            baseline -= sp.title_line_em * title_size
        items.append(TextLine(line, name_left, baseline, title_size, style.title_ink, "title"))
        positioned.append((baseline, title_size))
    subtitle(style, spell, context, (items, positioned), (name_left, baseline), title_size, disc)
    last_baseline, last_size = positioned[-1]
    text_bottom = last_baseline - style.descent * last_size
    top = style.card_height - style.safe_margin + sp.disc_rise
    centre_y = top - disc / 2
    disc_bottom = centre_y - disc / 2
    band_bottom = min(text_bottom, disc_bottom, index_bottom) - sp.band_below
    items.insert(0, band(style, band_bottom))
    items.extend(level_disc(style, spell, style.left + style.width - disc / 2, centre_y, disc))
    items.extend(corner)
    cursor = band_bottom - sp.grid_above
    if first:
        cursor = stat_grid(style, spell, context, items, cursor)
    footer_top, foot, cue_line, sources = footer(style, spell, context, items, numbered)
    bottom = footer_top + sp.text_below
    body = Area(style.left, bottom, style.width, cursor - sp.text_above - bottom)
    part_right = style.left + style.width - disc - sp.disc_apart
    return Header(tuple(items), body, first_baseline, part_right, foot, cue_line, CUE, sources)


def part_label(style: CardStyle, header: Header, part: int, parts: int) -> Label:
    """Return "2/3" at the right of the title band."""
    return right_label(
        f"{part}/{parts}",
        style.fonts["bold"],
        style.sizes.part,
        style.left + style.width if header.part_right is None else header.part_right,
        header.part_baseline,
        style.title_ink,
    )


def panel(style: CardStyle) -> Fill:
    """Return the card's paper panel inside the school-coloured frame."""
    inset = style.frame
    width, height = style.card_width - 2 * inset, style.card_height - 2 * inset
    return Fill(inset, inset, width, height, style.colours.background, style.panel_radius)


def back_band(style: CardStyle, spell: Spell, context: TypesetContext) -> Header:
    """Return the slim band of a card's back that carries text, and the area left below it.

    The spell's name small, room for "2/2" on its right; no stats and no footer, so the text
    may use the rest of the card (--continue-on-back).
    """
    sizes, fonts, sp = style.sizes, style.fonts, style.spacing
    reserve = stringWidth("88/88", fonts["bold"], sizes.part) + sp.part_reserve
    smallest = min(sizes.part, max(SMALLEST_TYPE, sizes.label))
    title = fit_title(
        spell.name, fonts["title"], style.width - reserve, sizes.part, smallest, context
    )
    items: list[Primitive] = []
    baseline = (
        style.card_height - style.safe_margin - sp.title_ascent_em * max(title.size, sizes.part)
    )
    first_baseline = baseline
    for n, line in enumerate(title.lines):
        if n:
            baseline -= sp.title_line_em * title.size
        items.append(TextLine(line, style.left, baseline, title.size, style.title_ink, "title"))
    band_bottom = baseline - style.descent * title.size - sp.band_below
    items.insert(0, band(style, band_bottom))
    top = band_bottom - sp.grid_above - sp.text_above
    bottom = style.safe_margin
    body = Area(style.left, bottom, style.width, top - bottom)
    return Header(tuple(items), body, first_baseline)


def continued_cue(style: CardStyle, header: Header, text: str) -> Header:
    """Return a front's furniture with `text` ("pokračuje na rubu ›") at the foot of its text.

    The cue sits right-aligned just above the footer's rule; the text area ends above it.
    """
    size = style.sizes.footer
    baseline = header.body.y + style.descent * size
    cue = right_label(
        text, style.fonts["italic"], size, style.left + style.width, baseline, style.colours.muted
    )
    bottom = baseline + ASCENT * size + style.spacing.text_below
    body = Area(header.body.x, bottom, header.body.width, header.body.top - bottom)
    return replace(header, items=(*header.items, cue), body=body, cue="")
