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
- Justification: every line but the paragraph's last is set to the full width. Spaces
  stretch, or shrink to no less than 80 % of their width (``word_space`` is then
  negative; the last line too may shrink, never stretch). A line without a breakable
  space (one glued unit) is left aligned. A unit wider than the line is still placed,
  alone on its line, and the line is marked ``overfull`` so that a fitter can reject that
  size or width. The drawn width of a line is ``width + spaces * word_space``.
- Line breaking: line by line, each line takes the best of its possible ends (after a
  unit that fits, with natural, stretched or shrunk spaces, or at a hyphenation point of
  the unit that overflows), judged like TeX's demerits: (10 + badness)^2, plus 50^2 for
  a hyphen. Not a whole-paragraph optimum (Knuth-Plass): it would cost several times more
  and the fitter breaks the compendium several times per build.
- Text is text: no markup is parsed. Runs of white space collapse to one space.

`prepare` is cached on its runs (for as long as its result is in use), and `set_lines` /
`line_splits` on the prepared paragraph and their arguments, so breaking the
same paragraph again at the same size is free.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, compress, repeat
from operator import add, mul, sub
from weakref import WeakValueDictionary

import pyphen
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

__all__ = [
    "Run",
    "LineRun",
    "Line",
    "Prepared",
    "prepare",
    "set_lines",
    "line_splits",
    "line_text",
    "hyphenation_points",
]

ONE_LETTER_WORDS = frozenset("kKsSvVzZoOuUaAiI")
NON_BREAKING_SPACES = "\u00a0\u202f\u2007"
OPENING_PUNCTUATION = "([{„‚“‘\"'«‹"
CLAUSE_END = ",;:!?)]}“”\"'…»›"
OPERATORS = frozenset({"+", "-", "−", "–", "×"})
DASHES = frozenset({"–", "—"})  # a dash between words never starts a line
SIGNS = "+-−–±"  # before a digit, still a number: "+5 k hodu"
HYPHEN = "-"
STRETCH = 0.5  # what a space can stretch, as a share of its width (to judge lines)
SHRINK = 0.2  # what a space may shrink in a justified line, as a share of its width
TYPICAL_SPACE = 0.25  # width of a word space at 1 pt, to judge lines without spaces
LINE_PENALTY = 10  # TeX's \linepenalty
HYPHEN_PENALTY = 50  # TeX's \hyphenpenalty, also for a break after a word's own hyphen
HYPHENATE_ABOVE = LINE_PENALTY**2 + HYPHEN_PENALTY**2
LEFT_LETTERS = 2  # letters at least before a hyphenation point
RIGHT_LETTERS = 3  # and after it
_WHITESPACE = re.compile(r"(\s+)")
_DIGIT = re.compile(r"\d")
_DICE = re.compile(r"\dk\d")


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
    word_space: float  # points added to every space (< 0: shrunk); 0 when ragged
    hyphenated: bool  # ends with an inserted hyphen
    overfull: bool = False  # holds a unit wider than the line; the text sticks out
    split_word: bool = False  # ends inside a word (inserted hyphen or the word's own hyphen)
    repeated_hyphen: bool = False  # starts with the hyphen the line before ended at, repeated

    @property
    def text(self) -> str:
        """Return the line's characters as drawn."""
        return "".join(run.text for run in self.runs)


@dataclass(frozen=True, slots=True)
class _Piece:
    """A same-font part of a word that mixes fonts."""

    text: str
    font: str
    width: float  # at 1 pt


@dataclass(frozen=True, slots=True)
class _Break:
    """A place inside a word where a line may end."""

    at: int  # characters of the word before the break
    width: float  # width of those characters at 1 pt
    hyphen: float  # width at 1 pt of the hyphen added at the break (0 after the word's own)
    repeat: float  # width at 1 pt of the word's own hyphen, repeated on the next line (or 0)


