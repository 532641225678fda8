"""The stat grid (cards/fit/grid.py) against oracles worked out by hand from its rules.

Written to kill the mutants a mutation run left alive. The card style is poker's with every
font the fixed-width test font (each glyph 0.60205078125 em), labels and badges at 8 pt,
values at 10 pt, the column at x = 10 and a pill's measures in round ems (pad 0.5, height 1.5,
drop 0.25, icon 1.25), so that every width is a count of letters and the boundaries the grid
tests (a badge beside its label, a material in its cell, a run-in row's division) can be met
exactly.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.bounds import FieldTooWide
from cards.face import Fill, Label, Outline, Rule, Shape, TextLine
from cards.fit import grid as G
from cards.fit.style import card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.support.fonts import MONO_EM, mono_poker
from tests.support.spells import make_spell

MONO = "GridMutantsMono"
LEFT, TOP = 10.0, 300.0
LABEL, STAT, BADGE = 8.0, 10.0, 8.0  # the sizes of the labels, the values and the badges
LU, SU = LABEL * MONO_EM, STAT * MONO_EM  # a letter's width: a label's (and a badge's), a value's
D = 0.240234375  # the test font's descent, in ems
PAD = 2.0  # grid_pad
CAPS = 0.92  # ASCENT: capitals above the baseline, in ems
APART = 3.0  # badge_apart: a badge after its label or value
RUN_IN = 2.5  # run_in_apart: a run-in label before its value


@pytest.fixture(scope="module")
def context() -> TypesetContext:
    return TypesetContext()


def style_of(width: float = 200.0, *, run_in: bool = False, outline: bool = False):
    """Poker's style in the fixed-width font, the column LEFT..LEFT+width."""
    poker = card_style(load_layout("poker"), "Zaklínání")
    spacing = replace(
        poker.spacing,
        badge_pad_em=0.5,
        badge_height_em=1.5,
        badge_drop_em=0.25,
        badge_icon_em=1.25,
        icon_apart=1.5,
        run_in_apart=RUN_IN,
    )
    sizes = replace(poker.sizes, label=LABEL, stat=STAT, badge=BADGE, material=STAT)
    style = mono_poker(
        MONO,
        sizes=sizes,
        spacing=spacing,
        left=LEFT,
        width=width,
        run_in=run_in,
        outline=outline,
    )
    assert style.descent == D and style.spacing.grid_pad == PAD
    assert style.spacing.badge_apart == APART
    return style


def pill(word: str) -> float:
    """A badge's width: its word, a pad of half an em each side, the icon (1.25 em) and 1.5."""
    return len(word) * LU + 2 * 0.5 * BADGE + 1.25 * BADGE + 1.5


def below(upper: float, lower: float, gap: float) -> float:
    """Baselines of two sizes apart: the upper's descent, the lower's height above, the gap."""
    return D * upper + (1 - D) * lower + gap


def place(style, spell, context):
    """stat_grid's items and the bottom it returns."""
    items: list = []
    bottom = G.stat_grid(style, spell, context, items, TOP)
    return items, bottom


def of(items, kind) -> list:
    return [i for i in items if isinstance(i, kind)]


def value(items, text: str) -> TextLine:
    (line,) = [i for i in of(items, TextLine) if i.line.text.strip() == text]
    return line


def label(items, text: str) -> Label:
    (found,) = [i for i in of(items, Label) if i.text == text]
    return found


def check_pill(items, style, word: str, right: float, baseline: float) -> None:
    """The pill of a badge ending at `right`, its word on `baseline`: in a solid design a
    pill of the school colour, the icon and the word in the title colour; in an outline
    design an outline of the school colour, the icon in it and the word in the text colour."""
    width = pill(word)
    x, bottom, height = right - width, baseline - 0.25 * BADGE, 1.5 * BADGE
    (shape,) = [i for i in of(items, Shape) if i.icon == style.marks[word]]
    if style.outline:
        ink, icon_ink = style.colours.text, style.colour
        (drawn,) = [i for i in of(items, Outline) if i.height == height]
        assert drawn == Outline(
            pytest.approx(x), pytest.approx(bottom), width, height, style.line, style.colour, 6.0
        )
    else:
        ink = icon_ink = style.colours.title
        pills = [i for i in of(items, Fill) if i.colour == style.colour]
        (drawn,) = [p for p in pills if p.width == width]
        assert drawn == Fill(
            pytest.approx(x), pytest.approx(bottom), width, height, style.colour, 6.0
        )
    icon = 1.25 * BADGE
    assert shape == Shape(
        style.marks[word],
        pytest.approx(x + 0.5 * BADGE),
        pytest.approx(bottom + (height - icon) / 2),
        icon,
        icon_ink,
    )
    text = label(items, word)
    assert text.x == pytest.approx(x + 0.5 * BADGE + icon + 1.5)
    assert text.y == pytest.approx(baseline)
    assert text.colour == ink and text.size == BADGE


