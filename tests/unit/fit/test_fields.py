"""cards/fit/fields.py on its own: the width rule's cases, its messages and the small helpers
(`floor`, `ragged`, `one_line`), with sizes worked out from the font's widths."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.fit import fields as W
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.typeset import ParagraphSetting, TypesetContext, set_lines
from tests.support.spells import make_spell


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


@pytest.fixture(scope="module")
def fonts():
    return card_style(load_layout("poker"), "Zaklínání").fonts


def _spell():
    return replace(make_spell(), name="Zkouška")


# --- one_line, floor ---------------------------------------------------------------------------


def test_one_line_gives_a_field_that_fits_its_width_as_one_text(context, fonts):
    """Fits at its size (exactly its width included): [text]; wider or with a newline: None."""
    font = fonts["body"]
    text = "Čaroděj, Kouzelník"
    width = stringWidth(text, font, 7.0)
    assert W.one_line(text, font, width, 7.0, context) == ([text], 7.0)
    assert W.one_line(text, font, width * 0.99, 7.0, context) == (None, 7.0)
    assert W.one_line("Čaroděj,\nKouzelník", font, 500.0, 7.0, context) == (None, 7.0)
    assert W.one_line("", font, 0.0, 7.0, context) == ([], 7.0)


def test_one_line_gives_and_measures_the_text_as_it_is_set(context, fonts):
    """A spaced hyphen comes back as the en dash the width rule sets, and its width decides:
    the label reads as the field would wrapped (never "Kniha - druhá" on one line)."""
    font = fonts["bold"]
    text, shown = "Kniha - druhá", "Kniha – druhá"
    assert stringWidth(shown, font, 7.0) > stringWidth(text, font, 7.0)  # the dash is wider
    width = stringWidth(shown, font, 7.0)
    assert W.one_line(text, font, width, 7.0, context) == ([shown], 7.0)
    assert W.one_line(text, font, stringWidth(text, font, 7.0), 7.0, context) == (None, 7.0)


def test_floor_is_the_backs_minimum_or_the_fields_own_smaller_size():
    """min(size, back_min)."""
    style = SimpleNamespace(sizes=SimpleNamespace(back_min=5.5))
    assert W.floor(style, 7.0) == 5.5
    assert W.floor(style, 5.0) == 5.0


# --- ragged ------------------------------------------------------------------------------------


def test_ragged_keeps_words_whole_when_they_fit(context, fonts):
    """Words narrower than the width: ragged lines, no hyphen, no overfull line."""
    font = fonts["body"]
    prepared = context.paragraph("Čaroděj, Kouzelník, Druid, Hraničář", font)
    width = stringWidth("Kouzelník, Druid,", font, 7.0) + 0.5
    lines = W.ragged(prepared, width, 7.0, context)
    assert not any(line.hyphenated or line.overfull for line in lines)
    assert all(line.word_space == 0 for line in lines)
    assert " ".join(line.text for line in lines) == "Čaroděj, Kouzelník, Druid, Hraničář"


def test_ragged_breaks_inside_a_word_wider_than_the_width(context, fonts):
    """A word wider than the width is hyphenated rather than left sticking out."""
    font = fonts["body"]
    prepared = context.paragraph("nejneobhospodařovávatelnějšími", font)
    width = stringWidth("nejneobhospodařovávatelnějšími", font, 7.0) * 0.6
    lines = W.ragged(prepared, width, 7.0, context)
    assert len(lines) >= 2 and lines[0].hyphenated


# --- fit_field at one size ---------------------------------------------------------------------


def test_a_one_size_field_wraps_whole_words_within_its_lines(context, fonts):
    """sizes (s, s): unhyphenated lines at s when they fit and are no more than the limit."""
    font = fonts["stat"]
    text = "1 reakce, kterou provedeš"
    field = W.Field(_spell(), "vyvolání", 4)
    title = W.fit_field(text, font, 58.0, (7.6, 7.6), context, field)
    assert title.size == 7.6
    assert not any(line.hyphenated for line in title.lines)
    assert len(title.lines) > 1 and all(line.word_space == 0 for line in title.lines)  # ragged
    assert " ".join(line.text for line in title.lines) == text
    # no field: as many lines as it takes, still unhyphenated
    free = W.fit_field(text, font, 58.0, (7.6, 7.6), context, None)
    assert [line.text for line in free.lines] == [line.text for line in title.lines]


def test_a_one_size_field_of_a_too_wide_word_hyphenates_or_says_so(context, fonts):
    """A word wider than the width at the one size: hyphenated when that fits the lines."""
    font = fonts["stat"]
    word = "nejneobhospodařovávatelnějšími"
    width = stringWidth(word, font, 7.6) * 0.6
    title = W.fit_field(word, font, width, (7.6, 7.6), context, W.Field(_spell(), "dosah", 4))
    assert title.size == 7.6 and title.lines[0].hyphenated
    assert not any(line.overfull for line in title.lines)
    spaced = W.fit_field(f"a {word} b", font, width, (7.6, 7.6), context, None)
    assert any(line.hyphenated for line in spaced.lines)
    assert all(line.word_space == 0 for line in spaced.lines)  # ragged, hyphenated or not
    with pytest.raises(FieldTooWide, match="pole dosah"):
        W.fit_field(word, font, width, (7.6, 7.6), context, W.Field(_spell(), "dosah", 1))
    # without a field nothing is checked: hyphenated lines as they come
    assert W.fit_field(word, font, width, (7.6, 7.6), context, None).lines[0].hyphenated


# --- fit_field with a range of sizes ------------------------------------------------------------


def test_a_field_that_fits_at_its_largest_size_stays_there(context, fonts):
    """One line at the largest size when its natural width fits (exactly, too)."""
    font = fonts["title"]
    text = "Ohnivá střela"
    width = stringWidth(text, font, 11.0)
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert title.size == 11.0 and [line.text for line in title.lines] == [text]


def test_a_field_shrinks_to_its_floor_on_one_line(context, fonts):
    """Fitting only at the floor: one line at the floor, not a step above it."""
    font = fonts["title"]
    text = "Mordenkainenův velkolepý dům"
    width = stringWidth(text, font, 8.1)  # 8.25 too wide, 8.0 fits
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert title.size == 8.0 and len(title.lines) == 1
    # a floor off the step grid: the last step lands on it, not below
    width = stringWidth(text, font, 8.15)
    title = W.fit_field(text, font, width, (11.0, 8.1), context, None)
    assert title.size == 8.1 and len(title.lines) == 1


def test_two_lines_are_set_at_the_largest_size_they_fit(context, fonts):
    """Too wide for one line at the floor: the largest step whose two lines keep words whole."""
    font = fonts["title"]
    text = "Mordenkainenův velkolepý dům"
    width = stringWidth("Mordenkainenův", font, 9.6)  # the longest word fits at 9.5, not 9.75
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert len(title.lines) == 2 and title.size == 9.5
    assert not any(line.hyphenated for line in title.lines)


def test_at_the_floor_a_field_takes_up_to_its_lines_of_whole_words(context, fonts):
    """More than two lines at the floor: whole words up to the field's lines."""
    font = fonts["body"]
    text = "jedna dva tři čtyři pět šest sedm osm devět deset"
    width = stringWidth("jedna dva tři", font, 5.6)
    field = W.Field(_spell(), "anglický název", 6)
    title = W.fit_field(text, font, width, (6.8, 5.5), context, field)
    assert title.size == 5.5 and 2 < len(title.lines) <= 6
    assert not any(line.hyphenated for line in title.lines)
    assert " ".join(line.text for line in title.lines) == text


