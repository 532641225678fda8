"""cards/fit/corner.py on its own: the index corner's numeral, icon and rule, placed by the
measures its comments state (numeral 0.9 em of title_max, icon 1.5 pt below it, rule 1.8 pt
right of the column, 0.4 pt wide, icon at least 0.8 pt clear of the rule)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label, Rule, Shape, TextLine
from cards.fit import corner as C
from cards.fit import fit_spell
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.readback import card_layouts
from tests.support.spells import make_spell


def style_of(layout: str = "poker", school: str = "Zaklínání"):
    return card_style(load_layout(layout), school)


def corner_of(style, level: int = 1):
    items: list = []
    bottom = C.index_corner(style, make_spell(level=level), items)
    (numeral,) = [i for i in items if isinstance(i, Label)]
    icons = [i for i in items if isinstance(i, Shape)]
    (rule,) = [i for i in items if isinstance(i, Rule)]
    return items, bottom, numeral, icons, rule


def widest_digit(font: str, size: float) -> float:
    return max(stringWidth(digit, font, size) for digit in "0123456789")


def test_the_numeral_is_the_level_even_for_a_cantrip():
    """The corner shows the level's figure: "0" for a cantrip (the disc says "trik")."""
    assert [C.index_numeral(level) for level in (0, 1, 9)] == ["0", "1", "9"]


@pytest.mark.parametrize("layout", ["poker", "tarot", "mini"])
def test_the_columns_width_is_the_widest_figure_at_nine_tenths_of_the_largest_title(layout):
    """Without an icon, 0.9 x title_max in the bold face, the widest of the ten figures (not
    "10"); with one, as much as the 3.5 mm icon needs beyond the gap before the rule (1.8 pt
    less its 0.8 pt clearance), wider than the figures in every shipped layout."""
    style = style_of(layout)
    size = 0.9 * style.sizes.title_max
    figures = widest_digit(style.fonts["bold"], size)
    plain = replace(style, icon=None)
    assert C.index_width(plain) == pytest.approx(figures)
    assert C.index_width(plain) < stringWidth("10", style.fonts["bold"], size)
    assert C.index_width(style) == pytest.approx(max(figures, 3.5 * mm - 1.0))
    assert C.index_width(style) > figures


def test_the_icon_is_the_band_icon_size_but_at_least_three_and_a_half_millimetres():
    """Poker's band icon (1.2 x 6.8 = 8.16 pt) is under 3.5 mm (9.92 pt): 3.5 mm, so that a
    greyscale print tells the schools apart (issue 35); a larger band icon keeps its size."""
    style = style_of()
    assert 1.2 * 6.8 < 3.5 * mm  # the case wanted
    assert C.index_icon(style) == pytest.approx(3.5 * mm)
    large = replace(style, spacing=replace(style.spacing, icon_em=2.0))
    assert C.index_icon(large) == pytest.approx(2.0 * style.sizes.level)


@pytest.mark.parametrize("level", [0, 4])
def test_the_numeral_sits_title_ascent_below_the_safe_top_centred_over_the_icon(level):
    """Bold at 0.9 x title_max (9.9 pt), its baseline title_ascent_em of that below the safe
    top, in the title colour; the icon (wider than the figures here) from the column's left,
    the numeral centred over it."""
    style = style_of()
    _, _, numeral, (icon,), _ = corner_of(style, level)
    assert numeral.text == str(level) and numeral.font == style.fonts["bold"]
    assert numeral.size == pytest.approx(9.9) and numeral.colour == style.colours.title
    assert numeral.y == pytest.approx(style.card_height - style.safe_margin - 0.72 * 9.9)
    assert icon.x == pytest.approx(style.left)
    width = stringWidth(numeral.text, numeral.font, numeral.size)
    assert numeral.x + width / 2 == pytest.approx(icon.x + icon.size / 2)


def test_the_icon_hangs_its_gap_below_the_numeral_and_is_the_corners_bottom():
    """The icon's top 1.5 pt below the numeral's baseline; its bottom is the corner's; the
    school's icon, in the band's icon colour (white on a filled band)."""
    style = style_of()
    _, bottom, numeral, (icon,), _ = corner_of(style)
    assert icon.size == pytest.approx(C.index_width(style) + 1.0)
    assert icon.y == pytest.approx(numeral.y - 1.5 - icon.size)
    assert bottom == pytest.approx(icon.y)
    assert icon.icon == style.icon and icon.colour == style.colours.title


