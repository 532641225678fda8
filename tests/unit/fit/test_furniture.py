"""The card's furniture on its own (cards/fit/furniture.py): the width rule, the title band
with its index corner, the stat grid and the footer, built straight from `furniture()`."""

from __future__ import annotations

import functools
from dataclasses import FrozenInstanceError, replace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.config import SMALLEST_TYPE
from cards.face import Area, Disc, Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit import fields as W
from cards.fit import furniture as F
from cards.fit.corner import INDEX_APART, INDEX_RULE
from cards.fit.style import ASCENT, card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.support.fonts import near_widths
from tests.support.spells import make_spell

EPS = 0.01
LAYOUTS = ("poker", "bridge", "tarot", "mini", "large-print", "ink-saver")


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


@functools.cache
def _layout(name: str):
    """A shipped layout, loaded once a module: the compendium tests ask for it 492 times."""
    return load_layout(name)


def style_of(layout: str = "poker", school: str = "Zaklínání"):
    return card_style(_layout(layout), school)


def header(spell, layout: str = "poker", *, first=True, numbered=False, context=None):
    style = style_of(layout, spell.school)
    context = context or TypesetContext()
    return style, F.furniture(style, spell, context, first=first, numbered=numbered)


def right_end(label: Label) -> float:
    return label.x + stringWidth(label.text, label.font, label.size)


# --- the width rule ---------------------------------------------------------------------------


def test_a_field_shrinks_in_steps_to_the_largest_size_that_fits_one_line(context):
    """One line at the largest TITLE_STEP size whose width fits; the next step up does not."""
    font = style_of().fonts["title"]
    text = "Mordenkainenův velkolepý dům"
    width = stringWidth(text, font, 9.8)  # fits at 9.75, not at 10
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert len(title.lines) == 1 and title.size == 9.75


def test_a_field_too_wide_at_its_floor_wraps_from_the_largest_size(context):
    """Too wide for one line even at the floor: two unhyphenated lines, from the largest size."""
    font = style_of().fonts["title"]
    text = "Mordenkainenův velkolepý dům"
    width = stringWidth("Mordenkainenův velkolepý", font, 8.0) * 0.9  # one line never fits
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert len(title.lines) == 2 and not any(line.hyphenated for line in title.lines)
    # the largest size on two lines: a step larger needs more (or sticks out)
    assert stringWidth("Mordenkainenův", font, title.size) <= width
    assert title.size == 11.0 or stringWidth("Mordenkainenův", font, title.size + 0.25) > width


def test_a_field_with_more_lines_than_it_may_take_is_an_error_naming_spell_and_field(context):
    """Past the field's lines at the floor: FieldTooWide with file:line, spell and field."""
    spell = replace(make_spell(), name="Zkouška")
    font = style_of().fonts["body"]
    text = "slovo " * 30
    field = W.Field(spell, "anglický název", 2)
    with pytest.raises(FieldTooWide) as error:
        W.fit_field(text.strip(), font, 60.0, (6.8, 5.5), context, field)
    message = str(error.value)
    assert message.startswith("test:1: Zkouška") and "pole anglický název" in message
    assert "5.5 pt" in message and "2 řádků" in message
    # the same text with room for its lines is set, at the floor
    roomy = W.Field(spell, "anglický název", 20)
    title = W.fit_field(text.strip(), font, 60.0, (6.8, 5.5), context, roomy)
    assert 2 < len(title.lines) <= 20 and title.size == 5.5


