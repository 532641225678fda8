"""The school's icon in a front's index corner (issue 35): at least 3.5 mm in every layout,
so that a greyscale print tells the schools apart, inside the title band and clear of the
spell's name."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cards.face import Label, Rule, Shape, TextLine
from cards.fit import fit_spell
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.readback import card_layouts


@pytest.fixture(scope="module")
def spells():
    every = read_compendium().spells
    # a short name, a long one on two lines, one with no English name (Jeskyně a draci)
    return [find_spell(every, n) for n in ("Zlé oko", "Mordenkainenova soukromá svatyně")] + [
        next(s for s in every if not s.name_en)
    ]


@pytest.mark.parametrize("layout", card_layouts())
def test_the_corner_icon_is_at_least_three_and_a_half_millimetres(layout, spells):
    """On every front the corner's icon (the shape under the level's numeral) is 3.5 mm or
    more, lies in the band (above the stats and the text), left of the corner's rule, which
    the name starts right of."""
    style = load_layout(layout)
    for spell in spells:
        for face in fit_spell(spell, style):
            digits = [i for i in face.items if isinstance(i, Label) and i.text.isdigit()]
            numeral = min(digits, key=lambda i: i.x)  # the corner's, not the disc's
            rule = next(
                i
                for i in face.items
                if isinstance(i, Rule) and i.x1 == i.x2 and i.x1 < face.width / 3
            )
            (icon,) = [
                i for i in face.items if isinstance(i, Shape) and i.y < numeral.y and i.x < rule.x1
            ]
            below = [
                i.y + i.size
                for i in face.items
                if isinstance(i, TextLine) and i.role in ("stat", "body", "table")
            ]
            names = [i for i in face.items if isinstance(i, TextLine) and i.role == "title"]
            assert icon.size >= 3.5 * mm - 1e-9, (spell.name, icon.size / mm)
            assert icon.y > max(below) and icon.x + icon.size <= rule.x1
            assert all(name.x > rule.x1 for name in names)
