"""The width rule every printed field of a card follows: shrink to the field's floor on one
line, then wrap, then an error naming the spell and the field (FieldTooWide).

The furniture (cards/fit/furniture.py) sets the name, the English name, the stats, the
material note, the classes and the books with it; cards/bounds.py require_inside is the last
check of the finished faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cards.bounds import FieldTooWide
from cards.fit.style import CardStyle
from cards.messages import say
from cards.model import Spell
from cards.typeset import Line, ParagraphSetting, Prepared, TypesetContext, set_lines

TITLE_STEP = 0.25  # points: a title shrinks in these steps
_EPS = 1e-6
# The width rule's most lines for each field (shrink to the field's floor on one line, then
# wrap, then an error): a field that needs more is too long for a card, whatever the layout.
NAME_LINES = None  # as many as the band takes (the fitter says when the card is full)
ENGLISH_LINES = 3
STAT_LINES = 4
MATERIAL_LINES = None  # as many as the first card holds (the fitter says when it cannot)
CLASSES_LINES = 4
SOURCES_LINES = 2


@dataclass(frozen=True)
class Title:
    """A name set to fit its box: one or two lines at one size."""

    lines: tuple[Line, ...]
    size: float


class Field(NamedTuple):
    """A printed field the width rule sets: whose it is and what a message calls it.

    A named tuple, not a dataclass: one is made for every stat of every card's header.
    """

    spell: Spell
    name: str  # "anglický název", "zdroj (kniha)", ...
    lines: int | None  # the most lines it may take; None: as many as the card has room for


def fit_field(
    text: str,
    font: str,
    width: float,
    sizes: tuple[float, float],
    context: TypesetContext,
    field: Field | None,
) -> Title:
    """Set a printed field to a width by the one width rule every field follows.

    One line at the largest size that fits (in steps of TITLE_STEP from `sizes`' first down to
    its second, the field's floor); else two unhyphenated lines, again from the largest size;
    at the floor, up to the field's lines unhyphenated, else hyphenated. More lines than the
    field may take, or a word wider than the width even there: FieldTooWide naming the spell
    and the field (`field` None: as many lines as it takes, as the backs set their names).
    """
    largest, smallest = sizes
    limit = field.lines if field is not None else None
    prepared = context.paragraph(text, font)
    if largest - smallest < _EPS:  # a field that wraps at its one size (stats, classes)
        lines = set_lines(
            prepared,
            ParagraphSetting(width, largest, justify=False, hyphenate=False),
            context=context,
        )
        if not any(line.overfull for line in lines) and (limit is None or len(lines) <= limit):
            return Title(lines, largest)
        lines = set_lines(
            prepared, ParagraphSetting(width, largest, justify=False), context=context
        )
        if field is not None:
            require_lines(field, text, lines, largest)
        return Title(lines, largest)
    # The text as it is set (normalised: "-" between words an en dash, spaces collapsed), and
    # set_lines' own test of a line (its width divided by the size): one line when it fits.
    natural = context.width(prepared.text, font)
    size = largest
    while size > smallest + _EPS and natural > width / size:
        size = max(size - TITLE_STEP, smallest)
    if natural <= width / size:
        lines = set_lines(
            prepared, ParagraphSetting(width, size, justify=False, hyphenate=False), context=context
        )
        if not any(line.overfull for line in lines):
            return Title(lines, size)
    size = largest
    while True:
        lines = set_lines(
            prepared, ParagraphSetting(width, size, justify=False, hyphenate=False), context=context
        )
        whole = not any(line.overfull for line in lines)
        if len(lines) <= 2 and whole:
            return Title(lines, size)
        if size <= smallest + _EPS:
            break
        size = max(size - TITLE_STEP, smallest)
    if limit is not None and len(lines) <= limit and whole:
        return Title(lines, size)  # more lines at the floor, still without breaking a word
    lines = set_lines(prepared, ParagraphSetting(width, size, justify=False), context=context)
    if field is not None:
        require_lines(field, text, lines, size)
    return Title(lines, size)


def require_lines(field: Field, text: str, lines: tuple[Line, ...], size: float) -> None:
    """Raise FieldTooWide when a field's lines stick out or are more than it may take."""
    spell = field.spell
    line = spell.origin.line_of(field.name)  # the field's own line, where the format has one
    where = {"file": spell.origin.file, "line": line, "spell": spell.label}
    overfull = [line for line in lines if line.overfull]
    if overfull:
        word = max(overfull[0].text.split(), key=len, default=overfull[0].text)
        message = say("field_word_too_wide", **where, field=field.name, word=word, size=f"{size:g}")
        raise FieldTooWide(message)
    if field.lines is not None and len(lines) > field.lines:
        raise FieldTooWide(
            say(
                "field_too_long",
                **where,
                field=field.name,
                text=text if len(text) <= 60 else text[:57] + "…",
                size=f"{size:g}",
                lines="1 řádku" if field.lines == 1 else f"{field.lines} řádků",
            )
        )


def fit_title(
    text: str, font: str, width: float, largest: float, smallest: float, context: TypesetContext
) -> Title:
    """Fit a name to a width: on one line, shrinking it, or else on two lines.

    One line at the largest size that fits (in steps of TITLE_STEP down to `smallest`); else
    two unhyphenated lines, again from the largest size; at `smallest` as many lines as it takes.
    """
    return fit_field(text, font, width, (largest, smallest), context, None)


def floor(style: CardStyle, size: float) -> float:
    """Return the least size a small field (English name, books) shrinks to: the layout's
    floor for the furniture, or its own size when that is smaller."""
    return min(size, style.sizes.back_min)


def ragged(
    prepared: Prepared, width: float, size: float, context: TypesetContext
) -> tuple[Line, ...]:
    """Set short text (a stat, a list of names) ragged, breaking inside a word only if it must."""
    lines = set_lines(
        prepared, ParagraphSetting(width, size, justify=False, hyphenate=False), context=context
    )
    if any(line.overfull for line in lines):
        return set_lines(prepared, ParagraphSetting(width, size, justify=False), context=context)
    return lines


def one_line(
    text: str, font: str, width: float, size: float, context: TypesetContext
) -> tuple[list[str] | None, float]:
    """Return a short field as one label's text when it fits the width at its size (the
    width rule's first case, without setting lines), else None; and the size. The text is
    as the width rule sets it (normalised), measured by its test of one line."""
    if not text:
        return [], size
    if "\n" not in text:
        shown = context.paragraph(text, font).text
        if context.width(shown, font) <= width / size:
            return [shown], size
    return None, size