@dataclass(frozen=True, eq=False)
class Prepared:
    """A paragraph as measured words and spaces (at 1 pt), grouped into unbreakable units.

    Parallel tuples rather than one object per word: a paragraph is broken many times
    while fitting, so `set_lines` reads plain sequences. Compared by identity.
    """

    words: tuple[str, ...]
    fonts: tuple[str, ...]  # the font of each word; "" when it mixes fonts (see pieces)
    pieces: tuple[tuple[_Piece, ...], ...]  # () for a single-font word
    xs: tuple[float, ...]  # where each word starts if the paragraph were one line, at 1 pt
    gaps: tuple[float, ...]  # total width at 1 pt of the spaces before each word
    widths: tuple[float, ...]  # of each word, at 1 pt
    space_fonts: tuple[str, ...]  # space_fonts[i] lies between words[i] and words[i + 1]
    breakable: tuple[bool, ...]  # whether a line may end at each space
    ends: tuple[int, ...]  # the last word of each unit (words joined by glued spaces)
    end_xs: tuple[float, ...]  # where each unit ends, at 1 pt
    tight_xs: tuple[float, ...]  # where each unit ends with all spaces before it shrunk
    whole: tuple[bool, ...]  # whether a unit's last word must not be hyphenated
    text: str  # the words joined by single spaces
    offsets: tuple[int, ...]  # where each word starts in text
    styles: tuple[int, ...]  # equal for two words when all from one to the other is one font
    _cache: dict = field(default_factory=dict, repr=False)


@dataclass(slots=True)
class _Span:
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


def prepare(runs: Sequence[Run]) -> Prepared:
    """Tokenise runs into measured words, spaces and glued units, ready for `set_lines`."""
    runs = tuple(runs)
    prepared = _PREPARED.get(runs)
    if prepared is None:
        prepared = _PREPARED[runs] = _prepare(runs)
    return prepared


# Held weakly: a paragraph and the lines cached on it go as soon as its user lets go of it,
# not at the cyclic collector's next full pass over everything still held.
_PREPARED: WeakValueDictionary[tuple[Run, ...], Prepared] = WeakValueDictionary()


def _prepare(runs: tuple[Run, ...]) -> Prepared:
    words: list[str] = []
    fonts: list[str] = []
    widths: list[float] = []
    pieces: list[tuple[_Piece, ...]] = []
    space_fonts: list[str] = []
    breakable: list[bool] = []
    in_word = False  # the last chunk seen was part of a word: a new run may continue it
    space: tuple[str, bool] | None = None  # (font, breakable) of white space not yet stored

    def add_space(font: str, chunk: str) -> None:
        nonlocal space, in_word
        nbsp = chunk != " " and any(c in NON_BREAKING_SPACES for c in chunk)
        space = (font, not nbsp) if space is None else (space[0], space[1] and not nbsp)
        in_word = False

    def add_word(font: str, chunk: str) -> None:
        nonlocal space, in_word
        if in_word:
            _continue_word(words, fonts, widths, pieces, chunk, font)
        else:
            if space is not None and words:
                space_fonts.append(space[0])
                breakable.append(space[1])
            words.append(chunk)
            fonts.append(font)
            widths.append(_width(chunk, font))
            pieces.append(())
        in_word = True
        space = None

    for run in runs:
        font, text = run.font, run.text
        if any(c in text for c in NON_BREAKING_SPACES):
            for n, chunk in enumerate(_WHITESPACE.split(text)):
                if n % 2:
                    add_space(font, chunk)
                elif chunk:
                    add_word(font, chunk)
            continue
        # The usual case, in bulk: words apart by plain white space, all breakable.
        chunks = text.split()
        if text[:1].isspace():
            add_space(font, " ")
        if chunks:
            add_word(font, chunks[0])
            more = len(chunks) - 1
            if more:
                space_fonts.extend([font] * more)
                breakable.extend([True] * more)
                words.extend(chunks[1:])
                fonts.extend([font] * more)
                widths.extend(map(_width, chunks[1:], repeat(font, more)))
                pieces.extend([()] * more)
            if text[-1].isspace():
                add_space(font, " ")
    return _measure(words, fonts, widths, pieces, space_fonts, breakable)


