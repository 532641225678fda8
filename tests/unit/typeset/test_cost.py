"""Tests for cards.typeset.cost: the one cost model both line breakers read."""

from __future__ import annotations

import pytest

from cards.typeset import Run, cost, prepare
from cards.typeset.cost import (
    DECENT,
    LOOSE,
    TIGHT,
    VERY_LOOSE,
    fitness,
    judge,
    ragged_badness,
    ragged_demerits,
    transitions,
)
from cards.typeset.totalfit import paragraph_breaks, total_fit
from tests.support.fonts import MONO, MONO_EM
from tests.support.typeset import mono_lines, paragraph

TEXT = "Za každou další úroveň pozice nad 3. zhmotníš dva meteory navíc a nejrůznějších tvorů."


def _hyphens(justify: bool) -> int:
    """Count the hyphenated line ends of TEXT at widths of 16 to 40 characters."""
    return sum(
        line.endswith("-")
        for chars in range(16, 41)
        for line in mono_lines(TEXT, chars, justify=justify)
    )


@pytest.mark.parametrize("justify", [True, False], ids=["total fit", "line by line"])
def test_both_breakers_take_the_hyphen_penalty_from_the_cost_model(justify, monkeypatch):
    """A hyphen priced out in `cost` is priced out in total fit and line by line alike."""
    assert _hyphens(justify) > 0
    monkeypatch.setattr(cost, "HYPHEN_PENALTY", 1e9)
    assert _hyphens(justify) == 0


def test_a_line_judged_on_its_own_costs_what_total_fit_judges_it_capped_at_inf_bad():
    """ragged_demerits is (LINE_PENALTY + judge's badness)**2, the badness capped at 10000."""
    for avail in (20.0, 20.3, 20.8, 19.8):
        badness = cost.judge(20.0, 2.0, avail, 0.0, False, False)[0]
        assert badness < cost.INF_BAD
        expected = (cost.LINE_PENALTY + badness) ** 2
        assert cost.ragged_demerits(20.0, 2.0, avail, False, False) == pytest.approx(expected)
    assert cost.judge(20.0, 2.0, 30.0, 0.0, False, False)[0] > cost.INF_BAD
    loose = cost.ragged_demerits(20.0, 2.0, 30.0, False, False)
    assert loose == (cost.LINE_PENALTY + cost.INF_BAD) ** 2


TEXTS = (
    TEXT,
    "Na vyšších úrovních. Sešleš-li toto kouzlo použitím pozice kouzla 3. či vyšší úrovně, "
    "za každou další úroveň pozice nad 2. můžeš zacílit jednoho tvora navíc.",
    "Cíl má výhodu k ověřením Charismatu.",
)


@pytest.mark.parametrize("font", ["mono", "serif"])
def test_no_setting_takes_fewer_lines_than_fewest_lines(font):
    """fewest_lines never exceeds the lines of a justified, flush-left or ragged setting,
    hyphenated or not (every width from 12 to 60 characters, with and without glyph
    expansion), and often equals the justified count (then a fitter is spared the setting)."""
    from cards.typeset import ParagraphSetting, TypesetContext, fewest_lines, set_lines
    from tests.support.fonts import SERIF

    tight = checked = 0
    for context in (None, TypesetContext()):
        for text in TEXTS:
            prepared = prepare([Run(text, MONO if font == "mono" else SERIF)])
            for chars in range(12, 61):
                for expansion in (0.0, 0.02):
                    for hyphenate in (True, False):
                        width = chars * 10 * MONO_EM + 1e-6
                        setting = ParagraphSetting(
                            width, 10, expansion=expansion, hyphenate=hyphenate
                        )
                        bound = fewest_lines(prepared, setting, context)
                        justified = set_lines(prepared, setting)
                        if any(line.overfull for line in justified):
                            continue
                        checked += 1
                        for other in (
                            setting,
                            ParagraphSetting(
                                width, 10, hyphenate=hyphenate, expansion=expansion, flush_left=True
                            ),
                            ParagraphSetting(width, 10, justify=False, hyphenate=hyphenate),
                        ):
                            lines = set_lines(prepared, other)
                            assert bound <= len(lines), (text, chars, expansion, other)
                        tight += bound == len(justified)
    assert tight > 0.6 * checked  # and it often spares the justified setting


