"""The one cost model of both line breakers: what a line, a hyphen and a paragraph end cost.

Total fit (`totalfit`, justified text) and the line-by-line breaker (`breaking`, ragged and
flush-left text) judge lines alike, as TeX does: a line's badness is ``100 r**3`` for the
ratio r of what its spaces must stretch (or shrink) to what they can give (`STRETCH`,
`SHRINK`), its demerits ``(LINE_PENALTY + badness)**2``, plus ``HYPHEN_PENALTY**2`` for a
line ending inside a word and the square of a break's own penalty (`COUNTED_HYPHEN_PENALTY`,
`SIGN_PENALTY`). Total fit also expands glyphs (`EXPANSION_BADNESS`) and weighs a paragraph
as a whole (fitness classes, hyphens in a row, its last line); line by line a line sees
only itself, so its badness is capped at TeX's `INF_BAD` (`ragged_demerits`).

In total fit a line is judged so (its badness uncapped):

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
  whose unit does not fit a line whole (where it does, `totalfit` never tries that line),
  and `SHORT_LAST_DEMERITS` for a last line under `SHORT_LAST` em in a paragraph of several.
"""

from __future__ import annotations

import functools

STRETCH = 0.5  # what a space can stretch, as a share of its width
SHRINK = 0.2  # what a space may shrink in a justified line, as a share of its width
TYPICAL_SPACE = 0.25  # width of a word space at 1 pt, to judge a line without spaces
# TeX's \linepenalty and \hyphenpenalty are 10 and 50; measured on the compendium, a line
# costing more (fewer lines, so larger type fits) with a hyphen costing more in step (as
# many hyphens as before) sets fewer lines, cards and gaps (bench/bench_spacing.py).
LINE_PENALTY = 200
HYPHEN_PENALTY = 150  # also for a break after a word's own hyphen
INF_BAD = 10000.0  # TeX's \inf_bad: the badness a line by line judged line never exceeds
ADJACENT_DEMERITS = 10000  # TeX's \adjdemerits
DOUBLE_HYPHEN_DEMERITS = 10000  # TeX's \doublehyphendemerits
FINAL_HYPHEN_DEMERITS = 5000  # TeX's \finalhyphendemerits
MAX_HYPHEN_RUN = 2  # hyphenated lines in a row, at most
# TeX's final-hyphen demerits are too weak on a card's 45 characters to keep a word's tail
# from standing alone on the last line ("na-" / "víc."). A price alone did not do it: at
# 12 pt on poker a gaping line cost more, and Nezranitelnost ended "zra-" / "nění.". So
# `totalfit` forbids that line when the last unit fits a line whole; this price is left
# for a unit wider than a line.
FRAGMENT_DEMERITS = 4e7
# A last line shorter than SHORT_LAST em ("1." alone) in a paragraph of several lines costs
# as much as a line whose spaces stretch about twice.
SHORT_LAST = 2.0
SHORT_LAST_DEMERITS = 1e6
COUNTED_HYPHEN_PENALTY = 1000  # a hyphen in the word a number counts: "4 do-/časných"
# A line ending at a soft glue (a signed number's space: "postih | −4") costs this penalty:
# about a line whose spaces stretch 2.9x, so the number leaves its word only to spare a
# line gaping about three times (the word before it is then never hyphenated).
SIGN_PENALTY = 6000.0
EXPANSION_BADNESS = 10.0  # badness of a line using all of its glyph expansion
RAGGED_FIRST_BADNESS = 800.0  # a full ragged first line costs as much as spaces at 2x
RAGGED_PAIR_FILL = 0.7  # the least share of its line the ragged first of two lines fills
OVERFULL_DEMERITS = 1e15  # a unit wider than the line (kept where 1e4 still counts)
_EPS = 1e-9
# Fitness classes, as TeX's: very loose, loose, decent, tight.
VERY_LOOSE, LOOSE, DECENT, TIGHT = 0, 1, 2, 3