def _measure(
    words: list[str],
    fonts: list[str],
    widths: list[float],
    pieces: list[tuple[_Piece, ...]],
    space_fonts: list[str],
    breakable: list[bool],
) -> Prepared:
    """Glue the spaces the rules forbid breaking at, and place words and units at 1 pt."""
    count = len(words)
    glue = _glue(words)
    for i in glue:
        breakable[i] = False
    space_width = {font: _width(" ", font) for font in set(space_fonts)}
    spaces = [space_width[font] for font in space_fonts]
    xs = [0.0, *accumulate(map(add, widths, spaces))][:count]
    gaps = [0.0, *accumulate(spaces)][:count]
    ends = [*compress(range(count - 1), breakable), count - 1] if count else []
    # A counted word stays whole next to its number: "1 minuta", never "1 mi-". After
    # dice the next word is an adjective ("8k8 psychického zranění") and may be hyphenated.
    whole = [False] * len(ends)
    if "number" in glue.values():
        whole = [
            e > 0 and glue.get(e - 1) == "number" and not _DICE.search(words[e - 1]) for e in ends
        ]
    offsets = list(map(add, accumulate(map(len, words), initial=0), range(count)))
    if len(set(fonts) | set(space_fonts)) == 1 and "" not in fonts:
        styles = [0] * count
    else:
        styles, style = [], 0
        for i in range(count):
            if i and not (fonts[i - 1] == space_fonts[i - 1] == fonts[i] != ""):
                style += 1
            styles.append(style)
    end_xs = [xs[e] + widths[e] for e in ends]
    return Prepared(
        words=tuple(words),
        fonts=tuple(fonts),
        pieces=tuple(pieces),
        xs=tuple(xs),
        gaps=tuple(gaps),
        widths=tuple(widths),
        space_fonts=tuple(space_fonts),
        breakable=tuple(breakable),
        ends=tuple(ends),
        end_xs=tuple(end_xs),
        tight_xs=tuple(map(sub, end_xs, map(mul, repeat(SHRINK), map(gaps.__getitem__, ends)))),
        whole=tuple(whole),
        text=" ".join(words),
        offsets=tuple(offsets),
        styles=tuple(styles),
    )


def _continue_word(words, fonts, widths, pieces, chunk: str, font: str) -> None:
    """Append a chunk of a new run to the last word (a word across a font change)."""
    if not pieces[-1] and fonts[-1] == font:
        words[-1] += chunk
        widths[-1] = _width(words[-1], font)
        return
    if not pieces[-1]:
        pieces[-1] = (_Piece(words[-1], fonts[-1], widths[-1]),)
    if pieces[-1][-1].font == font:
        text = pieces[-1][-1].text + chunk
        pieces[-1] = pieces[-1][:-1] + (_Piece(text, font, _width(text, font)),)
    else:
        pieces[-1] += (_Piece(chunk, font, _width(chunk, font)),)
    words[-1] += chunk
    fonts[-1] = ""
    widths[-1] = sum(p.width for p in pieces[-1])


def _glue(texts: list[str]) -> dict[int, str]:
    """Return the spaces between words where a rule forbids a break: index -> the rule.

    Space i lies after texts[i]. Only a word of one character or one not starting with a
    letter can glue a space, so only those are looked at.
    """
    glued: dict[int, str] = {}
    last = len(texts) - 1
    odd = [i for i, text in enumerate(texts) if len(text) == 1 or not text[0].isalpha()]
    for i in odd:
        if i == last:
            break
        text = texts[i]
        if text[0].isalpha():
            if text in ONE_LETTER_WORDS:
                glued[i] = "letter"
            continue
        core = text.lstrip(OPENING_PUNCTUATION)
        if core in ONE_LETTER_WORDS:
            glued[i] = "letter"
        elif (core[:1].isdigit() or core[:1] in SIGNS and core[1:2].isdigit()) and not (
            text[-1] in CLAUSE_END or text[-1] == "." and texts[i + 1][:1].isupper()
        ):
            glued[i] = "number"
        elif text in OPERATORS and i > 0 and _has_digit(texts[i - 1]):
            glued[i - 1] = glued[i] = "number"
    for i in odd:
        if i and texts[i] in DASHES and i - 1 not in glued:
            glued[i - 1] = "dash"
    return glued


@functools.lru_cache(maxsize=65536)
def _width(text: str, font: str) -> float:
    return stringWidth(text, font, 1.0)


@functools.cache
def _dictionary() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="cs_CZ", left=LEFT_LETTERS, right=RIGHT_LETTERS)


@functools.cache
def _trie() -> dict | None:
    """Return pyphen's Czech patterns as a trie of characters, or None if pyphen hides them.

    Each node maps a character to the next node; "" holds the pattern ending there.
    """
    patterns = getattr(_dictionary().hd, "patterns", None)
    if not isinstance(patterns, dict):
        return None
    trie: dict = {}
    for key, pattern in patterns.items():
        node = trie
        for char in key:
            node = node.setdefault(char, {})
        node[""] = pattern
    return trie