# --- components, duration ---------------------------------------------------------------------


def test_a_spell_without_components_shows_a_dash():
    """No verbal, somatic or material component: the grid says "—"."""
    spell = make_spell()
    spell = replace(spell, components=replace(spell.components, verbal=False, somatic=False))
    assert G.components(spell) == ("—", "")


def test_a_capitalised_concentration_is_left_to_the_badge():
    """A capitalised "(Soustředění)" is dropped from the duration as the lower-case one is."""
    spell = replace(make_spell(concentration=True), duration="1 hodina (Soustředění)")
    assert G.duration(spell) == "1 hodina"


# --- the stacked grid -------------------------------------------------------------------------

# A stacked row of one-line values: the label's capitals PAD below the top, the value below it,
# the cell's bottom stat_below (1.0) under the value's descent, less the pad.
ROW = PAD + CAPS * LABEL + below(LABEL, STAT, 0.3) + D * STAT + PAD - 1.0


def test_a_stacked_grid_is_a_tint_divided_in_the_middle_and_between_its_rows(context):
    """Two rows of one-line values: the tint two rows high, a rule down the middle and one
    across between the rows, both paper-coloured grid_rule wide."""
    style = style_of()
    items, bottom = place(style, make_spell(), context)
    assert bottom == pytest.approx(TOP - 2 * ROW)
    paper, rule = style.colours.background, style.spacing.grid_rule
    assert items[0] == Fill(
        LEFT, pytest.approx(TOP - 2 * ROW), 200.0, pytest.approx(2 * ROW), style.tint, 1.5
    )
    assert of(items, Rule) == [
        Rule(110.0, TOP, 110.0, pytest.approx(TOP - 2 * ROW), rule, paper),
        Rule(LEFT, pytest.approx(TOP - ROW), LEFT + 200.0, pytest.approx(TOP - ROW), rule, paper),
    ]


def test_an_outline_grid_is_an_outline_with_school_coloured_lines(context):
    """An outline design: the grid drawn as an outline two rows high, its rules the design's
    lines in the school colour."""
    style = style_of(outline=True)
    items, _ = place(style, make_spell(), context)
    lines = (style.line, style.colour)
    assert items[0] == Outline(
        LEFT, pytest.approx(TOP - 2 * ROW), 200.0, pytest.approx(2 * ROW), *lines, 1.5
    )
    assert [(r.x1, r.width, r.colour) for r in of(items, Rule)] == [
        (110.0, *lines),
        (LEFT, *lines),
    ]


def test_stacked_cells_set_their_labels_over_their_values(context):
    """Each cell's label PAD in from its left and its capitals PAD below the top; the value
    below it; a value's second line stat_line_em (1.1) of its size lower; no value: "—"."""
    style = style_of()
    spell = replace(make_spell(), range="", duration="dokud se nerozptýlí")
    items, _ = place(style, spell, context)
    baseline = TOP - PAD - CAPS * LABEL
    assert (label(items, "DOSAH").x, label(items, "DOSAH").y) == (112.0, pytest.approx(baseline))
    dash = value(items, "—")
    assert (dash.x, dash.y) == (112.0, pytest.approx(baseline - below(LABEL, STAT, 0.3)))
    # "dokud se nerozptýlí" (19 letters) is wider than the value's 96 pt: two lines
    first, second = value(items, "dokud se"), value(items, "nerozptýlí")
    assert first.y == pytest.approx(TOP - ROW - PAD - CAPS * LABEL - below(LABEL, STAT, 0.3))
    assert second.y == pytest.approx(first.y - 1.1 * STAT)
    assert second.x == 112.0


@pytest.mark.parametrize("outline", [False, True])
def test_a_badge_that_fits_beside_its_label_ends_at_the_cells_right(context, outline):
    """The label, 3 pt and the ritual's pill (38.5 + 3 + 48.4 = 89.9 pt) fit the value's
    96 pt: the pill ends PAD before the cell's right, its word on the label's baseline, and
    the row's values stand badge_lift (1.6) lower."""
    style = style_of(outline=outline)
    items, _ = place(style, make_spell(ritual=True), context)
    baseline = TOP - PAD - CAPS * LABEL
    check_pill(items, style, "rituál", 108.0, baseline)
    lifted = baseline - below(LABEL, STAT, 0.3 + 1.6)
    assert value(items, "1 akce").y == pytest.approx(lifted)
    assert value(items, "18 sáhů").y == pytest.approx(lifted)