def judge(
    natural: float, spaces: float, avail: float, expansion: float, single: bool, final: bool
) -> tuple[float, float, int] | None:
    """Return (badness, glyph scale, fitness class) of a line, or None if it cannot shrink enough.

    `natural` and `spaces` are the line's width and the width of its spaces at 1 pt;
    `avail` the width it is set to. The glyphs widen or narrow first, by up to `expansion`
    of the natural width, at ``EXPANSION_BADNESS * u**3`` for the share u used; the spaces
    take the rest. The paragraph's last line never stretches; a line of one unit (no
    breakable space) is ragged and not expanded. Badness is not capped.
    """
    slack = avail - natural
    if single:
        if slack >= 0:
            if final:
                return 0.0, 1.0, DECENT
            r = slack / (STRETCH * max(spaces, TYPICAL_SPACE))
            return 100 * r**3, 1.0, fitness(r)
        if spaces <= 0 or -slack > SHRINK * spaces * (1 + _EPS) + _EPS:
            return None
        r = -slack / (SHRINK * spaces)
        return 100 * r**3, 1.0, fitness(-r)
    grow = expansion * natural
    if slack >= 0:
        if final:
            return 0.0, 1.0, DECENT
        if slack <= grow:
            u = slack / grow if grow else 0.0
            return (
                EXPANSION_BADNESS * u**3,
                1.0 + expansion * u,
                fitness(slack / (grow + STRETCH * spaces)),
            )
        r = (slack - grow) / (STRETCH * spaces) if spaces > 0 else 1e6
        return (
            100 * r**3 + (EXPANSION_BADNESS if grow else 0.0),
            1.0 + expansion,
            fitness(slack / (grow + STRETCH * spaces)),
        )
    need = -slack
    if need <= grow:
        u = need / grow
        return (
            EXPANSION_BADNESS * u**3,
            1.0 - expansion * u,
            fitness(slack / (grow + SHRINK * spaces)),
        )
    if spaces <= 0 or need - grow > SHRINK * spaces * (1 + _EPS) + _EPS:
        return None
    r = (need - grow) / (SHRINK * spaces)
    return (
        100 * r**3 + (EXPANSION_BADNESS if grow else 0.0),
        1.0 - expansion,
        fitness(slack / (grow + SHRINK * spaces)),
    )


def fitness(ratio: float) -> int:
    """Return TeX's fitness class for a signed adjustment ratio."""
    if ratio > 1:
        return VERY_LOOSE
    if ratio > 0.5:
        return LOOSE
    if ratio >= -0.5:
        return DECENT
    return TIGHT


def ragged_demerits(
    natural: float, spaces: float, avail: float, single: bool, final: bool
) -> float:
    """Return the demerits of a line judged on its own (the line-by-line breaker's).

    The badness of `judge` without glyph expansion, capped at INF_BAD: a line that
    cannot stretch enough is as bad as any other such. A line holding a single unit is
    judged as if it had one typical space; a shrunk one is not checked here (the breaker
    only offers lines that fit).
    """
    slack = avail - natural
    if slack < 0:
        badness = 100 * (-slack / (SHRINK * spaces)) ** 3
    elif final:
        badness = 0.0
    else:
        stretch = STRETCH * (max(spaces, TYPICAL_SPACE) if single else spaces)
        badness = min(100 * (slack / stretch) ** 3, INF_BAD) if stretch else INF_BAD
    return (LINE_PENALTY + badness) ** 2


def ragged_badness(slack: float, avail: float) -> float:
    """Return the badness of a ragged first line leaving `slack` of `avail` empty."""
    return RAGGED_FIRST_BADNESS * (1 + 4 * slack / avail)


@functools.cache
def transitions(
    adjacent: float, double: float, final_hyphen: float, most: int
) -> dict[tuple[bool, bool], tuple[tuple, ...]]:
    """Return, per (hyphenated, final) of a line and per its fitness, its effect on each state.

    For each state (fitness * 3 + hyphenated lines in a row) of the break a line starts
    at: None if the line may not follow it (a third hyphen in a row), else (the state of
    the break it ends at, the demerits added first, those added second): the sums of
    `totalfit._extend`, in its order, so that they stay the same to the last bit. Built once for
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