# ------------------------------------------------------------------------------------------
# The cost model (cards/typeset/cost.py) against values worked out by hand from its docstrings.
#
# Written to kill what a mutation run left alive: each branch of `judge` (a single unit or
# several, stretching or shrinking, glyph expansion used in part or in full, the last line, a
# line without spaces, the edge of the shrink tolerance), the fitness classes at their edges,
# `ragged_demerits` with its cap, `ragged_badness`, the state table of `transitions`, and the
# demerits constants by their effect on what total fit charges a paragraph. Numbers are chosen
# so that the expected values are exact.


def test_the_constants_the_docstrings_name():
    """TeX's classes in its order; the cost model's numbers as its comments give them."""
    assert (VERY_LOOSE, LOOSE, DECENT, TIGHT) == (0, 1, 2, 3)
    assert (cost.STRETCH, cost.SHRINK, cost.TYPICAL_SPACE) == (0.5, 0.2, 0.25)
    assert (cost.LINE_PENALTY, cost.HYPHEN_PENALTY, cost.INF_BAD) == (200, 150, 10000.0)
    assert cost.EXPANSION_BADNESS == 10.0
    assert cost.RAGGED_FIRST_BADNESS == 800.0


@pytest.mark.parametrize(
    ("ratio", "expected"),
    [
        (1.0001, VERY_LOOSE),
        (1.0, LOOSE),
        (0.5001, LOOSE),
        (0.5, DECENT),
        (0.0, DECENT),
        (-0.5, DECENT),
        (-0.5001, TIGHT),
        (-3.0, TIGHT),
    ],
)
def test_fitness_classes_and_their_edges(ratio, expected):
    """TeX: very loose above 1, loose above 0.5, decent down to -0.5, tight below."""
    assert fitness(ratio) == expected


@pytest.mark.parametrize(
    ("natural", "spaces", "avail", "expected"),
    [
        (10.0, 1.0, 10.25, (12.5, 1.0, DECENT)),  # r = 0.25 / (0.5 * 1) = 0.5
        (10.0, 0.1, 10.25, (800.0, 1.0, VERY_LOOSE)),  # r = 0.25 / (0.5 * 0.25): typical space
        (10.0, 0.0, 10.25, (800.0, 1.0, VERY_LOOSE)),
        (10.0, 1.0, 10.0, (0.0, 1.0, DECENT)),
        (10.0, 1.0, 9.9, (12.5, 1.0, DECENT)),  # shrinks: r = 0.1 / 0.2, class of -0.5
        (10.0, 1.0, 9.8, (100.0, 1.0, TIGHT)),  # r = 1
        (10.0, 1.0, 9.79, None),  # past SHRINK
        (10.0, 0.0, 9.99, None),  # no space to shrink
    ],
)
def test_judge_a_single_unit_line(natural, spaces, avail, expected):
    """A line of one unit: no expansion, its spaces (or a typical one) stretch or shrink."""
    result = judge(natural, spaces, avail, 0.5, True, False)
    if expected is None:
        assert result is None
    else:
        assert result == pytest.approx(expected)


def test_judge_a_single_unit_last_line_never_stretches_but_may_shrink():
    assert judge(10.0, 1.0, 30.0, 0.02, True, True) == (0.0, 1.0, DECENT)
    assert judge(10.0, 1.0, 9.8, 0.02, True, True) == pytest.approx((100.0, 1.0, TIGHT))


