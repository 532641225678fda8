"""Total-fit line breaking (Knuth-Plass) with glyph expansion, over a paragraph's feasible breaks.

The paragraph comes as `Breaks`: every place where a line may end (after a unit of words
joined by glued spaces, at a hyphenation point, after a word's own hyphen), each with where
that line would end and where the next would begin, at 1 pt in the coordinates of the
paragraph set as one long line. A line from break i to break j then has the natural width
``end_x[j] - start_x[i]`` and ``end_gap[j] - start_gap[i]`` of spaces, which can stretch by
`STRETCH` or shrink by `SHRINK` of their width.

How a line is judged (its badness, uncapped):

- Glyph expansion first: the whole line may be widened or narrowed by up to `expansion`
  (a share of its natural width, e.g. 0.02), at a badness of ``EXPANSION_BADNESS * u**3``
  for the share u of it used; what is left goes to the spaces, at ``100 r**3`` for their
  ratio r to what they can stretch (or shrink). A line may not shrink its spaces past
  `SHRINK`. The paragraph's last line never stretches; a line with no breakable space (one
  unit) is set ragged and is not expanded.
- Demerits as TeX's: ``(LINE_PENALTY + badness)**2``, plus ``HYPHEN_PENALTY**2`` for a
  line ending inside a word, `ADJACENT_DEMERITS` when the fitness class (tight, decent,
  loose, very loose) jumps by more than one from the line before, `DOUBLE_HYPHEN_DEMERITS`
  for a second hyphenated line in a row and `FINAL_HYPHEN_DEMERITS` when the next-to-last
  line is hyphenated; `FRAGMENT_DEMERITS` when the last line holds only the tail of a word
  (so high that it never does when it can be helped), and `SHORT_LAST_DEMERITS` for a
  last line under `SHORT_LAST` em in a paragraph of several.
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

import functools
import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass

from cards.typeset.words import SHRINK, Prepared, WordBreak

__all__ = ["Breaks", "BreakPlan", "total_fit", "judge", "paragraph_breaks", "ragged_pair"]

STRETCH = 0.5  # what a space can stretch, as a share of its width
TYPICAL_SPACE = 0.25  # width of a word space at 1 pt, to judge a line without spaces
# TeX's \linepenalty and \hyphenpenalty are 10 and 50; measured on the compendium, a line
# costing more (fewer lines, so larger type fits) with a hyphen costing more in step (as
# many hyphens as before) sets fewer lines, cards and gaps (bench/bench_spacing.py).
LINE_PENALTY = 200
HYPHEN_PENALTY = 150  # also for a break after a word's own hyphen
ADJACENT_DEMERITS = 10000  # TeX's \adjdemerits
DOUBLE_HYPHEN_DEMERITS = 10000  # TeX's \doublehyphendemerits
FINAL_HYPHEN_DEMERITS = 5000  # TeX's \finalhyphendemerits
# TeX's final-hyphen demerits are too weak on a card's 45 characters to keep a word's tail
# from standing alone on the last line ("na-" / "víc."): that costs so much it never happens
# when it can be helped (the whole word on the last line is always a way: no more lines).
FRAGMENT_DEMERITS = 4e7
# A last line shorter than SHORT_LAST em ("1." alone) in a paragraph of several lines costs
# as much as a line whose spaces stretch about twice.
SHORT_LAST = 2.0
SHORT_LAST_DEMERITS = 1e6
COUNTED_HYPHEN_PENALTY = 1000  # a hyphen in the word a number counts: "4 do-/časných"
EXPANSION_BADNESS = 10.0  # badness of a line using all of its glyph expansion
RAGGED_FIRST_BADNESS = 800.0  # a full ragged first line costs as much as spaces at 2x
RAGGED_PAIR_FILL = 0.7  # the least share of its line the ragged first of two lines fills
LOOSEST = 2.0  # space ratio r (of STRETCH) beyond which a line is not tried at first
WIDER = 4.0  # then within this (the best plan without limit, unless a line past it costs less)
MAX_HYPHEN_RUN = 2
OVERFULL_DEMERITS = 1e15  # a unit wider than the line (kept where 1e4 still counts)
_UNLIMITED = math.inf
_EPS = 1e-9
# Fitness classes, as TeX's: very loose, loose, decent, tight.
VERY_LOOSE, LOOSE, DECENT, TIGHT = 0, 1, 2, 3


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


def judge(
    natural: float, spaces: float, avail: float, expansion: float, single: bool, final: bool
) -> tuple[float, float, int] | None:
    """Return (badness, glyph scale, fitness class) of a line, or None if it cannot shrink enough.

    `natural` and `spaces` are the line's width and the width of its spaces at 1 pt;
    `avail` the width it is set to.
    """
    slack = avail - natural
    if single:
        if slack >= 0:
            if final:
                return 0.0, 1.0, DECENT
            r = slack / (STRETCH * max(spaces, TYPICAL_SPACE))
            return 100 * r**3, 1.0, _fitness(r)
        if spaces <= 0 or -slack > SHRINK * spaces * (1 + _EPS) + _EPS:
            return None
        r = -slack / (SHRINK * spaces)
        return 100 * r**3, 1.0, _fitness(-r)
    grow = expansion * natural
    if slack >= 0:
        if final:
            return 0.0, 1.0, DECENT
        if slack <= grow:
            u = slack / grow if grow else 0.0
            return (
                EXPANSION_BADNESS * u**3,
                1.0 + expansion * u,
                _fitness(slack / (grow + STRETCH * spaces)),
            )
        r = (slack - grow) / (STRETCH * spaces) if spaces > 0 else 1e6
        return (
            100 * r**3 + (EXPANSION_BADNESS if grow else 0.0),
            1.0 + expansion,
            _fitness(slack / (grow + STRETCH * spaces)),
        )
    need = -slack
    if need <= grow:
        u = need / grow
        return (
            EXPANSION_BADNESS * u**3,
            1.0 - expansion * u,
            _fitness(slack / (grow + SHRINK * spaces)),
        )
    if spaces <= 0 or need - grow > SHRINK * spaces * (1 + _EPS) + _EPS:
        return None
    r = (need - grow) / (SHRINK * spaces)
    return (
        100 * r**3 + (EXPANSION_BADNESS if grow else 0.0),
        1.0 - expansion,
        _fitness(slack / (grow + SHRINK * spaces)),
    )


def _fitness(ratio: float) -> int:
    """Return TeX's fitness class for a signed adjustment ratio."""
    if ratio > 1:
        return VERY_LOOSE
    if ratio > 0.5:
        return LOOSE
    if ratio >= -0.5:
        return DECENT
    return TIGHT


