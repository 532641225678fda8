"""cards/fit/band.py on its own: the band's ground, the level's disc, and where `subtitle` puts
the English name and the school's name, called straight with a name's left edge and baseline."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.face import Disc, Fill, Label, Outline
from cards.fit import band as B
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.support.fonts import near_widths
from tests.support.spells import make_spell

LEFT, BASELINE, TITLE, DISC = 30.0, 200.0, 10.0, 20.0  # the name's left and baseline, ...


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


def style_of(layout: str = "poker", school: str = "Zaklínání"):
    return card_style(load_layout(layout), school)


def right_end(label: Label) -> float:
    return label.x + stringWidth(label.text, label.font, label.size)


def place(style, spell, context):
    """subtitle() for a name at (LEFT, BASELINE), TITLE pt, beside a DISC pt disc."""
    items: list = []
    positioned: list = []
    last = B.subtitle(style, spell, context, (items, positioned), (LEFT, BASELINE), TITLE, DISC)
    school = items[-1]
    return items[:-1], school, positioned, last


def room(style) -> float:
    """From the name's left to disc_apart (3 pt) before the disc."""
    return style.left + style.width - DISC - 3.0 - LEFT


# --- band --------------------------------------------------------------------------------------


def test_a_filled_band_reaches_from_its_bottom_to_the_cards_top_edge_to_edge():
    """Into the bleed: from x 0 over the card's width, up to its height, in the school colour."""
    style = style_of()
    assert B.band(style, 200.0) == Fill(
        0.0, 200.0, style.card_width, style.card_height - 200.0, "#be0016"
    )


def test_an_outline_band_lies_inside_the_cards_edge_by_the_frame_and_half_its_line():
    """ink-saver: the outline inset frame + line/2 on the left, right and top."""
    style = style_of("ink-saver")
    inset = style.frame + 0.6 / 2
    assert B.band(style, 200.0) == Outline(
        inset,
        200.0,
        style.card_width - 2 * inset,
        style.card_height - inset - 200.0,
        0.6,
        "#be0016",
        style.panel_radius,
    )


# --- level_disc --------------------------------------------------------------------------------


def test_the_level_is_a_numeral_of_its_share_of_the_disc_centred_in_it():
    """Filled design: a paper disc of the diameter, the figure 0.62 diameters tall in the
    school colour, centred on x, its baseline 0.35 of its size below the centre."""
    style = style_of()
    disc, numeral = B.level_disc(style, make_spell(level=7), 100.0, 50.0, 20.0)
    assert disc == Disc(100.0, 50.0, 10.0, style.colours.background)
    assert numeral.text == "7" and numeral.font == style.fonts["bold"]
    assert numeral.size == pytest.approx(0.62 * 20.0) and numeral.colour == "#be0016"
    assert numeral.x + stringWidth("7", numeral.font, numeral.size) / 2 == pytest.approx(100.0)
    assert numeral.y == pytest.approx(50.0 - 0.35 * 0.62 * 20.0)


def test_a_cantrips_disc_says_trik_no_wider_than_most_of_the_disc():
    """The word "trik", at 0.62 diameters or smaller: it spans at most 0.78 of the diameter."""
    style = style_of()
    _, word = B.level_disc(style, make_spell(level=0), 100.0, 50.0, 20.0)
    assert word.text == "trik"
    per_point = stringWidth("trik", style.fonts["bold"], 1.0)
    assert 0.78 * 20.0 / per_point < 0.62 * 20.0  # the case wanted: "trik" is shrunk
    assert word.size == pytest.approx(0.78 * 20.0 / per_point)
    assert right_end(word) - word.x == pytest.approx(0.78 * 20.0)
    assert word.x == pytest.approx(100.0 - 0.78 * 20.0 / 2)
    assert word.y == pytest.approx(50.0 - 0.35 * word.size)


def test_a_cantrips_word_keeps_its_share_when_that_is_narrow_enough():
    """With disc_numeral_em small enough, "trik" stays at that share of the diameter."""
    style = style_of()
    small = replace(style, spacing=replace(style.spacing, disc_numeral_em=0.3))
    _, word = B.level_disc(small, make_spell(level=0), 100.0, 50.0, 20.0)
    assert word.size == pytest.approx(6.0)


