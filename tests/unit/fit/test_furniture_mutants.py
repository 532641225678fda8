"""cards/fit/furniture.py on its own: where `furniture`, `back_band`, `part_label`, `panel` and
`continued_cue` put each piece, worked out from the layout's measures (cards/spacing.py) and the
rules their docstrings and comments state."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.config import SMALLEST_TYPE
from cards.face import Area, Disc, Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit import furniture as F
from cards.fit.corner import INDEX_APART, INDEX_RULE
from cards.fit.style import ASCENT, card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.conftest import make_spell
from tests.unit.fit.conftest import near_widths

EPS = 1e-6


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


def style_of(layout: str = "poker", school: str = "Zaklínání"):
    return card_style(load_layout(layout), school)


def titles(header) -> list[TextLine]:
    return [i for i in header.items if isinstance(i, TextLine) and i.role == "title"]


def right_end(label: Label) -> float:
    return label.x + stringWidth(label.text, label.font, label.size)


# --- the disc and the name's room ---------------------------------------------------------------


def test_the_disc_is_its_ems_of_the_largest_title_or_a_share_of_the_column(context):
    """disc_em x title_max (poker: 1.9 x 11 = 20.9 pt), but never more than disc_share of the
    column (bridge: 0.14 x its width); at the column's right, its top disc_rise above the top."""
    for layout, diameter in (("poker", 20.9), ("bridge", 0.14 * style_of("bridge").width)):
        style = style_of(layout)
        head = F.furniture(style, make_spell(), context, first=True, numbered=False)
        (disc,) = [i for i in head.items if isinstance(i, Disc)]
        assert disc.radius == pytest.approx(diameter / 2)
        assert disc.x == pytest.approx(style.left + style.width - diameter / 2)
        top = style.card_height - style.safe_margin + 0.6
        assert disc.y == pytest.approx(top - diameter / 2)
        # "2/3" ends disc_apart left of the disc
        assert head.part_right == pytest.approx(style.left + style.width - diameter - 3.0)


def test_the_name_starts_index_apart_right_of_the_corners_rule(context):
    """The corner's rule, then INDEX_APART, then the name, on every line of a two-line name."""
    style = style_of()
    spell = make_spell(name="Mordenkainenův velkolepý a nesmírný dům")
    head = F.furniture(style, spell, context, first=False, numbered=False)
    (rule,) = [i for i in head.items if isinstance(i, Rule) and i.x1 == i.x2]
    lines = titles(head)
    assert len(lines) == 2
    for line in lines:
        assert line.x == pytest.approx(rule.x1 + INDEX_RULE / 2 + INDEX_APART)


def _name_room(style, numbered: bool) -> float:
    """From the name's left to disc_apart before the disc, less "88/88" and part_reserve."""
    left = style.left + F.index_width(style) + 2 * INDEX_APART + INDEX_RULE
    room = style.left + style.width - 20.9 - style.spacing.disc_apart - left
    if numbered:
        room -= stringWidth("88/88", style.fonts["bold"], style.sizes.part) + 4.0
    return room


@pytest.mark.parametrize("numbered", [False, True])
def test_a_name_that_just_fits_its_room_keeps_the_largest_size(context, numbered):
    """A name a hair narrower than its room stays at title_max; a hair wider shrinks a step."""
    style = style_of()
    room = _name_room(style, numbered)
    fits, wider = near_widths(style.fonts["title"], 11.0, room, context, 0.25)
    spell = make_spell(name=fits)
    (line,) = titles(F.furniture(style, spell, context, first=False, numbered=numbered))
    assert line.size == 11.0
    spell = make_spell(name=wider)
    (line,) = titles(F.furniture(style, spell, context, first=False, numbered=numbered))
    assert line.size == 10.75


