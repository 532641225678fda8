"""Tests for cards.typeset.totalfit: Knuth-Plass total fit with glyph expansion."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.typeset import ParagraphSetting, Run, TypesetContext, cost, prepare, set_lines
from cards.typeset import totalfit as tf
from cards.typeset.totalfit import BreakPlan, Breaks, judge, total_fit
from tests.support.examples import examples
from tests.support.fonts import BOLD, MONO, MONO_EM, SERIF
from tests.support.typeset import SPACE, WIDTHS, mono_lines, paragraph, tail_forbidden


def brute_force(
    breaks: Breaks, first: float, rest: float, expansion: float, max_run: int = 2
) -> float:
    """Return the least total demerits over every sequence of breaks, from the rules alone.

    `max_run` hyphenated lines in a row at most (the rule is 2).
    """
    count = len(breaks)
    last = count - 1
    best = [dict() for _ in range(count)]  # (fitness, hyphenated lines in a row) -> demerits
    best[0][(cost.DECENT, 0)] = 0.0
    for j in range(1, count):
        for i in range(j):
            natural = breaks.end_x[j] - breaks.start_x[i]
            spaces = breaks.end_gap[j] - breaks.start_gap[i]
            single = breaks.start_unit[i] == breaks.end_unit[j]
            judged = judge(natural, spaces, first if i == 0 else rest, expansion, single, j == last)
            if judged is None:
                continue
            badness, _, fitness = judged
            line = (cost.LINE_PENALTY + badness) ** 2 + breaks.penalty[j] ** 2
            if breaks.hyphen[j]:
                line += cost.HYPHEN_PENALTY**2
            piece = breaks.hyphen[i] and breaks.word[i] == breaks.word[j]
            if j == last and i and natural < cost.SHORT_LAST:
                line += cost.SHORT_LAST_DEMERITS
            if j == last and piece:
                if tail_forbidden(breaks, rest):
                    continue
                line += cost.FRAGMENT_DEMERITS
            for (fit, run), total in best[i].items():
                demerits = total + line
                if breaks.hyphen[j]:
                    if run >= max_run and not piece:
                        continue
                    demerits += cost.DOUBLE_HYPHEN_DEMERITS if run else 0
                    new_run = min(run + 1, max_run)
                else:
                    new_run = 0
                if j == last and run:
                    demerits += cost.FINAL_HYPHEN_DEMERITS
                if abs(fit - fitness) > 1:
                    demerits += cost.ADJACENT_DEMERITS
                key = (fitness, new_run)
                if demerits < best[j].get(key, math.inf):
                    best[j][key] = demerits
    return min(best[last].values(), default=math.inf)


def plan_demerits(breaks: Breaks, plan, first: float, rest: float, expansion: float) -> float:
    """Recompute a plan's total demerits line by line."""
    total, before, fit, run = 0.0, 0, cost.DECENT, 0
    last = len(breaks) - 1
    for end in plan.ends:
        natural = breaks.end_x[end] - breaks.start_x[before]
        spaces = breaks.end_gap[end] - breaks.start_gap[before]
        single = breaks.start_unit[before] == breaks.end_unit[end]
        avail = first if before == 0 else rest
        badness, _, fitness = judge(natural, spaces, avail, expansion, single, end == last)
        total += (cost.LINE_PENALTY + badness) ** 2
        if end == last and before and natural < cost.SHORT_LAST:
            total += cost.SHORT_LAST_DEMERITS
        if end == last and breaks.hyphen[before] and breaks.word[before] == breaks.word[end]:
            total += cost.FRAGMENT_DEMERITS
        if breaks.hyphen[end]:
            total += cost.HYPHEN_PENALTY**2 + (cost.DOUBLE_HYPHEN_DEMERITS if run else 0)
        if end == last and run:
            total += cost.FINAL_HYPHEN_DEMERITS
        if abs(fit - fitness) > 1:
            total += cost.ADJACENT_DEMERITS
        run = run + 1 if breaks.hyphen[end] else 0
        fit, before = fitness, end
    return total


WORDS = st.lists(st.floats(min_value=0.5, max_value=6.0), min_size=1, max_size=14)
HYPHENS = st.dictionaries(
    st.integers(0, 13), st.lists(st.floats(0.3, 2.5), min_size=1, max_size=2), max_size=8
)


def _points(widths, hyphens):
    """Keep hyphenation points inside their words, sorted, leaving letters after them."""
    points = {}
    for k, prefixes in hyphens.items():
        if k < len(widths):
            inside = sorted({p for p in prefixes if p + 0.3 < widths[k]})
            if inside:
                points[k] = [(p, 0.25) for p in inside]
    return points


@settings(max_examples=examples(300), deadline=None)
@given(
    widths=WORDS,
    hyphens=HYPHENS,
    avail=st.floats(4.0, 14.0),
    expansion=st.sampled_from([0.0, 0.02, 0.04]),
)
def test_total_fit_finds_the_least_demerits(widths, hyphens, avail, expansion):
    """Without the looseness limit, the breaker finds what trying every break sequence finds."""
    breaks = paragraph(widths, _points(widths, hyphens))
    plan = tf._total_fit(breaks, avail, avail, expansion, math.inf)
    best = brute_force(breaks, avail, avail, expansion)
    if math.isinf(best):  # a word wider than the line: placed alone, overfull
        assert any(plan.overfull)
        return
    assert not any(plan.overfull)
    assert plan.demerits == pytest.approx(best, rel=1e-9)
    assert plan_demerits(breaks, plan, avail, avail, expansion) == pytest.approx(best, rel=1e-9)


@settings(max_examples=examples(200), deadline=None)
@given(widths=WORDS, hyphens=HYPHENS, avail=st.floats(4.0, 14.0))
def test_pruned_total_fit_is_a_valid_plan_never_better_than_the_optimum(widths, hyphens, avail):
    """With pruning the plan is still a real one: its demerits are what its lines cost."""
    breaks = paragraph(widths, _points(widths, hyphens))
    plan = total_fit(breaks, avail, avail, 0.02)
    best = brute_force(breaks, avail, avail, 0.02)
    assert plan.ends[-1] == len(breaks) - 1
    if not any(plan.overfull):
        assert plan.demerits >= best * (1 - 1e-9)
        assert plan_demerits(breaks, plan, avail, avail, 0.02) == pytest.approx(plan.demerits)


@settings(max_examples=examples(300), deadline=None)
@given(
    widths=WORDS,
    hyphens=HYPHENS,
    avail=st.floats(3.0, 9.0),
    expansion=st.sampled_from([0.0, 0.02]),
    wider=st.sampled_from([tf.WIDER, 2.2, 2.05]),
)
def test_a_paragraph_needing_a_loose_line_gets_the_plan_without_limit(
    widths, hyphens, avail, expansion, wider
):
    """Where no plan keeps within LOOSEST, the wider and bounded passes give the unlimited plan.

    A WIDER limit close to LOOSEST makes the bounded pass without limit run more often.
    """
    breaks = paragraph(widths, _points(widths, hyphens))
    kept, tf.WIDER = tf.WIDER, wider
    try:
        plan = total_fit(breaks, avail, avail, expansion)
    finally:
        tf.WIDER = kept
    unlimited = tf._total_fit(breaks, avail, avail, expansion, math.inf)
    assert (plan.ends, plan.scales, plan.overfull) == (
        unlimited.ends,
        unlimited.scales,
        unlimited.overfull,
    )
    assert plan.demerits == unlimited.demerits


def test_a_plan_past_the_wider_limit_is_checked_by_the_bounded_pass(monkeypatch):
    """A plan within WIDER that costs more than a line past it: the bounded pass decides."""
    breaks = paragraph([1.7, 2.7, 1.1, 1.5])
    avail = 5.3
    bounds = []
    inner = tf._total_fit

    def spy(*args):
        bounds.append(args[6] if len(args) > 6 else math.inf)
        return inner(*args)

    monkeypatch.setattr(tf, "_total_fit", spy)
    plan = total_fit(breaks, avail, avail, 0.0)
    unlimited = inner(breaks, avail, avail, 0.0, math.inf)
    assert len(bounds) == 3 and bounds[2] > (cost.LINE_PENALTY + 100 * tf.WIDER**3) ** 2
    assert (plan.ends, plan.demerits) == (unlimited.ends, unlimited.demerits)


def test_a_bound_leaves_out_lines_costing_more_and_keeps_the_plan():
    """With the demerits of a known plan as bound, fewer lines are tried, the same plan found."""
    breaks = paragraph([2.0, 9.0, 2.0, 2.0, 9.0, 2.0, 2.0, 9.0])
    avail = 9.5
    free = tf._total_fit(breaks, avail, avail, 0.0, math.inf)
    assert free.demerits > (cost.LINE_PENALTY + 100 * tf.LOOSEST**3) ** 2  # a loose line
    bounded = tf._total_fit(breaks, avail, avail, 0.0, math.inf, -1, free.demerits)
    assert (bounded.ends, bounded.demerits) == (free.ends, free.demerits)
    # A bound below every plan leaves none: the bound is really used.
    assert tf._total_fit(breaks, avail, avail, 0.0, math.inf, -1, 1.0).ends != free.ends


