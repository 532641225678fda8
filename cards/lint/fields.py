"""Printed fields too long for the cards: lint's check, by the fitter's own width rule.

A name, an English name or a book of one's own that the card cannot print even at its smallest
type is an error of the fitter's width rule (cards/bounds.py) when the cards are built; lint
names it earlier, at the spell's file:line. Fitting every spell would make lint slow, so the
fields are first measured with the layout's fonts against the card's text column, and only the
spells whose fields come near its width are fitted: the verdict is always the fitter's.
"""

from __future__ import annotations

from collections.abc import Iterable

from cards.model import SOURCES, Spell
from cards.source.problems import Problem

# A field is worth fitting when it takes more than this share of the text column at its size:
# well below what the furniture shrinks and wraps, so that no field too long is passed over.
# Stat values and the class list wrap over a few lines of half or all the column: worth fitting
# from one line's worth of the column.
NEAR = {"name_en": 0.7, "book": 0.35, "name": 1.4, "stat": 1.0, "classes": 1.5}


def _near_the_edge(spell: Spell, layout) -> bool:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts, sizes = layout.fonts, layout.sizes
    column = layout.width - 2 * layout.safe_margin
    own = ", ".join(book for book in spell.sources if book not in SOURCES)
    stats = (spell.casting_time, spell.range, spell.duration)
    widths = {
        "name_en": stringWidth(spell.name_en, fonts["italic"], sizes.name_en),
        "book": stringWidth(own, fonts["body"], sizes.footer),
        "name": stringWidth(spell.name, fonts["bold"], sizes.title_min),
        "stat": max(stringWidth(value, fonts["bold"], sizes.stat) for value in stats),
        "classes": stringWidth(", ".join(spell.classes), fonts["italic"], sizes.footer),
    }
    return any(widths[field] > share * column for field, share in NEAR.items())


def field_problems(spells: Iterable[Spell], layout) -> list[Problem]:
    """Report each spell whose printed fields the layout's cards cannot hold, at its line."""
    suspects = [spell for spell in spells if _near_the_edge(spell, layout)]
    if not suspects:
        return []
    from cards.bounds import FieldTooWide
    from cards.fit import fit_spell

    problems = []
    for spell in suspects:
        try:
            fit_spell(spell, layout)
        except FieldTooWide as error:
            line = int(str(error).removeprefix(f"{spell.origin.file}:").split(":", 1)[0])
            message = str(error).removeprefix(f"{spell.origin.file}:{line}: ")
            problems.append(Problem(spell.origin.file, line, "long", message))
    return problems
