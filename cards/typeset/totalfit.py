"""Total-fit line breaking (Knuth-Plass) with glyph expansion, over a paragraph's feasible breaks.

The paragraph comes as `Breaks`: every place where a line may end (after a unit of words
joined by glued spaces, at a hyphenation point, after a word's own hyphen), each with where
that line would end and where the next would begin, at 1 pt in the coordinates of the
paragraph set as one long line. A line from break i to break j then has the natural width
``end_x[j] - start_x[i]`` and ``end_gap[j] - start_gap[i]`` of spaces, which can stretch by
`STRETCH` or shrink by `SHRINK` of their width.

Lines are judged by the cost model both breakers share (`cost`: `cost.judge`, glyph
expansion first, uncapped badness, TeX's demerits and the paragraph-end costs).

- No more than two hyphenated lines in a row, kept hard: every break remembers, per
  fitness class, the best way to reach it with 0, 1 or 2 hyphenated lines ending in a row
  just before, so the breaker never walks into a forced hole. A third is allowed only inside
  a word wider than a line.

Pruning: a line is tried only from a break some line reaches, between the first break it
can reach without overflowing and the first at which it would stretch its spaces past
`LOOSEST`. A paragraph that cannot be set so is set within `WIDER`; that plan is the best
without limit when a line past `WIDER` alone would cost more, else its demerits bound the
lines tried without limit. Only then is a unit wider than the line placed alone and marked
overfull. The breaks of a paragraph do not depend on the type size (all is at 1
pt), so they are built once and broken at every size the fitter tries.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass

from cards.typeset import cost
from cards.typeset.cost import (
    DECENT,
    LOOSE,
    SHRINK,
    STRETCH,
    TIGHT,
    TYPICAL_SPACE,
    VERY_LOOSE,
    judge,
)
from cards.typeset.words import Prepared, WordBreak

__all__ = [
    "Breaks",
    "BreakPlan",
    "total_fit",
    "judge",
    "paragraph_breaks",
    "ragged_pair",
]

LOOSEST = 2.0  # space ratio r (of STRETCH) beyond which a line is not tried at first
WIDER = 4.0  # then within this (the best plan without limit, unless a line past it costs less)
_UNLIMITED = math.inf
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Breaks:
    """A paragraph's feasible breaks at 1 pt; index 0 is its start, the last its end.

    Immutable; built once per paragraph and broken at any width and size.
    """

    end_x: tuple[float, ...]  # where a line ending here ends (an inserted hyphen included)
    end_gap: tuple[float, ...]  # width of the spaces before the line's last word
    start_x: tuple[float, ...]  # where the next line starts (a repeated hyphen included)
    start_gap: tuple[float, ...]  # width of the spaces before the next line's first word
    end_unit: tuple[int, ...]  # the unit a line ending here ends in
    start_unit: tuple[int, ...]  # the unit the next line starts in
    hyphen: tuple[bool, ...]  # a line ending here ends inside a word
    word: tuple[int, ...]  # the word a line ending here ends in (or inside)
    penalty: tuple[float, ...]  # extra penalty for a break here (squared into demerits)
    cut: tuple[WordBreak | None, ...] = ()  # the place inside the word, for breaks inside one

    def __len__(self) -> int:
        return len(self.end_x)


@dataclass(frozen=True, slots=True)
class BreakPlan:
    """The chosen breaks of a paragraph and the expansion of each line.

    `ends[n]` is the break index line n ends at; `scales[n]` its horizontal glyph scale
    (1.0 when not expanded); `overfull[n]` whether it holds a unit wider than the line.
    """

    ends: tuple[int, ...]
    scales: tuple[float, ...]
    overfull: tuple[bool, ...]
    demerits: float
    loose: bool = False  # no plan within the limit tried first (then nothing else is set)
    ragged_first: bool = False  # the first line is set ragged (see total_fit)


def total_fit(
    breaks: Breaks,
    first: float,
    rest: float,
    expansion: float = 0.0,
    ragged_first: int = -1,
) -> BreakPlan:
    """Choose the breaks of a paragraph with the least total demerits.

    `first` is the width of its first line and `rest` of every later one, at 1 pt (the
    column width divided by the type size); `expansion` the share by which a line's glyphs
    may widen or narrow (0 turns expansion off). Lines looser than `LOOSEST` are tried
    only when the paragraph cannot be set without one. With `ragged_first` (a word
    index, -1 for none), a first line ending at that word or later, not inside a word, that
    would stretch worse than a ragged one is set ragged (`BreakPlan.ragged_first`): after a
    run-in heading, rather than gape. A ragged line costs `RAGGED_FIRST_BADNESS`, more the
    shorter it is (`cost.ragged_badness`).
    """
    plan = _total_fit(breaks, first, rest, expansion, LOOSEST * STRETCH, ragged_first)
    if plan.loose or plan.demerits >= cost.FRAGMENT_DEMERITS or _dear_break(breaks, plan):
        # A plan within a wider limit bounds the demerits of the best one without limit;
        # when a line past that limit alone would cost more, it is that best one. (Also
        # when the plan found ends on a word's tail or at a break dearer than a line past
        # LOOSEST: a looser line may spare it.)
        wider = _total_fit(breaks, first, rest, expansion, WIDER * STRETCH, ragged_first)
        plan = wider if wider.demerits <= plan.demerits else plan
        bound = plan.demerits if not plan.loose else _UNLIMITED
        if bound > (cost.LINE_PENALTY + 100 * WIDER**3) ** 2:
            plan = _total_fit(breaks, first, rest, expansion, _UNLIMITED, ragged_first, bound)
    if ragged_first >= 0:
        plan = _ragged_first_line(breaks, first, expansion, ragged_first, plan)
    return plan


def _dear_break(breaks: Breaks, plan: BreakPlan) -> bool:
    """Return whether a line of the plan ends at a break whose penalty costs more than a
    line past LOOSEST (a soft glue: "bonus | +5"), so that a plan with a looser line,
    never tried in the first pass, may cost less."""
    dear = (cost.LINE_PENALTY + 100 * LOOSEST**3) ** 2
    penalty = breaks.penalty
    return any(penalty[end] * penalty[end] > dear for end in plan.ends)


def _ragged_first_line(
    breaks: Breaks, first: float, expansion: float, ragged_first: int, plan: BreakPlan
) -> BreakPlan:
    """Return `plan` with its first line set ragged where that beats stretching it.

    Only a first line of several, ending at word `ragged_first` or later and not inside
    a word, that fits at its natural width.
    """
    end = plan.ends[0] if plan.ends else 0
    if len(plan.ends) < 2 or breaks.word[end] < ragged_first or breaks.hyphen[end]:
        return plan
    natural = breaks.end_x[end]
    single = breaks.start_unit[0] == breaks.end_unit[end]
    judged = judge(natural, breaks.end_gap[end], first, expansion, single, False)
    if (
        judged is None
        or natural > first
        or judged[0] <= cost.ragged_badness(first - natural, first)
    ):
        return plan
    scales = (1.0, *plan.scales[1:])
    return BreakPlan(plan.ends, scales, plan.overfull, plan.demerits, plan.loose, True)


def _total_fit(
    breaks: Breaks,
    first: float,
    rest: float,
    expansion: float,
    loosest: float,
    ragged_first: int = -1,
    bound: float = _UNLIMITED,
) -> BreakPlan:
    """Run `total_fit` trying only lines that stretch their spaces by `loosest` or less.

    With `bound`, the total demerits of a plan known to exist (with `loosest` unlimited),
    lines whose own demerits exceed it are not tried: the plan chosen is the same.
    """
    last = len(breaks.end_x) - 1
    if last <= 0:
        return BreakPlan((), (), (), 0.0)
    if breaks.end_x[last] <= first + _EPS:  # the whole paragraph on its first line
        return BreakPlan((last,), (1.0,), (False,), (cost.LINE_PENALTY) ** 2)
    best = _search(breaks, first, rest, expansion, loosest, ragged_first, bound)
    return _plan(best, last)


def _search(
    breaks: Breaks,
    first: float,
    rest: float,
    expansion: float,
    loosest: float,
    ragged_first: int,
    bound: float,
) -> list[dict]:
    """Return, for each break, the best ways a plan reaches it (a dict, empty for none).

    Per state (fitness * 3 + hyphenated lines in a row): (total demerits, previous break,
    its state, glyph scale of the line ending here, overfull). A line is tried only from
    a break some line reaches (`active`, in order), from the first it can reach without
    overflowing (`lo`). Whether a line stretches past `loosest` can only grow with its
    start (start_x and start_gap never decrease), within the lines of several units and
    within those of one, so testing the first start tried skips most breaks at once.
    """
    count = len(breaks.end_x)
    last = count - 1
    end_x, end_gap, start_x, start_gap = (
        breaks.end_x,
        breaks.end_gap,
        breaks.start_x,
        breaks.start_gap,
    )
    end_unit, start_unit, hyphen, words = (
        breaks.end_unit,
        breaks.start_unit,
        breaks.hyphen,
        breaks.word,
    )
    best: list[dict] = [{}] * count
    best[0] = {DECENT * 3: (0.0, -1, -1, 1.0, False)}
    shrink_share = 1.0 - expansion
    setup = _costs(breaks, first, rest, expansion, loosest, ragged_first, bound)
    active = [0]
    reached = 0  # the first of them at or after lo
    lo = 0
    limited = loosest != _UNLIMITED
    for j in range(1, count):
        ex, eg, eu = end_x[j], end_gap[j], end_unit[j]
        final = j == last
        # Skip breaks from which a line to j cannot shrink enough (nor one to a later break).
        while lo < j:
            avail = first if lo == 0 else rest
            if (ex - start_x[lo]) * shrink_share - SHRINK * (eg - start_gap[lo]) <= avail + _EPS:
                break
            lo += 1
        starts = len(active)
        while reached < starts and active[reached] < lo:
            reached += 1
        if limited and not final:
            # Most breaks are out of reach: the line from the first start tried stretches
            # past `loosest` (the loop of `_lines_to` would stop there), or there is none.
            if reached == starts:
                continue
            i = active[reached]
            natural = ex - start_x[i]
            slack = (rest if i else first) - natural
            spaces = eg - start_gap[i]
            if start_unit[i] == eu:
                if slack > loosest * (spaces if spaces > TYPICAL_SPACE else TYPICAL_SPACE):
                    continue
            elif slack - expansion * natural > loosest * spaces and not (
                i == 0 and 0 <= ragged_first <= words[j] and not hyphen[j] and slack >= 0
            ):
                continue
        states = _lines_to(setup, best, active, reached, lo, j, ex, eg, eu, final)
        if not states:
            if not hyphen[j] and loosest == _UNLIMITED:
                states = _overfull(breaks, best, j)
        elif len(states) > 1:
            states = _undominated(states)
        if states:
            best[j] = states
            active.append(j)
    return best


def _costs(breaks, first, rest, expansion, loosest, ragged_first, bound) -> tuple:
    """Return what `_lines_to` reads for every break: the paragraph, widths, limits, costs."""
    transitions = cost.transitions(
        cost.ADJACENT_DEMERITS,
        cost.DOUBLE_HYPHEN_DEMERITS,
        cost.FINAL_HYPHEN_DEMERITS,
        cost.MAX_HYPHEN_RUN,
    )
    paragraph = (
        breaks,
        breaks.start_x,
        breaks.start_gap,
        breaks.start_unit,
        breaks.hyphen,
        breaks.penalty,
        breaks.word,
    )
    limits = (first, rest, expansion, loosest, ragged_first, bound)
    badness = (
        100 / (STRETCH * STRETCH * STRETCH),  # the badness of a stretch ratio r, over r**3
        100 / (SHRINK * SHRINK * SHRINK),
        cost.EXPANSION_BADNESS if expansion else 0.0,  # of a line using all its expansion
        cost.EXPANSION_BADNESS,
    )
    hyphen_cost = cost.HYPHEN_PENALTY * cost.HYPHEN_PENALTY
    lines = (hyphen_cost, transitions, cost.LINE_PENALTY, cost.SHORT_LAST, cost.SHORT_LAST_DEMERITS)
    return paragraph, limits, badness, lines


def _lines_to(setup: tuple, best: list, active: list, reached, lo, j, ex, eg, eu, final) -> dict:
    """Return the best ways to reach break j with one more line, per state (`_search`).

    Lines of several units are judged here (`judge` inlined: this runs for most breaks of
    every paragraph at every size), lines of one unit by `_extend`."""
    breaks, start_x, start_gap, start_unit, hyphen, penalties, words = setup[0]
    first, rest, expansion, loosest, ragged_first, bound = setup[1]
    stretch_badness, shrink_badness, full_expansion, expansion_badness = setup[2]
    hyphen_cost, transitions, line_penalty, short_last, short_last_demerits = setup[3]
    states: dict = {}
    hyphenated = hyphen[j]
    line_cost = penalties[j] ** 2 + (hyphen_cost if hyphenated else 0.0)
    may_rag = 0 <= ragged_first <= words[j] and not (final or hyphenated)
    by_fitness = transitions[hyphenated, final]
    several = True  # the starts so far leave more than one unit on the line
    for n in range(reached, len(active)):
        i = active[n]
        avail = rest if i else first
        natural = ex - start_x[i]
        spaces = eg - start_gap[i]
        slack = avail - natural
        if start_unit[i] == eu:
            if several and not final:
                several = False
                if _unreached_start_too_loose(breaks, best, lo, j, first, rest, setup):
                    break
            # One unit, or a piece of its last word: set ragged, tried if nearly full.
            if not final and slack > loosest * max(spaces, TYPICAL_SPACE):
                break
            _extend(breaks, best, states, i, j, natural, spaces, avail, expansion, True, final)
            continue
        grow = expansion * natural
        ragged = may_rag and i == 0 and slack >= 0
        if final and slack >= 0:
            badness, scale, fitness = 0.0, 1.0, DECENT
        elif not final and slack - grow > loosest * spaces and not ragged:
            break  # this line and those from later breaks stretch past LOOSEST
        if slack >= 0:
            if not final:
                if slack <= grow:
                    u = slack / grow if grow else 0.0
                    badness, scale = expansion_badness * u * u * u, 1.0 + expansion * u
                else:
                    r = (slack - grow) / spaces
                    badness, scale = stretch_badness * r * r * r + full_expansion, 1.0 + expansion
                t = slack / (grow + STRETCH * spaces)
                fitness = VERY_LOOSE if t > 1 else LOOSE if t > 0.5 else DECENT
        else:
            need = -slack
            if need <= grow:
                u = need / grow
                badness, scale = expansion_badness * u * u * u, 1.0 - expansion * u
            elif need - grow > SHRINK * spaces * (1 + _EPS) + _EPS:
                continue
            else:
                r = (need - grow) / spaces
                badness, scale = shrink_badness * r * r * r + full_expansion, 1.0 - expansion
            fitness = TIGHT if need > 0.5 * (grow + SHRINK * spaces) else DECENT
        if ragged and badness > cost.ragged_badness(slack, avail):
            badness, scale, fitness = cost.ragged_badness(slack, avail), 1.0, DECENT
        demerits = line_penalty + badness
        demerits = demerits * demerits + line_cost
        if final and i and natural < short_last:
            demerits += short_last_demerits
        if demerits > bound:
            # No plan through it costs `bound` or less; only lines of one unit are left.
            if not (i == 0 or slack < 0 or final):
                _one_unit_lines(breaks, best, states, active, n, j, rest, expansion)
                break
            continue
        moves = by_fitness[fitness]
        for state, value in best[i].items():
            move = moves[state]
            if move is not None:
                key, extra, jump = move
                d = value[0] + demerits + extra + jump
                old = states.get(key)
                if old is None or d < old[0]:
                    states[key] = (d, i, state, scale, False)
    return states


def _unreached_start_too_loose(breaks, best, lo, j, first, rest, setup) -> bool:
    """Return whether the last start of several units before j's unit, not reached by any
    line (so never tested), stretches a line to j past `loosest`, its spaces counted as at
    least TYPICAL_SPACE, as the lines of one unit are judged: then so do those lines (they
    start later, so they have more slack and no more spaces)."""
    expansion, loosest = setup[1][2], setup[1][3]
    ex, eg = breaks.end_x[j], breaks.end_gap[j]
    m = bisect_left(breaks.start_unit, breaks.end_unit[j]) - 1
    if m < lo or best[m]:
        return False
    natural_m = ex - breaks.start_x[m]
    slack_m = (rest if m else first) - natural_m
    spaces_m = max(eg - breaks.start_gap[m], TYPICAL_SPACE)
    return slack_m - expansion * natural_m > loosest * spaces_m


def _one_unit_lines(breaks, best, states, active, n, j, rest, expansion) -> None:
    """Try the lines to break j of one unit from the starts after active[n] (`_extend`)."""
    ex, eg = breaks.end_x[j], breaks.end_gap[j]
    first_of_unit = bisect_left(breaks.start_unit, breaks.end_unit[j])
    starts = len(active)
    for i in active[bisect_left(active, first_of_unit, n + 1, starts) : starts]:
        natural = ex - breaks.start_x[i]
        spaces = eg - breaks.start_gap[i]
        _extend(breaks, best, states, i, j, natural, spaces, rest, expansion, True, False)


def _overfull(breaks: Breaks, best: list[dict], j: int) -> dict:
    """Return the way to reach break j when no line reaches it: its unit alone, overfull."""
    first_of_unit = bisect_left(breaks.start_unit, breaks.end_unit[j])
    here = best[first_of_unit]
    prev = min(here, key=lambda s: here[s][0])
    return {DECENT * 3: (here[prev][0] + cost.OVERFULL_DEMERITS, first_of_unit, prev, 1.0, True)}


def _undominated(states: dict) -> dict:
    """Drop the states no continuation can prefer to the cheapest one.

    A state costing more than ADJACENT_DEMERITS above the cheapest, with no fewer hyphenated
    lines in a row, can only ever pay more for the lines after it. (One costing exactly that
    much more can tie, and of plans costing the same the one with the earlier break is kept.)
    """
    cheapest, least = -1, math.inf
    for key, value in states.items():
        if value[0] < least:
            cheapest, least = key, value[0]
    limit, run = least + cost.ADJACENT_DEMERITS, cheapest % 3
    for key, value in states.items():
        if value[0] > limit and key % 3 >= run:
            return {
                k: v for k, v in states.items() if k == cheapest or v[0] <= limit or k % 3 < run
            }
    return states


def _plan(best: list[dict], last: int) -> BreakPlan:
    """Return the plan ending at break `last` with the least demerits, read back from `best`."""
    final_states = best[last]
    if not final_states:  # only lines past `loosest` reach the end
        return BreakPlan((), (), (), math.inf, True)
    state = min(final_states, key=lambda s: final_states[s][0])
    total = final_states[state][0]
    ends: list[int] = []
    scales: list[float] = []
    overfull: list[bool] = []
    j = last
    while j > 0:
        _, prev, prev_state, scale, over = best[j][state]
        ends.append(j)
        scales.append(scale)
        overfull.append(over)
        j, state = prev, prev_state
    ends.reverse()
    scales.reverse()
    overfull.reverse()
    return BreakPlan(tuple(ends), tuple(scales), tuple(overfull), total)


def ragged_pair(
    breaks: Breaks, first: float, rest: float, expansion: float, plan: BreakPlan
) -> BreakPlan:
    """Return `plan`, or two lines with the first set ragged when they cost less.

    For a paragraph whose best justified plan (`plan`, from `total_fit`) costs
    FRAGMENT_DEMERITS or more (it ends on a word's tail, or a line gapes about three
    times): set as two lines, the first ragged but at least RAGGED_PAIR_FILL full (a
    shorter one reads as a paragraph's end) and costing `cost.ragged_badness`, it has no
    justified line to gape ("Orlí velkolepost. Cíl má výhodu k ověřením" / "Charismatu.",
    not "…ověřením Cha-" / "rismatu.").
    """
    if plan.demerits < cost.FRAGMENT_DEMERITS:
        return plan
    last = len(breaks.end_x) - 1
    best = plan
    for j in range(1, last):
        natural = breaks.end_x[j]
        if breaks.hyphen[j] or not cost.RAGGED_PAIR_FILL * first <= natural <= first:
            continue
        tail = breaks.end_x[last] - breaks.start_x[j]
        judged = judge(
            tail,
            breaks.end_gap[last] - breaks.start_gap[j],
            rest,
            expansion,
            breaks.start_unit[j] == breaks.end_unit[last],
            True,
        )
        if judged is None:
            continue
        demerits = (cost.LINE_PENALTY + cost.ragged_badness(first - natural, first)) ** 2
        demerits += breaks.penalty[j] ** 2 + (cost.LINE_PENALTY + judged[0]) ** 2
        if tail < cost.SHORT_LAST:
            demerits += cost.SHORT_LAST_DEMERITS
        if demerits < best.demerits:
            scales = (1.0, judged[1])
            best = BreakPlan((j, last), scales, (False, False), demerits, False, True)
    return best


def _extend(
    breaks: Breaks,
    best: list,
    states: dict,
    i: int,
    j: int,
    natural: float,
    spaces: float,
    avail: float,
    expansion: float,
    single: bool,
    final: bool,
) -> None:
    """Try the line from break i to break j from each state of i; keep the best per state.

    The general case of `_lines_to`'s loop (which inlines it for lines with a breakable
    space): also lines of one unit and pieces of a word wider than a line.
    """
    judged = judge(natural, spaces, avail, expansion, single, final)
    if judged is None:
        return
    badness, scale, fitness = judged
    hyphenated = breaks.hyphen[j]
    demerits = (cost.LINE_PENALTY + badness) ** 2
    if final and i and natural < cost.SHORT_LAST:
        demerits += cost.SHORT_LAST_DEMERITS
    if final and breaks.hyphen[i] and breaks.word[i] == breaks.word[j]:
        # The tail of the paragraph's last word alone on its last line: never, when the
        # whole last unit fits a later line (then a plan ending with it exists: a unit that
        # fits the first line is set there whole); else at a price.
        start = bisect_left(breaks.start_unit, breaks.end_unit[j])
        if start and breaks.end_x[j] - breaks.start_x[start] <= avail + _EPS:
            return
        demerits += cost.FRAGMENT_DEMERITS
    if hyphenated:
        demerits += cost.HYPHEN_PENALTY**2
        inside_word = breaks.hyphen[i] and breaks.word[i] == breaks.word[j]
    pen = breaks.penalty[j]
    if pen:
        demerits += pen * pen
    most = cost.MAX_HYPHEN_RUN
    for state, value in best[i].items():
        run = state % 3
        fit = state // 3
        d = value[0] + demerits
        if hyphenated:
            if run >= most and not inside_word:
                continue
            if run:
                d += cost.DOUBLE_HYPHEN_DEMERITS
            key = fitness * 3 + (run + 1 if run < most else run)
        else:
            key = fitness * 3
        if final and run:
            d += cost.FINAL_HYPHEN_DEMERITS
        if fit - fitness > 1 or fitness - fit > 1:
            d += cost.ADJACENT_DEMERITS
        old = states.get(key)
        if old is None or d < old[0]:
            states[key] = (d, i, state, scale, False)


def paragraph_breaks(
    prepared: Prepared, hyphenate: bool, word_breaks: Callable[[str, str], tuple[WordBreak, ...]]
) -> Breaks:
    """Return the feasible breaks of a prepared paragraph.

    `word_breaks(word, font)` gives the measured places where a word may end a line. Only
    a unit's last word is broken; a counted word after its number ("4. úrovně", "12 sáhů")
    only at COUNTED_HYPHEN_PENALTY, when that saves a line stretched about twice or more.
    """
    words, fonts, xs, gaps = prepared.words, prepared.fonts, prepared.xs, prepared.gaps
    ends, end_xs, whole = prepared.ends, prepared.end_xs, prepared.whole
    penalties = prepared.penalties
    units = len(ends)
    if not units:
        return Breaks((0.0,), (0.0,), (0.0,), (0.0,), (0,), (0,), (False,), (0,), (0.0,), (None,))
    # Where the line after each unit's end starts: the next word (the end, after the last).
    next_xs = [xs[w + 1] for w in ends[:-1]] + [end_xs[-1]]
    next_gaps = [gaps[w + 1] for w in ends[:-1]] + [gaps[ends[-1]]]
    rows = [(0.0, 0.0, 0.0, 0.0, 0, 0, False, 0, 0.0, None)]
    add = rows.append
    for k in range(units):
        w = ends[k]
        if hyphenate and not penalties[k]:  # not the word before a sign: "bonus +5"
            cuts = word_breaks(words[w], fonts[w])
            if cuts:
                x, g = xs[w], gaps[w]
                pen = cost.COUNTED_HYPHEN_PENALTY if whole[k] else 0.0
                for b in cuts:
                    end, start = x + b.width + b.hyphen, x + b.width - b.repeat
                    add((end, g, start, g, k, k, True, w, pen, b))
        pen = penalties[k]
        add((end_xs[k], gaps[w], next_xs[k], next_gaps[k], k, k + 1, False, w, pen, None))
    return Breaks(*zip(*rows, strict=True))
