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
  A word with its own hyphen ("Sešleš-li") may break after that hyphen, with no hyphen
  added. No more than two lines in a row end in a hyphen, unless a word is wider than a
  whole line.
- Non-breaking ("glued") spaces: after a one-letter preposition or conjunction
  (k s v z o u a i and capitals, also after an opening bracket or quote: "(v"); after a
  number, i.e. a word starting with a digit, so it stays with the one next word that it
  counts ("6 sáhů", "2. úrovně", "3k8 ohnivého") unless it ends a clause ("6," "6)");
  on both sides of "+", "-", "−", "–", "×" after a word with a digit ("2k6 + 4",
  "1k8 + tvá"); and every U+00A0 / U+202F / U+2007 of the source. A glued space is drawn
  as an ordinary space and stretches like the others.
- Justification: every line but the paragraph's last is stretched to the full width. A
  line without a breakable space (one glued unit) is left aligned. A unit wider than the
  line is still placed, alone on its line, and the line is marked ``overfull`` so that a
  fitter can reject that size or width.
- Text is text: no markup is parsed. Runs of white space collapse to one space.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import pyphen
from reportlab.pdfbase.pdfmetrics import stringWidth

__all__ = ["Run", "LineRun", "Line", "Prepared", "prepare", "set_lines", "line_text"]

ONE_LETTER_WORDS = frozenset("kKsSvVzZoOuUaAiI")
NON_BREAKING_SPACES = "\u00a0\u202f\u2007"
OPENING_PUNCTUATION = "([{„‚“‘\"'«‹"
CLAUSE_END = ",;:!?)]}“”\"'…»›"
OPERATORS = frozenset({"+", "-", "−", "–", "×"})
HYPHEN = "-"
_WHITESPACE = re.compile(r"(\s+)")


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font, e.g. a bold run-in heading, then regular text."""

    text: str
    font: str  # registered reportlab font name


@dataclass(frozen=True)
class LineRun:
    """A same-font piece of a set line, positioned."""

    text: str  # spaces are ordinary U+0020: draw with word spacing = Line.word_space
    font: str
    x: float  # from the column's left edge (indent included), at the size the line was set at


@dataclass(frozen=True)
class Line:
    """One set line: its runs, natural width and the extra space given to each space."""

    runs: tuple[LineRun, ...]
    width: float  # natural width at the size, without indent and before justification
    word_space: float  # points added to every space of the line (0 on the last line / ragged)
    hyphenated: bool  # ends with an inserted hyphen
    overfull: bool = False  # holds a unit wider than the line; the text sticks out
    split_word: bool = False  # ends inside a word (inserted hyphen or the word's own hyphen)

    @property
    def text(self) -> str:
        """Return the line's characters as drawn."""
        return "".join(run.text for run in self.runs)


@dataclass(frozen=True, slots=True)
class _Piece:
    text: str
    font: str
    width: float  # at 1 pt


@dataclass(frozen=True, slots=True)
class _Break:
    """A place inside a word where a line may end."""

    at: int  # characters of the word before the break
    width: float  # width of those characters at 1 pt
    hyphen: float  # width at 1 pt of the hyphen added at the break (0 after the word's own)


@dataclass(frozen=True, slots=True)
class _Word:
    pieces: tuple[_Piece, ...]
    text: str
    width: float  # at 1 pt
    font: str  # font of a single-font word, "" when the word mixes fonts (never broken)


@dataclass(frozen=True, slots=True)
class _Space:
    font: str
    width: float  # at 1 pt
    breakable: bool


@dataclass(frozen=True, slots=True)
class _Unit:
    """Words joined by glued spaces: a line breaks only between units or inside the last word."""

    first: int
    last: int
    width: float  # at 1 pt, inner spaces included
    head: float  # width at 1 pt before the last word, its space included
    whole: bool  # the last word must not be hyphenated


@dataclass(frozen=True)
class Prepared:
    """A paragraph tokenised into measured words, spaces and unbreakable units."""

    words: tuple[_Word, ...]
    spaces: tuple[_Space, ...]  # spaces[i] lies between words[i] and words[i + 1]
    units: tuple[_Unit, ...]
    _lines: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class _Span:
    """Where a line starts and ends, as word index and character offset."""

    first: int
    start: int  # characters of words[first] already set on the line before
    last: int
    end: int  # characters of words[last] on this line
    start_width: float  # width at 1 pt of words[first][:start]
    end_width: float  # width at 1 pt of words[last][:end]
    hyphen: float  # width at 1 pt of an inserted hyphen, 0 when none
    split_word: bool
    overfull: bool


def prepare(runs: Sequence[Run]) -> Prepared:
    """Tokenise runs into measured words and glued units, ready for `set_lines`."""
    return _prepare(tuple(runs))