def test_a_word_too_wide_even_at_the_floor_is_hyphenated_or_an_error(context, fonts):
    """A word wider than the width at the floor: hyphenated lines; FieldTooWide past its lines."""
    font = fonts["body"]
    word = "nejneobhospodařovávatelnějšími"
    width = stringWidth(word, font, 5.5) * 0.55
    title = W.fit_field(word, font, width, (6.8, 5.5), context, W.Field(_spell(), "zdroj", 3))
    assert title.size == 5.5 and title.lines[0].hyphenated
    assert not any(line.overfull for line in title.lines)
    with pytest.raises(FieldTooWide, match="pole zdroj"):
        W.fit_field(word, font, width, (6.8, 5.5), context, W.Field(_spell(), "zdroj", 1))
    # fit_title is the rule without a field: never an error
    assert W.fit_title(word, font, width, 6.8, 5.5, context).size == 5.5


def test_a_title_is_an_immutable_value(context, fonts):
    """Title is frozen: hashable, its fields not reassigned."""
    import dataclasses

    title = W.fit_title("Štít", fonts["title"], 100.0, 11.0, 8.0, context)
    assert hash(title) == hash(W.Title(title.lines, title.size))
    with pytest.raises(dataclasses.FrozenInstanceError):
        title.size = 5.0  # type: ignore[misc]