def test_a_badge_too_wide_beside_its_label_goes_below_the_value(context):
    """The label, 3 pt and the concentration's pill (28.9 + 3 + 72.5 pt) do not fit 96 pt:
    the pill goes badge_below (1.8) under the value, ending at the value's right, and the
    row ends badge_cell_below (0.6) under its descent, less the pad."""
    style = style_of()
    items, bottom = place(style, make_spell(concentration=True), context)
    row_top = TOP - ROW
    baseline = row_top - PAD - CAPS * LABEL - below(LABEL, STAT, 0.3)
    assert value(items, "1 minuta").y == pytest.approx(baseline)
    baseline -= below(STAT, BADGE, 1.8)
    check_pill(items, style, "soustředění", 208.0, baseline)
    assert bottom == pytest.approx(baseline - D * BADGE - PAD + 0.6)
    assert items[0].y == pytest.approx(bottom)


# The ritual's pill beside "VYVOLÁNÍ": the label, badge_apart and the pill.
BESIDE = 8 * LU + APART + pill("rituál")


@pytest.mark.parametrize(("short", "beside"), [(0.0, True), (1.0, False)])
def test_a_badge_goes_beside_its_label_when_it_just_fits(context, short, beside):
    """A value exactly as wide as the label, badge_apart and the pill: the pill beside the
    label; a point narrower: below the value."""
    width = 2 * (BESIDE - short + 2 * PAD)
    style = style_of(width)
    items, _ = place(style, make_spell(ritual=True), context)
    baseline = label(items, "rituál").y
    assert (baseline == pytest.approx(TOP - PAD - CAPS * LABEL)) == beside


# --- the material ---------------------------------------------------------------------------

INLINE = len("V, P, S (zlato)") * SU  # the components with their material, in the value's font


@pytest.mark.parametrize(("short", "inline"), [(0.0, True), (1.0, False)])
def test_a_material_goes_into_its_cell_when_it_just_fits(context, short, inline):
    """A material exactly as wide as a value (half the column less two pads) with the
    components, "V, P, S (zlato)": in the cell; a point wider: the cell says "V, P, S*" and
    the note below the grid "* zlato"."""
    style = style_of(2 * (INLINE - short + 2 * PAD))
    items, _ = place(style, make_spell(material="zlato"), context)
    texts = [i.line.text.strip() for i in of(items, TextLine)]
    if inline:
        assert "V, P, S (zlato)" in " ".join(texts) and "* zlato" not in texts
    else:
        assert "V, P, S*" in texts and texts[-1] == "* zlato"


def test_a_material_note_with_a_letter_wider_than_the_column_names_the_field(context):
    """The note at 40 pt in a column 20 pt wide (a letter 24 pt; the values, at 4 pt, fit
    their 6 pt): FieldTooWide for the spell's "materiální složka"."""
    style = style_of(20.0)
    style = replace(style, sizes=replace(style.sizes, stat=4.0, material=40.0))
    spell = replace(make_spell(material="zlato"), casting_time="1", range="1", duration="1")
    with pytest.raises(FieldTooWide, match="pole materiální složka: slovo"):
        place(style, spell, context)


# --- the run-in grid ------------------------------------------------------------------------

# A run-in row of one-line values: the larger size's capitals PAD below the top, the cell's
# bottom stat_below (1.0) under the value's descent, less the pad.
RUN_ROW = PAD + CAPS * STAT + D * STAT + PAD - 1.0


def need(label_text: str, value_text: str, badge: str = "") -> float:
    """What a run-in cell needs for its label, its value and its badge on one line."""
    badge_room = APART + pill(badge) if badge else 0.0
    return len(label_text) * LU + RUN_IN + len(value_text) * SU + badge_room + 2 * PAD


def dividers(items) -> list[Rule]:
    return [r for r in of(items, Rule) if r.x1 == r.x2]