@functools.lru_cache(maxsize=4096)
def _prepare(runs: tuple[Run, ...]) -> Prepared:
    words: list[_Word] = []
    spaces: list[_Space] = []
    pieces: list[_Piece] = []
    pending_space: tuple[str, bool] | None = None  # (font, breakable) of white space seen

    def end_word() -> None:
        if pieces:
            text = "".join(p.text for p in pieces)
            font = pieces[0].font if len(pieces) == 1 else ""
            words.append(_Word(tuple(pieces), text, sum(p.width for p in pieces), font))
            pieces.clear()

    for run in runs:
        for chunk in _chunks(run.text):
            if chunk[0].isspace():
                end_word()
                breakable = not any(c in NON_BREAKING_SPACES for c in chunk)
                if pending_space is None:
                    pending_space = (run.font, breakable)
                else:
                    pending_space = (pending_space[0], pending_space[1] and breakable)
                continue
            if pending_space is not None:
                if words:
                    font, breakable = pending_space
                    spaces.append(_Space(font, _width(" ", font), breakable))
                pending_space = None
            if pieces and pieces[-1].font == run.font:
                text = pieces[-1].text + chunk
                pieces[-1] = _Piece(text, run.font, _width(text, run.font))
            else:
                pieces.append(_Piece(chunk, run.font, _width(chunk, run.font)))
    end_word()
    glue = _glue([w.text for w in words])
    spaces = [_Space(s.font, s.width, False) if glue[i] else s for i, s in enumerate(spaces)]
    return Prepared(tuple(words), tuple(spaces), _units(words, spaces, glue))


def _chunks(text: str) -> list[str]:
    """Split text into alternating word and white-space chunks."""
    return [c for c in _WHITESPACE.split(text) if c]


def _glue(texts: list[str]) -> list[str]:
    """Return, for each space between words, the rule that forbids a break there, or ""."""
    glued = [""] * max(len(texts) - 1, 0)
    for i in range(len(texts) - 1):
        text = texts[i]
        core = text.lstrip(OPENING_PUNCTUATION)
        if core in ONE_LETTER_WORDS:
            glued[i] = "letter"
        elif core[:1].isdigit() and text[-1] not in CLAUSE_END:
            glued[i] = "number"
        elif text in OPERATORS and i > 0 and _has_digit(texts[i - 1]):
            glued[i - 1] = glued[i] = "number"
    return glued


def _units(words: list[_Word], spaces: list[_Space], glue: list[str]) -> tuple[_Unit, ...]:
    units = []
    first = 0
    width = head = 0.0
    for i, word in enumerate(words):
        head = width
        width += word.width
        if i == len(words) - 1 or spaces[i].breakable:
            # A counted word stays whole next to its number: "1 minuta", never "1 mi-".
            whole = i > first and glue[i - 1] == "number"
            units.append(_Unit(first, i, width, head, whole))
            first = i + 1
            width = 0.0
        else:
            width += spaces[i].width
    return tuple(units)


@functools.lru_cache(maxsize=65536)
def _width(text: str, font: str) -> float:
    return stringWidth(text, font, 1.0)


@functools.cache
def _dictionary() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="cs_CZ", left=2, right=3)


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


@functools.lru_cache(maxsize=65536)
def hyphenation_points(word: str) -> tuple[int, ...]:
    """Return the offsets where pyphen's Czech dictionary lets the word break with a hyphen."""
    if _has_digit(word):
        return ()
    points: list[int] = []
    offset = 0
    for part in word.split(HYPHEN):
        start = 0
        while start < len(part) and not part[start].isalpha():
            start += 1
        stop = len(part)
        while stop > start and not part[stop - 1].isalpha():
            stop -= 1
        core = part[start:stop]
        if core.isalpha() and not any(c.isupper() for c in core[1:]):
            points.extend(offset + start + p for p in _dictionary().positions(core) if not p.data)
        offset += len(part) + 1
    return tuple(points)


@functools.lru_cache(maxsize=65536)
def _breaks(word: str, font: str) -> tuple[_Break, ...]:
    """Return the measured places where a single-font word may end a line."""
    if not font or _has_digit(word):
        return ()
    hyphen = _width(HYPHEN, font)
    at = {p: hyphen for p in hyphenation_points(word)}
    for i, char in enumerate(word[:-1]):
        if char == HYPHEN and i > 0:
            at[i + 1] = 0.0
    return tuple(_Break(p, _width(word[:p], font), at[p]) for p in sorted(at))


def set_lines(
    prepared: Prepared,
    width: float,
    size: float,
    *,
    indent: float = 0.0,
    first_indent: float = 0.0,
    justify: bool = True,
) -> tuple[Line, ...]:
    """Break a prepared paragraph into lines `width` points wide, set at `size` points.

    `first_indent` narrows the first line and `indent` every later one (a hanging indent
    for bullets); `LineRun.x` includes them. With `justify` false every line is ragged.
    """
    key = (width, size, indent, first_indent, justify)
    lines = prepared._lines.get(key)
    if lines is None:
        first = (width - first_indent) / size
        rest = (width - indent) / size
        spans = _break(prepared, first, rest)
        lines = tuple(
            _set(
                prepared,
                span,
                size,
                first_indent if n == 0 else indent,
                (first if n == 0 else rest) if justify and n < len(spans) - 1 else None,
            )
            for n, span in enumerate(spans)
        )
        prepared._lines[key] = lines
    return lines


