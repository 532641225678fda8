"""Runs of text -> measured words and spaces at 1 pt, grouped into unbreakable units."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress, repeat
from operator import add, mul, sub
from typing import TYPE_CHECKING

from cards.frozen import frozen_record
from cards.typeset.cost import SHRINK, SIGN_PENALTY
from cards.typeset.czech import (
    CLAUSE_END,
    DICE,
    HYPHEN,
    LEFT_LETTERS,
    NON_BREAKING_SPACES,
    RIGHT_LETTERS,
    core_positions,
    glued_spaces,
    has_digit,
    hyphenation_points,
)
from cards.typeset.metrics import prefix_widths, string_width

if TYPE_CHECKING:
    from cards.typeset.context import TypesetContext

ENCLITICS = frozenset({"li", "ž", "s"})  # never at a line's start: "Sešleš-" / "-li"
SOFT_GLUE = {"sign": SIGN_PENALTY}  # glued_spaces' rules a line may still end at
_WHITESPACE = re.compile(r"(\s+)")

Width = Callable[[str, str], float]  # (text, font) -> width at 1 pt


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font, e.g. a bold run-in heading, then regular text."""

    text: str
    font: str  # registered reportlab font name


@dataclass(frozen=True, slots=True)
class Piece:
    """A same-font part of a word that mixes fonts."""

    text: str
    font: str
    width: float  # at 1 pt


@frozen_record
class WordBreak:
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
    pieces: tuple[tuple[Piece, ...], ...]  # () for a single-font word
    xs: tuple[float, ...]  # where each word starts if the paragraph were one line, at 1 pt
    gaps: tuple[float, ...]  # total width at 1 pt of the spaces before each word
    widths: tuple[float, ...]  # of each word, at 1 pt
    space_fonts: tuple[str, ...]  # space_fonts[i] lies between words[i] and words[i + 1]
    breakable: tuple[bool, ...]  # whether a line may end at each space
    ends: tuple[int, ...]  # the last word of each unit (words joined by glued spaces)
    end_xs: tuple[float, ...]  # where each unit ends, at 1 pt
    tight_xs: tuple[float, ...]  # where each unit ends with all spaces before it shrunk
    whole: tuple[bool, ...]  # whether a unit's last word must not be hyphenated
    penalties: tuple[float, ...]  # of a line ending after each unit (a soft glue), else 0
    text: str  # the words joined by single spaces
    offsets: tuple[int, ...]  # where each word starts in text
    styles: tuple[int, ...]  # equal for two words when all from one to the other is one font


def prepare(runs: Sequence[Run], context: TypesetContext | None = None) -> Prepared:
    """Tokenise runs into measured words, spaces and glued units, ready for `set_lines`.

    With a context, widths come from (and go to) its cache.
    """
    return _prepare(tuple(runs), context.width if context is not None else string_width)


def _prepare(runs: tuple[Run, ...], _width: Width) -> Prepared:
    words: list[str] = []
    fonts: list[str] = []
    widths: list[float] = []
    pieces: list[tuple[Piece, ...]] = []
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
            _continue_word(words, fonts, widths, pieces, chunk, font, _width)
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
    return _measure(words, fonts, widths, pieces, space_fonts, breakable, _width)


def _measure(
    words: list[str],
    fonts: list[str],
    widths: list[float],
    pieces: list[tuple[Piece, ...]],
    space_fonts: list[str],
    breakable: list[bool],
    _width: Width,
) -> Prepared:
    """Glue the spaces the rules forbid breaking at, and place words and units at 1 pt."""
    count = len(words)
    glue = glued_spaces(words)
    soft = {i: SOFT_GLUE[rule] for i, rule in glue.items() if rule in SOFT_GLUE}
    for i in glue:
        if i not in soft:
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
            e > 0 and glue.get(e - 1) == "number" and not DICE.search(words[e - 1]) for e in ends
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
    penalties = [soft.get(e, 0.0) for e in ends] if soft else [0.0] * len(ends)
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
        penalties=tuple(penalties),
        text=" ".join(words),
        offsets=tuple(offsets),
        styles=tuple(styles),
    )


def _continue_word(words, fonts, widths, pieces, chunk: str, font: str, _width: Width) -> None:
    """Append a chunk of a new run to the last word (a word across a font change)."""
    if not pieces[-1] and fonts[-1] == font:
        words[-1] += chunk
        widths[-1] = _width(words[-1], font)
        return
    if not pieces[-1]:
        pieces[-1] = (Piece(words[-1], fonts[-1], widths[-1]),)
    if pieces[-1][-1].font == font:
        text = pieces[-1][-1].text + chunk
        pieces[-1] = pieces[-1][:-1] + (Piece(text, font, _width(text, font)),)
    else:
        pieces[-1] += (Piece(chunk, font, _width(chunk, font)),)
    words[-1] += chunk
    fonts[-1] = ""
    widths[-1] = sum(p.width for p in pieces[-1])


def word_breaks(
    word: str,
    font: str,
    positions: Callable[[str], list[int]] = core_positions,
    width: Width = string_width,
) -> tuple[WordBreak, ...]:
    """Return the measured places where a single-font word may end a line.

    `positions` finds pyphen's points in a word of letters (see `czech.hyphenation_points`);
    `width` measures the hyphen (`metrics.string_width`, or a context's cached copy).
    """
    own = HYPHEN in word[1:-1]  # the word's own hyphen, not at its start or end
    if not font or (len(word) < LEFT_LETTERS + RIGHT_LETTERS and not own) or has_digit(word):
        return ()
    points = hyphenation_points(word, positions)
    if not points and not own:
        return ()
    hyphen = width(HYPHEN, font)
    at = {p: (hyphen, 0.0) for p in points}
    if own:
        for i, char in enumerate(word[:-1]):
            if char == HYPHEN and i > 0 and not _enclitic(word[i + 1 :]):
                at[i + 1] = (0.0, hyphen)
    prefix = prefix_widths(word, font)
    return tuple(WordBreak(p, prefix[p], *at[p]) for p in sorted(at))


def _enclitic(rest: str) -> bool:
    """Return whether what follows a word's own hyphen must not begin a line ("-li", "-ž")."""
    return rest.rstrip(CLAUSE_END + ".").lower() in ENCLITICS