def test_a_name_with_a_letter_wider_than_its_room_is_an_error_naming_the_field(context):
    """A column so narrow (20 pt) that the name's room (20 - 0.14 x 20 - 3 - the corner, under
    5 pt) holds no "M" even at title_min: FieldTooWide for the spell's "název"."""
    style = replace(style_of(), width=20.0)
    with pytest.raises(FieldTooWide, match="pole název: slovo 'Mmm'"):
        F.furniture(style, make_spell(name="Mmm"), context, first=False, numbered=False)


# --- the band's lines -----------------------------------------------------------------------------


def test_the_names_lines_stand_title_line_em_apart_below_the_safe_top(context):
    """First baseline title_ascent_em of the size below the safe top; the next 1.08 ems lower;
    "2/3" level with the first; the English name below the last."""
    style = style_of()
    spell = make_spell(name="Mordenkainenův velkolepý a nesmírný dům")
    head = F.furniture(style, spell, context, first=True, numbered=False)
    first, second = titles(head)
    size = first.size
    assert second.size == size and size < 11.0
    assert first.y == pytest.approx(style.card_height - style.safe_margin - 0.72 * size)
    assert second.y == pytest.approx(first.y - 1.08 * size)
    assert head.part_baseline == pytest.approx(first.y)
    assert first.colour == style.colours.title
    (english,) = [i for i in head.items if isinstance(i, Label) and i.text == "Chromatic orb"]
    assert english.x == pytest.approx(first.x)
    # the English name and the school share a line, at the larger of their sizes
    shared = max(style.sizes.name_en, style.sizes.level)
    assert english.y == pytest.approx(second.y - style.below(size, shared, 0.6))
    # the band ends band_below under the school's line's descent (lower than the disc here)
    (school,) = [i for i in head.items if isinstance(i, Label) and i.text == spell.school]
    band = head.items[0]
    assert isinstance(band, Fill)
    expected = school.y - style.descent * style.sizes.level - 1.2
    assert band.y == pytest.approx(expected)
    assert band.height == pytest.approx(style.card_height - expected)


def test_a_one_line_band_ends_band_below_under_the_disc(context):
    """Poker's one-line name: its school's line ends above the disc, so the disc's bottom
    (disc_rise above the safe top, 20.9 pt down) less band_below is the band's bottom."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=True, numbered=False)
    (school,) = [i for i in head.items if isinstance(i, Label) and i.text == "Zaklínání"]
    disc_bottom = style.card_height - style.safe_margin + 0.6 - 20.9
    assert school.y - style.descent * style.sizes.level > disc_bottom  # the case wanted
    band = head.items[0]
    assert band.y == pytest.approx(disc_bottom - 1.2)


def test_a_band_ends_band_below_under_the_school_on_its_own_line(context):
    """A long English name: the school takes a line of its own below it, and that line,
    the band's lowest, sets the band's bottom (band_below under its descent)."""
    style = style_of()
    spell = replace(
        make_spell(name="Mordenkainenův velkolepý a nesmírný dům"),
        name_en="Mordenkainen's magnificent mansion",
    )
    head = F.furniture(style, spell, context, first=True, numbered=False)
    (english,) = [i for i in head.items if isinstance(i, Label) and "Mordenkainen" in i.text]
    (school,) = [i for i in head.items if isinstance(i, Label) and i.text == "Zaklínání"]
    assert school.y < english.y  # the case wanted
    assert head.items[0].y == pytest.approx(school.y - style.descent * style.sizes.level - 1.2)


def test_the_band_comes_first_then_the_disc_and_then_the_corner(context):
    """The band under everything; the corner drawn after the disc."""
    style = style_of()
    head = F.furniture(style, make_spell(level=4), context, first=False, numbered=False)
    kinds = [type(i) for i in head.items]
    assert kinds[0] is Fill
    disc = kinds.index(Disc)
    assert kinds[disc + 1] is Label  # the disc's numeral
    assert kinds[disc + 2 : disc + 5] == [Label, Shape, Rule]  # the corner: level, icon, rule
    assert head.items[disc + 2].text == "4"


# --- the text area ----------------------------------------------------------------------------


def _footer_rule(head) -> Rule:
    (rule,) = [i for i in head.items if isinstance(i, Rule) and i.y1 == i.y2 and i.y1 < 60]
    return rule


def test_a_later_cards_text_starts_grid_above_and_text_above_below_the_band(context):
    """No grid: the text area's top is grid_above + text_above below the band; its bottom
    text_below above the footer's rule; the column's width."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=False, numbered=False)
    band = head.items[0]
    rule = _footer_rule(head)
    assert head.body == Area(
        style.left, rule.y1 + 2.2, style.width, band.y - 1.6 - 2.6 - (rule.y1 + 2.2)
    )
    assert head.body.top == pytest.approx(band.y - 1.6 - 2.6)