def _break(prepared: Prepared, first: float, rest: float) -> list[_Span]:
    """Choose line ends first-fit: fill each line, hyphenating the unit that overflows."""
    words, spaces, units = prepared.words, prepared.spaces, prepared.units
    spans: list[_Span] = []
    avail = first
    k = 0
    offset, offset_width = 0, 0.0  # of units[k]'s last word, when it began on an earlier line
    line_word, line_offset, line_offset_width = (units[0].first if units else 0), 0, 0.0
    used = -1.0  # width on the current line, -1 while it is empty
    hyphen_run = 0

    def close(last: int, end: int, end_width: float, hyphen: float, split: bool, over: bool):
        spans.append(
            _Span(
                line_word, line_offset, last, end, line_offset_width, end_width, hyphen, split, over
            )
        )

    while k < len(units):
        unit = units[k]
        word = words[unit.last]
        need = unit.width if offset == 0 else word.width - offset_width
        if used < 0:
            if need <= avail:
                used = need
                k, offset, offset_width = k + 1, 0, 0.0
                continue
            base = 0.0
        else:
            base = used + spaces[unit.first - 1].width
            if base + need <= avail:
                used = base + need
                k += 1
                continue
        # The unit overflows: end the line inside its last word, or before it.
        brk = None
        if not unit.whole and (used < 0 or hyphen_run < 2):
            room = avail - base - (unit.head if offset == 0 else -offset_width)
            for b in reversed(_breaks(word.text, word.font)):
                if b.at <= offset:
                    break
                if b.width + b.hyphen <= room:
                    brk = b
                    break
        if brk is not None:
            close(unit.last, brk.at, brk.width, brk.hyphen, True, False)
            hyphen_run += 1
            line_word, line_offset, line_offset_width = unit.last, brk.at, brk.width
            offset, offset_width = brk.at, brk.width
        elif used >= 0:
            prev = words[unit.first - 1]
            close(unit.first - 1, len(prev.text), prev.width, 0.0, False, False)
            hyphen_run = 0
            line_word, line_offset, line_offset_width = unit.first, 0, 0.0
        else:
            close(unit.last, len(word.text), word.width, 0.0, False, True)
            hyphen_run = 0
            k, offset, offset_width = k + 1, 0, 0.0
            if k < len(units):
                line_word, line_offset, line_offset_width = units[k].first, 0, 0.0
        used = -1.0
        avail = rest
    if used >= 0:
        last = words[-1]
        close(len(words) - 1, len(last.text), last.width, 0.0, False, False)
    return spans


def _set(prepared: Prepared, span: _Span, size: float, indent: float, avail: float | None):
    """Build the positioned runs of one line; justify it to `avail` (1 pt units) if given."""
    words, spaces = prepared.words, prepared.spaces
    parts: list[tuple[str, str, float, int]] = []  # text, font, width at 1 pt, spaces in it
    breakable = 0
    for i in range(span.first, span.last + 1):
        word = words[i]
        start = span.start if i == span.first else 0
        end = span.end if i == span.last else len(word.text)
        if start == 0 and end == len(word.text):
            parts.extend((p.text, p.font, p.width, 0) for p in word.pieces)
        else:
            left = span.start_width if i == span.first else 0.0
            right = span.end_width if i == span.last else word.width
            parts.append((word.text[start:end], word.font, right - left, 0))
        if i < span.last:
            space = spaces[i]
            parts.append((" ", space.font, space.width, 1))
            breakable += space.breakable
    if span.hyphen:
        parts.append((HYPHEN, words[span.last].font, span.hyphen, 0))
    natural = sum(p[2] for p in parts)
    nspaces = span.last - span.first
    extra = 0.0
    if avail is not None and breakable and not span.overfull:
        extra = max(avail - natural, 0.0) * size / nspaces
    runs: list[LineRun] = []
    x = indent
    text, font, run_x = "", "", indent
    for part_text, part_font, part_width, part_spaces in parts:
        if part_font != font and text:
            runs.append(LineRun(text, font, run_x))
            text, run_x = "", x
        if not text:
            run_x = x
        text += part_text
        font = part_font
        x += part_width * size + part_spaces * extra
    if text:
        runs.append(LineRun(text, font, run_x))
    return Line(
        runs=tuple(runs),
        width=natural * size,
        word_space=extra,
        hyphenated=span.hyphen > 0,
        overfull=span.overfull,
        split_word=span.split_word,
    )


def line_text(lines: Sequence[Line]) -> str:
    """Join set lines back into the paragraph's text: inserted hyphens out, split words whole."""
    out = []
    for n, line in enumerate(lines):
        text = line.text[:-1] if line.hyphenated else line.text
        out.append(text)
        if n < len(lines) - 1 and not line.split_word:
            out.append(" ")
    return "".join(out)