def test_total_fit_looks_ahead_where_a_line_by_line_breaker_cannot():
    """A full first line would leave the second gaping; total fit shortens the first."""
    # Line 1 can take 4 words exactly; then "x" + a long word leave line 2 half empty.
    widths = [2.0, 2.0, 2.0, 2.0, 1.0, 8.0, 1.0]
    breaks = paragraph(widths)
    avail = 4 * 2.0 + 3 * SPACE
    plan = total_fit(breaks, avail, avail)
    assert plan.ends[0] != 4  # not "2 2 2 2" / "1 8 ..." broken greedily
    assert plan.demerits == pytest.approx(brute_force(breaks, avail, avail, 0.0))


def test_no_third_hyphenated_line_even_where_it_would_pay():
    """Where three hyphenated lines in a row would cost least, the best plan without is found."""
    widths = [4.8, 4.7, 2.1, 2.1, 3.6, 4.8, 3.1, 2.6]
    prefixes = [1.1, 2.4, 1.1, 1.1, 1.6, 3.7, 2.0, 2.0]
    breaks = paragraph(widths, {k: [(p, 0.25)] for k, p in enumerate(prefixes)})
    avail = 9.4
    assert brute_force(breaks, avail, avail, 0.02, max_run=3) < brute_force(
        breaks, avail, avail, 0.02
    )
    plan = total_fit(breaks, avail, avail, 0.02)
    ends = [breaks.hyphen[e] for e in plan.ends]
    assert not any(all(ends[i : i + 3]) for i in range(len(ends) - 2))
    assert plan.demerits == pytest.approx(brute_force(breaks, avail, avail, 0.02))


def test_hyphen_run_counts_lines_in_a_row_not_per_paragraph():
    """Real words: no three hyphenated lines in a row at any width (mono font, exact)."""
    text = " ".join(["nejrůznějších nepředvídatelných okolností"] * 4)
    for chars in range(12, 26):
        ends = [line.endswith("-") for line in mono_lines(text, chars)]
        assert not any(all(ends[i : i + 3]) for i in range(len(ends) - 2)), chars


def test_next_to_last_line_hyphenated_costs_more(monkeypatch):
    """Two lines cost FINAL_HYPHEN_DEMERITS more when the first ends in a hyphen."""
    breaks = paragraph([4.0, 4.0, 1.0], {1: [(2.0, 0.25)]})
    avail = 4.0 + SPACE + 2.25
    plan = total_fit(breaks, avail, avail)
    assert plan.ends == (2, 4)
    monkeypatch.setattr(cost, "FINAL_HYPHEN_DEMERITS", 0)
    assert total_fit(breaks, avail, avail).demerits == pytest.approx(plan.demerits - 5000)


def test_fitness_class_jump_costs_adjacent_demerits(monkeypatch):
    """A very loose line after a decent one costs ADJACENT_DEMERITS on top of its badness."""
    breaks = paragraph([4.0, 4.0, 3.0, 4.0, 4.0])
    avail = 4.0 + SPACE + 4.0
    plan = tf._total_fit(breaks, avail, avail, 0.0, math.inf)
    fitness = [cost.DECENT]
    before = 0
    for end in plan.ends:
        natural = breaks.end_x[end] - breaks.start_x[before]
        spaces = breaks.end_gap[end] - breaks.start_gap[before]
        single = breaks.start_unit[before] == breaks.end_unit[end]
        fitness.append(judge(natural, spaces, avail, 0.0, single, end == plan.ends[-1])[2])
        before = end
    jumps = sum(abs(a - b) > 1 for a, b in zip(fitness, fitness[1:], strict=False))
    assert jumps
    monkeypatch.setattr(cost, "ADJACENT_DEMERITS", 0)
    again = tf._total_fit(breaks, avail, avail, 0.0, math.inf)
    assert again.demerits == pytest.approx(plan.demerits - jumps * 10000)


def test_badness_is_not_capped():
    """A line stretched twice as much is judged eight times worse, far past TeX's 10000."""
    b1, _, _ = judge(20.0, 2.0, 20.0 + 5 * 0.5 * 2.0, 0.0, False, False)
    b2, _, _ = judge(20.0, 2.0, 20.0 + 10 * 0.5 * 2.0, 0.0, False, False)
    assert b1 == pytest.approx(100 * 5**3)
    assert b2 == pytest.approx(8 * b1)
    assert b2 > 10000


def test_expansion_is_taken_before_the_spaces_stretch():
    """Slack within 2 % of the line is taken by the glyphs alone; beyond, by the spaces."""
    badness, scale, _ = judge(20.0, 2.0, 20.3, 0.02, False, False)
    assert scale == pytest.approx(20.3 / 20.0)
    assert badness == pytest.approx(cost.EXPANSION_BADNESS * (0.3 / 0.4) ** 3)
    badness, scale, _ = judge(20.0, 2.0, 21.0, 0.02, False, False)
    assert scale == pytest.approx(1.02)
    assert badness == pytest.approx(100 * (0.6 / (0.5 * 2.0)) ** 3 + cost.EXPANSION_BADNESS)
    badness, scale, _ = judge(20.0, 2.0, 19.7, 0.02, False, False)
    assert scale == pytest.approx(19.7 / 20.0)


def test_no_expansion_when_off_on_single_units_and_last_lines():
    """Expansion 0 keeps every glyph; a one-unit line and a paragraph's last never expand."""
    assert judge(20.0, 2.0, 20.3, 0.0, False, False)[1] == 1.0
    assert judge(20.0, 0.0, 20.3, 0.02, True, False)[1] == 1.0
    assert judge(20.0, 2.0, 25.0, 0.02, False, True) == (0.0, 1.0, cost.DECENT)


def test_line_shrinks_no_further_than_its_spaces_and_glyphs_allow():
    """A line too long even with 2 % narrower glyphs and 80 % spaces is not feasible."""
    assert judge(20.0, 2.0, 20.0 * 0.98 - 0.2 * 2.0 + 1e-6, 0.02, False, False) is not None
    assert judge(20.0, 2.0, 20.0 * 0.98 - 0.2 * 2.0 - 1e-3, 0.02, False, False) is None


def test_fitness_classes_follow_tex():
    """Very loose above 1, loose above 0.5, tight below -0.5 of what the line can give."""
    assert judge(20.0, 2.0, 20.0 + 1.5 * (0.4 + 1.0), 0.02, False, False)[2] == cost.VERY_LOOSE
    assert judge(20.0, 2.0, 20.0 + 0.7 * (0.4 + 1.0), 0.02, False, False)[2] == cost.LOOSE
    assert judge(20.0, 2.0, 20.0, 0.02, False, False)[2] == cost.DECENT
    assert judge(20.0, 2.0, 20.0 - 0.7 * (0.4 + 0.4), 0.02, False, False)[2] == cost.TIGHT


def test_set_lines_expand_glyphs_and_fill_the_column_exactly():
    """Justified lines scale their glyphs within 2 % and, scaled, end at the column edge."""
    prepared = prepare([Run(" ".join(["Vyzařuje z tebe léčivá energie v auře."] * 6), SERIF)])
    scaled = 0
    for width in WIDTHS[4:]:
        lines = set_lines(prepared, ParagraphSetting(width, 7.5, expansion=0.02))
        for line in lines[:-1]:
            if line.word_space or line.scale != 1.0:
                drawn = (line.width + line.text.count(" ") * line.word_space) * line.scale
                assert drawn == pytest.approx(width)
            assert 0.98 - 1e-9 <= line.scale <= 1.02 + 1e-9
            scaled += line.scale != 1.0
        assert lines[-1].scale == 1.0 or lines[-1].width > width
    assert scaled
    assert all(line.scale == 1.0 for line in set_lines(prepared, ParagraphSetting(WIDTHS[6], 7.5)))


def test_mixed_font_runs_are_placed_with_the_line_scale():
    """A run after a font change starts where the scaled text before it ends."""
    runs = [Run("Na vyšších úrovních.", MONO), Run(" " + "ab cd ef gh ij kl mn op qr st", MONO)]
    runs[0] = Run(runs[0].text, SERIF)
    for line in set_lines(
        prepare(runs), ParagraphSetting(30 * 10 * MONO_EM * 0.6, 10, expansion=0.02)
    ):
        if len(line.runs) > 1:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            first = line.runs[0]
            width = stringWidth(first.text, first.font, 10)
            spaces = first.text.count(" ")
            end = first.x + (width + spaces * line.word_space) * line.scale
            assert line.runs[1].x == pytest.approx(end)


def test_feasible_breaks_are_built_once_for_all_sizes():
    """A context keeps a paragraph's breaks once, however many sizes it is broken at."""
    context = TypesetContext()
    prepared = context.paragraph("Vyzařuje z tebe léčivá energie v auře o poloměru 6 sáhů.", SERIF)
    for size in (6.5, 7.0, 7.5, 8.0):
        set_lines(prepared, ParagraphSetting(WIDTHS[3], size, expansion=0.02), context=context)
    assert list(context.feasible) == [(prepared, True)]