def test_a_first_cards_text_starts_text_above_below_the_grid(context):
    """The grid's tint from grid_above below the band down to its bottom; the text text_above
    below that."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=True, numbered=False)
    band = head.items[0]
    tints = [i for i in head.items if isinstance(i, Fill) and i.colour == style.tint]
    (grid,) = [t for t in tints if t.width == style.width]
    assert grid.y + grid.height == pytest.approx(band.y - 1.6)
    assert head.body.top == pytest.approx(grid.y - 2.6)
    assert head.body.y == pytest.approx(_footer_rule(head).y1 + 2.2)


def test_the_header_carries_the_footers_baselines_the_cue_and_the_books(context):
    """foot: the books' baseline; the cue said when the spell goes on; the books placed."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=True, numbered=True)
    (book,) = head.sources
    assert head.foot == book.y and head.cue_line == book.y
    assert head.cue == "pokračuje ›"
    assert book.text.startswith("P")
    assert abs(right_end(book) - (style.left + style.width)) < 0.01


# --- part_label, panel ------------------------------------------------------------------------


def test_the_part_label_ends_at_the_headers_right_or_the_columns(context):
    """Bold at the part size, in the title colour, level with the name's first line; its right
    end at part_right, or the column's right edge when the header has none."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=True, numbered=True)
    label = F.part_label(style, head, 2, 3)
    assert label.text == "2/3" and label.font == style.fonts["bold"]
    assert label.size == style.sizes.part and label.colour == style.colours.title
    assert label.y == head.part_baseline
    assert right_end(label) == pytest.approx(head.part_right)
    free = F.part_label(style, replace(head, part_right=None), 12, 13)
    assert free.text == "12/13"
    assert right_end(free) == pytest.approx(style.left + style.width)


def test_the_panel_lies_inside_the_frame(context):
    """The paper panel: the card less the frame on every side, with the panel's radius."""
    style = style_of()
    fill = F.panel(style)
    frame = style.frame
    assert fill == Fill(
        frame,
        frame,
        style.card_width - 2 * frame,
        style.card_height - 2 * frame,
        style.colours.background,
        style.panel_radius,
    )
    assert frame > 0 and style.panel_radius > 0


# --- back_band --------------------------------------------------------------------------------


def test_a_backs_band_sets_a_short_name_at_the_part_size(context):
    """One line at the column's left, title_ascent_em of the part size below the safe top; the
    band band_below under its descent; the text grid_above + text_above lower, to the safe
    bottom."""
    style = style_of()
    head = F.back_band(style, make_spell(), context)
    band, line = head.items
    assert isinstance(band, Fill) and isinstance(line, TextLine)
    assert line.line.text == "Barevná koule" and line.size == style.sizes.part == 7.0
    assert line.x == style.left and line.colour == style.colours.title and line.role == "title"
    baseline = style.card_height - style.safe_margin - 0.72 * 7.0
    assert line.y == pytest.approx(baseline) and head.part_baseline == pytest.approx(baseline)
    bottom = baseline - style.descent * 7.0 - 1.2
    assert band.y == pytest.approx(bottom)
    assert head.body == Area(style.left, style.safe_margin, style.width, head.body.height)
    assert head.body.top == pytest.approx(bottom - 1.6 - 2.6)
    assert head.part_right is None and head.foot is None and head.cue_line is None
    assert head.cue == "" and head.sources == ()