@pytest.mark.parametrize(
    ("avail", "expected"),
    [
        # natural 100, spaces 4, expansion 0.02: the glyphs may grow or shrink by 2.
        (101.0, (1.25, 1.01, DECENT)),  # u = 0.5 of the expansion; class of 1 / (2 + 2)
        (102.0, (10.0, 1.02, DECENT)),  # all of it; class of 2 / 4 = 0.5
        (104.0, (110.0, 1.02, LOOSE)),  # spaces r = 2 / 2 = 1, plus EXPANSION_BADNESS
        (106.0, (810.0, 1.02, VERY_LOOSE)),  # r = 4 / 2 = 2; class of 6 / 4
        (100.0, (0.0, 1.0, DECENT)),
        (99.0, (1.25, 0.99, DECENT)),  # shrinks glyphs by half the expansion
        (97.5, (100 * 0.625**3 + 10.0, 0.98, TIGHT)),  # spaces r = 0.5 / 0.8; -2.5 / 2.8
        (97.2, (110.0, 0.98, TIGHT)),  # spaces r = 0.8 / 0.8 = 1: the most they shrink
        (97.1, None),  # 0.9 past the glyphs' 2 > 0.8 the spaces give
    ],
)
def test_judge_a_line_expands_its_glyphs_before_its_spaces(avail, expected):
    result = judge(100.0, 4.0, avail, 0.02, False, False)
    if expected is None:
        assert result is None
    else:
        assert result == pytest.approx(expected)


def test_judge_without_expansion_only_spaces_adjust():
    assert judge(100.0, 4.0, 101.0, 0.0, False, False) == pytest.approx((12.5, 1.0, DECENT))
    assert judge(100.0, 4.0, 103.0, 0.0, False, False) == pytest.approx((337.5, 1.0, VERY_LOOSE))
    assert judge(100.0, 4.0, 99.75, 0.0, False, False) == pytest.approx((3.0517578125, 1.0, DECENT))
    assert judge(100.0, 4.0, 99.2, 0.0, False, False) == pytest.approx((100.0, 1.0, TIGHT))
    assert judge(100.0, 4.0, 99.1, 0.0, False, False) is None
    assert judge(100.0, 4.0, 100.0, 0.0, False, False) == (0.0, 1.0, DECENT)


def test_judge_a_last_line_of_several_units_never_stretches():
    assert judge(100.0, 4.0, 150.0, 0.02, False, True) == (0.0, 1.0, DECENT)
    assert judge(100.0, 4.0, 99.0, 0.02, False, True) == pytest.approx((1.25, 0.99, DECENT))


def test_judge_a_line_without_spaces_that_must_stretch_past_its_glyphs_is_very_bad():
    badness, scale, fit = judge(100.0, 0.0, 103.0, 0.02, False, False)
    assert badness == pytest.approx(100 * 1e6**3 + 10.0)
    assert (scale, fit) == (1.02, VERY_LOOSE)
    assert judge(100.0, 0.0, 97.9, 0.02, False, False) is None


@pytest.mark.parametrize(
    ("args", "badness"),
    [
        ((10.0, 1.0, 9.9, False, False), 12.5),  # shrunk: r = 0.1 / 0.2
        ((10.0, 1.0, 9.8, True, True), 100.0),  # shrunk, even the last line
        ((10.0, 1.0, 30.0, False, True), 0.0),  # the last line never stretches
        ((10.0, 1.0, 10.25, False, False), 12.5),  # r = 0.25 / 0.5
        ((10.0, 1.0, 10.25, True, False), 12.5),
        ((10.0, 0.1, 10.25, True, False), 800.0),  # one unit: a typical space
        ((10.0, 0.1, 10.25, False, False), 10000.0),  # 100 * 5**3 = 12500, capped
        ((10.0, 0.0, 10.25, False, False), 10000.0),  # nothing to stretch
        ((10.0, 1.0, 10.0, False, False), 0.0),
    ],
)
def test_ragged_demerits_square_the_line_penalty_and_the_capped_badness(args, badness):
    assert ragged_demerits(*args) == pytest.approx((200 + badness) ** 2)


def test_ragged_badness_grows_with_the_share_left_empty():
    assert ragged_badness(0.0, 4.0) == 800.0
    assert ragged_badness(1.0, 4.0) == 1600.0
    assert ragged_badness(2.0, 2.0) == 4000.0