def test_fit_title_passes_its_sizes_in_order(context, fonts):
    """fit_title(largest, smallest) is fit_field with (largest, smallest)."""
    font = fonts["title"]
    text = "Mordenkainenův velkolepý dům"
    width = stringWidth(text, font, 9.8)
    assert W.fit_title(text, font, width, 11.0, 8.0, context).size == 9.75


# --- require_lines -----------------------------------------------------------------------------


def test_require_lines_names_the_longest_word_of_the_first_overfull_line(context, fonts):
    """An overfull line: field_word_too_wide with file:line, spell, field, word and size."""
    font = fonts["body"]
    prepared = context.paragraph("ab nejneobhospodařovávatelnějšími cd", font)
    lines = set_lines(
        prepared, ParagraphSetting(20.0, 6.5, justify=False, hyphenate=False), context=context
    )
    assert any(line.overfull for line in lines)
    with pytest.raises(FieldTooWide) as error:
        W.require_lines(W.Field(_spell(), "dosah", 9), "x", lines, 6.5)
    assert str(error.value) == (
        "test:1: Zkouška (Příručka hráče): pole dosah: "
        "slovo 'nejneobhospodařovávatelnějšími' je širší "
        "než karta i v písmu 6.5 pt; zkraťte ho nebo ho rozdělte mezerou"
    )


def test_require_lines_counts_lines_against_the_field(context, fonts):
    """More lines than the field takes: field_too_long with the text and the count in Czech."""
    font = fonts["body"]
    lines = set_lines(
        context.paragraph("a b c", font),
        ParagraphSetting(1.0e3, 6.0, justify=False),
        context=context,
    )
    assert len(lines) == 1
    W.require_lines(W.Field(_spell(), "dosah", 1), "a b c", lines, 6.0)  # one line, one allowed
    W.require_lines(W.Field(_spell(), "dosah", None), "a b c", lines * 9, 6.0)  # no limit
    with pytest.raises(FieldTooWide) as error:
        W.require_lines(W.Field(_spell(), "dosah", 1), "a b c", lines * 2, 6.0)
    assert str(error.value) == (
        "test:1: Zkouška (Příručka hráče): pole dosah ('a b c') se nevejde na kartu "
        "ani v písmu 6 pt, "
        "zalomené nejvýš do 1 řádku; zkraťte ho"
    )
    with pytest.raises(FieldTooWide, match=r"nejvýš do 2 řádků; "):
        W.require_lines(W.Field(_spell(), "dosah", 2), "a b c", lines * 3, 6.0)


def test_require_lines_shortens_a_long_text_in_its_message(context, fonts):
    """A text past 60 characters is cut to 57 and an ellipsis; 60 are kept whole."""
    font = fonts["body"]
    lines = set_lines(
        context.paragraph("a", font), ParagraphSetting(1.0e3, 6.0, justify=False), context=context
    )
    sixty = "x" * 60
    with pytest.raises(FieldTooWide) as error:
        W.require_lines(W.Field(_spell(), "dosah", 1), sixty, lines * 2, 6.0)
    assert repr(sixty) in str(error.value)
    with pytest.raises(FieldTooWide) as error:
        W.require_lines(W.Field(_spell(), "dosah", 1), "y" * 61, lines * 2, 6.0)
    assert repr("y" * 57 + "…") in str(error.value)


# --- each field's most lines, through the furniture ----------------------------------------------


@pytest.mark.parametrize(
    ("stats", "field", "most"),
    [
        ({"name_en": "Very long English name " * 20}, "anglický název", "3 řádků"),
        ({"casting_time": "1 akce " * 30}, "vyvolání", "4 řádků"),
        (
            {
                "classes": ("Čaroděj", "Kouzelník", "Druid", "Hraničář", "Paladin", "Černokněžník")
                * 4
            },
            "povolání",
            "4 řádků",
        ),
        (
            {"sources": ("Velmi dlouhý název knihy, která neexistuje " * 4,)},
            "zdroj (kniha)",
            "2 řádků",
        ),
    ],
)
def test_a_field_longer_than_its_lines_is_refused_with_its_limit(context, stats, field, most):
    """English name 3 lines, a stat 4, the classes 4, the book 2: past them, FieldTooWide."""
    from cards.fit import furniture as F

    spell = replace(make_spell(), **stats)
    style = card_style(load_layout("poker"), spell.school)
    with pytest.raises(FieldTooWide) as error:
        F.furniture(style, spell, context, first=True, numbered=False)
    message = str(error.value)
    assert f"pole {field} (" in message and f"zalomené nejvýš do {most};" in message