def test_a_backs_band_leaves_room_for_the_part_label(context):
    """The name's room: the column less "88/88" and part_reserve; a hair too wide shrinks."""
    style = style_of()
    room = style.width - stringWidth("88/88", style.fonts["bold"], 7.0) - 4.0
    fits, wider = near_widths(style.fonts["title"], 7.0, room, context, 0.25)
    (_, line) = F.back_band(style, make_spell(name=fits), context).items
    assert line.size == 7.0
    (_, line) = F.back_band(style, make_spell(name=wider), context).items
    assert line.size == 6.75


def test_a_long_name_on_a_back_takes_lines_title_line_em_apart_at_the_label_floor(context):
    """Too long for two lines: as many as it takes at max(SMALLEST_TYPE, label) (poker's
    label size, 6 pt), each 1.08 ems below the last; the first still placed as at the part
    size, and the band under the last."""
    style = style_of()
    assert style.sizes.label == 6.0 > SMALLEST_TYPE
    name = " ".join(["Mordenkainenův velkolepý a nesmírně prostorný dům"] * 3)
    head = F.back_band(style, make_spell(name=name), context)
    band, *lines = head.items
    assert len(lines) >= 3 and all(line.size == 6.0 for line in lines)
    top = style.card_height - style.safe_margin - 0.72 * 7.0
    assert lines[0].y == pytest.approx(top)
    for upper, lower in zip(lines, lines[1:], strict=False):
        assert lower.y == pytest.approx(upper.y - 1.08 * 6.0)
    assert band.y == pytest.approx(lines[-1].y - style.descent * 6.0 - 1.2)


def test_a_backs_band_in_an_outline_design_is_an_outline(context):
    """ink-saver: the band drawn as an outline, first of the items."""
    style = style_of("ink-saver")
    head = F.back_band(style, make_spell(), context)
    assert isinstance(head.items[0], Outline)


# --- continued_cue ----------------------------------------------------------------------------


def test_the_continued_cue_sits_right_aligned_at_the_foot_of_the_text(context):
    """Italic at the footer's size in the muted colour, its right end at the column's right,
    its baseline the body's descent above the area's bottom; the text ends text_below above
    its capitals; the header's own cue is dropped."""
    style = style_of()
    head = F.furniture(style, make_spell(), context, first=True, numbered=True)
    cued = F.continued_cue(style, head, "pokračuje na rubu ›")
    *items, cue = cued.items
    assert tuple(items) == head.items
    size = style.sizes.footer
    assert cue.text == "pokračuje na rubu ›" and cue.font == style.fonts["italic"]
    assert cue.size == size and cue.colour == style.colours.muted
    assert right_end(cue) == pytest.approx(style.left + style.width)
    assert cue.y == pytest.approx(head.body.y + style.descent * size)
    bottom = cue.y + ASCENT * size + 2.2
    assert cued.body.y == pytest.approx(bottom)
    assert cued.body.x == head.body.x and cued.body.width == head.body.width
    assert cued.body.top == pytest.approx(head.body.top)
    assert cued.cue == "" and head.cue
    assert cued.foot == head.foot and cued.sources == head.sources


# --- the module's face ------------------------------------------------------------------------


def test_a_header_is_frozen(context):
    """A header is shared by the cards of a spell: it is changed by `replace` only."""
    head = F.furniture(style_of(), make_spell(), context, first=True, numbered=False)
    with pytest.raises(FrozenInstanceError):
        head.cue = ""  # type: ignore[misc]
    assert hash(head) == hash(replace(head))