def test_transitions_follow_the_hyphen_run_and_the_fitness_jump():
    """State = fitness * 3 + hyphenated lines in a row before the line; each entry: the next
    state, the demerits for hyphens (double, final) and those for a jump of classes."""
    table = transitions(1.0, 2.0, 3.0, 2)
    assert set(table) == {(False, False), (False, True), (True, False), (True, True)}
    assert all(len(rows) == 4 and all(len(row) == 12 for row in rows) for rows in table.values())
    plain, last = table[False, False], table[False, True]
    assert plain[DECENT][0 * 3 + 1] == (DECENT * 3, 0.0, 1.0)  # very loose -> decent: a jump
    assert last[DECENT][0 * 3 + 1] == (DECENT * 3, 3.0, 1.0)  # after a hyphen, the last line
    assert last[DECENT][DECENT * 3] == (DECENT * 3, 0.0, 0.0)
    assert plain[LOOSE][TIGHT * 3 + 2] == (LOOSE * 3, 0.0, 1.0)
    assert plain[TIGHT][DECENT * 3 + 2] == (TIGHT * 3, 0.0, 0.0)  # one class apart: no jump
    hyphen = table[True, False]
    assert hyphen[LOOSE][LOOSE * 3 + 1] == (LOOSE * 3 + 2, 2.0, 0.0)  # a second in a row
    assert hyphen[TIGHT][VERY_LOOSE * 3] == (TIGHT * 3 + 1, 0.0, 1.0)  # the first
    assert hyphen[VERY_LOOSE][LOOSE * 3] == (VERY_LOOSE * 3 + 1, 0.0, 0.0)
    assert hyphen[LOOSE][TIGHT * 3 + 2] is None  # a third in a row: never
    assert table[True, True][DECENT][DECENT * 3 + 2] is None
    assert table[True, True][DECENT][DECENT * 3] == (DECENT * 3 + 1, 0.0, 0.0)
    assert transitions(1.0, 2.0, 3.0, 1)[True, False][DECENT][DECENT * 3 + 1] is None
    assert transitions(1.0, 2.0, 3.0, 3)[True, False][DECENT][DECENT * 3 + 2] == (9, 2.0, 0.0)


def test_a_single_unit_shrinks_its_spaces_by_their_own_width():
    """One unit of 2.5 of spaces shrinking 0.25 uses half of the 0.5 they give: r = 0.5."""
    assert judge(10.0, 2.5, 9.75, 0.02, True, False) == (12.5, 1.0, DECENT)


def test_glyphs_shrinking_alone_are_classed_by_what_glyphs_and_spaces_give():
    """Natural 100, spaces 4: 1.25 of the glyphs' 2 is -1.25 / (2 + 0.8), decent (u = 0.625)."""
    result = judge(100.0, 4.0, 98.75, 0.02, False, False)
    assert result == pytest.approx((10 * 0.625**3, 1 - 0.02 * 0.625, DECENT))


def test_a_line_without_spaces_takes_all_its_glyphs_stretch_at_the_expansion_cost():
    """Slack 2 exactly the glyphs' 2 (of 100 at 0.02): badness 10, scale 1.02, class of 2 / 2."""
    assert judge(100.0, 0.0, 102.0, 0.02, False, False) == (10.0, 1.02, LOOSE)


def test_a_line_without_spaces_may_shrink_by_all_its_glyphs_give():
    """Need 2 exactly the glyphs' 2: badness 10, scale 0.98, class of -2 / 2 (tight)."""
    assert judge(100.0, 0.0, 98.0, 0.02, False, False) == (10.0, 0.98, TIGHT)


def test_a_line_without_spaces_cannot_shrink_a_hair_past_its_glyphs():
    """Need 2**-31 beyond the glyphs' 0.5 (below the 1e-9 tolerance), no spaces: refused."""
    assert judge(1.0, 0.0, 0.5 - 2**-31, 0.5, False, False) is None


# The bound on shrinking, with the tolerance of 1e-9 (relative and absolute): 5 of spaces
# give SHRINK * 5 = 1 (exactly, in binary), so a line may shrink by 1 + 2e-9 at most.
EDGE = 0.2 * 5.0 * (1 + 1e-9) + 1e-9


@pytest.mark.parametrize("single", [True, False], ids=["one unit", "several"])
def test_spaces_may_shrink_to_the_edge_of_the_tolerance(single):
    """Natural 2 * EDGE set at EDGE (exactly -EDGE of slack): accepted, r = EDGE, tight."""
    assert 2 * EDGE - EDGE == EDGE  # the slack is exact
    badness, scale, fit = judge(2 * EDGE, 5.0, EDGE, 0.0, single, False)
    assert badness == pytest.approx(100.0, rel=1e-8)
    assert (scale, fit) == (1.0, TIGHT)