def test_a_field_at_its_floor_uses_its_lines_before_breaking_a_word(context):
    """At the floor, up to the field's lines of whole words before hyphenating: a casting time
    that hyphenation would set "1 reakce, kte-|rou ..." keeps its words whole on four lines."""
    spell = make_spell()
    font = style_of().fonts["stat"]
    text = "1 reakce, kterou provedeš, když tě zasáhne útok"
    title = W.fit_field(text, font, 58.0, (7.6, 7.6), context, W.Field(spell, "vyvolání", 4))
    assert [line.text for line in title.lines] == [
        "1 reakce,",
        "kterou",
        "provedeš, když",
        "tě zasáhne útok",
    ]
    # with room for fewer lines only, it hyphenates and then says the field is too long
    with pytest.raises(FieldTooWide, match="pole vyvolání"):
        W.fit_field(text, font, 58.0, (7.6, 7.6), context, W.Field(spell, "vyvolání", 3))


# --- the title band -------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize(("level", "numeral"), [(0, "0"), (3, "3"), (9, "9")])
def test_the_index_corner_shows_the_level_over_the_school_icon(layout, level, numeral):
    """Top left: the level, below it the school's icon, a rule, then the name; all in the band."""
    style, head = header(make_spell(level=level), layout)
    items = head.items
    band = items[0]
    assert isinstance(band, (Fill, Outline))
    (title, *_) = [i for i in items if isinstance(i, TextLine) and i.role == "title"]
    corner = [i for i in items if isinstance(i, Label) and i.text == numeral and i.x < title.x]
    assert len(corner) == 1
    (figure,) = corner
    assert figure.x >= style.left - EPS and right_end(figure) < title.x
    assert abs(figure.y - title.y) < 0.3 * title.size or figure.y > title.y  # level with it
    (icon,) = [i for i in items if isinstance(i, Shape)]
    assert icon.icon == style.icon
    assert icon.y + icon.size <= figure.y  # below the figure's baseline
    assert icon.x >= style.left - EPS and icon.x + icon.size < title.x
    assert icon.y >= band.y  # inside the band
    (rule,) = [i for i in items if isinstance(i, Rule) and i.x1 == i.x2 and i.x1 < title.x]
    assert right_end(figure) < rule.x1 < title.x and icon.x + icon.size < rule.x1


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_corner_leaves_the_band_no_taller(layout):
    """The corner ends above the band's bottom line of text or the disc, whichever is lower."""
    style, head = header(make_spell(), layout)
    band = head.items[0]
    (icon,) = [i for i in head.items if isinstance(i, Shape)]
    (disc,) = [i for i in head.items if isinstance(i, Disc)]
    lowest = min(disc.y - disc.radius, min(i.y for i in head.items if isinstance(i, Label)))
    assert icon.y >= lowest - EPS
    assert band.y >= lowest - style.spacing.band_below - style.descent * 8 - EPS


