"""The title band: its ground, the level's disc, the English name and the school's name.

The name itself and the index corner are placed by `furniture` (cards/fit/furniture.py) and
`corner`; these are the band's other pieces.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Disc, Fill, Label, Outline, Primitive
from cards.fit.fields import ENGLISH_LINES, Field, fit_field, floor, one_line
from cards.fit.labels import right_label
from cards.fit.style import CardStyle
from cards.model import Spell
from cards.typeset import TypesetContext
from cards.typeset.normalise import normalise


def band(style: CardStyle, bottom: float) -> Fill | Outline:
    """Return the title band from `bottom` to the top: filled in the school colour, reaching
    into the bleed; or, in an outline design, its outline inside the card's edge."""
    if not style.outline:
        return Fill(0.0, bottom, style.card_width, style.card_height - bottom, style.colour)
    inset = style.frame + style.line / 2
    return Outline(
        inset,
        bottom,
        style.card_width - 2 * inset,
        style.card_height - inset - bottom,
        style.line,
        style.colour,
        style.panel_radius,
    )


def level_disc(
    style: CardStyle, spell: Spell, x: float, y: float, diameter: float
) -> list[Primitive]:
    """The level as a numeral in a paper-coloured disc ("trik" for a cantrip).

    In an outline design the disc has a school-coloured edge and a dark numeral.
    """
    sp, font = style.spacing, style.fonts["bold"]
    text = str(spell.level) if spell.level else "trik"
    size = sp.disc_numeral_em * diameter
    if not spell.level:
        size = min(size, 0.78 * diameter / stringWidth(text, font, 1.0))
    width = stringWidth(text, font, size)
    baseline = y - 0.35 * size
    if style.outline:
        disc = Disc(x, y, diameter / 2, style.colours.background, style.colour, style.line)
        return [disc, Label(text, font, size, x - width / 2, baseline, style.colours.text)]
    return [
        Disc(x, y, diameter / 2, style.colours.background),
        Label(text, font, size, x - width / 2, baseline, style.ink),
    ]


def subtitle(
    style: CardStyle,
    spell: Spell,
    context: TypesetContext,
    placed: tuple[list[Primitive], list[tuple[float, float]]],
    at: tuple[float, float],
    title_size: float,
    disc: float,
) -> float:
    """Place the English name (left, at the name's left edge) and the school's name (right,
    by the disc); `at` is the name's left edge and last baseline, `placed` the band's items
    and the (baseline, size) of its lines.

    They share a line when both fit, else the school gets a line of its own. The English name
    is left out when it is the Czech name ("Symbol"); it follows the width rule.
    """
    items, positioned = placed
    sizes, fonts, sp, white = style.sizes, style.fonts, style.spacing, style.title_ink
    left, baseline = at
    school = spell.school
    school_width = stringWidth(school, fonts["bold"], sizes.level)
    right = style.left + style.width - disc - sp.disc_apart
    room = right - left
    english = english_name(spell)
    texts, english_size = one_line(english, fonts["body"], room, sizes.name_en, context)
    if texts is None:
        field = Field(spell, "anglický název", ENGLISH_LINES)
        shrunk = (sizes.name_en, floor(style, sizes.name_en))
        fitted = fit_field(english, fonts["body"], room, shrunk, context, field)
        texts, english_size = [line.text for line in fitted.lines], fitted.size
    shared = (
        len(texts) == 1
        and english_size * context.width(texts[0], fonts["body"]) + sp.subtitle_apart
        <= room - school_width
    )
    size = max(english_size, sizes.level) if shared or not english else english_size
    baseline -= style.below(title_size, size, sp.subtitle_above)
    for n, text in enumerate(texts):
        if n:
            baseline -= sp.title_line_em * english_size
        items.append(Label(text, fonts["body"], english_size, left, baseline, white))
        positioned.append((baseline, english_size))
    if english and not shared:
        baseline -= style.below(english_size, sizes.level, sp.level_below)
    items.append(right_label(school, fonts["bold"], sizes.level, right, baseline, white))
    positioned.append((baseline, sizes.level))
    return baseline


def english_name(spell: Spell) -> str:
    """Return the English name as the band prints it, or "" when it is the Czech name.

    "Bigby’s hand": the typographic apostrophe (normalise).
    """
    english = normalise(spell.name_en)
    if english.casefold() == normalise(spell.name).casefold():
        return ""
    return english
