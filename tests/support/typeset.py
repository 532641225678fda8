"""Paragraphs for the typesetting tests: lines in the fixed-width font, hand-made break lists."""

from __future__ import annotations

from reportlab.lib.units import mm

from cards.typeset import ParagraphSetting, Run, prepare, set_lines
from cards.typeset.totalfit import Breaks
from tests.support.fonts import MONO, MONO_EM

WIDTHS = [w * mm for w in (14, 18, 23, 27, 31, 36, 41, 46, 51, 57, 63)]


def mono_lines(text: str, chars: int, **kwargs) -> list[str]:
    lines = set_lines(
        prepare([Run(text, MONO)]), ParagraphSetting(chars * 10 * MONO_EM + 1e-6, 10, **kwargs)
    )
    return [line.text for line in lines]


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


def tail_forbidden(breaks: Breaks, rest: float) -> bool:
    """Whether the last line may not be the tail of the last word alone: the paragraph's
    last unit starts after the paragraph's start and fits a later line whole."""
    last = len(breaks) - 1
    start = min(k for k in range(len(breaks)) if breaks.start_unit[k] == breaks.end_unit[last])
    return start > 0 and breaks.end_x[last] - breaks.start_x[start] <= rest + 1e-9