def test_an_outline_designs_disc_has_a_school_coloured_edge_and_a_dark_numeral():
    """ink-saver: a paper disc edged in the school colour at the design's line, dark figure."""
    style = style_of("ink-saver")
    disc, numeral = B.level_disc(style, make_spell(level=3), 100.0, 50.0, 20.0)
    assert disc == Disc(100.0, 50.0, 10.0, style.colours.background, "#be0016", 0.6)
    assert numeral.colour == style.colours.text and numeral.text == "3"
    assert numeral.size == pytest.approx(0.62 * 20.0)
    assert numeral.x + stringWidth("3", numeral.font, numeral.size) / 2 == pytest.approx(100.0)
    assert numeral.y == pytest.approx(50.0 - 0.35 * 0.62 * 20.0)


# --- subtitle ----------------------------------------------------------------------------------


def test_a_short_english_name_shares_its_line_with_the_school(context):
    """Both fit: the English name at the name's left, the school ending disc_apart before the
    disc, bold at the level's size, both white, on one baseline below(title, size, 0.6)."""
    style = style_of()
    (english,), school, positioned, last = place(style, make_spell(), context)
    assert english == Label(
        "Chromatic orb",
        style.fonts["body"],
        6.8,
        LEFT,
        BASELINE - style.below(TITLE, 6.8, 0.6),
        style.colours.title,
    )
    assert school.text == "Zaklínání" and school.font == style.fonts["bold"]
    assert school.size == 6.8 and school.colour == style.colours.title
    assert school.y == english.y == last
    assert right_end(school) == pytest.approx(style.left + style.width - DISC - 3.0)
    assert positioned == [(english.y, 6.8), (school.y, 6.8)]


def test_the_shared_line_takes_the_larger_of_the_two_sizes(context):
    """Level 8 pt, English 6.8 pt: their line stands below(title, 8, 0.6) under the name."""
    style = style_of()
    style = replace(style, sizes=replace(style.sizes, level=8.0))
    (english,), school, _, _ = place(style, make_spell(), context)
    assert english.size == 6.8 and school.size == 8.0
    assert english.y == pytest.approx(BASELINE - style.below(TITLE, 8.0, 0.6))


def test_the_school_shares_the_line_while_subtitle_apart_is_left_between_them(context):
    """The English name, subtitle_apart (6 pt) and the school fill the room: one line; a hair
    more: the school goes on a line of its own, below(6.8, 6.8, level_below) lower."""
    style = style_of()
    school_width = stringWidth("Zaklínání", style.fonts["bold"], 6.8)
    fits, wider = near_widths(
        style.fonts["body"], 6.8, room(style) - school_width - 6.0, context, 0.2
    )
    (english,), school, _, _ = place(style, replace(make_spell(), name_en=fits), context)
    assert school.y == english.y
    (english,), school, positioned, last = place(
        style, replace(make_spell(), name_en=wider), context
    )
    assert english.size == 6.8
    assert english.y == pytest.approx(BASELINE - style.below(TITLE, 6.8, 0.6))
    assert school.y == pytest.approx(english.y - style.below(6.8, 6.8, 0.3)) and last == school.y
    assert positioned == [(english.y, 6.8), (school.y, 6.8)]


def test_an_english_name_a_hair_too_wide_shrinks_a_step_on_its_own_line(context):
    """Wider than the room at name_en: the width rule, a TITLE_STEP smaller (6.55 pt); the
    school below it on its own line."""
    style = style_of()
    fits, wider = near_widths(style.fonts["body"], 6.8, room(style), context, 0.2)
    (english,), school, _, _ = place(style, replace(make_spell(), name_en=fits), context)
    assert english.size == 6.8 and school.y < english.y
    (english,), school, positioned, _ = place(style, replace(make_spell(), name_en=wider), context)
    assert english.text == wider and english.size == 6.55
    assert english.y == pytest.approx(BASELINE - style.below(TITLE, 6.55, 0.6))
    assert school.y == pytest.approx(english.y - style.below(6.55, 6.8, 0.3))
    assert positioned == [(english.y, 6.55), (school.y, 6.8)]


