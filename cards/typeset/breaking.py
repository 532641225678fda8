"""Lines from measured words: where each line of a paragraph ends.

`break_lines` is the one way in: the fitter and `lines.set_lines` call nothing else here.
Justified text is broken by total fit (`totalfit`, Knuth-Plass with glyph expansion); ragged
text (names, stats, table cells) line by line.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

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
    key = (prepared, hyphenate)
    points = feasible.get(key) if feasible is not None else None
    if points is None:
        points = totalfit.paragraph_breaks(prepared, hyphenate, breaks)
        if feasible is not None:
            feasible[key] = points
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
    line when the whole word fits there, and a last line under SHORT_LAST em takes the word
    before it along when both fit.

    The candidates for a line's end are: after each unit that fits (with its spaces at
    natural width, or shrunk when justifying), and each hyphenation point of the units
    that overflow. All widths are at 1 pt and positions are those of the paragraph set as
    one long line, so the units that fit are found by bisection.
    """
    words, fonts, xs, widths, gaps = (
        prepared.words,
        prepared.fonts,
        prepared.xs,
        prepared.widths,
        prepared.gaps,
    )
    ends, end_xs, whole, penalties = (
        prepared.ends,
        prepared.end_xs,
        prepared.whole,
        prepared.penalties,
    )
    tight_xs, shrink = (prepared.tight_xs, SHRINK) if justify or tight else (end_xs, 0.0)
    spans: list[Span] = []
    units = len(ends)
    unit = 0  # the first unit (partly) on the current line
    word, start, start_width = 0, 0, 0.0  # where the current line starts
    lead = 0.0  # width of the hyphen repeated at the current line's start
    avail = first
    hyphen_run = 0  # lines in a row ending in a hyphen
    # A hyphen costs HYPHEN_PENALTY**2 on top of a perfect line: one is tried only if it can win.
    hyphenate_above = cost.LINE_PENALTY**2 + cost.HYPHEN_PENALTY**2
    while unit < units:
        x0 = xs[word] + start_width - lead  # the line's text starts with the repeated hyphen
        g0 = gaps[word]
        loose = bisect_right(end_xs, x0 + avail, unit, units) - 1  # last unit fitting as is
        tight = bisect_right(tight_xs, x0 - shrink * g0 + avail, unit, units) - 1  # shrunk
        best, best_end, best_break = float("inf"), -1, None
        for k in range(max(loose, unit), tight + 1):
            natural = end_xs[k] - x0
            demerits = cost.ragged_demerits(
                natural, gaps[ends[k]] - g0, avail, k == unit, k == units - 1
            )
            demerits += penalties[k] * penalties[k]  # a soft glue ("postih | −4")
            if demerits < best:
                best, best_end = demerits, k
        if hyphenate and (
            (hyphen_run < cost.MAX_HYPHEN_RUN and best > hyphenate_above) or best_end < 0
        ):
            for k in range(loose + 1, min(tight + 2, units)):
                if whole[k] or penalties[k]:  # a counted word, or one before a sign
                    continue
                last = ends[k]
                done = start if last == word else 0
                base = xs[last] - x0
                spaces = gaps[last] - g0
                # The tail of the paragraph's last word alone on the last line: never, when
                # the whole word fits a line.
                tail_fits = tight and k == units - 1 and end_xs[k] - xs[last] <= rest
                for b in reversed(breaks(words[last], fonts[last])):
                    if b.at <= done or tail_fits:
                        break
                    natural = base + b.width + b.hyphen
                    if natural - shrink * spaces > avail:
                        continue
                    demerits = cost.ragged_demerits(natural, spaces, avail, k == unit, False)
                    demerits += cost.HYPHEN_PENALTY**2
                    if demerits < best:
                        best, best_end, best_break = demerits, k, b
                    if natural <= avail:
                        break  # shorter parts only leave more space
        over = best_end < 0  # not even the first unit fits, nor part of it
        if over and hyphenate:
            forced = _forced(prepared, word, start, start_width, lead, ends[unit], avail)
            if forced is not None:
                spans.append(forced)
                hyphen_run = 0
                if forced.end < len(words[forced.last]):  # inside a word: go on in it
                    word, start, start_width = forced.last, forced.end, forced.end_width
                else:  # at a glued space
                    word, start, start_width = forced.last + 1, 0, 0.0
                lead = 0.0
                avail = rest
                continue
        if over:  # nothing to break at: let it stick out, marked overfull
            best_end = unit
        if tight and best_break is None and unit < best_end == units - 2:
            # A short last unit ("1.") takes the one before it along, if both fit a line.
            begin = ends[best_end - 1] + 1
            if (
                end_xs[-1] - xs[ends[best_end] + 1] < cost.SHORT_LAST
                and end_xs[-1] - xs[begin] <= rest
            ):
                best_end -= 1
        last = ends[best_end]
        if best_break is None:
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
                    over,
                )
            )
            hyphen_run = 0
            unit, word, start, start_width, lead = best_end + 1, last + 1, 0, 0.0, 0.0
        else:
            b = best_break
            spans.append(
                Span(word, start, start_width, lead, last, b.at, b.width, b.hyphen, True, False)
            )
            hyphen_run += 1
            unit, word, start, start_width, lead = best_end, last, b.at, b.width, b.repeat
        avail = rest
    return spans


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
