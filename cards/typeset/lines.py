"""Set lines: positioned same-font runs, justified, from the line ends `break_lines` chose."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cards.frozen import frozen_record
from cards.typeset import breaking
from cards.typeset.breaking import Span, break_lines
from cards.typeset.cost import SHRINK
from cards.typeset.czech import HYPHEN
from cards.typeset.metrics import string_width
from cards.typeset.words import Prepared, word_breaks

if TYPE_CHECKING:
    from cards.typeset.context import TypesetContext


@frozen_record
class LineRun:
    """A same-font piece of a set line, positioned."""

    text: str  # spaces are ordinary U+0020: draw with word spacing = Line.word_space
    font: str
    x: float  # from the column's left edge (indent included), at the size the line was set at


@frozen_record
class Line:
    """One set line: its runs, natural width and the extra space given to each space."""

    runs: tuple[LineRun, ...]
    width: float  # natural width at the size, without indent and before justification
    word_space: float  # points added to every space (< 0: shrunk); 0 when ragged
    hyphenated: bool  # ends with an inserted hyphen
    overfull: bool = False  # holds a unit wider than the line; the text sticks out
    split_word: bool = False  # ends inside a word (inserted hyphen or the word's own hyphen)
    repeated_hyphen: bool = False  # starts with the hyphen the line before ended at, repeated
    scale: float = 1.0  # horizontal scale of its glyphs (expansion): PDF Tz, word_space inside
    forced: bool = False  # ends at a break of last resort: a glued space, or inside a word

    @property
    def text(self) -> str:
        """Return the line's characters as drawn."""
        return "".join(run.text for run in self.runs)


@frozen_record
class ParagraphSetting:
    """How a paragraph is set: its column, type size and the rules of its lines.

    One value a paragraph, passed whole through every step that sets it (as Typst keeps
    one `Config` for a paragraph's collect, prepare, line breaking and finalising), so
    that no step takes a dozen loose parameters. Immutable and hashable; equality covers
    every field, and a prepared paragraph set with equal settings gives the same lines,
    so a setting keys the line cache of a `TypesetContext`.

    `first_indent` narrows the first line and `indent` every later one (a hanging indent
    for bullets); `LineRun.x` includes them. With `justify` false every line is ragged
    and no space shrinks. With `hyphenate` false no line ends inside a word (for names
    and lists): a word too wide for the line makes it overfull instead. A justified line
    may widen or narrow its glyphs by up to `expansion` (a share: 0.02 is 2 %) before its
    spaces stretch or shrink (`Line.scale`). With `ragged_first`, a first line that would
    stretch past about twice its spaces is set ragged instead (after a run-in heading).
    With `flush_left` (body text set ragged: the panels) lines are ragged but may shrink
    their spaces as justified ones do (never stretch them) and, with `expansion`, narrow
    their glyphs, unless that takes more lines than justified text (with `ragged_first`);
    `justify` is then not read.
    """

    width: float  # points, of the column
    size: float  # points, the type size
    indent: float = 0.0  # points, of every line but the first
    first_indent: float = 0.0  # points, of the first line
    justify: bool = True
    hyphenate: bool = True
    expansion: float = 0.0
    ragged_first: bool = False
    flush_left: bool = False

    @property
    def first(self) -> float:
        """Return the first line's width at 1 pt (its width in points over the size)."""
        return (self.width - self.first_indent) / self.size

    @property
    def rest(self) -> float:
        """Return every later line's width at 1 pt."""
        return (self.width - self.indent) / self.size


def set_lines(
    prepared: Prepared, setting: ParagraphSetting, context: TypesetContext | None = None
) -> tuple[Line, ...]:
    """Break a prepared paragraph into lines and set them as `setting` says.

    With a context, the lines are kept in (and taken from) its cache, keyed by the setting.
    """
    memo = context.lines_of(prepared) if context is not None else None
    key = (prepared, setting)
    lines = memo.get(key) if memo is not None else None
    if lines is None:
        size = setting.size
        first, rest = setting.first, setting.rest
        indent, first_indent = setting.indent, setting.first_indent
        spans, narrow = _line_ends(prepared, setting, first, rest, context)
        last = len(spans) - 1
        if narrow is not None:  # flush-left: every line set as a last one, never stretched
            lines = tuple(
                _set(prepared, span, size, first_indent if n == 0 else indent, avail, True, narrow)
                for n, span in enumerate(spans)
                for avail in ((first if n == 0 else rest),)
            )
        else:
            justify, expansion = setting.justify or setting.flush_left, setting.expansion
            lines = tuple(
                _set(
                    prepared,
                    span,
                    size,
                    first_indent if n == 0 else indent,
                    (first if n == 0 else rest) if justify and not span.ragged else None,
                    n == last,
                    expansion,
                )
                for n, span in enumerate(spans)
            )
        if memo is not None:
            memo[key] = lines
    return lines