# --- the fields without a most-lines limit ------------------------------------------------------


def test_a_name_takes_as_many_lines_as_it_needs_at_its_floor(context, fonts):
    """NAME_LINES is no limit: a name of five long words in a column one word wide is set at
    its floor in five lines of whole words, no error."""
    font = fonts["title"]
    text = "Mordenkainenův Mordenkainenův Mordenkainenův Mordenkainenův Mordenkainenův"
    width = stringWidth("Mordenkainenův", font, 8.0) + 0.5
    title = W.fit_field(
        text, font, width, (11.0, 8.0), context, W.Field(_spell(), "název", W.NAME_LINES)
    )
    assert title.size == 8.0
    assert [line.text for line in title.lines] == ["Mordenkainenův"] * 5


def test_a_material_note_may_take_any_number_of_lines(context, fonts):
    """MATERIAL_LINES is no limit: require_lines accepts nine lines of it."""
    font = fonts["body"]
    lines = set_lines(
        context.paragraph("a b c", font),
        ParagraphSetting(1.0e3, 6.0, justify=False),
        context=context,
    )
    field = W.Field(_spell(), "materiální složka", W.MATERIAL_LINES)
    W.require_lines(field, "a b c", lines * 9, 6.0)
    assert field.lines is None


def test_a_field_exactly_as_wide_as_its_width_at_a_step_stays_on_one_line(context, fonts):
    """Natural width times the size equal to the width (the same product the rule computes)
    at the floor: one line there, not two lines at a larger size."""
    font = fonts["title"]
    text = "Ohnivá střela"
    width = context.width(text, font) * 8.0
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert title.size == 8.0 and [line.text for line in title.lines] == [text]


# --- every field is set ragged -----------------------------------------------------------------

CLASSES_TEXT = "Bard, Čaroděj, Druid, Klerik, Kouzelník, Hraničář, Paladin, Černokněžník"


def _ragged_lines(title) -> bool:
    """Ragged: more than one line, spaces on a line before the last, none of them stretched."""
    lines = title.lines
    return (
        len(lines) > 1
        and any(" " in line.text for line in lines[:-1])
        and all(line.word_space == 0 for line in lines)
    )


def test_a_one_size_field_of_several_words_a_line_is_ragged(context, fonts):
    """Classes at their one size over three lines: no line's spaces are stretched."""
    font = fonts["stat"]
    width = stringWidth("Bard, Čaroděj, Druid,", font, 7.0) + 2.0
    title = W.fit_field(CLASSES_TEXT, font, width, (7.0, 7.0), context, None)
    assert _ragged_lines(title)
    # a word wider than the width among them: hyphenated lines, still ragged
    long = CLASSES_TEXT + ", Nejneobhospodařovávatelnější"
    hyphenated = W.fit_field(long, font, width, (7.0, 7.0), context, None)
    assert any(line.hyphenated for line in hyphenated.lines) and _ragged_lines(hyphenated)


def test_a_ranged_field_on_two_lines_or_more_at_the_floor_is_ragged(context, fonts):
    """A name too wide for one line at the floor takes two ragged lines from the largest size
    that holds them, or more at the floor (the field allows them), still ragged."""
    font = fonts["title"]
    text = "Velká ohnivá koule z temných hor"
    width = stringWidth(text, font, 11.0) * 0.6  # two lines at the largest size
    two = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert two.size == 11.0 and len(two.lines) == 2 and _ragged_lines(two)
    field = W.Field(_spell(), "název", 4)
    narrow = stringWidth("Mordenkainenův", font, 8.0) + 1.0
    more = W.fit_field(CLASSES_TEXT, font, narrow * 1.6, (11.0, 8.0), context, field)
    assert more.size == 8.0 and _ragged_lines(more)
    # exactly the field's four lines, whole words: kept, though hyphenated it takes three
    assert len(more.lines) == 4 and not any(line.hyphenated for line in more.lines)


def test_a_ranged_field_hyphenated_at_its_floor_is_ragged(context, fonts):
    """A word too wide even at the floor among several words: hyphenated lines at the floor,
    none of them stretched."""
    font = fonts["title"]
    text = CLASSES_TEXT + ", Nejneobhospodařovávatelnější"
    width = stringWidth("Bard, Čaroděj, Druid,", font, 8.0) + 2.0
    title = W.fit_field(text, font, width, (11.0, 8.0), context, None)
    assert title.size == 8.0 and any(line.hyphenated for line in title.lines)
    assert _ragged_lines(title)


