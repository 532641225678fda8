"""The card's footer: the classes at the left, the books at the right, the cue of a card that
goes on, and the rule above them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label, Primitive, Rule, TextLine
from cards.fit.fields import (
    CLASSES_LINES,
    SOURCES_LINES,
    Field,
    fit_field,
    floor,
    one_line,
    ragged,
    require_lines,
)
from cards.fit.labels import right_label
from cards.fit.style import ASCENT, CardStyle
from cards.model import SOURCE_ABBREVIATIONS, Spell
from cards.typeset import TypesetContext

if TYPE_CHECKING:
    from cards.fit.furniture import Header

CUE = "pokračuje ›"  # at the foot of every part of a spell but the last
# At the foot of a part that begins inside a sentence without the cue above its text: the
# last part, and one that goes on too.
CUE_FROM = ("‹ dokončení", "‹ pokračuje ›")


def footer(
    style: CardStyle,
    spell: Spell,
    context: TypesetContext,
    items: list[Primitive],
    numbered: bool,
) -> tuple[float, float, float, tuple[Label, ...]]:
    """Place the classes at the bottom left; return the footer's top, baseline, cue line and
    the sources' labels.

    The sources sit at the foot's right, shrunk to the floor if they must, with the classes
    beside them; sources too long for that take the foot's lines of their own (right-aligned,
    wrapped by the width rule) and the classes go above them. The cue is placed by
    `foot_labels`, in the room kept for it: on a numbered card that room always holds the cue,
    so that every part has the same room for text: beside the sources when the classes still
    fit as many lines, else on a line of its own above them (a narrow card).
    """
    sizes, fonts, colours, sp = style.sizes, style.fonts, style.colours, style.spacing
    size = sizes.footer
    text = ", ".join(spell.classes) or "—"
    classes = context.paragraph(text, fonts["italic"])
    widest = size * max(context.width(word, fonts["italic"]) for word in text.split())
    sources = _sources(spell)
    beside_room = style.width - sp.footer_apart - widest
    shrunk = (size, floor(style, size))
    # fit_field's own test of one line at the floor, on the text as set: books kept beside
    # the classes fit one line there
    set_text = context.paragraph(sources, fonts["bold"]).text
    stacked = context.width(set_text, fonts["bold"]) > beside_room / shrunk[1]
    books, books_size = one_line(sources, fonts["bold"], beside_room, size, context)
    if books is None:
        field = Field(spell, "zdroj (kniha)", SOURCES_LINES)
        room = style.width if stacked else beside_room
        fitted = fit_field(sources, fonts["bold"], room, shrunk, context, field)
        books, books_size = [line.text for line in fitted.lines], fitted.size
    kept = 0.0 if stacked else books_size * context.width(books[0], fonts["bold"])
    width = style.width - kept - (0.0 if stacked else sp.footer_apart)
    lines = ragged(classes, width, size, context)
    baseline = style.safe_margin + style.descent * size * sp.footer_drop_em
    right = style.left + style.width
    labels = []
    for book in reversed(books):
        labels.append(right_label(book, fonts["bold"], books_size, right, baseline, style.accent))
        if stacked:
            baseline += sp.footer_line_em * size
    foot = cue_line = labels[0].y
    own_line = stacked and numbered
    if numbered and not stacked:
        cue = max(stringWidth(t, fonts["bold_italic"], size) for t in (CUE, *CUE_FROM))
        kept += sp.footer_apart + cue
        beside = ragged(classes, style.width - kept - sp.footer_apart, size, context)
        own_line = len(beside) > len(lines)
        if not own_line:
            lines = beside
    if own_line and stacked:
        cue_line = baseline
        baseline += sp.footer_line_em * size
    require_lines(Field(spell, "povolání", CLASSES_LINES), text, lines, size)
    for line in reversed(lines):
        items.append(TextLine(line, style.left, baseline, size, colours.muted, "footer"))
        baseline += sp.footer_line_em * size
    if own_line and not stacked:
        cue_line = baseline
        baseline += sp.footer_line_em * size
    top = baseline - sp.footer_line_em * size + ASCENT * size + sp.footer_rule_above
    rule_colour = style.colour if style.outline else style.tint
    items.append(Rule(style.left, top, right, top, sp.footer_rule, rule_colour))
    return top, foot, cue_line, tuple(reversed(labels))


def _sources(spell: Spell) -> str:
    return " · ".join(SOURCE_ABBREVIATIONS.get(s, s) for s in spell.sources)


def foot_labels(
    style: CardStyle, spell: Spell, header: Header, goes_on: bool, came: bool = False
) -> list[Label]:
    """Return the sources at the foot's right, and left of them the header's cue that the
    text goes on (`goes_on`), or that it goes on from the card before (`came`: CUE_FROM);
    nothing on a card without a footer."""
    if header.foot is None:
        return []
    cue = header.cue if goes_on else ""
    if came and header.cue:
        cue = CUE_FROM[1] if goes_on else CUE_FROM[0]
    fonts, size, sp = style.fonts, style.sizes.footer, style.spacing
    right = style.left + style.width
    labels = list(header.sources)
    if cue:
        if header.cue_line == header.foot:
            last = header.sources[-1]
            right = last.x - sp.footer_apart
        labels.append(
            right_label(cue, fonts["bold_italic"], size, right, header.cue_line, style.accent)
        )
    return labels