@functools.cache
def _transitions(
    adjacent: float, double: float, final_hyphen: float, most: int
) -> dict[tuple[bool, bool], tuple[tuple, ...]]:
    """Return, per (hyphenated, final) of a line and per its fitness, its effect on each state.

    For each state (fitness * 3 + hyphenated lines in a row) of the break a line starts
    at: None if the line may not follow it (a third hyphen in a row), else (the state of
    the break it ends at, the demerits added first, those added second): the sums of
    `_extend`, in its order, so that they stay the same to the last bit. Built once for
    each set of the demerits and the hyphen run limit (module constants) it is called with.
    """
    table = {}
    for hyphenated in (False, True):
        for final in (False, True):
            rows = []
            for fitness in range(4):
                row: list[tuple[int, float, float] | None] = []
                for state in range(12):
                    run, fit = state % 3, state // 3
                    jump = float(adjacent) if abs(fit - fitness) > 1 else 0.0
                    if not hyphenated:
                        extra = float(final_hyphen) if final and run else 0.0
                        row.append((fitness * 3, extra, jump))
                    elif run < most:
                        extra = float(double) if run else 0.0
                        row.append((fitness * 3 + run + 1, extra, jump))
                    else:
                        row.append(None)
                rows.append(tuple(row))
            table[hyphenated, final] = tuple(rows)
    return table


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
    would stretch
    worse than a ragged one is set ragged (`BreakPlan.ragged_first`): after a run-in
    heading, rather than gape. A ragged line costs `RAGGED_FIRST_BADNESS`, more the
    shorter it is (`_ragged_badness`).
    """
    plan = _total_fit(breaks, first, rest, expansion, LOOSEST * STRETCH, ragged_first)
    if plan.loose or plan.demerits >= FRAGMENT_DEMERITS:
        # A plan within a wider limit bounds the demerits of the best one without limit;
        # when a line past that limit alone would cost more, it is that best one. (Also
        # when the plan found ends on a word's tail: a looser line may spare it.)
        wider = _total_fit(breaks, first, rest, expansion, WIDER * STRETCH, ragged_first)
        plan = wider if wider.demerits <= plan.demerits else plan
        bound = plan.demerits if not plan.loose else _UNLIMITED
        if bound > (LINE_PENALTY + 100 * WIDER**3) ** 2:
            plan = _total_fit(breaks, first, rest, expansion, _UNLIMITED, ragged_first, bound)
    end = plan.ends[0] if plan.ends else 0
    if (
        ragged_first >= 0
        and len(plan.ends) > 1
        and breaks.word[end] >= ragged_first
        and not breaks.hyphen[end]
    ):
        natural = breaks.end_x[end]
        single = breaks.start_unit[0] == breaks.end_unit[end]
        judged = judge(natural, breaks.end_gap[end], first, expansion, single, False)
        if (
            judged is not None
            and natural <= first
            and judged[0] > _ragged_badness(first - natural, first)
        ):
            scales = (1.0, *plan.scales[1:])
            plan = BreakPlan(plan.ends, scales, plan.overfull, plan.demerits, plan.loose, True)
    return plan


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
    count = len(breaks.end_x)
    last = count - 1
    if last <= 0:
        return BreakPlan((), (), (), 0.0)
    end_x, end_gap, start_x, start_gap = (
        breaks.end_x,
        breaks.end_gap,
        breaks.start_x,
        breaks.start_gap,
    )
    end_unit, start_unit, hyphen = breaks.end_unit, breaks.start_unit, breaks.hyphen
    words, penalties = breaks.word, breaks.penalty
    # The whole paragraph on its first line: nothing to choose.
    if end_x[last] <= first + _EPS:
        return BreakPlan((last,), (1.0,), (False,), (LINE_PENALTY) ** 2)
    # best[j]: state (fitness * 3 + hyphenated lines in a row) -> (total demerits, previous
    # break, its state, glyph scale of the line ending at j, overfull)
    best: list[dict] = [{}] * count
    best[0] = {DECENT * 3: (0.0, -1, -1, 1.0, False)}
    shrink_share = 1.0 - expansion
    grow_share = 1.0 + expansion
    stretch_badness = 100 / (STRETCH * STRETCH * STRETCH)
    shrink_badness = 100 / (SHRINK * SHRINK * SHRINK)
    full_expansion = EXPANSION_BADNESS if expansion else 0.0
    hyphen_cost = HYPHEN_PENALTY * HYPHEN_PENALTY
    adjacent = ADJACENT_DEMERITS
    transitions = _transitions(
        ADJACENT_DEMERITS, DOUBLE_HYPHEN_DEMERITS, FINAL_HYPHEN_DEMERITS, MAX_HYPHEN_RUN
    )
    # The breaks some line reaches, in order: lines are tried from these only. Whether a
    # line stretches past `loosest` can only grow with its start (start_x and start_gap
    # never decrease), within the lines of several units and within those of one, so
    # testing the starts reached finds the same last start as testing all of them.
    active = [0]
    reached = 0  # the first of them at or after lo
    lo = 0
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
        if not final and loosest != _UNLIMITED:
            # Most breaks are out of reach: the line from the first start tried stretches
            # past `loosest` (the loop below would stop there), or there is none.
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
        states: dict = {}
        hyphenated = hyphen[j]
        pen = penalties[j]
        cost = pen * pen + (hyphen_cost if hyphenated else 0.0)
        may_rag = 0 <= ragged_first <= words[j] and not (final or hyphenated)
        by_fitness = transitions[hyphenated, final]
        several = True  # the starts so far leave more than one unit on the line
        for n in range(reached, starts):
            i = active[n]
            avail = rest if i else first
            natural = ex - start_x[i]
            spaces = eg - start_gap[i]
            slack = avail - natural
            if start_unit[i] == eu:
                if several and not final:
                    several = False
                    # The last start of several units, if not reached, was not tested.
                    m = bisect_left(start_unit, eu) - 1
                    if m >= lo and not best[m]:
                        natural_m = ex - start_x[m]
                        slack_m = (rest if m else first) - natural_m
                        if slack_m - expansion * natural_m > loosest * (eg - start_gap[m]):
                            break
                # One unit, or a piece of its last word: set ragged, tried if nearly full.
                if not final and slack > loosest * (
                    spaces if spaces > TYPICAL_SPACE else TYPICAL_SPACE
                ):
                    break
                _extend(breaks, best, states, i, j, natural, spaces, avail, expansion, True, final)
                continue
            grow = expansion * natural
            ragged = may_rag and i == 0 and slack >= 0
            if final:
                if slack >= 0:
                    badness, scale, fitness = 0.0, 1.0, DECENT
            elif slack - grow > loosest * spaces and not ragged:
                break  # this line and those from later breaks stretch past LOOSEST
            here = best[i]
            # judge(natural, spaces, avail, expansion, False, final), inlined
            if slack >= 0:
                if not final:
                    if slack <= grow:
                        u = slack / grow if grow else 0.0
                        badness = EXPANSION_BADNESS * u * u * u
                        scale = 1.0 + expansion * u
                    else:
                        r = (slack - grow) / spaces
                        badness = stretch_badness * r * r * r + full_expansion
                        scale = grow_share
                    t = slack / (grow + STRETCH * spaces)
                    fitness = VERY_LOOSE if t > 1 else LOOSE if t > 0.5 else DECENT
            else:
                need = -slack
                if need <= grow:
                    u = need / grow
                    badness = EXPANSION_BADNESS * u * u * u
                    scale = 1.0 - expansion * u
                else:
                    room = SHRINK * spaces
                    if need - grow > room * (1 + _EPS) + _EPS:
                        continue
                    r = (need - grow) / spaces
                    badness = shrink_badness * r * r * r + full_expansion
                    scale = shrink_share
                fitness = TIGHT if need > 0.5 * (grow + SHRINK * spaces) else DECENT
            if ragged and badness > _ragged_badness(slack, avail):
                badness, scale, fitness = _ragged_badness(slack, avail), 1.0, DECENT
            demerits = LINE_PENALTY + badness
            demerits = demerits * demerits + cost
            if final and i and natural < SHORT_LAST:
                demerits += SHORT_LAST_DEMERITS
            if demerits > bound:
                # No plan through this line costs `bound` or less. Lines from later
                # starts of several units stretch more: only those of one unit are left.
                if i == 0 or slack < 0 or final:
                    continue
                for i in active[
                    bisect_left(active, bisect_left(start_unit, eu), n + 1, starts) : starts
                ]:
                    natural = ex - start_x[i]
                    _extend(
                        breaks,
                        best,
                        states,
                        i,
                        j,
                        natural,
                        eg - start_gap[i],
                        rest,
                        expansion,
                        True,
                        final,
                    )
                break
            moves = by_fitness[fitness]
            for state, value in here.items():
                move = moves[state]
                if move is None:
                    continue
                key, extra, jump = move
                d = value[0] + demerits + extra + jump
                old = states.get(key)
                if old is None or d < old[0]:
                    states[key] = (d, i, state, scale, False)
        if not states:
            if not hyphenated and loosest == _UNLIMITED:
                # No line reaches the end of this unit without overflowing: it goes alone.
                first_of_unit = bisect_left(start_unit, eu)
                here = best[first_of_unit]
                prev = min(here, key=lambda s: here[s][0])
                states = {
                    DECENT * 3: (here[prev][0] + OVERFULL_DEMERITS, first_of_unit, prev, 1.0, True)
                }
        elif len(states) > 1:
            # _undominated(states), inlined
            cheapest, least = -1, math.inf
            for key, value in states.items():
                if value[0] < least:
                    cheapest, least = key, value[0]
            limit, run = least + adjacent, cheapest % 3
            for key, value in states.items():
                if value[0] >= limit and key % 3 >= run:
                    states = {
                        k: v
                        for k, v in states.items()
                        if k == cheapest or v[0] < limit or k % 3 < run
                    }
                    break
        if states:
            best[j] = states
            active.append(j)
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
    shorter one reads as a paragraph's end) and costing `_ragged_badness`, it has no
    justified line to gape ("Orlí velkolepost. Cíl má výhodu k ověřením" / "Charismatu.",
    not "…ověřením Cha-" / "rismatu.").
    """
    last = len(breaks.end_x) - 1
    best = plan
    if plan.demerits < FRAGMENT_DEMERITS:
        return plan
    for j in range(1, last):
        natural = breaks.end_x[j]
        if breaks.hyphen[j] or not RAGGED_PAIR_FILL * first <= natural <= first:
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
        demerits = (LINE_PENALTY + _ragged_badness(first - natural, first)) ** 2
        demerits += breaks.penalty[j] ** 2 + (LINE_PENALTY + judged[0]) ** 2
        if tail < SHORT_LAST:
            demerits += SHORT_LAST_DEMERITS
        if demerits < best.demerits:
            scales = (1.0, judged[1])
            best = BreakPlan((j, last), scales, (False, False), demerits, False, True)
    return best


