"""cards/fit/footer.py on its own: where `footer` puts the classes, the books, the cue's line
and the rule, worked out by hand from the layout's spacing (poker: footer_apart 6 pt,
footer_line_em 1.1, footer_drop_em 0.6, footer_rule_above 1.5) in the fixed-width test font,
the footer at 6 pt (its floor, back_min, 5.5 pt): every width a count of letters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.face import Area, Label, Rule, TextLine
from cards.fit import footer as Ft
from cards.fit.furniture import Header
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.support.fonts import MONO_EM, mono_poker
from tests.support.spells import make_spell

MONO = "FooterMutantsMono"
LEFT = 10.0
SIZE, FLOOR = 6.0, 5.5  # the footer's size and its floor
U, F = SIZE * MONO_EM, FLOOR * MONO_EM  # a letter's width at each
LINE = 1.1 * SIZE  # footer_line_em
CAPITALS = 0.92 * SIZE  # ASCENT: the top line's capitals above its baseline
BOOKS = "PHB · JaD"  # make_spell's two books, abbreviated: 9 letters


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


def style_of(width: float):
    """Poker's style in the fixed-width font, the footer at 6 pt, the column LEFT..LEFT+width."""
    poker = card_style(load_layout("poker"), "Zaklínání")
    return mono_poker(MONO, sizes=replace(poker.sizes, footer=SIZE), left=LEFT, width=width)


def foot_of(style) -> float:
    """The foot's baseline: footer_drop_em descents of the footer's size above the safe bottom."""
    return style.safe_margin + 0.6 * style.descent * SIZE


def place(width: float, classes: tuple[str, ...], context, numbered: bool = False):
    """footer() of make_spell's books and these classes in a column of this width."""
    style = style_of(width)
    items: list = []
    top, foot, cue_line, books = Ft.footer(
        style, replace(make_spell(), classes=classes), context, items, numbered
    )
    lines = [(i.line.text, i.x, i.y) for i in items if isinstance(i, TextLine)]
    (rule,) = [i for i in items if isinstance(i, Rule)]
    assert rule.y1 == rule.y2 == top
    return style, top, foot, cue_line, books, lines


def cue_of(style, foot: float, cue_line: float, books) -> Label:
    """The cue foot_labels places for a card that goes on."""
    header = Header(
        (), Area(0, 0, 0, 0), 0.0, foot=foot, cue_line=cue_line, cue=Ft.CUE, sources=books
    )
    return Ft.foot_labels(style, make_spell(), header, goes_on=True)[-1]


def test_a_spell_of_no_class_shows_a_dash(context):
    """No classes: the footer's left says "—"."""
    _, _, foot, _, _, lines = place(150.0, (), context)
    assert lines == [("—", LEFT, pytest.approx(foot))]


def test_books_wider_than_the_room_beside_the_classes_take_the_foot_below_them(context):
    """Stacked (the books at the floor wider than the column less footer_apart and the longest
    class): the books at the foot, at the footer's size, ending at the column's right; the
    classes a line above them at the left; the rule footer_rule_above above their capitals;
    the cue's line the foot's."""
    width = 15 * U + 0.5  # "Bard, Kouzelník" and half a point; 9 F > width - 6 - 9 U
    style, top, foot, cue_line, books, lines = place(width, ("Bard", "Kouzelník"), context)
    assert foot == pytest.approx(foot_of(style)) and cue_line == foot
    assert books == (
        Label(BOOKS, MONO, SIZE, pytest.approx(LEFT + width - 9 * U), foot, "#be0016"),
    )
    assert lines == [("Bard, Kouzelník", LEFT, pytest.approx(foot + LINE))]
    assert top == pytest.approx(foot + LINE + CAPITALS + 1.5)


def test_the_classes_above_stacked_books_take_the_columns_whole_width(context):
    """Stacked books: classes as wide as the column less half a point stay on one line; a
    hundredth of a point wider than it, they wrap."""
    _, _, _, _, _, lines = place(15 * U + 0.5, ("Bard", "Kouzelník"), context)
    assert [text for text, _, _ in lines] == ["Bard, Kouzelník"]
    _, _, foot, _, _, lines = place(15 * U - 0.01, ("Bard", "Kouzelník"), context)
    assert lines == [
        ("Kouzelník", LEFT, pytest.approx(foot + LINE)),
        ("Bard,", LEFT, pytest.approx(foot + 2 * LINE)),
    ]