def test_a_gaping_first_line_after_a_run_in_heading_is_set_ragged():
    """The panel's "Na vyšších úrovních. Sešleš-li toto" is set ragged rather than gape."""
    runs = [
        Run("Na vyšších úrovních.", BOLD),
        Run(" Sešleš-li toto kouzlo použitím pozice kouzla 4. či vyšší úrovně, zranění", SERIF),
    ]
    prepared = prepare(runs)
    space = stringWidth(" ", SERIF, 7.5)
    ragged = 0
    for tenths in range(400, 620, 15):
        width = tenths / 10 * mm
        lines = set_lines(prepared, ParagraphSetting(width, 7.5, expansion=0.02, ragged_first=True))
        plain = set_lines(prepared, ParagraphSetting(width, 7.5, expansion=0.02))
        first = lines[0]
        drawn = (first.width + first.text.count(" ") * first.word_space) * first.scale
        if drawn < width - 0.5:
            ragged += 1
            assert first.text.startswith("Na vyšších úrovních.")
            assert not first.split_word  # never ragged at a hyphen
            stretched = plain[0]
            assert (space + stretched.word_space) * stretched.scale / space > 1.8
        else:
            assert [line.text for line in lines] == [line.text for line in plain]
    assert ragged


def test_ragged_first_line_costs_more_the_shorter_it_is():
    """A ragged first line's badness grows with what it leaves empty."""
    assert cost.ragged_badness(0.0, 20.0) == cost.RAGGED_FIRST_BADNESS
    assert cost.ragged_badness(5.0, 20.0) == 2 * cost.RAGGED_FIRST_BADNESS


# ------------------------------------------------------------------------------------------
# Tests of totalfit that a mutation run left alive, against brute forces written apart.
#
# Paragraphs here have units of several words (glued spaces a line may not end at), penalties
# at breaks (a soft glue's SIGN_PENALTY, a counted word's hyphen), a first line of another
# width than the rest and a run-in heading's ragged first line: the cases test_totalfit's
# one-word units leave out. The oracles try every sequence of breaks with the cost model's
# rules (`cost.judge`, TeX's demerits, the paragraph-end costs), written out line by line.


def units_paragraph(units, points=None, penalties=None, cut_penalties=None, space=SPACE) -> Breaks:
    """Return the breaks of units of words (each a list of widths), apart by `space`.

    Words inside a unit are glued: a line ends only after a unit or at a hyphenation
    point of its last word. `points[k]` lists the last word's points (prefix, hyphen
    width); `penalties[k]` is the penalty of a break after unit k, `cut_penalties[k]` of
    each break inside its last word.
    """
    points, penalties, cut_penalties = points or {}, penalties or {}, cut_penalties or {}
    xs, gaps, widths, x, g = [], [], [], 0.0, 0.0
    firsts, lasts = [], []
    for unit in units:
        firsts.append(len(xs))
        for width in unit:
            if xs:
                x, g = x + space, g + space
            xs.append(x)
            gaps.append(g)
            widths.append(width)
            x += width
        lasts.append(len(xs) - 1)
    rows = [(0.0, 0.0, 0.0, 0.0, 0, 0, False, 0, 0.0)]
    for k, w in enumerate(lasts):
        for prefix, hyphen in points.get(k, ()):
            start = xs[w] + prefix
            rows.append(
                (start + hyphen, gaps[w], start, gaps[w], k, k, True, w, cut_penalties.get(k, 0.0))
            )
        end = xs[w] + widths[w]
        if k + 1 < len(units):
            start, gap = xs[firsts[k + 1]], gaps[firsts[k + 1]]
        else:
            start, gap = end, gaps[w]
        penalty = penalties.get(k, 0.0) if k + 1 < len(units) else 0.0  # none at the end
        rows.append((end, gaps[w], start, gap, k, k + 1, False, w, penalty))
    return Breaks(*zip(*rows, strict=True))


def _line(breaks: Breaks, i: int, j: int, first: float, rest: float, expansion, ragged_first):
    """Return (demerits, scale, fitness) of the line from break i to j alone, or None.

    The line's own demerits: (LINE_PENALTY + badness)**2, its break's penalty squared, a
    hyphen's, a short last line's and a word's tail alone on the last line. A first line
    of several units ending at word `ragged_first` or later (not inside a word, not the
    last, not overfull) costs at most a ragged line's badness, set at scale 1.
    """
    last = len(breaks) - 1
    final = j == last
    natural = breaks.end_x[j] - breaks.start_x[i]
    spaces = breaks.end_gap[j] - breaks.start_gap[i]
    single = breaks.start_unit[i] == breaks.end_unit[j]
    avail = first if i == 0 else rest
    judged = judge(natural, spaces, avail, expansion, single, final)
    if judged is None:
        return None
    badness, scale, fitness = judged
    if (
        i == 0
        and not single
        and not final
        and not breaks.hyphen[j]
        and 0 <= ragged_first <= breaks.word[j]
        and natural <= avail
        and badness > cost.ragged_badness(avail - natural, avail)
    ):
        badness, scale, fitness = cost.ragged_badness(avail - natural, avail), 1.0, cost.DECENT
    demerits = (cost.LINE_PENALTY + badness) ** 2 + breaks.penalty[j] ** 2
    if breaks.hyphen[j]:
        demerits += cost.HYPHEN_PENALTY**2
    if final and i and natural < cost.SHORT_LAST:
        demerits += cost.SHORT_LAST_DEMERITS
    if final and breaks.hyphen[i] and breaks.word[i] == breaks.word[j]:
        if tail_forbidden(breaks, rest):
            return None
        demerits += cost.FRAGMENT_DEMERITS
    return demerits, scale, fitness


def _too_loose(breaks: Breaks, i: int, j: int, first, rest, expansion, loosest, ragged_first):
    """Whether a line from i to j, not the last, stretches its spaces past `loosest` (of
    their width; a line of one unit by at least a TYPICAL_SPACE, glyph expansion first):
    such lines are not tried by a pass limited to `loosest`. A ragged first line is."""
    if j == len(breaks) - 1:
        return False
    natural = breaks.end_x[j] - breaks.start_x[i]
    spaces = breaks.end_gap[j] - breaks.start_gap[i]
    slack = (first if i == 0 else rest) - natural
    if breaks.start_unit[i] == breaks.end_unit[j]:
        return slack > loosest * max(spaces, cost.TYPICAL_SPACE)
    ragged = i == 0 and 0 <= ragged_first <= breaks.word[j] and not breaks.hyphen[j]
    return slack - expansion * natural > loosest * spaces and not (ragged and slack >= 0)


def brute_force_plan(breaks, first, rest, expansion, ragged_first=-1, loosest=math.inf):
    """Return the least demerits over every sequence of breaks and one plan costing that
    (its ends and scales), or (inf, None) when no sequence of lines fits.

    Per break and state (fitness, hyphenated lines in a row just before): the least
    demerits. No more than MAX_HYPHEN_RUN hyphenated lines in a row, but for the pieces
    of a word wider than a line; a jump of more than one fitness class costs
    ADJACENT_DEMERITS, two hyphens in a row DOUBLE_HYPHEN_DEMERITS, a hyphen before the
    last line FINAL_HYPHEN_DEMERITS. With `loosest`, only lines not `_too_loose`; without,
    the end of a unit no line reaches is reached by the unit alone, overfull.
    """
    count = len(breaks)
    last = count - 1
    most = cost.MAX_HYPHEN_RUN
    best = [dict() for _ in range(count)]  # (fitness, run) -> (demerits, previous, its key, scale)
    best[0][(cost.DECENT, 0)] = (0.0, -1, None, 1.0)
    for j in range(1, count):
        for i in range(j):
            if not best[i]:
                continue
            if _too_loose(breaks, i, j, first, rest, expansion, loosest, ragged_first):
                continue
            line = _line(breaks, i, j, first, rest, expansion, ragged_first)
            if line is None:
                continue
            demerits, scale, fitness = line
            piece = breaks.hyphen[i] and breaks.word[i] == breaks.word[j]
            for (fit, run), (total, *_) in best[i].items():
                d = total + demerits
                if breaks.hyphen[j]:
                    if run >= most and not piece:
                        continue
                    d += cost.DOUBLE_HYPHEN_DEMERITS if run else 0.0
                    new_run = min(run + 1, most)
                else:
                    new_run = 0
                if j == last and run:
                    d += cost.FINAL_HYPHEN_DEMERITS
                if abs(fit - fitness) > 1:
                    d += cost.ADJACENT_DEMERITS
                key = (fitness, new_run)
                if d < best[j].get(key, (math.inf,))[0]:
                    best[j][key] = (d, i, (fit, run), scale)
        if not best[j] and not breaks.hyphen[j] and math.isinf(loosest):
            # No line reaches the end of a unit: the unit alone on a line, overfull, from
            # the break its unit starts at, at OVERFULL_DEMERITS.
            start = breaks.start_unit.index(breaks.end_unit[j])
            if best[start]:
                key = min(best[start], key=lambda k: best[start][k][0])
                total = best[start][key][0] + cost.OVERFULL_DEMERITS
                best[j][(cost.DECENT, 0)] = (total, start, key, 1.0)
    if not best[last]:
        return math.inf, None
    key = min(best[last], key=lambda k: best[last][k][0])
    total = best[last][key][0]
    ends, scales, j = [], [], last
    while j > 0:
        _, prev, prev_key, scale = best[j][key]
        ends.append(j)
        scales.append(scale)
        j, key = prev, prev_key
    return total, (tuple(reversed(ends)), tuple(reversed(scales)))


