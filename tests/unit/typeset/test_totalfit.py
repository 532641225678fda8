"""Tests for cards.typeset.totalfit: Knuth-Plass total fit with glyph expansion."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.typeset import ParagraphSetting, Run, TypesetContext, cost, prepare, set_lines
from cards.typeset import totalfit as tf
from cards.typeset.totalfit import Breaks, judge, total_fit
from tests.unit.typeset.test_typeset import BOLD, MONO, MONO_EM, SERIF, WIDTHS, _mono_lines

SPACE = 0.3  # a word space at 1 pt in the hand-made paragraphs


def paragraph(widths, points=None, space=SPACE) -> Breaks:
    """Return the breaks of words of the given widths, one unit each, apart by `space`.

    `points` maps a word's index to its hyphenation points: (prefix width, hyphen width).
    """
    points = points or {}
    xs, gaps, x, g = [], [], 0.0, 0.0
    for n, width in enumerate(widths):
        if n:
            x, g = x + space, g + space
        xs.append(x)
        gaps.append(g)
        x += width
    cols = {k: [v] for k, v in dict(ex=0.0, eg=0.0, sx=0.0, sg=0.0, eu=0, su=0).items()}
    cols.update(hy=[False], wd=[0], pen=[0.0])

    def add(ex, eg, sx, sg, eu, su, hy, wd):
        for key, value in dict(ex=ex, eg=eg, sx=sx, sg=sg, eu=eu, su=su, hy=hy, wd=wd).items():
            cols[key].append(value)
        cols["pen"].append(0.0)

    count = len(widths)
    for k, width in enumerate(widths):
        for prefix, hyphen in points.get(k, ()):
            add(xs[k] + prefix + hyphen, gaps[k], xs[k] + prefix, gaps[k], k, k, True, k)
        more = k + 1 < count
        add(
            xs[k] + width,
            gaps[k],
            xs[k + 1] if more else xs[k] + width,
            gaps[k + 1] if more else gaps[k],
            k,
            k + 1,
            False,
            k,
        )
    return Breaks(
        *(tuple(cols[k]) for k in ("ex", "eg", "sx", "sg", "eu", "su", "hy", "wd", "pen"))
    )


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


def tail_forbidden(breaks: Breaks, rest: float) -> bool:
    """Whether the last line may not be the tail of the last word alone: the paragraph's
    last unit starts after the paragraph's start and fits a later line whole."""
    last = len(breaks) - 1
    start = min(k for k in range(len(breaks)) if breaks.start_unit[k] == breaks.end_unit[last])
    return start > 0 and breaks.end_x[last] - breaks.start_x[start] <= rest + 1e-9


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


@settings(max_examples=300, deadline=None)
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


@settings(max_examples=200, deadline=None)
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


@settings(max_examples=300, deadline=None)
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
        ends = [line.endswith("-") for line in _mono_lines(text, chars)]
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