def test_a_numbered_cards_cue_takes_a_line_above_stacked_books(context):
    """Stacked and numbered: the cue's line one line above the books, the classes one above
    that; the cue ends at the column's right on its line."""
    width = 15 * U + 0.5
    style, top, foot, cue_line, books, lines = place(
        width, ("Bard", "Kouzelník"), context, numbered=True
    )
    (book,) = books
    assert book.y == foot == pytest.approx(foot_of(style))
    assert cue_line == pytest.approx(foot + LINE)
    assert lines == [("Bard, Kouzelník", LEFT, pytest.approx(foot + 2 * LINE))]
    assert top == pytest.approx(foot + 2 * LINE + CAPITALS + 1.5)
    cue = cue_of(style, foot, cue_line, books)
    assert (cue.text, cue.y) == (Ft.CUE, cue_line)
    assert cue.x == pytest.approx(LEFT + width - 11 * U)


def test_classes_that_need_more_lines_beside_the_cue_leave_it_a_line_above_them(context):
    """Books beside the classes, numbered: the classes fit one line beside the books (150 - 9 U
    - 6 pt) but not beside the books and the cue (less 11 U + 6 pt): they stay one line at the
    foot and the cue's line is the next one up; the rule stands above the cue's capitals."""
    classes = ("Bard", "Druid", "Kněz", "Kouzelník")  # 28 letters
    assert 28 * U <= 150 - 9 * U - 6 and 18 * U + U > 150 - 20 * U - 12  # the case wanted
    style, top, foot, cue_line, books, lines = place(150.0, classes, context, numbered=True)
    (book,) = books
    assert book.size == SIZE and book.y == foot == pytest.approx(foot_of(style))
    assert lines == [("Bard, Druid, Kněz, Kouzelník", LEFT, foot)]
    assert cue_line == pytest.approx(foot + LINE)
    assert top == pytest.approx(foot + LINE + CAPITALS + 1.5)
    cue = cue_of(style, foot, cue_line, books)
    assert cue.y == cue_line and cue.x == pytest.approx(LEFT + 150.0 - 11 * U)


def test_books_exactly_filling_the_room_at_the_floor_stay_beside_the_classes(context):
    """The books at the floor (9 F) exactly as wide as the column less footer_apart and the
    longest class (9 U): beside the classes, shrunk to the floor, the classes wrapped in the
    room left of them."""
    width = 6.0 + 9 * U + 9 * F  # dyadic: every sum exact
    assert width - 6.0 - 9 * U == 9 * F  # the case wanted
    style, top, foot, _, books, lines = place(width, ("Bard", "Kouzelník"), context)
    assert books == (Label(BOOKS, MONO, FLOOR, LEFT + 6.0 + 9 * U, foot, "#be0016"),)
    assert lines == [
        ("Kouzelník", LEFT, foot),
        ("Bard,", LEFT, pytest.approx(foot + LINE)),
    ]
    assert top == pytest.approx(foot + LINE + CAPITALS + 1.5)


def test_books_a_hair_too_wide_at_the_floor_take_the_foot_on_one_line(context):
    """The books at the floor 2**-21 pt (under a millionth of a point) wider than the room
    beside the classes: stacked, one label at the footer's size ending at the column's right
    (never wrapped into labels on one baseline beside the classes); the classes a line up."""
    width = 6.0 + 9 * U + 9 * F - 2**-21
    assert 9 * F - (width - 6.0 - 9 * U) == 2**-21  # the case wanted
    style, top, foot, _, books, lines = place(width, ("Bard", "Kouzelník"), context)
    assert books == (Label(BOOKS, MONO, SIZE, LEFT + width - 9 * U, foot, "#be0016"),)
    assert lines == [("Bard, Kouzelník", LEFT, pytest.approx(foot + LINE))]


def test_books_beside_the_classes_are_judged_as_they_are_set(context):
    """A book named with two spaces ("Moje  kniha", 11 letters; set as "Moje kniha", 10) that
    fits beside the classes as set stays beside them, one line shrunk a step (5.75 pt)."""
    width = 6.0 + 4 * U + 10.5 * F
    style = style_of(width)
    items: list = []
    spell = replace(make_spell(), classes=("Bard",), sources=("Moje  kniha",))
    _, foot, _, books = Ft.footer(style, spell, context, items, False)
    step = 5.75 * MONO_EM  # a letter at 5.75 pt: 10 of them fit 10.5 F, at 6 pt they do not
    assert 10 * step <= 10.5 * F < 10 * U
    assert books == (Label("Moje kniha", MONO, 5.75, LEFT + width - 10 * step, foot, "#be0016"),)


def test_the_last_card_carries_the_books_and_no_cue(context):
    """A card the text does not go on from (the last): the foot holds the books alone."""
    style, _, foot, cue_line, books, _ = place(150.0, ("Bard",), context)
    header = Header(
        (), Area(0, 0, 0, 0), 0.0, foot=foot, cue_line=cue_line, cue=Ft.CUE, sources=books
    )
    assert Ft.foot_labels(style, make_spell(), header, goes_on=False) == list(books)
    assert len(Ft.foot_labels(style, make_spell(), header, goes_on=True)) == len(books) + 1