def plan_cost(breaks, plan: BreakPlan, first, rest, expansion, ragged_first=-1) -> float:
    """Return a plan's demerits worked out line by line, and check each line's scale."""
    total, before, fit, run = 0.0, 0, cost.DECENT, 0
    last = len(breaks) - 1
    for end, scale, over in zip(plan.ends, plan.scales, plan.overfull, strict=True):
        if over:  # a unit alone, wider than its line
            assert scale == 1.0 and breaks.start_unit[before] == breaks.end_unit[end]
            total, before, fit, run = total + cost.OVERFULL_DEMERITS, end, cost.DECENT, 0
            continue
        demerits, own_scale, fitness = _line(
            breaks, before, end, first, rest, expansion, ragged_first
        )
        assert scale == pytest.approx(own_scale, abs=1e-12)
        total += demerits
        if breaks.hyphen[end]:
            total += cost.DOUBLE_HYPHEN_DEMERITS if run else 0.0
        if end == last and run:
            total += cost.FINAL_HYPHEN_DEMERITS
        if abs(fit - fitness) > 1:
            total += cost.ADJACENT_DEMERITS
        run = run + 1 if breaks.hyphen[end] else 0
        fit, before = fitness, end
    return total


# Units of one to three words; a unit's last word may have hyphenation points.
UNITS = st.lists(
    st.lists(st.floats(min_value=0.4, max_value=4.5), min_size=1, max_size=5),
    min_size=1,
    max_size=16,
)
PREFIXES = st.dictionaries(
    st.integers(0, 15), st.lists(st.floats(0.3, 2.5), min_size=1, max_size=2), max_size=6
)
# Penalties after units: none, a soft glue's (dear: more than a line past LOOSEST), small.
PENALTIES = st.dictionaries(
    st.integers(0, 15), st.sampled_from([0.0, 60.0, 500.0, cost.SIGN_PENALTY]), max_size=4
)
CUT_PENALTIES = st.dictionaries(
    st.integers(0, 15), st.sampled_from([0.0, cost.COUNTED_HYPHEN_PENALTY]), max_size=3
)


def _unit_points(units, prefixes):
    """Keep hyphenation points inside each unit's last word, sorted, letters after them."""
    points = {}
    for k, chosen in prefixes.items():
        if k < len(units):
            inside = sorted({p for p in chosen if p + 0.3 < units[k][-1]})
            if inside:
                points[k] = [(p, 0.25) for p in inside]
    return points


def _case(units, prefixes, penalties, cut_penalties):
    return units_paragraph(units, _unit_points(units, prefixes), penalties, cut_penalties)


@settings(max_examples=examples(400), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    penalties=PENALTIES,
    cut_penalties=CUT_PENALTIES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02, 0.04]),
    ragged_first=st.integers(-1, 6),
)
def test_the_unlimited_pass_finds_the_least_demerits(
    units, prefixes, penalties, cut_penalties, first, rest, expansion, ragged_first
):
    """Without a looseness limit: the least demerits of all plans, each line as judged."""
    breaks = _case(units, prefixes, penalties, cut_penalties)
    plan = tf._total_fit(breaks, first, rest, expansion, math.inf, ragged_first)
    best, _ = brute_force_plan(breaks, first, rest, expansion, ragged_first)
    assert not plan.loose
    assert plan.ends[-1] == len(breaks) - 1
    assert plan.demerits == pytest.approx(best, rel=1e-9)
    assert plan_cost(breaks, plan, first, rest, expansion, ragged_first) == pytest.approx(
        best, rel=1e-9
    )


@settings(max_examples=examples(300), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    penalties=PENALTIES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02]),
    # Tight limits too: where most lines stretch past them, a pass that let one through
    # would find a plan where there is none.
    loosest=st.sampled_from(
        [tf.LOOSEST * cost.STRETCH, tf.WIDER * cost.STRETCH, 0.6, 0.15, 0.05, 0.0]
    ),
    ragged_first=st.integers(-1, 6),
)
def test_a_limited_pass_is_the_best_of_the_lines_within_its_limit(
    units, prefixes, penalties, first, rest, expansion, loosest, ragged_first
):
    """A pass limited to `loosest` finds the least demerits over the plans whose lines
    (but the last) stretch no further; none (`loose`) when there is no such plan."""
    breaks = _case(units, prefixes, penalties, {})
    plan = tf._total_fit(breaks, first, rest, expansion, loosest, ragged_first)
    best, _ = brute_force_plan(breaks, first, rest, expansion, ragged_first, loosest)
    if math.isinf(best):
        assert plan.loose and plan.ends == () and math.isinf(plan.demerits)
        return
    assert not plan.loose
    assert plan.demerits == pytest.approx(best, rel=1e-9)
    assert plan_cost(breaks, plan, first, rest, expansion, ragged_first) == pytest.approx(
        best, rel=1e-9
    )


@settings(max_examples=examples(300), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    penalties=PENALTIES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02]),
)
def test_a_bound_at_the_best_plan_keeps_it(units, prefixes, penalties, first, rest, expansion):
    """With the least demerits as `bound`, the lines left out are in no best plan."""
    breaks = _case(units, prefixes, penalties, {})
    best, _ = brute_force_plan(breaks, first, rest, expansion)
    if math.isinf(best):
        return
    bounded = tf._total_fit(breaks, first, rest, expansion, math.inf, -1, best * (1 + 1e-12))
    assert bounded.demerits == pytest.approx(best, rel=1e-9)
    assert plan_cost(breaks, bounded, first, rest, expansion) == pytest.approx(best, rel=1e-9)


def _dear(breaks, ends) -> bool:
    """Whether a line ends at a penalty costing more than a line past LOOSEST would."""
    dear = (cost.LINE_PENALTY + 100 * tf.LOOSEST**3) ** 2
    return any(breaks.penalty[end] ** 2 > dear for end in ends)


@settings(max_examples=examples(400), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    penalties=PENALTIES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02]),
)
def test_total_fit_keeps_the_first_plan_or_finds_the_best(
    units, prefixes, penalties, first, rest, expansion
):
    """The plan within LOOSEST when it is a good one, else the best without any limit.

    Good: some plan stays within LOOSEST, costs less than FRAGMENT_DEMERITS and ends no
    line at a penalty dearer than a line past LOOSEST.
    """
    breaks = _case(units, prefixes, penalties, {})
    plan = total_fit(breaks, first, rest, expansion)
    within, within_plan = brute_force_plan(
        breaks, first, rest, expansion, -1, tf.LOOSEST * cost.STRETCH
    )
    best, _ = brute_force_plan(breaks, first, rest, expansion)
    if math.isinf(best):
        assert any(plan.overfull)
        return
    if within < cost.FRAGMENT_DEMERITS and not _dear(breaks, within_plan[0]):
        assert plan.demerits == pytest.approx(within, rel=1e-9)
    else:
        assert plan.demerits == pytest.approx(best, rel=1e-9)
    assert plan_cost(breaks, plan, first, rest, expansion) == pytest.approx(plan.demerits)


def test_breaks_and_plans_are_frozen_slotted_values_with_their_defaults():
    """Both are shared between sizes and caches: immutable, no per-instance dict; a
    paragraph built without cuts has none, a plan is neither loose nor ragged unless said."""
    from dataclasses import FrozenInstanceError

    breaks = units_paragraph([[1.0], [2.0]])
    plan = BreakPlan((2,), (1.0,), (False,), 1.0)
    for value in (breaks, plan):
        assert not hasattr(value, "__dict__")
    with pytest.raises(FrozenInstanceError):
        breaks.end_x = ()
    with pytest.raises(FrozenInstanceError):
        plan.ends = ()
    assert breaks.cut == ()
    assert plan.loose is False and plan.ragged_first is False


@settings(max_examples=examples(300), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02]),
    ragged_first=st.integers(0, 6),
)
def test_a_first_line_after_a_run_in_heading_is_ragged_where_stretching_costs_more(
    units, prefixes, first, rest, expansion, ragged_first
):
    """The first of several lines, ending at word `ragged_first` or later and not inside a
    word, fitting at its natural width, is set ragged (scale 1) exactly when its justified
    badness exceeds a ragged line's; the other lines keep their scales."""
    breaks = _case(units, prefixes, {}, {})
    plan = total_fit(breaks, first, rest, expansion, ragged_first)
    if any(plan.overfull) or not plan.ends:
        return
    end = plan.ends[0]
    natural = breaks.end_x[end]
    single = breaks.start_unit[0] == breaks.end_unit[end]
    judged = judge(natural, breaks.end_gap[end], first, expansion, single, False)
    ragged = (
        len(plan.ends) >= 2
        and breaks.word[end] >= ragged_first
        and not breaks.hyphen[end]
        and natural <= first
        and judged is not None
        and judged[0] > cost.ragged_badness(first - natural, first)
    )
    assert plan.ragged_first == ragged
    if ragged:
        assert plan.scales[0] == 1.0
    plain = total_fit(breaks, first, rest, expansion, -1)
    assert not plain.ragged_first


