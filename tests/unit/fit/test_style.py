"""cards/fit/style.py on its own: what `card_style` takes from a layout and a school, the
colours a filled and an outline design use, and the line-distance rule `below`."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from cards.fit import style as S
from cards.layout import load_layout
from cards.spacing import BackSpacing


@pytest.fixture(scope="module")
def poker():
    return load_layout("poker")


def test_the_measures_of_a_line_slot():
    """The baseline 0.8 em below a slot's top; accented capitals 0.92 em above the baseline."""
    assert S.BASELINE == 0.8
    assert S.ASCENT == 0.92


def test_a_cards_style_takes_the_layouts_card_fonts_sizes_and_spacing(poker):
    """The card's size, margin, frame and panel, and the layout's own tables, as they are."""
    style = S.card_style(poker, "Zaklínání")
    assert style.layout_path == poker.path
    assert (style.card_width, style.card_height) == (poker.width, poker.height)
    assert style.safe_margin == poker.safe_margin and style.frame == poker.frame
    assert style.panel_radius == poker.panel_radius
    assert style.fonts == poker.fonts and style.sizes == poker.sizes
    assert style.colours == poker.colours and style.spacing == poker.spacing
    assert style.backs == poker.backs


def test_the_text_column_is_the_card_less_its_safe_margin_on_each_side(poker):
    """left = the safe margin (3.4 mm); width = the card's less twice that."""
    style = S.card_style(poker, "Zaklínání")
    margin = 3.4 / 25.4 * 72
    assert style.left == pytest.approx(margin)
    assert style.width == pytest.approx((63.0 - 2 * 3.4) / 25.4 * 72)


def test_a_schools_style_has_its_colour_a_light_tint_of_it_and_its_icon(poker):
    """Zaklínání on poker: #be0016, tinted 16 % over the paper #fffdf8, and its icon."""
    style = S.card_style(poker, "Zaklínání")
    assert style.colour == "#be0016"
    # 0xbe x 0.16 + 0xff x 0.84 = 245 (f5); 0x00 x 0.16 + 0xfd x 0.84 = 213 (d5); ...
    assert style.tint == "#f5d5d4"
    assert style.icon is poker.icons["Zaklínání"]
    other = S.card_style(poker, "Iluze")
    assert other.colour == "#73577c" and other.icon is poker.icons["Iluze"]
    assert S.card_style(poker, "Neznámá").icon is None


def test_a_style_keeps_the_icons_of_the_marks_the_layout_has(poker):
    """Ritual and concentration icons, by key; a layout without one has no mark for it."""
    style = S.card_style(poker, "Zaklínání")
    assert dict(style.marks) == {
        "rituál": poker.icons["rituál"],
        "soustředění": poker.icons["soustředění"],
    }
    icons = {key: icon for key, icon in poker.icons.items() if key != "rituál"}
    fewer = S.card_style(replace(poker, icons=icons), "Zaklínání")
    assert dict(fewer.marks) == {"soustředění": poker.icons["soustředění"]}


def test_a_filled_design_lays_the_school_colour_under_the_card(poker):
    """Solid: the school colour under the card and on its labels, white icons on the band; a
    stacked grid; the outline line width from the design (0.6 pt)."""
    style = S.card_style(poker, "Zaklínání")
    assert not style.outline and not style.run_in and style.line == 0.6
    assert style.fill == "#be0016"
    assert style.accent == "#be0016"
    assert style.on_band == poker.colours.title == "#ffffff"


def test_an_outline_design_keeps_the_card_paper_white_with_dark_labels():
    """ink-saver: paper under the card, dark labels, school-coloured icons on the band."""
    layout = load_layout("ink-saver")
    style = S.card_style(layout, "Zaklínání")
    assert style.outline and style.line == layout.design.line
    assert style.fill == layout.colours.background == "#ffffff"
    assert style.accent == layout.colours.text
    assert style.on_band == "#be0016"
    thick = replace(layout, design=replace(layout.design, line=1.25))
    assert S.card_style(thick, "Zaklínání").line == 1.25


def test_a_run_in_grid_comes_from_the_layouts_design():
    """mini's design.grid = "run-in"."""
    assert S.card_style(load_layout("mini"), "Zaklínání").run_in


def test_a_style_made_without_its_optional_measures_has_their_defaults(poker):
    """No icon, no marks, a filled design with 0.6 pt lines, a stacked grid, default backs."""
    style = S.CardStyle(
        "x.toml", 100.0, 200.0, 5.0, 2.0, 1.0, poker.fonts, poker.sizes, poker.colours,
        poker.spacing, "#112233", "#445566", 5.0, 90.0,
    )  # fmt: skip
    assert style.icon is None and dict(style.marks) == {}
    assert style.outline is False and style.line == 0.6 and style.run_in is False
    assert style.backs == BackSpacing()


def test_a_style_is_immutable_and_hashable_equal_when_every_value_is(poker):
    """Frozen; two styles of the same layout and school are equal with one hash."""
    one, two = S.card_style(poker, "Zaklínání"), S.card_style(poker, "Zaklínání")
    assert one == two and hash(one) == hash(two)
    assert one != S.card_style(poker, "Iluze")
    with pytest.raises(FrozenInstanceError):
        one.left = 0.0  # type: ignore[misc]


def test_the_descent_is_the_body_fonts(poker):
    """Charis SIL's descent: 450/1024 em."""
    style = S.card_style(poker, "Zaklínání")
    assert style.descent == pytest.approx(450 / 1024)
    assert S.descent(poker.fonts["body"]) == pytest.approx(450 / 1024)


def test_lines_of_two_sizes_stand_the_upper_descent_and_lower_ascent_apart(poker):
    """below(upper, lower, gap) = d x upper + (1 - d) x lower + gap, d the descent."""
    style = S.card_style(poker, "Zaklínání")
    d = 450 / 1024
    assert style.below(10.0, 6.0) == pytest.approx(d * 10 + (1 - d) * 6)
    assert style.below(10.0, 6.0, 1.5) == pytest.approx(d * 10 + (1 - d) * 6 + 1.5)