def test_a_run_in_row_is_divided_in_the_middle(context):
    """Each row divided in the middle, whatever its values (issue 35: the right column in
    line on every card), the second cell's label PAD right of it; a rule across between the
    rows and the divider of each row down the middle."""
    style = style_of(run_in=True)
    items, bottom = place(style, make_spell(), context)
    paper = style.colours.background
    rows = (
        (("VYVOLÁNÍ", "1 akce"), ("DOSAH", "18 sáhů")),
        (("SLOŽKY", "V, P"), ("TRVÁNÍ", "Ihned")),
    )
    expected = []
    for n, (one, two) in enumerate(rows):
        top = TOP - n * RUN_ROW
        expected.append(Rule(LEFT + 100, top, LEFT + 100, pytest.approx(top - RUN_ROW), 0.8, paper))
        baseline = top - PAD - CAPS * STAT
        assert (label(items, one[0]).x, label(items, one[0]).y) == (12.0, pytest.approx(baseline))
        assert label(items, two[0]).x == pytest.approx(LEFT + 100 + PAD)
        assert value(items, two[1]).y == pytest.approx(baseline)
    assert dividers(items) == expected
    across = pytest.approx(TOP - RUN_ROW)
    assert [r for r in of(items, Rule) if r.y1 == r.y2] == [
        Rule(LEFT, across, 210.0, across, 0.8, paper)
    ]
    assert bottom == pytest.approx(TOP - 2 * RUN_ROW)


def test_the_right_column_stays_where_it_is_with_a_long_value_or_a_badge(context):
    """A long range, a concentration badge, a ritual: the second cells' labels still start
    PAD right of the middle."""
    style = style_of(run_in=True)
    spell = replace(make_spell(ritual=True, concentration=True), range=LONG_RANGE)
    items, _ = place(style, spell, context)
    assert label(items, "DOSAH").x == label(items, "TRVÁNÍ").x == pytest.approx(LEFT + 100 + PAD)
    assert [d.x1 for d in dividers(items)] == [pytest.approx(LEFT + 100)] * 2


def test_an_empty_run_in_value_is_a_dash(context):
    """No range: "—" beside its label, right of the middle."""
    style = style_of(run_in=True)
    items, _ = place(style, replace(make_spell(), range=""), context)
    assert value(items, "—").x == pytest.approx(LEFT + 100 + PAD)


def mark_pill() -> float:
    """A badge of its mark alone: the icon (1.25 em) and a pad of half an em each side."""
    return 1.25 * BADGE + 2 * 0.5 * BADGE


def check_mark(items, style, word: str, right: float, baseline: float) -> None:
    """The pill of a badge's mark alone ending at `right`, on `baseline`, without its word."""
    width = mark_pill()
    x, bottom, height = right - width, baseline - 0.25 * BADGE, 1.5 * BADGE
    (drawn,) = [p for p in of(items, Fill) if p.colour == style.colour and p.width == width]
    assert drawn == Fill(pytest.approx(x), pytest.approx(bottom), width, height, style.colour, 6.0)
    (shape,) = [i for i in of(items, Shape) if i.icon == style.marks[word]]
    icon = 1.25 * BADGE
    assert (shape.x, shape.y, shape.size) == (
        pytest.approx(x + 0.5 * BADGE),
        pytest.approx(bottom + (height - icon) / 2),
        icon,
    )
    assert [i for i in of(items, Label) if i.text == word] == []


# A column whose first cell (half of it) holds "VYVOLÁNÍ 1 akce" and the ritual's pill exactly.
WITH_PILL = 2 * need("VYVOLÁNÍ", "1 akce", "rituál")
# and with the mark alone instead of the pill.
WITH_MARK = 2 * (need("VYVOLÁNÍ", "1 akce") + APART + mark_pill())


def test_a_badge_that_just_fits_on_its_values_line_ends_at_the_cells_right(context):
    """The first cell exactly as wide as its label, value and the ritual's pill: the pill on
    the value's baseline, ending PAD before the middle."""
    style = style_of(WITH_PILL, run_in=True)
    items, bottom = place(style, make_spell(ritual=True), context)
    check_pill(items, style, "rituál", LEFT + WITH_PILL / 2 - PAD, TOP - PAD - CAPS * STAT)
    assert bottom == pytest.approx(TOP - 2 * RUN_ROW)


def test_a_badge_a_point_too_wide_for_its_line_shows_its_mark_alone(context):
    """Two points less (a point in the cell): the mark's icon alone in its pill, ending PAD
    before the middle on the value's baseline; the row no taller."""
    style = style_of(WITH_PILL - 2.0, run_in=True)
    items, bottom = place(style, make_spell(ritual=True), context)
    check_mark(items, style, "rituál", LEFT + WITH_PILL / 2 - 1.0 - PAD, TOP - PAD - CAPS * STAT)
    assert bottom == pytest.approx(TOP - 2 * RUN_ROW)