def _ragged_pairs(breaks, first, rest, expansion):
    """Return the least demerits of two lines, the first ragged (at least RAGGED_PAIR_FILL
    of its width, not inside a word), the second as judged; inf when there is none."""
    last = len(breaks) - 1
    least = math.inf
    for j in range(1, last):
        natural = breaks.end_x[j]
        if breaks.hyphen[j] or natural > first or natural < cost.RAGGED_PAIR_FILL * first:
            continue
        tail = breaks.end_x[last] - breaks.start_x[j]
        spaces = breaks.end_gap[last] - breaks.start_gap[j]
        single = breaks.start_unit[j] == breaks.end_unit[last]
        judged = judge(tail, spaces, rest, expansion, single, True)
        if judged is None:
            continue
        demerits = (cost.LINE_PENALTY + cost.ragged_badness(first - natural, first)) ** 2
        demerits += breaks.penalty[j] ** 2 + (cost.LINE_PENALTY + judged[0]) ** 2
        if tail < cost.SHORT_LAST:
            demerits += cost.SHORT_LAST_DEMERITS
        least = min(least, demerits)
    return least


@settings(max_examples=examples(300), deadline=None)
@given(
    units=UNITS,
    prefixes=PREFIXES,
    penalties=PENALTIES,
    first=st.floats(3.0, 24.0),
    rest=st.floats(3.0, 24.0),
    expansion=st.sampled_from([0.0, 0.02]),
    fragment=st.booleans(),
)
def test_ragged_pair_takes_two_lines_only_where_they_cost_less(
    units, prefixes, penalties, first, rest, expansion, fragment
):
    """A plan costing FRAGMENT_DEMERITS or more gives way to the cheapest ragged pair that
    costs less; a cheaper plan is kept as it is."""
    breaks = _case(units, prefixes, penalties, {})
    demerits = cost.FRAGMENT_DEMERITS * (1.5 if fragment else 0.999)
    plan = BreakPlan((len(breaks) - 1,), (1.0,), (False,), demerits)
    pair = tf.ragged_pair(breaks, first, rest, expansion, plan)
    least = _ragged_pairs(breaks, first, rest, expansion)
    if not fragment or least >= demerits:
        assert pair is plan
        return
    assert pair.demerits == pytest.approx(least, rel=1e-12)
    assert len(pair.ends) == 2 and pair.ends[1] == len(breaks) - 1
    assert pair.ragged_first and not pair.loose and pair.scales[0] == 1.0
    assert pair.overfull == (False, False)
    j = pair.ends[0]
    tail = breaks.end_x[-1] - breaks.start_x[j]
    spaces = breaks.end_gap[-1] - breaks.start_gap[j]
    single = breaks.start_unit[j] == breaks.end_unit[-1]
    assert pair.scales[1] == judge(tail, spaces, rest, expansion, single, True)[1]


def test_a_first_plan_ending_on_a_word_tail_gives_way_to_a_looser_one():
    """Within LOOSEST the paragraph can only end on "tail" of its hyphenated last word
    (FRAGMENT_DEMERITS); a plan with a looser line spares it and is taken."""
    breaks = units_paragraph([[1.7, 4.2], [0.6], [2.5]], {2: [(0.4, 0.25)]})
    within, _ = brute_force_plan(breaks, 7.9, 7.9, 0.0, -1, tf.LOOSEST * cost.STRETCH)
    best, (ends, _) = brute_force_plan(breaks, 7.9, 7.9, 0.0)
    assert within >= cost.FRAGMENT_DEMERITS > best  # the case is what it says
    plan = total_fit(breaks, 7.9, 7.9, 0.0)
    assert (plan.ends, plan.demerits) == (ends, pytest.approx(best))


@pytest.mark.parametrize("penalty, dear", [(999.0, False), (1001.0, True)])
def test_a_break_dearer_than_a_loose_line_sends_the_plan_to_the_wider_pass(penalty, dear):
    """The first plan ends a line at a penalty: kept when the penalty squared costs less
    than a line at LOOSEST, (LINE_PENALTY + 100 * LOOSEST**3)**2 = 1e6, else the best
    plan (here with a looser line that spares that break) is taken."""
    breaks = units_paragraph([[1.1, 2.0], [2.0, 1.4], [0.6], [2.4, 2.0]], penalties={2: penalty})
    assert (cost.LINE_PENALTY + 100 * tf.LOOSEST**3) ** 2 == 1e6
    within, (first_ends, _) = brute_force_plan(breaks, 8.3, 8.3, 0.0, -1, tf.LOOSEST * cost.STRETCH)
    best, (best_ends, _) = brute_force_plan(breaks, 8.3, 8.3, 0.0)
    assert best < within and breaks.penalty[first_ends[0]] == penalty
    plan = total_fit(breaks, 8.3, 8.3, 0.0)
    expected = (best_ends, best) if dear else (first_ends, within)
    assert (plan.ends, plan.demerits) == (expected[0], pytest.approx(expected[1]))


def _found_cases():
    """Paragraphs a random search found where a mutant of totalfit set other lines than
    the module does (tests/unit/typeset/cases/totalfit.jsonl; `found_for` says which line
    was mutated, `space` the width of a space where it is not SPACE: binary fractions make
    ties exact). The oracles below are the brute forces, not the module's output."""
    path = Path(__file__).parent / "cases" / "totalfit.jsonl"
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


@pytest.mark.parametrize("case", _found_cases(), ids=lambda case: case["found_for"])
def test_cases_a_search_found_set_as_the_brute_forces_say(case):
    """The limited pass, the pass bounded by the least demerits, total_fit (its pass choice,
    the ragged first line) and ragged_pair on a found paragraph, each against its brute
    force."""
    points = {int(k): [tuple(p) for p in v] for k, v in case["points"].items()}
    penalties = {int(k): v for k, v in case["penalties"].items()}
    breaks = units_paragraph(case["units"], points, penalties, space=case.get("space", SPACE))
    first, rest, expansion = case["first"], case["rest"], case["expansion"]
    ragged_first = case["ragged_first"]
    loosest = math.inf if case["loosest"] is None else case["loosest"]
    # The pass limited to `loosest`.
    plan = tf._total_fit(breaks, first, rest, expansion, loosest, ragged_first)
    least, _ = brute_force_plan(breaks, first, rest, expansion, ragged_first, loosest)
    if math.isinf(least):
        assert plan.loose or any(plan.overfull)
    else:
        assert plan.demerits == pytest.approx(least, rel=1e-9)
        assert plan_cost(breaks, plan, first, rest, expansion, ragged_first) == pytest.approx(least)
    # total_fit: the good plan within LOOSEST or the best, then the ragged first line.
    plan = total_fit(breaks, first, rest, expansion, ragged_first)
    within, found = brute_force_plan(
        breaks, first, rest, expansion, ragged_first, tf.LOOSEST * cost.STRETCH
    )
    best, _ = brute_force_plan(breaks, first, rest, expansion, ragged_first)
    if not math.isinf(best):
        bound = best * (1 + 1e-12)
        bounded = tf._total_fit(breaks, first, rest, expansion, math.inf, ragged_first, bound)
        assert bounded.demerits == pytest.approx(best, rel=1e-9)
        good = within < cost.FRAGMENT_DEMERITS and not _dear(breaks, found[0])
        assert plan.demerits == pytest.approx(within if good else best, rel=1e-9)
        justified = tuple(
            1.0 if over else _line(breaks, i, j, first, rest, expansion, -1)[1]
            for i, j, over in zip((0, *plan.ends), plan.ends, plan.overfull, strict=False)
        )
        end = plan.ends[0]
        natural = breaks.end_x[end]
        single = breaks.start_unit[0] == breaks.end_unit[end]
        judged = judge(natural, breaks.end_gap[end], first, expansion, single, False)
        ragged = (
            ragged_first >= 0
            and len(plan.ends) >= 2
            and breaks.word[end] >= ragged_first
            and not breaks.hyphen[end]
            and natural <= first
            and judged is not None
            and judged[0] > cost.ragged_badness(first - natural, first)
        )
        assert plan.ragged_first == ragged
        assert plan.scales[1:] == pytest.approx(justified[1:], abs=1e-12)
        if ragged:
            assert plan.scales[0] == 1.0
    # ragged_pair after a plan ending on a fragment.
    dear = BreakPlan((len(breaks) - 1,), (1.0,), (False,), 1e8)
    pair = tf.ragged_pair(breaks, first, rest, expansion, dear)
    assert pair.demerits == pytest.approx(min(1e8, _ragged_pairs(breaks, first, rest, expansion)))