def test_ragged_lines_of_several_words_are_not_stretched(context, fonts):
    """ragged() hyphenating a word too wide among others: no line's spaces stretched."""
    font = fonts["stat"]
    text = CLASSES_TEXT + ", Nejneobhospodařovávatelnější"
    width = stringWidth("Bard, Čaroděj, Druid,", font, 7.0) + 2.0
    lines = W.ragged(context.paragraph(text, font), width, 7.0, context)
    assert any(line.hyphenated for line in lines)
    assert _ragged_lines(W.Title(lines, 7.0))


# --- a field is measured as it is set --------------------------------------------------------


def test_a_field_is_measured_as_it_is_set(context, fonts):
    """The one-line test measures the text as set: a spaced hyphen is an en dash (wider), runs
    of spaces one space (narrower); a name fitting one line as set at 9 pt takes it there."""
    font = fonts["title"]
    dash = stringWidth("Meč\u00a0– štít", font, 1.0) * 9.0  # as set: glued en dash
    title = W.fit_field("Meč - štít", font, dash, (11.0, 8.0), context, None)
    assert (title.size, [line.text for line in title.lines]) == (9.0, ["Meč – štít"])
    spaces = stringWidth("Led a oheň", font, 1.0) * 9.0
    title = W.fit_field("Led  a  oheň", font, spaces, (11.0, 8.0), context, None)
    assert (title.size, [line.text for line in title.lines]) == (9.0, ["Led a oheň"])


def test_a_field_that_passes_the_one_line_test_is_set_on_one_line(context, fonts):
    """At a size off the binary grid, a width equal to the name's width times the size may be
    an ulp short of it when divided back, as the line breaker divides: the rule then takes the
    next step down, on one line, not two lines at the size it found too narrow."""
    font = fonts["title"]
    text = "Aganazzarův žár"
    natural = stringWidth(text, font, 1.0)
    width = natural * 9.9
    assert width / 9.9 < natural  # the breaker's test: one line does not fit at 9.9
    title = W.fit_field(text, font, width, (9.9, 6.2), context, None)
    assert len(title.lines) == 1 and title.size == pytest.approx(9.65)


# --- sizes within a millionth of a point of the floor -------------------------------------------

# The width rule takes a size no more than 1e-6 pt above the floor for the floor. 6.0 + 1e-6 is
# 1.00000000014e-6 above 6.0: a range (sizes closer than 1e-6 are one size), whose largest size
# is the floor plus the millionth to the bit. Sizes exactly 1e-6 apart exist only below about a
# micro-point (1e-6 has bits down to 2**-72): (2e-6, 1e-6).
NEAR_FLOOR = (6.0 + 1e-6, 6.0)


def test_a_size_a_millionth_above_the_floor_is_not_shrunk_for_one_line(context, fonts):
    """The floor plus a millionth is the floor: a name one line wide only at the floor itself
    takes two lines there, not one line a millionth smaller."""
    font = fonts["title"]
    text = "Ohnivá střela"
    width = stringWidth(text, font, 1.0) * 6.0  # one line at 6.0, not at 6.0 + 1e-6
    title = W.fit_field(text, font, width, NEAR_FLOOR, context, None)
    assert (title.size, [line.text for line in title.lines]) == (6.0 + 1e-6, ["Ohnivá", "střela"])


def test_a_size_a_millionth_above_the_floor_is_not_shrunk_for_fewer_lines(context, fonts):
    """The floor plus a millionth is the floor: a field past two lines there is set at it."""
    font = fonts["title"]
    width = stringWidth("Bard, Čaroděj, Druid,", font, 6.0) + 1.0
    title = W.fit_field(CLASSES_TEXT, font, width, NEAR_FLOOR, context, None)
    assert title.size == 6.0 + 1e-6 and len(title.lines) == 4


def test_sizes_exactly_a_millionth_apart_are_a_range(context, fonts):
    """Sizes exactly 1e-6 apart are a range, not one size: past two lines at its floor, with
    no field to hold them, the lines are set hyphenated (at one size: whole words)."""
    font = fonts["title"]
    assert 2e-6 - 1e-6 == 1e-6
    width = (stringWidth("Bard, Čaroděj, Druid,", font, 1.0) + 1.0) * 2e-6  # an em to spare
    title = W.fit_field(CLASSES_TEXT, font, width, (2e-6, 1e-6), context, None)
    assert title.size == 2e-6 and any(line.hyphenated for line in title.lines)
