"""Set lines (cards/typeset/lines.py): tests written to kill what a mutation run
(bench/mutation.py typeset/lines) left alive, chiefly the choice flush-left text makes.

The reference, `_flush_choice`, follows set_lines' docstring: flush-left lines (ragged, spaces
shrunk where they must be) unless they take more lines than justified text (a ragged first
line allowed); then, with expansion, flush-left lines broken as if 1 / (1 - expansion) wider,
when they are no more than the justified ones and each fits narrowed and shrunk; else the
justified lines. The line ends come from break_lines (another module); which lines fit is
counted in characters of the monospaced font (every glyph, space and hyphen 0.602 em), apart
from the module's arithmetic. Paragraphs come from a seeded generator.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from cards.typeset import Run, prepare, set_lines
from cards.typeset.breaking import break_lines
from cards.typeset.cost import SHRINK
from cards.typeset.lines import Line, LineRun, line_text
from cards.typeset.words import word_breaks
from tests.unit.typeset.test_typeset import MONO, MONO_EM

WORDS = (
    "a v k s o u z i ohnivý proud dlouhý sáhů široký tvor zasažený proudem hodit záchranný "
    "hod Obratnost utrpí ohnivého zranění nebo poloviční úspěšném kouzlo pozice úrovně "
    "nejrůznějších nepředvídatelných okolností modro-zelená 6 1k8 3. –"
).split()


def _paragraph(rnd: random.Random) -> str:
    return " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(3, 22)))


def _chars(prepared, span) -> tuple[int, int]:
    """(characters drawn, spaces) of a span's line: each one glyph of the mono font."""
    offsets = prepared.offsets
    text = prepared.text[offsets[span.first] + span.start : offsets[span.last] + span.end]
    return len(text) + (span.hyphen > 0) + (span.lead > 0), span.last - span.first


def _text(prepared, span) -> str:
    offsets = prepared.offsets
    text = prepared.text[offsets[span.first] + span.start : offsets[span.last] + span.end]
    return ("-" if span.lead else "") + text + ("-" if span.hyphen else "")


def _fits_narrowed(prepared, spans, first, rest, keep) -> bool:
    """Each line, its spaces shrunk by SHRINK and (with a breakable space) its glyphs
    narrowed to keep, fits its width; an overfull one never does."""
    for n, span in enumerate(spans):
        if span.overfull:
            return False
        chars, spaces = _chars(prepared, span)
        width = chars * MONO_EM
        if any(prepared.breakable[span.first : span.last]):
            width = keep * (chars - SHRINK * spaces) * MONO_EM
        if width > (first if n == 0 else rest) + 1e-9:
            return False
    return True


def _flush_choice(prepared, first, rest, hyphenate, expansion):
    """("flush" | "narrow" | "justified", the chosen line ends), as the docstring says."""
    flush = break_lines(prepared, first, rest, False, hyphenate, word_breaks, flush_left=True)
    justified = break_lines(
        prepared, first, rest, True, hyphenate, word_breaks, expansion, None, True, False
    )
    if len(justified) >= len(flush):
        return "flush", flush
    if expansion:
        keep = 1.0 - expansion
        narrow = break_lines(
            prepared, first / keep, rest / keep, False, hyphenate, word_breaks, flush_left=True
        )
        if len(narrow) <= len(justified) and _fits_narrowed(prepared, narrow, first, rest, keep):
            return "narrow", narrow
    return "justified", justified


def _cases():
    rnd = random.Random(19)
    for _ in range(400):
        text = _paragraph(rnd)
        chars = rnd.uniform(5.0, 26.0)
        first_chars = chars - rnd.choice([0.0, 0.0, rnd.uniform(0.0, 4.0)])
        expansion = rnd.choice([0.0, 0.02, 0.05, 0.1])
        yield text, first_chars, chars, rnd.random() < 0.85, expansion


def test_flush_left_text_is_set_as_its_docstring_says():
    """Every paragraph of the generator: the chosen lines' text, and how each is set: a
    flush-left line never stretches and keeps its glyphs (narrowed only in the "narrow"
    choice, never below 1 - expansion, only where the line is too long otherwise)."""
    seen = {"flush": 0, "narrow": 0, "justified": 0}
    for text, first_chars, chars, hyphenate, expansion in _cases():
        prepared = prepare([Run(text, MONO)])
        first, rest = first_chars * MONO_EM, chars * MONO_EM
        width = chars * MONO_EM
        case = (text, first_chars, chars, hyphenate, expansion)
        choice, spans = _flush_choice(prepared, first, rest, hyphenate, expansion)
        seen[choice] += 1
        lines = set_lines(
            prepared,
            width,
            1.0,
            first_indent=width - first,
            hyphenate=hyphenate,
            expansion=expansion,
            flush_left=True,
        )
        assert [line.text for line in lines] == [_text(prepared, s) for s in spans], case
        if choice == "justified":
            continue
        for n, (line, span) in enumerate(zip(lines, spans, strict=True)):
            assert line.word_space <= 0.0, case
            chars_in, spaces = _chars(prepared, span)
            avail = first if n == 0 else rest
            natural = chars_in * MONO_EM
            assert line.width == pytest.approx(natural), case
            single = not any(prepared.breakable[span.first : span.last])
            if choice == "flush" or single or span.overfull or natural <= avail:
                assert line.scale == 1.0, case
            else:
                assert line.scale == pytest.approx(max(avail / natural, 1.0 - expansion)), case
            if natural > avail and spaces and not span.overfull:
                assert line.word_space == pytest.approx((avail / line.scale - natural) / spaces), (
                    case
                )
            else:
                assert line.word_space == 0.0, case
    assert min(seen.values()) >= 5, seen


def _line(text: str, **flags) -> Line:
    return Line((LineRun(text, MONO, 0.0),), len(text) * MONO_EM, 0.0, **flags)


def test_line_text_drops_inserted_and_repeated_hyphens_and_joins_words_with_spaces():
    """ "modro-|-zelená" (the own hyphen repeated), "ze-|lená" (a hyphen inserted), then a
    whole word: the paragraph's words again."""
    lines = [
        _line("modro-", hyphenated=False, split_word=True),
        _line("-ze-", hyphenated=True, split_word=True, repeated_hyphen=True),
        _line("lená tráva", hyphenated=False),
        _line("roste", hyphenated=False),
    ]
    assert line_text(lines) == "modro-zelená tráva roste"


# ---------------------------------------------------------------- Line and LineRun


def test_a_set_line_cannot_be_changed():
    """A Line is frozen: a context's cache hands the same lines to every caller."""
    line = set_lines(prepare([Run("tvor hodí", MONO)]), 100.0, 10.0)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.width = 0.0


def test_a_line_run_cannot_be_changed():
    """A LineRun is frozen, as the Line holding it."""
    run = set_lines(prepare([Run("tvor hodí", MONO)]), 100.0, 10.0)[0].runs[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.x = 5.0


def test_a_line_given_only_its_required_fields_is_a_plain_one():
    """Line(runs, width, word_space, hyphenated) is not overfull, not split, has no repeated
    hyphen, is not scaled and not forced (the tests of cards/fit build lines so)."""
    line = Line((LineRun("tvor", MONO, 0.0),), 4 * MONO_EM, 0.0, False)
    flags = (line.overfull, line.split_word, line.repeated_hyphen, line.forced)
    assert all(flag is False for flag in flags)
    assert line.scale == 1.0