def _ragged_badness(slack: float, avail: float) -> float:
    """Return the badness of a ragged first line leaving `slack` of `avail` empty."""
    return RAGGED_FIRST_BADNESS * (1 + 4 * slack / avail)


def _undominated(states: dict) -> dict:
    """Drop the states no continuation can prefer to the cheapest one.

    A state costing ADJACENT_DEMERITS more than the cheapest, with no fewer hyphenated lines
    in a row, can only ever pay more for the lines after it.
    """
    key, value = min(states.items(), key=_total)
    limit, run = value[0] + ADJACENT_DEMERITS, key % 3
    return {k: v for k, v in states.items() if k == key or v[0] < limit or k % 3 < run}


def _total(item: tuple) -> float:
    return item[1][0]


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

    The general case of the loop in `total_fit` (which inlines it for lines with a
    breakable space): also lines of one unit and pieces of a word wider than a line.
    """
    judged = judge(natural, spaces, avail, expansion, single, final)
    if judged is None:
        return
    badness, scale, fitness = judged
    hyphenated = breaks.hyphen[j]
    demerits = (LINE_PENALTY + badness) ** 2
    if final and i and natural < SHORT_LAST:
        demerits += SHORT_LAST_DEMERITS
    if final and breaks.hyphen[i] and breaks.word[i] == breaks.word[j]:
        demerits += FRAGMENT_DEMERITS
    if hyphenated:
        demerits += HYPHEN_PENALTY**2
        inside_word = breaks.hyphen[i] and breaks.word[i] == breaks.word[j]
    pen = breaks.penalty[j]
    if pen:
        demerits += pen * pen
    for state, value in best[i].items():
        run = state % 3
        fit = state // 3
        d = value[0] + demerits
        if hyphenated:
            if run >= MAX_HYPHEN_RUN and not inside_word:
                continue
            if run:
                d += DOUBLE_HYPHEN_DEMERITS
            key = fitness * 3 + (run + 1 if run < MAX_HYPHEN_RUN else run)
        else:
            key = fitness * 3
        if final and run:
            d += FINAL_HYPHEN_DEMERITS
        if fit - fitness > 1 or fitness - fit > 1:
            d += ADJACENT_DEMERITS
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
        if hyphenate:
            cuts = word_breaks(words[w], fonts[w])
            if cuts:
                x, g = xs[w], gaps[w]
                pen = COUNTED_HYPHEN_PENALTY if whole[k] else 0.0
                for b in cuts:
                    end, start = x + b.width + b.hyphen, x + b.width - b.repeat
                    add((end, g, start, g, k, k, True, w, pen, b))
        pen = penalties[k]
        add((end_xs[k], gaps[w], next_xs[k], next_gaps[k], k, k + 1, False, w, pen, None))
    return Breaks(*zip(*rows, strict=True))
