"""Czech paragraph text -> justified, hyphenated lines measured with real font metrics.

How to draw a `Line` (checked against reportlab 5: the PDF ``Tw`` operator widens the
spaces of reportlab's TTF subset fonts, because every subset keeps the space at code 32)::

    text = canvas.beginText()
    text.setWordSpace(line.word_space)
    for run in line.runs:
        text.setTextOrigin(left + run.x, baseline)
        text.setFont(run.font, size)
        text.textOut(run.text)
    canvas.drawText(text)

`LineRun.x` is measured from the left edge of the text column (the indent is included) and
already accounts for the extra word spacing of the spaces before it, so each run can also
be drawn on its own with ``canvas.drawString`` plus ``setWordSpace`` (or ``charSpace``).

Typographic rules applied here:

- Hyphenation points come from pyphen's Czech dictionary with at least 2 letters before
  and 3 after a break (punctuation around a word is not counted as letters). A point is
  used only if the part before it plus a hyphen fits, measured with the font's widths.
  Words containing a digit and words with a capital after their first letter ("JaD") are
  never hyphenated; capitalised words ("Vyzařuje") are, as Czech practice allows.
  A word with its own hyphen ("Sešleš-li") may break after that hyphen, which is then
  repeated at the start of the next line ("Sešleš-" / "-li", ČSN 01 6910); the repeated
  hyphen is measured with that line. No more than two lines in a row end in a hyphen
  (inserted or the word's own), unless a word is wider than a whole line.
- Non-breaking ("glued") spaces: after a one-letter preposition or conjunction
  (k s v z o u a i and capitals, also after an opening bracket or quote: "(v"); after a
  number, i.e. a word starting with a digit (or a sign and a digit: "+5"), so it stays
  with the one next word that it counts ("6 sáhů", "2. úrovně", "3k8 ohnivého") unless
  it ends a clause ("6," "6)", or "6." before a capital);
  on both sides of "+", "-", "−", "–", "×" after a word with a digit ("2k6 + 4",
  "1k8 + tvá"); before a dash standing between words ("koule – blesková": the dash ends
  the line, never starts one); and every U+00A0 / U+202F / U+2007 of the source. A glued
  space is drawn as an ordinary space and stretches like the others.
- Justification: every line but the paragraph's last is set to the full width. With
  `expansion` (a layout key, 2 %) its glyphs first widen or narrow by up to that share
  (``Line.scale``, drawn as the PDF horizontal scale ``Tz``), then spaces stretch, or
  shrink to no less than 80 % of their width (``word_space`` is then negative; the last
  line too may shrink, never stretch). A line without a breakable space (one glued unit)
  is left aligned and not expanded. A unit wider than the line is still placed, alone on
  its line, and the line is marked ``overfull`` so that a fitter can reject that size or
  width. The drawn width of a line is ``(width + spaces * word_space) * scale``.
- Line breaking: justified text by total fit over the whole paragraph (Knuth-Plass,
  `totalfit`): TeX's demerits with uncapped badness, fitness classes, a penalty for a
  hyphenated next-to-last line, the hyphen-run rule kept hard but planned for. Ragged
  text line by line, each line taking the best-judged of its possible ends.
- Text is text: no markup is parsed. Runs of white space collapse to one space.

Stages, one module each: `czech` (glued spaces, hyphenation points), `words` (measured
words), `breaking` (line ends, behind `break_lines`; `totalfit` for justified text),
`lines` (positioned runs, set as one `ParagraphSetting` says). A
`TypesetContext` (`context`) owns the caches of a build; without one nothing is cached.
"""

from cards.typeset.context import TypesetContext
from cards.typeset.czech import hyphenation_points
from cards.typeset.lines import (
    Line,
    LineRun,
    ParagraphSetting,
    fewest_lines,
    line_spans,
    line_splits,
    line_text,
    set_lines,
)
from cards.typeset.words import Prepared, Run, prepare

__all__ = [
    "Run",
    "LineRun",
    "Line",
    "Prepared",
    "ParagraphSetting",
    "TypesetContext",
    "prepare",
    "set_lines",
    "fewest_lines",
    "line_spans",
    "line_splits",
    "line_text",
    "hyphenation_points",
]