@pytest.mark.parametrize("loosest", [tf.LOOSEST * cost.STRETCH, 0.0])
@pytest.mark.parametrize("expansion", [0.0, 0.02])
def test_a_line_filled_exactly_costs_no_badness(expansion, loosest):
    """A first line whose natural width is the column's exactly: badness 0, scale 1 (no
    expansion used, none needed), as judge says; with expansion off as well, and tried
    by a pass that allows no stretch at all."""
    breaks = units_paragraph([[1.7, 2.1], [2.4], [1.1, 0.9], [3.0]])
    first = breaks.end_x[2]  # the line ending after the second unit, to the last bit
    plan = tf._total_fit(breaks, first, first, expansion, loosest)
    best, (ends, scales) = brute_force_plan(breaks, first, first, expansion, -1, loosest)
    assert plan.ends[0] == 2 and plan.scales[0] == 1.0
    assert (plan.ends, plan.demerits) == (ends, pytest.approx(best, rel=1e-12))
    assert judge(first, breaks.end_gap[2], first, expansion, False, False)[0] == 0.0


def test_an_empty_paragraph_has_no_lines():
    """A paragraph of no words (its breaks are only its start) is set as no lines at no cost."""
    empty = Breaks((0.0,), (0.0,), (0.0,), (0.0,), (0,), (0,), (False,), (0,), (0.0,), (None,))
    for plan in (tf._total_fit(empty, 5.0, 5.0, 0.02, math.inf), total_fit(empty, 5.0, 5.0, 0.02)):
        assert (plan.ends, plan.scales, plan.overfull, plan.demerits) == ((), (), (), 0.0)
        assert not plan.loose


def test_a_counted_words_hyphen_is_not_dearer_than_a_loose_line():
    """COUNTED_HYPHEN_PENALTY squared is 1e6, a line at LOOSEST's cost exactly: not dearer,
    so a first plan hyphenating a counted word ("4 do-/časných") is kept."""
    breaks = units_paragraph(
        [[0.7, 2.2], [0.9, 2.8], [3.2], [0.5]], {2: [(0.5, 0.25)]}, {}, {2: 1000.0}
    )
    assert cost.COUNTED_HYPHEN_PENALTY**2 == (cost.LINE_PENALTY + 100 * tf.LOOSEST**3) ** 2
    within, (ends, _) = brute_force_plan(breaks, 8.4, 8.4, 0.0, -1, tf.LOOSEST * cost.STRETCH)
    best, _ = brute_force_plan(breaks, 8.4, 8.4, 0.0)
    assert best < within and breaks.penalty[ends[0]] == cost.COUNTED_HYPHEN_PENALTY
    plan = total_fit(breaks, 8.4, 8.4, 0.0)
    assert (plan.ends, plan.demerits) == (ends, pytest.approx(within))


def test_on_a_tie_the_line_from_the_earlier_start_is_kept():
    """Two lines to break j from two starts, as long and as costly: the state keeps the one
    tried first (the earlier start), as `_lines_to`'s inlined loop does, so a plan's breaks
    do not hang on the order of equal candidates."""
    breaks = units_paragraph([[1.0], [1.0], [1.0], [1.0]])
    best = [{0: (0.0, 0, 0, 1.0, False)}, {}, {}, {}, {}]
    best[1] = {3: (5.0, 0, 0, 1.0, False)}
    best[2] = {3: (5.0, 1, 3, 1.0, False)}
    states: dict = {}
    for start in (1, 2):
        tf._extend(breaks, best, states, start, 4, 2.0, 1.0, 2.0, 0.0, False, False)
    assert [value[1] for value in states.values()] == [1]


# Exact paragraphs: widths and spaces are binary fractions (letters of 1/4 em, a space of 1/2),
# so a slack, a stretch ratio and a badness below are exact and a rule's edge is met exactly.


def test_a_line_stretched_by_all_its_stretch_is_loose_not_very_loose():
    """'4 4' in 8.75: slack 0.25 of the space's stretch 0.25 (ratio 1, badness 100) is loose,
    as TeX's fitness classes say (very loose only past 1): no adjacent demerits before the
    decent last line, 300**2 + 200**2."""
    breaks = units_paragraph([[4.0], [4.0], [2.5]], space=0.5)
    plan = total_fit(breaks, 8.75, 8.75, 0.0)
    assert (plan.ends, plan.demerits) == ((2, 3), 130000.0)
    assert brute_force_plan(breaks, 8.75, 8.75, 0.0)[0] == 130000.0


def test_a_line_stretched_by_half_its_stretch_is_decent_not_loose():
    """'4 4' in 8.625 (ratio 1/2, badness 12.5) is decent, so the tight last line after it
    ('2 2 3.75' shrunk by 0.125 of its 0.2) costs no adjacent demerits."""
    breaks = units_paragraph([[4.0], [4.0], [2.0], [2.0], [3.75]], space=0.5)
    plan = total_fit(breaks, 8.625, 8.625, 0.0)
    shrunk = 100 * (0.125 / (cost.SHRINK * 1.0)) ** 3
    assert plan.ends == (2, 5)
    assert plan.demerits == pytest.approx(212.5**2 + (200 + shrunk) ** 2, rel=1e-12)
    assert brute_force_plan(breaks, 8.625, 8.625, 0.0)[0] == plan.demerits


@pytest.mark.parametrize("rest, tight", [(8.6875, False), (8.625, True)])
def test_a_line_shrunk_by_half_its_shrink_is_decent_and_by_more_tight(rest, tight):
    """The last line '1 1 1 1 1 1.4375' (8.9375) shrinks its five spaces (0.5 of shrink) by
    0.25 in 8.6875, half of it: decent, so after the loose '4 4' (ratio 0.75) no adjacent
    demerits; by 0.3125 in 8.625, more than half: tight, ADJACENT_DEMERITS after it."""
    breaks = units_paragraph([[4.0], [4.0], *[[1.0]] * 5, [1.4375]], space=0.5)
    assert 0.5 * (cost.SHRINK * 2.5) == 0.25  # the edge is met exactly
    plan = total_fit(breaks, 8.6875, rest, 0.0)
    shrunk = 100 * ((8.9375 - rest) / (cost.SHRINK * 2.5)) ** 3
    adjacent = cost.ADJACENT_DEMERITS if tight else 0
    assert plan.ends == (2, 8)
    assert plan.demerits == pytest.approx(
        (200 + 42.1875) ** 2 + (200 + shrunk) ** 2 + adjacent, rel=1e-12
    )
    assert brute_force_plan(breaks, 8.6875, rest, 0.0)[0] == plan.demerits


def test_a_last_line_exactly_short_last_wide_is_not_short():
    """A last line '0.75 0.75' of exactly SHORT_LAST (2 em) costs no SHORT_LAST_DEMERITS."""
    breaks = units_paragraph([[4.0], [4.0], [0.75], [0.75]], space=0.5)
    assert breaks.end_x[4] - breaks.start_x[2] == cost.SHORT_LAST
    plan = total_fit(breaks, 8.5, 8.5, 0.0)
    assert (plan.ends, plan.demerits) == ((2, 4), 2 * 200.0**2)


def test_a_bound_equal_to_a_one_line_plan_keeps_it():
    """'4 3.5' (8) in 7.75 with glyphs narrowed by half their 1/16: one line of demerits
    (200 + 10 * 0.5**3)**2; with exactly that as the bound, the pass still sets it."""
    breaks = units_paragraph([[4.0], [3.5]], space=0.5)
    demerits = (200 + cost.EXPANSION_BADNESS * 0.5**3) ** 2
    plan = tf._total_fit(breaks, 7.75, 7.75, 0.0625, math.inf, -1, demerits)
    assert (plan.ends, plan.scales, plan.overfull) == ((2,), (1 - 0.0625 / 2,), (False,))
    assert plan.demerits == demerits == brute_force_plan(breaks, 7.75, 7.75, 0.0625)[0]


@pytest.mark.parametrize("over, ends", [(1e-9, (4, 6)), (1.6e-9, (3, 6))])
def test_a_line_shrinks_past_its_limit_by_a_rounding_error_at_most(over, ends):
    """'2 2 2 2' (9.5, spaces 1.5) may shrink by 0.3: in 9.2 - 1e-9 it is set (a rounding
    error of 1e-9 is allowed), in 9.2 - 1.6e-9 not (then '2 2 2', very loose, is), as judge
    says."""
    breaks = units_paragraph([[2.0]] * 6, space=0.5)
    first = 9.5 - cost.SHRINK * 1.5 - over
    plan = total_fit(breaks, first, first, 0.0)
    best, (best_ends, _) = brute_force_plan(breaks, first, first, 0.0)
    assert plan.ends == best_ends == ends
    assert plan.demerits == pytest.approx(best, rel=1e-12)


