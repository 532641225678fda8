"""Lines from measured words: where each line of a paragraph ends.

`break_lines` is the one way in: the fitter and `lines.set_lines` call nothing else here.
Justified text is broken by total fit (`totalfit`, Knuth-Plass with glyph expansion); ragged
text (names, stats, table cells) line by line.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from typing import NamedTuple

from cards.typeset import cost, totalfit
from cards.typeset.cost import SHRINK
from cards.typeset.czech import HYPHEN
from cards.typeset.metrics import prefix_widths, string_width
from cards.typeset.words import Prepared, WordBreak

Breaks = Callable[[str, str], tuple[WordBreak, ...]]  # (word, font) -> where it may end a line


@dataclass(slots=True)
class Span:
    """Where a set line starts and ends: word index and character offset in that word."""

    first: int
    start: int  # characters of words[first] set on earlier lines
    start_width: float  # their width at 1 pt
    lead: float  # width at 1 pt of the hyphen repeated at the line's start, 0 when none
    last: int
    end: int  # characters of words[last] on this line or before
    end_width: float  # their width at 1 pt
    hyphen: float  # width at 1 pt of an inserted hyphen, 0 when none
    split_word: bool
    overfull: bool
    forced: bool = False  # ends at a break of last resort (a glued space, inside a word)
    ragged: bool = False  # set ragged though the paragraph is justified (a gaping first line)


def break_lines(
    prepared: Prepared,
    first: float,
    rest: float,
    justify: bool,
    hyphenate: bool,
    breaks: Breaks,
    expansion: float = 0.0,
    feasible: dict | None = None,
    ragged_first: bool = False,
    flush_left: bool = False,
) -> list[Span]:
    """Return where each line ends: the first line `first` wide, later ones `rest` (at 1 pt).

    `breaks(word, font)` gives the measured hyphenation points of a single-font word
    (`words.word_breaks`, or a context's cached copy of it). Justified lines may widen or
    narrow their glyphs by `expansion` (a share, 0 for none). `feasible`, a context's
    cache, keeps each paragraph's feasible breaks for every width and size it is broken at.
    With `ragged_first`, a first line that holds all of a run-in heading (the words before
    the first change of font) and would gape is set ragged instead (`Span.ragged`). With
    `flush_left` (body text set ragged) a line's spaces may shrink as in justified text.
    """
    if flush_left:
        return _line_by_line(prepared, first, rest, False, hyphenate, breaks, True)
    if not justify:
        return _line_by_line(prepared, first, rest, justify, hyphenate, breaks)
    points = _feasible(prepared, hyphenate, breaks, feasible)
    heading = -1  # the last word of a run-in heading (in another font), if ragged_first
    if ragged_first:
        fonts = prepared.fonts
        heading = next((n - 1 for n, font in enumerate(fonts) if font != fonts[0]), -1)
    plan = totalfit.total_fit(points, first, rest, expansion, heading)
    plan = totalfit.ragged_pair(points, first, rest, expansion, plan)
    if hyphenate and any(plan.overfull):
        # A unit wider than the line: only line by line breaks it as a last resort.
        return _line_by_line(prepared, first, rest, justify, hyphenate, breaks)
    words, widths = prepared.words, prepared.widths
    spans = []
    word, start, start_width, lead = 0, 0, 0.0, 0.0  # where the next line starts
    for end, overfull in zip(plan.ends, plan.overfull, strict=True):
        last, cut = points.word[end], points.cut[end]
        if cut is None:
            spans.append(
                Span(
                    word,
                    start,
                    start_width,
                    lead,
                    last,
                    len(words[last]),
                    widths[last],
                    0.0,
                    False,
                    overfull,
                )
            )
            word, start, start_width, lead = last + 1, 0, 0.0, 0.0
        else:
            spans.append(
                Span(
                    word, start, start_width, lead, last, cut.at, cut.width, cut.hyphen, True, False
                )
            )
            word, start, start_width, lead = last, cut.at, cut.width, cut.repeat
    if plan.ragged_first:
        spans[0].ragged = True
    return spans


def fewest_lines(
    prepared: Prepared,
    first: float,
    rest: float,
    hyphenate: bool,
    expansion: float,
    breaks: Breaks,
    feasible: dict | None = None,
    reaches: dict | None = None,
) -> int:
    """Return a number of lines that no line ends `break_lines` gives for these widths
    (at 1 pt) go below; 0 when none is known.

    Each line is taken to the furthest feasible break it reaches with its glyphs narrowed
    by `expansion` and its spaces shrunk by SHRINK (the most any breaker sets on a line,
    and 1e-6 pt more): as that reach never shrinks as the start moves on (`_reach`), that
    gives the fewest lines. 0 when a line reaches no break (a unit wider than the line, set
    overfull or broken as a last resort). `feasible` and `reaches`, a context's caches, keep
    the paragraph's breaks and what is read of them.
    """
    key = (prepared, hyphenate, expansion)
    table = reaches.get(key) if reaches is not None else None
    if table is None:
        table = _reach(_feasible(prepared, hyphenate, breaks, feasible), expansion)
        if reaches is not None:
            reaches[key] = table
    least, starts = table
    last = len(least) - 1
    i, lines, avail = 0, 0, first
    while i < last:
        j = bisect_right(least, avail + starts[i] + 1e-6) - 1
        if j <= i:
            return 0
        i, lines, avail = j, lines + 1, rest
    return lines


def _reach(points: totalfit.Breaks, expansion: float) -> tuple[list[float], list[float]]:
    """Return what `fewest_lines` reads of a paragraph's breaks, the same at every width.

    A line from break i to break j fits, its glyphs narrowed by `expansion` and its spaces
    shrunk by SHRINK, when ``end(j) <= avail + start(i)``. The first list holds for each j
    the least end from j on, so that the last break a line reaches is found by bisection;
    the second for each i the greatest start up to i, so that the reach never shrinks as
    the start moves on.
    """
    keep = 1.0 - expansion
    ends = [keep * x - SHRINK * g for x, g in zip(points.end_x, points.end_gap, strict=True)]
    least = list(accumulate(reversed(ends), min))
    least.reverse()
    starts = zip(points.start_x, points.start_gap, strict=True)
    return least, list(accumulate((keep * x - SHRINK * g for x, g in starts), max))


def _feasible(
    prepared: Prepared, hyphenate: bool, breaks: Breaks, feasible: dict | None
) -> totalfit.Breaks:
    """Return the paragraph's feasible breaks, from and into the `feasible` cache if given."""
    key = (prepared, hyphenate)
    points = feasible.get(key) if feasible is not None else None
    if points is None:
        points = totalfit.paragraph_breaks(prepared, hyphenate, breaks)
        if feasible is not None:
            feasible[key] = points
    return points


def _line_by_line(
    prepared: Prepared,
    first: float,
    rest: float,
    justify: bool,
    hyphenate: bool,
    breaks: Breaks,
    tight: bool = False,
) -> list[Span]:
    """Choose line ends line by line, taking for each the best-judged of its possible ends.

    With `tight` (body text set flush-left) the spaces of ragged lines may shrink as those
    of justified ones, and as in `totalfit` a word's tail is never left alone on the last
    line when the whole word fits there. In all text a last line under SHORT_LAST em takes
    the word before it along when both fit (`_short_last`).

    The candidates for a line's end are: after each unit that fits (with its spaces at
    natural width, or shrunk when justifying: `_after_units`), and each hyphenation point
    of the units that overflow (`_inside_words`). All widths are at 1 pt and positions are
    those of the paragraph set as one long line, so the units that fit are found by bisection.
    """
    words, xs, widths = prepared.words, prepared.xs, prepared.widths
    gaps, ends, end_xs = prepared.gaps, prepared.ends, prepared.end_xs
    tight_xs, shrink = end_xs, 0.0
    if justify or tight:
        tight_xs, shrink = prepared.tight_xs, SHRINK
    spans: list[Span] = []
    units = len(ends)
    unit, word, start, start_width, lead = 0, 0, 0, 0.0, 0.0  # where the current line starts
    avail = first
    hyphen_run = 0  # lines in a row ending in a hyphen
    while unit < units:
        x0 = xs[word] + start_width - lead  # the line's text starts with the repeated hyphen
        g0 = gaps[word]
        loose = bisect_right(end_xs, x0 + avail, unit, units) - 1  # last unit fitting as is
        shrunk = bisect_right(tight_xs, x0 - shrink * g0 + avail, unit, units) - 1
        best, best_end = _after_units(prepared, unit, loose, shrunk, x0, g0, avail)
        best_break = None
        if hyphenate and (
            (hyphen_run < cost.MAX_HYPHEN_RUN and best > HYPHENATE_ABOVE) or best_end < 0
        ):
            line = _Line(unit, word, start, x0, g0, avail, loose, shrunk)
            # Ragged text breaks a short word only when nothing else fits the line.
            long_only = not justify and best_end >= 0
            found = _inside_words(prepared, breaks, line, rest, shrink, long_only)
            if found is not None and found[0] < best:
                best, best_end, best_break = found
        over = best_end < 0  # not even the first unit fits, nor part of it
        if over and hyphenate:
            forced = _forced(prepared, word, start, start_width, lead, ends[unit], avail)
            if forced is not None:
                spans.append(forced)
                hyphen_run, lead, avail = 0, 0.0, rest
                if forced.end < len(words[forced.last]):  # inside a word: go on in it
                    word, start, start_width = forced.last, forced.end, forced.end_width
                else:  # at a glued space
                    word, start, start_width = forced.last + 1, 0, 0.0
                continue
        if over:  # nothing to break at: let it stick out, marked overfull
            best_end = unit
        if best_break is None and unit < best_end == units - 2:
            best_end = _short_last(prepared, best_end, rest)
        last = ends[best_end]
        b = best_break
        if b is None:
            end, end_width = len(words[last]), widths[last]
            spans.append(
                Span(word, start, start_width, lead, last, end, end_width, 0.0, False, over)
            )
            hyphen_run = 0
            unit, word, start, start_width, lead = best_end + 1, last + 1, 0, 0.0, 0.0
        else:
            spans.append(
                Span(word, start, start_width, lead, last, b.at, b.width, b.hyphen, True, False)
            )
            hyphen_run += 1
            unit, word, start, start_width, lead = best_end, last, b.at, b.width, b.repeat
        avail = rest
    return spans


# A hyphen costs HYPHEN_PENALTY**2 on top of a perfect line: one is tried only if it can win.
HYPHENATE_ABOVE = cost.LINE_PENALTY**2 + cost.HYPHEN_PENALTY**2


class _Line(NamedTuple):
    """A line `_line_by_line` is choosing the end of, at 1 pt: where it starts, what fits."""

    unit: int  # its first unit (partly on it)
    word: int  # its first word
    start: int  # characters of that word set on lines before
    x0: float  # where its text starts (a repeated hyphen included)
    g0: float  # the spaces before its first word
    avail: float  # its width
    loose: int  # the last unit that fits with its spaces at natural width
    shrunk: int  # and with them shrunk (as loose when they may not)


def _after_units(
    prepared: Prepared, unit: int, loose: int, shrunk: int, x0: float, g0: float, avail: float
) -> tuple[float, int]:
    """Return the demerits and the unit of the best end after a whole unit, of a line
    starting in `unit` at x0 (g0 its spaces so far); -1 for the unit when none fits."""
    end_xs, gaps, ends, penalties = (
        prepared.end_xs,
        prepared.gaps,
        prepared.ends,
        prepared.penalties,
    )
    final = len(ends) - 1
    best, best_end = float("inf"), -1
    for k in range(max(loose, unit), shrunk + 1):
        natural = end_xs[k] - x0
        demerits = cost.ragged_demerits(natural, gaps[ends[k]] - g0, avail, k == unit, k == final)
        demerits += penalties[k] * penalties[k]  # a soft glue ("postih | −4")
        if demerits < best:
            best, best_end = demerits, k
    return best, best_end


# Ragged and flush-left text (a ragged right edge needs few hyphens) breaks only a word of
# at least FLUSH_LONG_WORD letters, leaving FLUSH_PART letters or more on each line:
# "ne-přátelský", never "Se-" / "šleš-li" nor "do-" / "sáhneš" (a panel at 12 pt); a shorter
# word only where nothing else fits the line (a narrow table column).
FLUSH_LONG_WORD = 8
FLUSH_PART = 3


def _long_enough(word: str, at: int) -> bool:
    """Tell whether flush-left text may break a word at `at` (`FLUSH_LONG_WORD`, `FLUSH_PART`)."""
    before = sum(c.isalpha() for c in word[:at])
    after = sum(c.isalpha() for c in word[at:])
    return before + after >= FLUSH_LONG_WORD and min(before, after) >= FLUSH_PART


def _inside_words(
    prepared: Prepared,
    breaks: Breaks,
    line: _Line,
    rest: float,
    shrink: float,
    long_only: bool = False,
) -> tuple[float, int, WordBreak] | None:
    """Return the best end of a line at a hyphenation point of a unit that overflows it: its
    demerits, unit and break; None when none fits. With `long_only` (ragged text with
    another end that fits) only long words break, into parts not too short (`_long_enough`)."""
    words, fonts, xs, gaps, end_xs = (
        prepared.words,
        prepared.fonts,
        prepared.xs,
        prepared.gaps,
        prepared.end_xs,
    )
    whole, penalties, ends = prepared.whole, prepared.penalties, prepared.ends
    units, x0, avail = len(ends), line.x0, line.avail
    best: tuple[float, int, WordBreak] | None = None
    for k in range(line.loose + 1, min(line.shrunk + 2, units)):
        if whole[k] or penalties[k]:  # a counted word, or one before a sign
            continue
        last = ends[k]
        done = line.start if last == line.word else 0
        base = xs[last] - x0
        spaces = gaps[last] - line.g0
        # The tail of the paragraph's last word alone on the last line: never, when the
        # whole word fits a line.
        tail_fits = k == units - 1 and end_xs[k] - xs[last] <= rest
        for b in reversed(breaks(words[last], fonts[last])):
            if b.at <= done or tail_fits:
                break
            natural = base + b.width + b.hyphen
            if natural - shrink * spaces > avail:
                continue
            if long_only and b.hyphen and not _long_enough(words[last], b.at):
                continue  # (a break after the word's own hyphen is no hyphenation)
            demerits = cost.ragged_demerits(natural, spaces, avail, k == line.unit, False)
            demerits += cost.HYPHEN_PENALTY**2
            if best is None or demerits < best[0]:
                best = (demerits, k, b)
            if natural <= avail:
                break  # shorter parts only leave more space
    return best


def _short_last(prepared: Prepared, end: int, rest: float) -> int:
    """Return the unit the next-to-last line ends at: `end`, or the one before it when the
    last unit is short ("1.") and both fit a line (it takes the one before it along)."""
    end_xs, xs, ends = prepared.end_xs, prepared.xs, prepared.ends
    begin = ends[end - 1] + 1
    if end_xs[-1] - xs[ends[end] + 1] < cost.SHORT_LAST and end_xs[-1] - xs[begin] <= rest:
        return end - 1
    return end


LAST_RESORT_AFTER = "/.\\_&?=#:"  # a break after one of these needs no hyphen (URLs, paths)


def _forced(
    prepared: Prepared,
    word: int,
    start: int,
    start_width: float,
    lead: float,
    last: int,
    avail: float,
) -> Span | None:
    """Return a line end of last resort for a unit wider than the line, or None.

    The unit (words `word` to `last`, joined by glued spaces) has no hyphenation point that
    fits: end the line at the last glued space that fits; else inside the line's first word,
    after a "/" or "." (a URL, a path) with no hyphen, or anywhere with a hyphen.
    """
    words, fonts, xs, widths = prepared.words, prepared.fonts, prepared.xs, prepared.widths
    x0 = xs[word] + start_width - lead
    for j in range(last - 1, word - 1, -1):
        if xs[j] + widths[j] - x0 <= avail:
            end, end_width = len(words[j]), widths[j]
            return Span(word, start, start_width, lead, j, end, end_width, 0.0, False, False, True)
    text, font = words[word], fonts[word]
    if not font:
        return None  # a word that mixes fonts is never broken
    prefix = prefix_widths(text, font)
    hyphen = string_width(HYPHEN, font)
    base = xs[word] - x0
    plain = [p for p in range(start + 1, len(text)) if text[p - 1] in LAST_RESORT_AFTER]
    for points, extra in ((plain, 0.0), (range(start + 1, len(text)), hyphen)):
        for p in reversed(points):
            if base + prefix[p] + extra <= avail:
                return Span(
                    word, start, start_width, lead, word, p, prefix[p], extra, True, False, True
                )
    return None