def test_a_long_english_name_wraps_title_line_em_apart_at_the_left(context):
    """Too long for one line at the floor: lines 1.08 ems apart, the school below the last."""
    style = style_of()
    long = "Mordenkainen's magnificent and most enormous and splendid faraway mansion"
    english, school, positioned, last = place(style, replace(make_spell(), name_en=long), context)
    assert len(english) >= 2
    size = english[0].size
    assert all(e.size == size and e.x == LEFT for e in english)
    assert english[0].y == pytest.approx(BASELINE - style.below(TITLE, size, 0.6))
    for upper, lower in zip(english, english[1:], strict=False):
        assert lower.y == pytest.approx(upper.y - 1.08 * size)
    assert school.y == pytest.approx(english[-1].y - style.below(size, 6.8, 0.3))
    assert last == school.y and len(positioned) == len(english) + 1
    assert all(right_end(e) <= LEFT + room(style) + 0.01 for e in english)


def test_without_an_english_name_the_school_takes_its_line_below_the_name(context):
    """A "Symbol"/"symbol": no English name; the school alone at the level's size, below
    (title, max(name_en, level), 0.6) under the name."""
    style = style_of()
    spell = replace(make_spell(name="Symbol"), name_en="symbol")
    english, school, positioned, last = place(style, spell, context)
    assert english == []
    assert school.y == pytest.approx(BASELINE - style.below(TITLE, 6.8, 0.6)) and last == school.y
    assert positioned == [(school.y, 6.8)]
    big = replace(style, sizes=replace(style.sizes, level=8.0))
    _, school, _, _ = place(big, spell, context)
    assert school.y == pytest.approx(BASELINE - big.below(TITLE, 8.0, 0.6))
    small = replace(style, sizes=replace(style.sizes, level=5.0))
    _, school, _, _ = place(small, spell, context)
    assert school.y == pytest.approx(BASELINE - small.below(TITLE, 6.8, 0.6))


# --- english_name ------------------------------------------------------------------------------


def test_the_english_name_is_normalised_and_left_out_when_it_is_the_czech_one():
    """Typographic apostrophe; "" when it equals the Czech name but for case."""
    assert B.english_name(replace(make_spell(), name_en="Bigby's hand")) == "Bigby’s hand"
    assert B.english_name(replace(make_spell(name="Symbol"), name_en="SYMBOL")) == ""
    assert B.english_name(replace(make_spell(name="Symbol"), name_en="Symbols")) == "Symbols"


def test_an_english_name_that_exactly_fills_the_room_with_the_school_shares_its_line(context):
    """Width + subtitle_apart + the school's width equal to the room, to the last bit: both
    fit, so they share the line (the name's left edge nudged until the sum is exact)."""
    style = style_of()
    font, apart = style.fonts["body"], style.spacing.subtitle_apart
    school_width = stringWidth("Zaklínání", style.fonts["bold"], 6.8)
    name = "Chromatic orb"
    need = 6.8 * context.width(name, font) + apart
    right = style.left + style.width - DISC - style.spacing.disc_apart
    left = right - school_width - need
    for _ in range(200):
        if need == (right - left) - school_width:
            break
        left = math.nextafter(left, -math.inf if need > (right - left) - school_width else 0)
    assert need == (right - left) - school_width  # the case wanted: an exact fit
    items: list = []
    B.subtitle(style, make_spell(), context, (items, []), (left, BASELINE), TITLE, DISC)
    english, school = items
    assert english.text == name and school.y == english.y


def test_an_english_name_too_long_for_its_lines_is_an_error_naming_the_field(context):
    """More than ENGLISH_LINES (3) lines even at the floor: FieldTooWide for "anglický název"."""
    style = style_of()
    long = "Mordenkainen's magnificent and most enormous and splendid faraway mansion " * 2
    spell = replace(make_spell(), name_en=long.strip())
    with pytest.raises(FieldTooWide, match="pole anglický název"):
        place(style, spell, context)