@pytest.mark.parametrize("over, overfull", [(1e-9, False), (1.5e-9, True)])
def test_a_word_as_wide_as_the_line_to_a_rounding_error_fits_it(over, overfull):
    """A one-word paragraph wider than its line by 1e-9 (a rounding error) is set as its
    one line; wider by 1.5e-9 it cannot shrink (no space), so it stands alone, overfull."""
    breaks = units_paragraph([[4.0 + over]])
    assert breaks.end_x[1] == 4.0 + over
    plan = total_fit(breaks, 4.0, 4.0, 0.02)
    assert (plan.ends, plan.scales, plan.overfull) == ((1,), (1.0,), (overfull,))
    assert plan.demerits == (cost.OVERFULL_DEMERITS if overfull else cost.LINE_PENALTY**2)


def test_a_first_line_stretching_exactly_as_badly_as_a_ragged_one_stays_justified():
    """After a run-in heading, '1 1.85546875' in 5 with one space of 61/64 stretches its space
    by 2.5 of its stretch (badness 1562.5), as bad as a ragged line leaving 61/256 of the
    line empty, 800 * (1 + 4 * 61/256): not worse, so it stays justified and very loose
    (adjacent demerits after the paragraph's start, decent as TeX's, and before the last line)."""
    space = 61 / 64
    breaks = units_paragraph([[1.0], [5 - 1.25 * space - space - 1.0], [3.0]], space=space)
    slack = 5 - breaks.end_x[2]
    assert slack == 1.25 * space and cost.ragged_badness(slack, 5.0) == 1562.5
    plan = total_fit(breaks, 5.0, 4.0, 0.0, 0)
    assert (plan.ends, plan.scales, plan.ragged_first) == ((2, 3), (1.0, 1.0), False)
    demerits = (200 + 1562.5) ** 2 + 2 * cost.ADJACENT_DEMERITS + 200**2
    assert plan.demerits == demerits == brute_force_plan(breaks, 5.0, 4.0, 0.0, 0)[0]


def test_a_first_line_that_must_shrink_is_never_set_ragged():
    """Units of tiny words and wide spaces: the first line (4.625, spaces 4) in 3.75 shrinks
    nearly all it may (badness 103.6), more than a ragged line 'leaving' -0.875 would cost
    (53.3), but a ragged line must fit at its natural width: it stays justified, narrowed."""
    breaks = units_paragraph([[0.125] * 3, [0.125] * 2, [3.0]], space=1.0)
    natural = breaks.end_x[2]
    badness = judge(natural, breaks.end_gap[2], 3.75, 0.02, False, False)[0]
    assert natural > 3.75 and badness > cost.ragged_badness(3.75 - natural, 3.75)
    plan = total_fit(breaks, 3.75, 3.0, 0.02, 0)
    best, (ends, scales) = brute_force_plan(breaks, 3.75, 3.0, 0.02, 0)
    assert (plan.ends, plan.scales, plan.ragged_first) == (ends, scales, False)
    assert plan.scales[0] < 1.0 and plan.demerits == pytest.approx(best, rel=1e-12)


def test_of_two_plans_costing_the_same_the_earlier_break_is_kept():
    """Six words, '0.25', six words, then a last word: ending the first line before or after
    '0.25' gives the same lines mirrored ('X' and '0.25 Y', or 'X 0.25' and 'Y'), the same
    demerits; the plan whose line to their common break starts earlier is kept."""
    breaks = units_paragraph([[1.0]] * 6 + [[0.25]] + [[1.0]] * 6 + [[3.0]], space=0.5)
    plan = tf._total_fit(breaks, 9.0, 9.0, 0.0, math.inf)
    best, (ends, _) = brute_force_plan(breaks, 9.0, 9.0, 0.0)
    mirrored = BreakPlan((7, 13, 14), (1.0,) * 3, (False,) * 3, best)
    assert plan_cost(breaks, mirrored, 9.0, 9.0, 0.0) == best  # the case is what it says
    assert (plan.ends, plan.demerits) == ((6, 13, 14), best)
    assert ends == (6, 13, 14)


def test_a_bounded_pass_tries_later_starts_after_a_dear_line_from_the_paragraph_start():
    """First line 15 wide, the rest 4.75, after a run-in heading: the line from the start to
    the hyphen in '2.75-|0.5' cannot be ragged (it ends inside a word) and stretches its
    spaces about 8.7 times, dearer than the best plan; the best plan reaches that hyphen
    from the end of its ragged first line, a later start, which the pass still tries."""
    breaks = units_paragraph(
        [[3.5], [3.25], [1.25], [3.25], [3.25], [3.75]], {3: [(2.75, 0.25)]}, space=0.25
    )
    best, (ends, _) = brute_force_plan(breaks, 15.0, 4.75, 0.0, 1)
    assert ends == (2, 4, 6, 7)
    from_start = _line(breaks, 0, 4, 15.0, 4.75, 0.0, 1)[0]
    assert from_start > best  # the case is what it says
    plan = tf._total_fit(breaks, 15.0, 4.75, 0.0, math.inf, 1, best * (1 + 1e-12))
    assert plan.ends == ends and plan.demerits == pytest.approx(best, rel=1e-12)


def test_a_unit_wider_than_the_line_follows_the_cheapest_way_to_its_start():
    """'7' in a line of 6 stands alone, overfull, after the break before it reached the
    cheapest way: of its two ways (lines of two fitness classes, from an earlier start and
    a later one), 3602 apart on top of OVERFULL_DEMERITS, the cheaper (the later)."""
    breaks = units_paragraph([[3.5, 3.75], [2.25], [2.0, 0.25], [7.0], [2.0]], space=0.5)
    plan = tf._total_fit(breaks, 11.0, 6.0, 0.0625, math.inf)
    best, (ends, _) = brute_force_plan(breaks, 11.0, 6.0, 0.0625)
    assert plan.ends == ends == (2, 3, 4, 5) and plan.overfull == (False, False, True, False)
    assert plan.demerits - cost.OVERFULL_DEMERITS == pytest.approx(
        best - cost.OVERFULL_DEMERITS, rel=1e-9
    )


def test_a_line_shrunk_exactly_to_its_limit_and_tolerance_is_set():
    """First line 16 wide after a run-in heading, the rest narrower: '0.5 1.75 2.75-' (6.28125,
    spaces 1.03125) in a rest exactly as wide as it may shrink to (SHRINK of its spaces and
    the tolerance for rounding, the edge judge allows) is a line, and the best plan's."""
    breaks = units_paragraph(
        [[4.25], [0.75], [0.5], [1.75], [3.5], [4.5], [2.25]], {4: [(2.75, 0.25)]}, space=33 / 64
    )
    natural, spaces = breaks.end_x[5] - breaks.start_x[2], breaks.end_gap[5] - breaks.start_gap[2]
    limit = cost.SHRINK * spaces * (1 + 1e-9) + 1e-9
    rest = natural - limit
    assert natural - rest == limit and judge(natural, spaces, rest, 0.0, False, False)
    plan = tf._total_fit(breaks, 16.0, rest, 0.0, math.inf, 0)
    best, (ends, _) = brute_force_plan(breaks, 16.0, rest, 0.0, 0)
    assert plan.ends == ends == (2, 5, 7, 8)
    assert plan.demerits == pytest.approx(best, rel=1e-12)


def test_a_wider_plan_costing_as_much_as_the_first_is_taken():
    """The plan within LOOSEST ends its first line at a break of penalty 2872.93..., dearer
    than a line past LOOSEST, so the wider pass runs; its plan, a first line stretched 3
    times, costs exactly as much (8470000, found by a search): it is taken, as the brute
    force, which keeps the first of equal ways (here its last line's earlier start), says."""
    breaks = units_paragraph(
        [[1.25, 0.75], [3.0, 2.0], [0.5], [2.0, 4.0], [0.5]], {}, {2: 2872.9302162328536}, space=0.5
    )
    within, (first_ends, _) = brute_force_plan(
        breaks, 10.75, 10.75, 0.0, -1, tf.LOOSEST * cost.STRETCH
    )
    best, (ends, _) = brute_force_plan(breaks, 10.75, 10.75, 0.0)
    assert within == best == 8470000.0 and first_ends == (3, 5)  # the case is what it says
    plan = total_fit(breaks, 10.75, 10.75, 0.0)
    assert (plan.ends, plan.demerits) == (ends, best) == ((2, 5), 8470000.0)


def test_a_word_three_lines_wide_is_set_in_pieces_hyphenated_three_times_in_a_row():
    """A word of 9.5 in lines of 3, with points at 2.75, 5.375 and 8: its only plan is four
    lines, the first three hyphenated in a row (allowed inside a word wider than a line).
    Hand arithmetic: '2.75-' fills its line (badness 0, decent); '2.625-' twice leaves 0.125,
    a TYPICAL_SPACE's whole stretch (badness 100, loose: one class from decent, no adjacent
    demerits), each a second hyphen in a row; the tail 1.5 is short, a word's tail, after a
    hyphen."""
    breaks = units_paragraph([[9.5]], {0: [(2.75, 0.25), (5.375, 0.25), (8.0, 0.25)]})
    hyphen = cost.HYPHEN_PENALTY**2
    demerits = (
        200**2 + hyphen
        + 2 * (300**2 + hyphen + cost.DOUBLE_HYPHEN_DEMERITS)
        + 200**2 + cost.SHORT_LAST_DEMERITS + cost.FRAGMENT_DEMERITS + cost.FINAL_HYPHEN_DEMERITS
    )  # fmt: skip
    assert demerits == 41352500
    best, (ends, scales) = brute_force_plan(breaks, 3.0, 3.0, 0.0)
    assert (best, ends, scales) == (demerits, (1, 2, 3, 4), (1.0,) * 4)
    for plan in (tf._total_fit(breaks, 3.0, 3.0, 0.0, math.inf), total_fit(breaks, 3.0, 3.0, 0.0)):
        assert (plan.ends, plan.scales, plan.overfull) == ((1, 2, 3, 4), (1.0,) * 4, (False,) * 4)
        assert plan.demerits == demerits