def line_spans(
    prepared: Prepared, setting: ParagraphSetting, context: TypesetContext | None = None
) -> list[Span]:
    """Return where each line `set_lines` gives starts and ends, without building them."""
    return _line_ends(prepared, setting, setting.first, setting.rest, context)[0]


def line_splits(
    prepared: Prepared, setting: ParagraphSetting, context: TypesetContext | None = None
) -> tuple[bool, ...]:
    """Return `Line.split_word` of each line `set_lines` gives, without building them."""
    return tuple(span.split_word for span in line_spans(prepared, setting, context))


def _line_ends(
    prepared: Prepared,
    setting: ParagraphSetting,
    first: float,
    rest: float,
    context: TypesetContext | None,
) -> tuple[list[Span], float | None]:
    """Return the line ends of a paragraph and, for flush-left lines, the share their
    glyphs may narrow by (`_flush_left`); None for lines set as `setting.justify` says."""
    if setting.flush_left:
        return _flush_left(prepared, first, rest, setting.hyphenate, setting.expansion, context)
    spans = _spans(
        prepared,
        first,
        rest,
        setting.justify,
        setting.hyphenate,
        setting.expansion,
        setting.ragged_first,
        context,
    )
    return spans, None


def fewest_lines(
    prepared: Prepared, setting: ParagraphSetting, context: TypesetContext | None = None
) -> int:
    """Return a number of lines the paragraph set as `setting` says never goes below (0
    when none is known), without breaking its lines: each line taken to its furthest break
    with its glyphs narrowed by `setting.expansion` and its spaces shrunk as far as they
    may. A fitter rules a size out with it cheaply."""
    return _fewest(
        prepared, setting.first, setting.rest, setting.hyphenate, setting.expansion, context
    )


def _fewest(
    prepared: Prepared,
    first: float,
    rest: float,
    hyphenate: bool,
    expansion: float,
    context: TypesetContext | None,
) -> int:
    """Return `breaking.fewest_lines` for widths at 1 pt, with the context's caches."""
    if context is None:
        return breaking.fewest_lines(prepared, first, rest, hyphenate, expansion, word_breaks)
    return breaking.fewest_lines(
        prepared,
        first,
        rest,
        hyphenate,
        expansion,
        context.breaks,
        context.feasible,
        context.reaches,
    )


def _flush_left(
    prepared: Prepared,
    first: float,
    rest: float,
    hyphenate: bool,
    expansion: float,
    context: TypesetContext | None,
) -> tuple[list[Span], float | None]:
    """Return flush-left line ends and the share their glyphs may narrow by (0, or
    `expansion` where narrowing keeps the paragraph as short as justified text), or
    justified ones (a ragged first line allowed) and None when flush-left would take more
    lines even so: a card is never added for the rag."""
    flush = _spans(prepared, first, rest, False, hyphenate, 0.0, False, context, True)
    if len(flush) <= _fewest(prepared, first, rest, hyphenate, expansion, context):
        return flush, 0.0  # justified text cannot take fewer: not set (2 in 3 panels)
    justified = _spans(prepared, first, rest, True, hyphenate, expansion, True, context)
    if len(justified) >= len(flush):
        return flush, 0.0
    if expansion:
        keep = 1.0 - expansion  # lines broken as if that much wider, set narrowed to fit
        narrow = _spans(
            prepared, first / keep, rest / keep, False, hyphenate, 0.0, False, context, True
        )
        if len(narrow) <= len(justified) and _narrowed_fit(prepared, narrow, first, rest, keep):
            return narrow, expansion
    return justified, None


def _narrowed_fit(
    prepared: Prepared, spans: list[Span], first: float, rest: float, keep: float
) -> bool:
    """Whether each flush-left line fits its width with its spaces shrunk by up to SHRINK
    and its glyphs narrowed to `keep`; a line of one unit is not narrowed (`_set`)."""
    gaps, breakable = prepared.gaps, prepared.breakable
    for n, span in enumerate(spans):
        avail = first if n == 0 else rest
        a, b = span.first, span.last
        natural = _natural(prepared, span)
        if span.overfull:
            return False
        if b > a and any(breakable[a:b]):
            natural = keep * (natural - SHRINK * (gaps[b] - gaps[a]))
        if natural > avail + 1e-9:
            return False
    return True


