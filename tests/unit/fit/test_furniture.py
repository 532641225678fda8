"""The card's furniture on its own (cards/fit/furniture.py): the width rule, the title band
with its index corner, the stat grid and the footer, built straight from `furniture()`."""

from __future__ import annotations

from dataclasses import replace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.face import Disc, Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit import fields as W
from cards.fit import furniture as F
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.conftest import make_spell

EPS = 0.01
LAYOUTS = ("poker", "bridge", "tarot", "mini", "large-print", "ink-saver")


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


def style_of(layout: str = "poker", school: str = "Zaklínání"):
    return card_style(load_layout(layout), school)


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


@pytest.mark.parametrize("layout", LAYOUTS)
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