def test_a_ragged_pair_is_a_ragged_line_at_scale_one_and_a_last_line_as_judged():
    """'3 3' ragged in 8 (leaving 1.5: badness 800 * 1.75), then '3 1' (4.5, one space of 0.5)
    in 4.359375 with glyphs that may narrow by 1/16: it narrows them by half of that (badness
    10 * 0.5**3, scale 0.96875), its space not shrunk. The pair costs 1600**2 + 201.25**2,
    less than a plan of 1e8: its lines, their scales, neither overfull, not loose."""
    breaks = units_paragraph([[3.0], [3.0], [3.0], [1.0]], space=0.5)
    plan = BreakPlan((4,), (1.0,), (False,), 1e8)
    pair = tf.ragged_pair(breaks, 8.0, 4.359375, 0.0625, plan)
    assert pair == BreakPlan((2, 4), (1.0, 0.96875), (False, False), 2600501.5625, False, True)


def test_a_ragged_first_line_filling_exactly_the_least_share_of_its_line_is_a_pair():
    """'3 3.5' (7) ragged in 10 fills RAGGED_PAIR_FILL of it exactly: enough; with '3' after
    it the pair costs (200 + 800 * (1 + 4 * 3 / 10))**2 + 200**2, less than 1e8."""
    breaks = units_paragraph([[3.0], [3.5], [3.0]], space=0.5)
    assert breaks.end_x[2] == cost.RAGGED_PAIR_FILL * 10.0
    pair = tf.ragged_pair(breaks, 10.0, 4.0, 0.0, BreakPlan((3,), (1.0,), (False,), 1e8))
    assert (pair.ends, pair.ragged_first) == ((2, 3), True)
    assert pair.demerits == pytest.approx((200 + 800 * (1 + 4 * 3 / 10)) ** 2 + 200**2, rel=1e-12)


def test_a_ragged_pairs_last_line_exactly_short_last_wide_is_not_short():
    """'3 3' ragged in 8 (badness 1400), then '2', exactly SHORT_LAST: no SHORT_LAST_DEMERITS,
    the pair costs 1600**2 + 200**2."""
    breaks = units_paragraph([[3.0], [3.0], [2.0]], space=0.5)
    assert breaks.end_x[3] - breaks.start_x[2] == cost.SHORT_LAST
    pair = tf.ragged_pair(breaks, 8.0, 4.0, 0.0, BreakPlan((3,), (1.0,), (False,), 1e8))
    assert (pair.ends, pair.demerits) == ((2, 3), 2600000.0)


def test_a_plan_costing_exactly_fragment_demerits_gives_way_to_a_cheaper_pair():
    """FRAGMENT_DEMERITS is the least a plan that gives way costs: at exactly 4e7 the pair
    '3 3' / '2' (2600000) is taken."""
    breaks = units_paragraph([[3.0], [3.0], [2.0]], space=0.5)
    plan = BreakPlan((3,), (1.0,), (False,), cost.FRAGMENT_DEMERITS)
    pair = tf.ragged_pair(breaks, 8.0, 4.0, 0.0, plan)
    assert (pair.ends, pair.demerits) == ((2, 3), 2600000.0)


def test_a_pair_costing_exactly_as_much_as_the_plan_leaves_it():
    """'3 3' / '2' after a break of penalty 6400 costs 1600**2 + 6400**2 + 200**2 = 43560000;
    a plan costing exactly that is kept (a pair is taken only when it costs less)."""
    breaks = units_paragraph([[3.0], [3.0], [2.0]], penalties={1: 6400.0}, space=0.5)
    plan = BreakPlan((3,), (1.0,), (False,), 43560000.0)
    assert tf.ragged_pair(breaks, 8.0, 4.0, 0.0, plan) is plan
    cheaper = BreakPlan((3,), (1.0,), (False,), 43560000.0 + 1)
    assert tf.ragged_pair(breaks, 8.0, 4.0, 0.0, cheaper).demerits == 43560000.0


def test_a_ragged_pair_is_found_after_a_first_line_whose_rest_does_not_fit():
    """In 8 then 4: '3 2.75' (6.25) leaves '1 4' (5.5, one space), which cannot shrink into 4;
    the next candidate '3 2.75 1' (7.75) leaves '4', which fits: that pair, (200 + 800 *
    (1 + 4 * 0.25 / 8))**2 + 200**2 = 1250000."""
    breaks = units_paragraph([[3.0], [2.75], [1.0], [4.0]], space=0.5)
    pair = tf.ragged_pair(breaks, 8.0, 4.0, 0.0, BreakPlan((4,), (1.0,), (False,), 1e8))
    assert (pair.ends, pair.demerits) == ((3, 4), 1250000.0)


def test_a_pass_allowing_no_stretch_sets_a_unit_alone_after_an_unreached_start_that_overflows():
    """'4 0.25' fills the first line (4.5) exactly; the unit '2 2 2 1.25' (8, glued) then
    fills a line of 8 alone, before '1'. The break after '4' is reached by no line (alone it
    would stretch); the line from it, '0.25 2 2 2 1.25' (8.5), would have to narrow its
    glyphs: not looser than the pass allows, so the unit's own line is still tried. A pass
    that allows no stretch at all finds that plan, as the brute force does."""
    breaks = units_paragraph([[4.0], [0.25], [2.0, 2.0, 2.0, 1.25], [1.0]], space=0.25)
    best, (ends, _) = brute_force_plan(breaks, 4.5, 8.0, 0.0625, -1, 0.0)
    assert (best, ends) == (3 * 200.0**2 + cost.SHORT_LAST_DEMERITS, (2, 3, 4))
    plan = tf._total_fit(breaks, 4.5, 8.0, 0.0625, 0.0)
    assert (plan.ends, plan.scales, plan.demerits, plan.loose) == (ends, (1.0,) * 3, best, False)


def test_of_two_mirrored_plans_one_adjacent_jump_each_the_earlier_break_is_kept():
    """'3 | 3.5 | 3 | 1.25 2.75' in 7.25: '3' alone (very loose) then '3.5 3' (loose), or
    '3 3.5' then '3' alone, then the last line (decent): each plan jumps a fitness class
    once (ADJACENT_DEMERITS) and costs the same; the one with the earlier break is kept,
    as the brute force keeps it, though the way to break 3 it takes costs exactly
    ADJACENT_DEMERITS more than the other there."""
    breaks = units_paragraph([[3.0], [3.5], [3.0], [1.25, 2.75]], space=0.5)
    best, (ends, _) = brute_force_plan(breaks, 7.25, 7.25, 0.03125)
    mirrored = BreakPlan((2, 3, 4), (1.03125, 1.0, 1.0), (False,) * 3, best)
    assert plan_cost(breaks, mirrored, 7.25, 7.25, 0.03125) == best  # the case is what it says
    assert ends == (1, 3, 4)
    for plan in (
        tf._total_fit(breaks, 7.25, 7.25, 0.03125, math.inf),
        total_fit(breaks, 7.25, 7.25, 0.03125),
    ):
        assert (plan.ends, plan.demerits) == (ends, best)


def test_of_two_plans_costing_the_same_the_earlier_break_is_kept_past_a_dearer_third_way():
    """A paragraph (found by a search) whose plans (3, 6, 7) and (4, 6, 7) cost the same: at
    break 6 the way of the first costs exactly ADJACENT_DEMERITS more than the other's and a
    third way more still; the plan with the earlier break is kept, as the brute force keeps
    it."""
    breaks = units_paragraph(
        [[2.25], [4.25], [4.0], [3.5, 2.5], [4.25, 0.5, 0.5]], {2: [(1.0, 0.25), (2.25, 0.25)]},
        space=0.5,
    )  # fmt: skip
    best, (ends, _) = brute_force_plan(breaks, 11.0, 11.0, 0.0625)
    later = (4, 6, 7)
    starts = (0, *later[:-1])
    scales = tuple(
        _line(breaks, i, j, 11.0, 11.0, 0.0625, -1)[1] for i, j in zip(starts, later, strict=True)
    )
    tie = BreakPlan(later, scales, (False,) * 3, best)
    assert plan_cost(breaks, tie, 11.0, 11.0, 0.0625) == best  # the case is what it says
    assert ends == (3, 6, 7)
    plan = tf._total_fit(breaks, 11.0, 11.0, 0.0625, math.inf)
    assert (plan.ends, plan.demerits) == (ends, best)