@pytest.mark.parametrize("single", [True, False], ids=["one unit", "several"])
def test_spaces_may_shrink_1e9_past_shrink_but_not_3e9(single):
    """5 of spaces give 1: shrinking 1 + 1e-9 is within the tolerance, 1 + 3e-9 is not."""
    badness, scale, fit = judge(9.0 + 1e-9, 5.0, 8.0, 0.0, single, False)
    assert badness == pytest.approx(100.0, rel=1e-8)
    assert (scale, fit) == (1.0, TIGHT)
    assert judge(9.0 + 3e-9, 5.0, 8.0, 0.0, single, False) is None


# The paragraph-end and jump constants, by their effect: the demerits total fit gives
# paragraphs of one-unit words 0.5 apart (widths exact in binary) with a single way to set
# them at width 8 (every other line overflows or stretches past LOOSEST). A line exactly
# full, or the last line, costs (LINE_PENALTY + 0)**2 = 40000; a hyphen 150**2 = 22500.


def test_a_jump_of_two_fitness_classes_costs_10000():
    """ "4 3.5" (full, decent) / "3.5 3.625" (r = 0.375 / 0.25 = 1.5: very loose) / "4"
    (last, decent): two jumps, 40000 + (200 + 337.5)**2 + 40000 + 2 * 10000."""
    plan = total_fit(paragraph([4.0, 3.5, 3.5, 3.625, 4.0], space=0.5), 8.0, 8.0)
    assert plan.ends == (2, 4, 5)
    assert plan.demerits == 40000 + 537.5**2 + 40000 + 2 * 10000


def test_a_hyphen_before_the_last_line_costs_5000():
    """ "7.75-" (full) / its tail 4.25 and "3" (last): 2 * 40000 + 22500 + 5000."""
    plan = total_fit(paragraph([12.0, 3.0], {0: [(7.75, 0.25)]}, space=0.5), 8.0, 8.0)
    assert plan.ends == (1, 3)
    assert plan.demerits == 2 * 40000 + 22500 + 5000


def test_a_second_hyphenated_line_in_a_row_costs_10000():
    """ "7.75-" / "4.25 3-" / "2 5.5" / "4", all full but the last: 4 * 40000, two hyphens,
    the second in a row 10000 (the last line follows an unhyphenated one)."""
    breaks = paragraph([12.0, 5.0, 5.5, 4.0], {0: [(7.75, 0.25)], 1: [(3.0, 0.25)]}, space=0.5)
    plan = total_fit(breaks, 8.0, 8.0)
    assert plan.ends == (1, 3, 5, 6)
    assert plan.demerits == 4 * 40000 + 2 * 22500 + 10000


def test_a_last_line_under_two_em_costs_a_million():
    """ "4 3.5" (full) / "1.5" (last, under SHORT_LAST): 2 * 40000 + 1e6."""
    plan = total_fit(paragraph([4.0, 3.5, 1.5], space=0.5), 8.0, 8.0)
    assert plan.ends == (2, 3)
    assert plan.demerits == 2 * 40000 + 1e6


def test_a_unit_wider_than_the_line_costs_1e15_and_the_lines_after_it_still_count():
    """ "10" alone (overfull at width 8) / "4" (last): 1e15 + 40000, exact in binary."""
    plan = total_fit(paragraph([10.0, 4.0], space=0.5), 8.0, 8.0)
    assert (plan.ends, plan.overfull) == ((1, 2), (True, False))
    assert plan.demerits == 1e15 + 40000


def test_a_line_ending_before_a_signed_number_costs_6000_squared():
    """ "bonus" / "+2 k OČ" (mono font, first line 5 characters, the rest 7, both full): the
    break at the sign's soft glue adds 6000**2 to 2 * 40000."""
    prepared = prepare([Run("bonus +2 k OČ", MONO)])
    breaks = paragraph_breaks(prepared, False, lambda word, font: ())
    plan = total_fit(breaks, 5 * MONO_EM, 7 * MONO_EM)
    assert plan.ends == (1, 2)
    assert plan.demerits == 2 * 40000 + 6000**2