def test_the_english_name_is_roman_at_its_size_and_left_out_when_it_is_the_czech_name():
    """Roman (the body's face) at the layout's size, typographic apostrophe; "Symbol/Symbol"
    prints one name."""
    style, head = header(replace(make_spell(), name_en="Bigby's hand"))
    (english,) = [i for i in head.items if isinstance(i, Label) and "Bigby" in i.text]
    assert english.text == "Bigby’s hand"
    assert english.font == style.fonts["body"] and english.size == style.sizes.name_en
    assert style.sizes.name_en >= 6.8
    (title, *_) = [i for i in head.items if isinstance(i, TextLine) and i.role == "title"]
    assert english.x == title.x
    _, same = header(replace(make_spell(), name="Symbol", name_en="symbol"))
    assert not [i for i in same.items if isinstance(i, Label) and i.text.lower() == "symbol"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_band_keeps_its_fields_clear_of_the_disc(layout):
    """Name, English name, school and "88/88" end left of the level's disc."""
    spell = replace(
        make_spell(name="Mordenkainenův velkolepý a nesmírný dům"),
        name_en="Mordenkainen's magnificent and enormous mansion",
    )
    style, head = header(spell, layout, numbered=True)
    (disc,) = [i for i in head.items if isinstance(i, Disc)]
    left_of_disc = disc.x - disc.radius
    for item in head.items:
        if isinstance(item, TextLine) and item.role == "title":
            assert item.x + item.line.width <= left_of_disc - style.spacing.disc_apart + EPS
        if isinstance(item, Label) and item.y > disc.y - disc.radius and item.size < 8:
            assert right_end(item) <= left_of_disc + EPS, item.text
    part = F.part_label(style, head, 88, 88)
    titles = [i for i in head.items if isinstance(i, TextLine) and i.role == "title"]
    assert right_end(part) <= left_of_disc
    assert titles[0].x + titles[0].line.width < part.x


# --- the stat grid ----------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_stat_values_stay_inside_their_cells(layout):
    """A long value wraps inside its own cell: no stat line reaches past its column."""
    spell = replace(make_spell(), range="Na dohled nebo dokud tě neodvolá", duration="Ihned")
    style, head = header(spell, layout)
    stats = [i for i in head.items if isinstance(i, TextLine) and i.role == "stat"]
    assert len(stats) >= 5  # the range took more than one line
    for line in stats:
        assert line.x + line.line.runs[-1].x >= style.left - EPS
        assert line.x - style.left + line.line.width <= style.width + EPS
    if layout == "poker":  # two columns: the range's lines in the right-hand one
        middle = style.left + style.width / 2
        right = [i for i in stats if i.x > middle]
        assert all(i.x + i.line.width <= style.left + style.width + EPS for i in right)
        left = [i for i in stats if i.x < middle]
        assert all(i.x + i.line.width <= middle + EPS for i in left)


def test_the_grid_comes_only_on_the_first_card():
    """`first` adds the stat grid; a later card's text starts right below the band."""
    _, first = header(make_spell())
    _, later = header(make_spell(), first=False)
    assert any(isinstance(i, TextLine) and i.role == "stat" for i in first.items)
    assert not any(isinstance(i, TextLine) and i.role == "stat" for i in later.items)
    assert later.body.top > first.body.top


# --- the footer ------------------------------------------------------------------------------


def _class_lists(compendium):
    """Every list of classes the compendium has, and the longest there could be."""
    from cards.model import CLASSES

    return sorted({spell.classes for spell in compendium} | {CLASSES})


# Every class list of the compendium on every layout: half a second of CPU a layout. The fast
# run checks poker (the same code on every layout); the full run every layout.
@pytest.mark.parametrize(
    "layout", [n if n == "poker" else pytest.param(n, marks=pytest.mark.slow) for n in LAYOUTS]
)
def test_classes_left_and_books_right_never_meet(layout, compendium):
    """The books end at the column's right; the classes end footer_apart before them and
    before the cue that the spell goes on (every list of classes in the compendium)."""
    context = TypesetContext()
    for classes in _class_lists(compendium):
        _footer_apart(layout, replace(make_spell(), classes=classes), context)


def _footer_apart(layout, spell, context):
    style, head = header(spell, layout, numbered=True, context=context)
    (book,) = head.sources
    assert abs(right_end(book) - (style.left + style.width)) < EPS
    cue = F.foot_labels(style, spell, head, goes_on=True)[-1]
    assert cue.text == F.CUE
    classes = [i for i in head.items if isinstance(i, TextLine) and i.role == "footer"]
    words = " ".join(i.line.text for i in reversed(classes)).replace("-", "").split()
    assert "".join(words) == "".join(", ".join(spell.classes).split())
    for line in classes:
        end = line.x + line.line.width
        if abs(line.y - book.y) < EPS:
            assert end <= book.x - style.spacing.footer_apart + EPS
        if abs(line.y - cue.y) < EPS:
            assert end <= cue.x - style.spacing.footer_apart + EPS
    if abs(cue.y - book.y) < EPS:
        assert right_end(cue) <= book.x - style.spacing.footer_apart + EPS


def test_a_book_too_long_to_stand_beside_the_classes_takes_the_foot():
    """A book that leaves no room for the classes' longest word goes below them, right-aligned."""
    long = "Kouzla naší družiny a jejích přátel z dalekých hor a údolí"
    spell = replace(make_spell(), sources=(long,))
    style, head = header(spell)
    classes = [i for i in head.items if isinstance(i, TextLine) and i.role == "footer"]
    assert head.sources and all(c.y > max(b.y for b in head.sources) for c in classes)
    for book in head.sources:
        assert right_end(book) <= style.left + style.width + EPS
        assert book.size >= W.floor(style, style.sizes.footer) - EPS
    # a short book stays beside them, at the footer's size
    _, short = header(make_spell())
    (book,) = short.sources
    assert book.size == style.sizes.footer
    assert any(abs(c.y - book.y) < EPS for c in short.items if isinstance(c, TextLine))


def test_the_text_area_lies_between_the_grid_and_the_footer_rule():
    """The body area ends text_below above the footer's rule and text_above below the grid."""
    style, head = header(make_spell())
    (rule,) = [i for i in head.items if isinstance(i, Rule) and i.y1 == i.y2 and i.y1 < 40]
    assert abs(head.body.y - (rule.y1 + style.spacing.text_below)) < EPS
    stats = [i for i in head.items if isinstance(i, TextLine) and i.role == "stat"]
    assert head.body.top < min(i.y for i in stats)


def test_a_book_a_little_too_long_shrinks_beside_the_classes():
    """A book that fits beside the classes only below the footer's size is shrunk there
    (not moved below them): the width rule shrinks before it wraps."""
    style = style_of()
    spell = make_spell()
    fonts, size, sp = style.fonts, style.sizes.footer, style.spacing
    widest = max(stringWidth(w, fonts["italic"], size) for w in ", ".join(spell.classes).split())
    room = style.width - sp.footer_apart - widest
    book = "Kouzla"
    while stringWidth(book, fonts["bold"], size) <= room:
        book += " naší"
    assert stringWidth(book, fonts["bold"], W.floor(style, size)) <= room  # the case wanted
    _, head = header(replace(spell, sources=(book,)))
    (label,) = head.sources
    assert label.text == book and label.size < size
    classes = [i for i in head.items if isinstance(i, TextLine) and i.role == "footer"]
    assert any(abs(c.y - label.y) < EPS for c in classes)


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["poker", "mini", "bridge"])
def test_every_compendium_band_and_grid_keeps_its_rooms(layout, compendium, context):
    """For every spell of the compendium, numbered: the name ends disc_apart before "88/88"
    and the disc, the English name before the disc, each stat inside its cell less the pad."""
    for spell in compendium:
        style, head = header(spell, layout, numbered=True, context=context)
        (disc,) = [i for i in head.items if isinstance(i, Disc)]
        edge = disc.x - disc.radius - style.spacing.disc_apart
        part = F.part_label(style, head, 88, 88)
        for item in head.items:
            if isinstance(item, TextLine) and item.role == "title":
                end = item.x + item.line.width
                assert end <= edge + EPS, spell.name
                if abs(item.y - part.y) < EPS:
                    assert end <= part.x - style.spacing.part_reserve + EPS, spell.name
            if isinstance(item, Label) and item.font == style.fonts["body"]:  # English name
                assert right_end(item) <= edge + EPS, spell.name
        if style.run_in:
            continue
        pad, middle = style.spacing.grid_pad, style.left + style.width / 2
        for item in head.items:
            if isinstance(item, TextLine) and item.role == "stat":
                right = middle if item.x < middle else style.left + style.width
                assert item.x + item.line.width <= right - pad + EPS, (spell.name, item.line.text)


# ------------------------------------------------------------------------------------------
# cards/fit/furniture.py on its own: where `furniture`, `back_band`, `part_label`, `panel` and
# `continued_cue` put each piece, worked out from the layout's measures (cards/spacing.py) and the
# rules their docstrings and comments state.


TIGHT = 1e-6


def titles(header) -> list[TextLine]:
    return [i for i in header.items if isinstance(i, TextLine) and i.role == "title"]


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