def _spans(
    prepared: Prepared,
    first: float,
    rest: float,
    justify: bool,
    hyphenate: bool,
    expansion: float,
    ragged_first: bool,
    context: TypesetContext | None,
    flush_left: bool = False,
) -> list[Span]:
    """Return the line ends for line widths `first` and `rest` (in 1 pt units), cached."""
    if context is None:
        return break_lines(
            prepared,
            first,
            rest,
            justify,
            hyphenate,
            word_breaks,
            expansion,
            None,
            ragged_first,
            flush_left,
        )
    key = (prepared, first, rest, justify, hyphenate, expansion, ragged_first, flush_left)
    memo = context.spans_of(prepared)
    spans = memo.get(key)
    if spans is None:
        spans = memo[key] = break_lines(
            prepared,
            first,
            rest,
            justify,
            hyphenate,
            context.breaks,
            expansion,
            context.feasible,
            ragged_first,
            flush_left,
        )
    return spans


def _natural(prepared: Prepared, span: Span) -> float:
    """Return a line's natural width at 1 pt: its words, spaces and hyphens as measured."""
    xs = prepared.xs
    return (
        xs[span.last] + span.end_width + span.hyphen - xs[span.first] - span.start_width + span.lead
    )


def _set(
    prepared: Prepared,
    span: Span,
    size: float,
    indent: float,
    avail: float | None,
    final: bool,
    expansion: float,
) -> Line:
    """Build the positioned runs of one line, justified to `avail` (1 pt units) if given.

    A line too long at natural width shrinks its spaces; others stretch them, unless
    the line is the paragraph's last or holds a single unit (no breakable space). Its
    glyphs widen or narrow first, by up to `expansion`, unless it holds a single unit;
    ``word_space`` is then in the scaled line's units (PDF ``Tw`` is scaled by ``Tz``).
    """
    fonts = prepared.fonts
    first, last = span.first, span.last
    natural = _natural(prepared, span)
    spaces = last - first
    extra = 0.0
    scale = 1.0
    if avail is not None and spaces and not span.overfull:
        slack = avail - natural
        single = not any(prepared.breakable[first:last])
        if slack < 0 or not (final or single):
            if expansion and not single and natural > 0:
                scale = min(max(avail / natural, 1.0 - expansion), 1.0 + expansion)
            extra = (avail / scale - natural) * size / spaces
    font = fonts[first]
    if font and prepared.styles[first] == prepared.styles[last]:
        offsets = prepared.offsets
        text = prepared.text[offsets[first] + span.start : offsets[last] + span.end]
        if span.hyphen:
            text += HYPHEN
        if span.lead:
            text = HYPHEN + text
        runs = (LineRun(text, font, indent),)
    else:
        runs = _mixed_runs(prepared, span, size, indent, extra, scale)
    return Line(
        runs,
        natural * size,
        extra,
        span.hyphen > 0,
        span.overfull,
        span.split_word,
        span.lead > 0,
        scale,
        span.forced,
    )


def _mixed_runs(
    prepared: Prepared, span: Span, size: float, indent: float, extra: float, scale: float
):
    """Build the runs of a line that changes font, each placed after the previous.

    Positions past the indent are scaled by the line's glyph `scale`, as drawn.
    """
    words, fonts, pieces, widths = prepared.words, prepared.fonts, prepared.pieces, prepared.widths
    parts: list[tuple[str, str, float, int]] = []  # text, font, width at 1 pt, spaces in it
    for i in range(span.first, span.last + 1):
        start = span.start if i == span.first else 0
        end = span.end if i == span.last else len(words[i])
        if start == 0 and end == len(words[i]):
            if pieces[i]:
                parts.extend((p.text, p.font, p.width, 0) for p in pieces[i])
            else:
                parts.append((words[i], fonts[i], widths[i], 0))
        else:  # only single-font words are broken
            left = span.start_width if i == span.first else 0.0
            right = span.end_width if i == span.last else widths[i]
            text = words[i][start:end]
            if start and span.lead:
                text, left = HYPHEN + text, left - span.lead
            parts.append((text, fonts[i], right - left, 0))
        if i < span.last:
            space_font = prepared.space_fonts[i]
            parts.append((" ", space_font, string_width(" ", space_font), 1))
    if span.hyphen:
        parts.append((HYPHEN, fonts[span.last], span.hyphen, 0))
    runs: list[LineRun] = []
    x = run_x = indent
    text, font = "", ""
    for part_text, part_font, part_width, part_spaces in parts:
        if part_font != font and text:
            runs.append(LineRun(text, font, run_x))
            text = ""
        if not text:
            run_x = x
        text += part_text
        font = part_font
        x += (part_width * size + part_spaces * extra) * scale
    runs.append(LineRun(text, font, run_x))
    return tuple(runs)


def line_text(lines: Sequence[Line]) -> str:
    """Join set lines back into the paragraph's text: inserted and repeated hyphens out."""
    out = []
    for n, line in enumerate(lines):
        text = line.text[:-1] if line.hyphenated else line.text
        if line.repeated_hyphen:
            text = text[1:]
        out.append(text)
        if n < len(lines) - 1 and not line.split_word:
            out.append(" ")
    return "".join(out)