def _positions(core: str) -> list[int]:
    """Return pyphen's positions for a word of letters, found three times faster.

    The same Liang pattern matching as ``pyphen.HyphDict.positions``, walking a trie
    instead of looking up every substring. A test checks that the result equals
    pyphen's for every word of the compendium.
    """
    trie = _trie()
    if trie is None:
        return [p for p in _dictionary().positions(core) if not p.data]
    pointed = f".{core.lower()}."
    size = len(pointed)
    levels = [0] * (size + 1)
    for i in range(size - 1):
        node = trie
        for j in range(i, size):
            node = node.get(pointed[j])
            if node is None:
                break
            pattern = node.get("")
            if pattern:
                offset, values = pattern
                for k, value in enumerate(values, i + offset):
                    if value > levels[k]:
                        levels[k] = value
    last = len(core) - RIGHT_LETTERS
    return [n - 1 for n, level in enumerate(levels) if level % 2 and LEFT_LETTERS <= n - 1 <= last]


def _has_digit(text: str) -> bool:
    return _DIGIT.search(text) is not None


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
            points.extend(offset + start + p for p in _positions(core))
        offset += len(part) + 1
    return tuple(points)


@functools.lru_cache(maxsize=65536)
def _breaks(word: str, font: str) -> tuple[_Break, ...]:
    """Return the measured places where a single-font word may end a line."""
    if not font or _has_digit(word):
        return ()
    hyphen = _width(HYPHEN, font)
    at = {p: (hyphen, 0.0) for p in hyphenation_points(word)}
    for i, char in enumerate(word[:-1]):
        if char == HYPHEN and i > 0:
            at[i + 1] = (0.0, hyphen)
    if not at:
        return ()
    prefix = _prefix_widths(word, font)
    return tuple(_Break(p, prefix[p], *at[p]) for p in sorted(at))


def _prefix_widths(word: str, font: str) -> list[float]:
    """Return the width at 1 pt of every prefix of word, as stringWidth gives it."""
    face = getattr(getFont(font), "face", None)
    if face is None or not hasattr(face, "charWidths"):
        return [_width(word[:n], font) for n in range(len(word) + 1)]
    # The sum stringWidth makes for TTF fonts, kept at every character.
    get, default = face.charWidths.get, face.defaultWidth
    total = 0
    widths = [0.0]
    for char in word:
        total += get(ord(char), default)
        widths.append(0.001 * total)
    return widths


def set_lines(
    prepared: Prepared,
    width: float,
    size: float,
    *,
    indent: float = 0.0,
    first_indent: float = 0.0,
    justify: bool = True,
    hyphenate: bool = True,
) -> tuple[Line, ...]:
    """Break a prepared paragraph into lines `width` points wide, set at `size` points.

    `first_indent` narrows the first line and `indent` every later one (a hanging indent
    for bullets); `LineRun.x` includes them. With `justify` false every line is ragged
    and no space shrinks. With `hyphenate` false no line ends inside a word (for names
    and lists): a word too wide for the line makes it overfull instead.
    """
    key = ("lines", width, size, indent, first_indent, justify, hyphenate)
    lines = prepared._cache.get(key)
    if lines is None:
        first = (width - first_indent) / size
        rest = (width - indent) / size
        spans = _spans(prepared, first, rest, justify, hyphenate)
        last = len(spans) - 1
        lines = tuple(
            _set(
                prepared,
                span,
                size,
                first_indent if n == 0 else indent,
                (first if n == 0 else rest) if justify else None,
                n == last,
            )
            for n, span in enumerate(spans)
        )
        prepared._cache[key] = lines
    return lines


def line_splits(
    prepared: Prepared,
    width: float,
    size: float,
    *,
    indent: float = 0.0,
    first_indent: float = 0.0,
    justify: bool = True,
    hyphenate: bool = True,
) -> tuple[bool, ...]:
    """Return `Line.split_word` of each line `set_lines` gives, without building them."""
    first, rest = (width - first_indent) / size, (width - indent) / size
    return tuple(span.split_word for span in _spans(prepared, first, rest, justify, hyphenate))


def _spans(
    prepared: Prepared, first: float, rest: float, justify: bool, hyphenate: bool
) -> list[_Span]:
    """Return the cached line ends for line widths `first` and `rest` (in 1 pt units)."""
    key = (first, rest, justify, hyphenate)
    spans = prepared._cache.get(key)
    if spans is None:
        spans = prepared._cache[key] = _break(prepared, first, rest, justify, hyphenate)
    return spans