def test_the_rule_parts_the_corner_from_the_name_at_the_columns_right():
    """A 0.4 pt rule, its centre 1.8 + 0.2 pt right of the column, from the numeral's capital
    height (ASCENT x 9.9) down to the corner's bottom, in the band's icon colour."""
    style = style_of()
    _, bottom, numeral, _, rule = corner_of(style)
    x = style.left + C.index_width(style) + 1.8 + 0.2
    assert rule.x1 == pytest.approx(x) and rule.x2 == pytest.approx(x)
    assert rule.y1 == pytest.approx(numeral.y + 0.92 * 9.9)
    assert rule.y2 == pytest.approx(bottom)
    assert rule.width == pytest.approx(0.4) and rule.colour == style.colours.title


def test_in_an_outline_design_the_icon_and_rule_take_the_school_colour():
    """ink-saver: no filled band, so the icon and the rule are school-coloured."""
    style = style_of("ink-saver")
    _, _, numeral, (icon,), rule = corner_of(style)
    assert icon.colour == style.colour and rule.colour == style.colour
    assert numeral.colour == style.colours.title


def test_a_narrow_icon_is_centred_under_the_figures_column():
    """An icon narrower than the figures (a title of 24 pt: figures at 21.6 pt): the
    column's centre is the corner's."""
    style = style_of()
    big = replace(style, sizes=replace(style.sizes, title_max=24.0))
    _, bottom, numeral, (icon,), _ = corner_of(big, 8)
    column = widest_digit(style.fonts["bold"], 21.6)
    assert C.index_width(big) == pytest.approx(column) and column > 3.5 * mm
    centre = style.left + column / 2
    assert icon.size == pytest.approx(3.5 * mm)
    assert icon.x + icon.size / 2 == pytest.approx(centre)
    width = stringWidth("8", numeral.font, numeral.size)
    assert numeral.x + width / 2 == pytest.approx(centre)
    assert bottom == pytest.approx(numeral.y - 1.5 - 3.5 * mm)


def test_a_school_without_an_icon_has_a_corner_of_its_numeral_and_rule():
    """No icon: the numeral centred in its column, the corner's bottom its baseline, the rule
    from its capital height down to there."""
    style = replace(style_of(), icon=None)
    items, bottom, numeral, icons, rule = corner_of(style, 3)
    assert not icons and len(items) == 2
    width = stringWidth("3", numeral.font, numeral.size)
    assert numeral.x + width / 2 == pytest.approx(style.left + C.index_width(style) / 2)
    assert bottom == pytest.approx(numeral.y)
    assert rule.y2 == pytest.approx(numeral.y)
    assert rule.y1 == pytest.approx(numeral.y + 0.92 * 9.9)


def test_the_corner_adds_to_the_items_it_is_given():
    """index_corner extends the list: what was there stays first."""
    style = style_of()
    marker = Label("x", "f", 1.0, 0.0, 0.0, "#000000")
    items: list = [marker]
    C.index_corner(style, make_spell(level=2), items)
    assert items[0] is marker and len(items) == 4


def test_without_an_icon_even_a_tiny_column_is_centred_on_its_own_middle():
    """No icon: the numeral's column alone sets the centre, however narrow (title_max 1 pt)."""
    style = replace(style_of(), icon=None)
    style = replace(style, sizes=replace(style.sizes, title_max=1.0))
    _, _, numeral, _, _ = corner_of(style, 5)
    column = C.index_width(style)
    assert column < 1.0  # the case wanted: narrower than a point
    width = stringWidth("5", numeral.font, numeral.size)
    assert numeral.x + width / 2 == pytest.approx(style.left + column / 2)


# ------------------------------------------------------------------------------------------
# The school's icon in a front's index corner (issue 35): at least 3.5 mm in every layout,
# so that a greyscale print tells the schools apart, inside the title band and clear of the
# spell's name.


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