@pytest.mark.parametrize(("short", "on_line"), [(0.0, True), (2.0, False)])
def test_a_mark_goes_below_its_value_when_not_even_it_fits(context, short, on_line):
    """The first cell exactly as wide as its label, value and the mark alone: the mark on the
    value's line; a point narrower: the whole pill below the value (badge_below, 1.8), and
    the row ends badge_cell_below (0.6) under its descent, less the pad."""
    width = WITH_MARK - short
    style = style_of(width, run_in=True)
    items, _ = place(style, make_spell(ritual=True), context)
    baseline = TOP - PAD - CAPS * STAT
    if on_line:
        check_mark(items, style, "rituál", LEFT + width / 2 - PAD, baseline)
    else:
        baseline -= below(STAT, BADGE, 1.8)
        check_pill(items, style, "rituál", LEFT + width / 2 - PAD, baseline)
        (divider, _) = dividers(items)
        assert divider.y2 == pytest.approx(baseline - D * BADGE - PAD + 0.6)


LONG_RANGE = "do vzdálenosti, kterou vidíš"  # 28 letters: two lines in a run-in cell


@pytest.mark.parametrize(("short", "whole"), [(0.0, True), (3.0, False)])
def test_a_badge_goes_on_its_values_line_when_it_just_fits(context, short, whole):
    """A long range beside it changes nothing: the first cell exactly as wide as its label,
    value and pill: the pill at the end of the value's line; 3 pt narrower: its mark alone."""
    width = 2 * (need("VYVOLÁNÍ", "1 akce", "rituál") - short)
    style = style_of(width, run_in=True)
    spell = replace(make_spell(ritual=True), range=LONG_RANGE)
    items, _ = place(style, spell, context)
    assert dividers(items)[0].x1 == pytest.approx(LEFT + width / 2)
    baseline = TOP - PAD - CAPS * STAT
    (check_pill if whole else check_mark)(items, style, "rituál", LEFT + width / 2 - PAD, baseline)


def test_a_value_whose_first_line_holds_two_words_runs_in_after_its_label(context):
    """A long range in a 121 pt cell: "do vzdálenosti," beside "DOSAH", ragged (no space
    stretched), the rest stat_line_em (1.1) lower at the cell's left."""
    style = style_of(250.0, run_in=True)
    items, _ = place(style, replace(make_spell(), range=LONG_RANGE), context)
    baseline = TOP - PAD - CAPS * STAT
    first, second = value(items, "do vzdálenosti,"), value(items, "kterou vidíš")
    assert first.y == pytest.approx(baseline) and second.y == pytest.approx(baseline - 11.0)
    assert first.line.runs[0].x == pytest.approx(5 * LU + RUN_IN)
    assert first.line.word_space == 0.0
    assert second.line.runs[0].x == 0.0


def test_a_value_whose_first_line_would_hold_a_lone_word_starts_below_its_label(context):
    """A duration after "TRVÁNÍ" in a 96 pt cell: beside the label only
    "dokud" (its words are not hyphenated there), so the value starts under the label, at
    the cell's left, its lines stat_line_em (1.1) apart."""
    style = style_of(run_in=True)
    spell = replace(make_spell(), duration="dokud nezmizí za obzorem")
    items, _ = place(style, spell, context)
    baseline = TOP - RUN_ROW - PAD - CAPS * STAT
    first, second = value(items, "dokud nezmizí"), value(items, "za obzorem")
    assert first.y == pytest.approx(baseline - below(LABEL, STAT, 0.3))
    assert second.y == pytest.approx(first.y - 11.0)
    assert first.line.runs[0].x == 0.0


def test_a_run_in_value_longer_than_four_lines_is_an_error_quoting_it(context):
    """A duration of more than four lines in its 56 pt cell: FieldTooWide quoting it."""
    style = style_of(120.0, run_in=True)
    text = "dokud nezmizí za obzorem a pak ještě dlouho"
    with pytest.raises(FieldTooWide, match=f"pole trvání \\('{text}'\\)"):
        place(style, replace(make_spell(), duration=text), context)


def test_a_narrow_compact_grid_keeps_vyvolani_1_akce_on_one_line(context):
    """A column whose half cannot hold "VYVOLÁNÍ 1 akce" (the casting time of most spells)
    is divided as far right as that needs (0.01 pt to spare), on every row: the value stays
    beside its label, the right column at one x."""
    first = need("VYVOLÁNÍ", "1 akce") + 0.01
    width = 1.5 * first  # its half narrower than that
    style = style_of(width, run_in=True)
    items, _ = place(style, make_spell(), context)
    assert [d.x1 for d in dividers(items)] == [pytest.approx(LEFT + first)] * 2
    assert label(items, "DOSAH").x == label(items, "TRVÁNÍ").x == pytest.approx(LEFT + first + PAD)
    assert value(items, "1 akce").y == pytest.approx(label(items, "VYVOLÁNÍ").y)