def _demerits(natural: float, spaces: float, avail: float, single: bool, final: bool) -> float:
    """Judge one line as TeX does: (line penalty + badness) squared.

    The badness is 100 r^3 of the ratio r of the space it must stretch (or shrink) to
    what its spaces can give; `spaces` is their total width at 1 pt. A line holding a
    single unit cannot stretch and is judged as if it had one typical space.
    """
    slack = avail - natural
    if slack < 0:
        badness = 100 * (-slack / (SHRINK * spaces)) ** 3
    elif final:
        badness = 0.0
    else:
        stretch = STRETCH * (max(spaces, TYPICAL_SPACE) if single else spaces)
        badness = min(100 * (slack / stretch) ** 3, 10000.0) if stretch else 10000.0
    return (LINE_PENALTY + badness) ** 2


def _break(
    prepared: Prepared, first: float, rest: float, justify: bool, hyphenate: bool
) -> list[_Span]:
    """Choose line ends line by line, taking for each the best-judged of its possible ends.

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
    ends, end_xs, whole = prepared.ends, prepared.end_xs, prepared.whole
    tight_xs, shrink = (prepared.tight_xs, SHRINK) if justify else (end_xs, 0.0)
    spans: list[_Span] = []
    units = len(ends)
    unit = 0  # the first unit (partly) on the current line
    word, start, start_width = 0, 0, 0.0  # where the current line starts
    lead = 0.0  # width of the hyphen repeated at the current line's start
    avail = first
    hyphen_run = 0  # lines in a row ending in a hyphen
    while unit < units:
        x0 = xs[word] + start_width - lead  # the line's text starts with the repeated hyphen
        g0 = gaps[word]
        loose = bisect_right(end_xs, x0 + avail, unit, units) - 1  # last unit fitting as is
        tight = bisect_right(tight_xs, x0 - shrink * g0 + avail, unit, units) - 1  # shrunk
        best, best_end, best_break = float("inf"), -1, None
        for k in range(max(loose, unit), tight + 1):
            natural = end_xs[k] - x0
            demerits = _demerits(natural, gaps[ends[k]] - g0, avail, k == unit, k == units - 1)
            if demerits < best:
                best, best_end = demerits, k
        # A hyphen costs HYPHEN_PENALTY**2 on top of a perfect line: try one only if it can win.
        if hyphenate and ((hyphen_run < 2 and best > HYPHENATE_ABOVE) or best_end < 0):
            for k in range(loose + 1, min(tight + 2, units)):
                if whole[k]:
                    continue
                last = ends[k]
                done = start if last == word else 0
                base = xs[last] - x0
                spaces = gaps[last] - g0
                for b in reversed(_breaks(words[last], fonts[last])):
                    if b.at <= done:
                        break
                    natural = base + b.width + b.hyphen
                    if natural - shrink * spaces > avail:
                        continue
                    demerits = _demerits(natural, spaces, avail, k == unit, False)
                    demerits += HYPHEN_PENALTY**2
                    if demerits < best:
                        best, best_end, best_break = demerits, k, b
                    if natural <= avail:
                        break  # shorter parts only leave more space
        over = best_end < 0  # not even the first unit fits, nor part of it: let it stick out
        if over:
            best_end = unit
        last = ends[best_end]
        if best_break is None:
            spans.append(
                _Span(
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
                _Span(word, start, start_width, lead, last, b.at, b.width, b.hyphen, True, False)
            )
            hyphen_run += 1
            unit, word, start, start_width, lead = best_end, last, b.at, b.width, b.repeat
        avail = rest
    return spans


def _set(
    prepared: Prepared, span: _Span, size: float, indent: float, avail: float | None, final: bool
) -> Line:
    """Build the positioned runs of one line, justified to `avail` (1 pt units) if given.

    A line too long at natural width shrinks its spaces; others stretch them, unless
    the line is the paragraph's last or holds a single unit (no breakable space).
    """
    fonts, xs = prepared.fonts, prepared.xs
    first, last = span.first, span.last
    natural = xs[last] + span.end_width + span.hyphen - xs[first] - span.start_width + span.lead
    spaces = last - first
    extra = 0.0
    if avail is not None and spaces and not span.overfull:
        slack = avail - natural
        if slack < 0 or not (final or not any(prepared.breakable[first:last])):
            extra = slack * size / spaces
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
        runs = _mixed_runs(prepared, span, size, indent, extra)
    return Line(
        runs,
        natural * size,
        extra,
        span.hyphen > 0,
        span.overfull,
        span.split_word,
        span.lead > 0,
    )


def _mixed_runs(prepared: Prepared, span: _Span, size: float, indent: float, extra: float):
    """Build the runs of a line that changes font, each placed after the previous."""
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
            parts.append((" ", space_font, _width(" ", space_font), 1))
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
        x += part_width * size + part_spaces * extra
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
