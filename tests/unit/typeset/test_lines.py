"""Set lines (cards/typeset/lines.py): tests written to kill what a mutation run
(bench/mutation.py typeset/lines) left alive, chiefly the choice flush-left text makes.

The reference, `_flush_choice`, follows set_lines' docstring: flush-left lines (ragged, spaces
shrunk where they must be) unless they take more lines than justified text (a ragged first
line allowed); then, with expansion, flush-left lines broken as if 1 / (1 - expansion) wider,
when they are no more than the justified ones and each fits narrowed and shrunk; else the
justified lines. The line ends come from break_lines (another module); which lines fit is
counted in characters of the monospaced font (every glyph, space and hyphen 0.602 em), apart
from the module's arithmetic. Paragraphs come from a seeded generator.

Then cases worked by hand: Line's contract, flush-left edge cases (a line exactly full, a
word sticking out, a glued unit wider than the line, a column narrower than an em, a run-in
heading) and how a justified line is set; the widths are exact in the monospaced font and in
Charis SIL's 'l' and space (binary fractions of an em).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cards.typeset import ParagraphSetting, Run, prepare, set_lines
from cards.typeset.breaking import break_lines
from cards.typeset.cost import SHRINK
from cards.typeset.lines import Line, LineRun, line_spans, line_text
from cards.typeset.words import word_breaks
from tests.support.fonts import MONO, MONO_EM, MONO_FONT, SERIF

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
            ParagraphSetting(
                width,
                1.0,
                first_indent=width - first,
                hyphenate=hyphenate,
                expansion=expansion,
                flush_left=True,
            ),
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
    line = set_lines(prepare([Run("tvor hodí", MONO)]), ParagraphSetting(100.0, 10.0))[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.width = 0.0


def test_a_line_run_cannot_be_changed():
    """A LineRun is frozen, as the Line holding it."""
    run = set_lines(prepare([Run("tvor hodí", MONO)]), ParagraphSetting(100.0, 10.0))[0].runs[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.x = 5.0


def test_a_line_given_only_its_required_fields_is_a_plain_one():
    """Line(runs, width, word_space, hyphenated) is not overfull, not split, has no repeated
    hyphen, is not scaled and not forced (the tests of cards/fit build lines so)."""
    line = Line((LineRun("tvor", MONO, 0.0),), 4 * MONO_EM, 0.0, False)
    flags = (line.overfull, line.split_word, line.repeated_hyphen, line.forced)
    assert all(flag is False for flag in flags)
    assert line.scale == 1.0


# ---------------------------------------------------------------- flush-left, worked by hand

MONO_BOLD = "LinesMutantsMonoBold"  # MONO_FONT again under another name: a font change, same widths


@pytest.fixture(scope="module")
def mono_bold():
    if MONO_BOLD not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(MONO_BOLD, str(MONO_FONT)))
    return MONO_BOLD


def _flush_lines(prepared, width, hyphenate=True):
    """The line texts break_lines gives flush-left, `width` wide at 1 pt."""
    spans = break_lines(prepared, width, width, False, hyphenate, word_breaks, flush_left=True)
    return [_text(prepared, span) for span in spans]


def test_flush_left_text_justified_text_sets_on_fewer_lines_is_set_justified():
    """'každý tvor v dosahu' (19 characters, 3 spaces) on a line 0.5e-9 pt short of 19 - 3 *
    SHRINK: flush-left (no tolerance) breaks it in two; justified (to within 1e-9 pt) with
    its spaces shrunk by SHRINK, it is one line, and so it is set."""
    text = "každý tvor v dosahu"
    prepared = prepare([Run(text, MONO)])
    width = (19 - 3 * SHRINK) * MONO_EM - 0.5e-9
    assert _flush_lines(prepared, width) == ["každý tvor", "v dosahu"]
    lines = set_lines(prepared, ParagraphSetting(width, 1.0, flush_left=True))
    assert [line.text for line in lines] == [text]
    assert lines[0].word_space == pytest.approx(-SHRINK * MONO_EM)


def test_flush_left_lines_take_the_first_indent_then_the_indent():
    """The first flush-left line starts at first_indent (2 characters), the next at indent (1)."""
    em = MONO_EM * 10
    lines = set_lines(
        prepare([Run("tvor hodí proud sáhů", MONO)]),
        ParagraphSetting(12 * em, 10.0, first_indent=2 * em, indent=em, flush_left=True),
    )
    assert [line.text for line in lines] == ["tvor hodí", "proud sáhů"]
    assert [line.runs[0].x for line in lines] == [2 * em, em]


def test_line_spans_keeps_a_gaping_first_line_after_a_heading_justified_unless_asked(mono_bold):
    """'Cíl:' (another font) 'tvor hodí' on lines of 13: the first line, 'Cíl: tvor', is
    marked ragged only with ragged_first, as set_lines does by default."""
    prepared = prepare([Run("Cíl: ", mono_bold), Run("tvor hodí", MONO)])
    width = 13 * 10 * MONO_EM
    spans = line_spans(prepared, ParagraphSetting(width, 10.0, hyphenate=False))
    asked = line_spans(prepared, ParagraphSetting(width, 10.0, hyphenate=False, ragged_first=True))
    assert [span.ragged for span in asked] == [True, False]
    assert [span.ragged for span in spans] == [False, False]


def test_flush_left_text_set_justified_leaves_a_gaping_first_line_after_a_heading_ragged(
    mono_bold,
):
    """After the run-in heading 'Dosah:', flush-left takes more lines than justified text,
    which is set instead, its first line 'Dosah: hodí' (11 of 14) ragged, not stretched."""
    runs = [Run("Dosah: ", mono_bold), Run("hodí proud záchranný úspěšném tvor proud", MONO)]
    prepared = prepare(runs)
    width = 14 * MONO_EM
    choice, spans = _flush_choice(prepared, width, width, True, 0.0)
    assert choice == "justified"
    lines = set_lines(prepared, ParagraphSetting(14 * 10 * MONO_EM, 10.0, flush_left=True))
    texts = ["Dosah: hodí", "proud zá-", "chranný úspěš-", "ném tvor proud"]
    assert [line.text for line in lines] == [_text(prepared, s) for s in spans] == texts
    assert lines[0].word_space == 0.0
    assert lines[1].word_space == pytest.approx(5 * MONO_EM * 10)  # 9 of 14, one space


def test_flush_left_lines_are_not_narrowed_when_one_sticks_out():
    """'tvor hodí nejrůznějších ohnivý tvor' on lines of 10, no hyphens, up to 10 % narrower:
    broken as if 10 / 0.9 wide, the 13-letter word still sticks out, so the lines are not
    set narrowed but justified: 'tvor hodí' (9 of 10) widened by the whole 10 %."""
    prepared = prepare([Run("tvor hodí nejrůznějších ohnivý tvor", MONO)])
    assert len(_flush_lines(prepared, 10 * MONO_EM, hyphenate=False)) == 4
    lines = set_lines(
        prepared,
        ParagraphSetting(10 * MONO_EM, 1.0, hyphenate=False, expansion=0.1, flush_left=True),
    )
    assert [line.text for line in lines] == ["tvor hodí", "nejrůznějších", "ohnivý tvor"]
    assert lines[1].overfull
    assert lines[0].scale == pytest.approx(1.1)
    assert lines[0].word_space == pytest.approx(10 * MONO_EM / 1.1 - 9 * MONO_EM)


@pytest.mark.parametrize(
    ("width", "narrowed"),
    [
        (10 * MONO_EM, True),  # 'Obratnosti' exactly fills the line
        (6.0205078115, True),  # + 1e-9 is 10 * MONO_EM exactly: over by the tolerance
        (10 * MONO_EM - 1.5e-9, False),  # over by more
    ],
    ids=["full", "over by 1e-9", "over by 1.5e-9"],
)
def test_a_flush_left_word_alone_on_a_line_fits_it_to_within_1e_9_pt(width, narrowed):
    """'tvor hodí Obratnosti ohnivý tvor', no hyphens, up to 10 % narrower: broken as if
    10 / 0.9 wide, 'Obratnosti' (10 letters, one unit: never narrowed) has a line to
    itself; if it fits that line's width (to within 1e-9 pt) the lines are set
    flush-left and narrowed, 'tvor hodí' ragged; else justified, 'tvor hodí' widened."""
    if narrowed and width != 10 * MONO_EM:
        assert width + 1e-9 == 10 * MONO_EM
    prepared = prepare([Run("tvor hodí Obratnosti ohnivý tvor", MONO)])
    assert len(_flush_lines(prepared, 10 * MONO_EM, hyphenate=False)) == 4
    lines = set_lines(
        prepared, ParagraphSetting(width, 1.0, hyphenate=False, expansion=0.1, flush_left=True)
    )
    assert [line.text for line in lines] == ["tvor hodí", "Obratnosti", "ohnivý tvor"]
    assert lines[2].scale == pytest.approx(10 / 11)  # 11 letters on 10 either way
    assert lines[0].scale == (1.0 if narrowed else pytest.approx(1.1))


def test_flush_left_text_in_a_column_narrower_than_an_em_is_narrowed_as_any_other():
    """'l l ll l' in Charis ('l' 0.296875 em, space 0.29296875) 0.9 em wide, up to 25 %
    narrower: flush-left takes 3 lines, justified 2 ('l l' | 'll l'), and broken as if
    0.9 / 0.75 wide, 'l l' | 'll l' fit narrowed (0.75 * (0.88671875 - 0.2 * 0.29296875)
    and 0.75 * (1.18359375 - 0.2 * 0.29296875) <= 0.9): set flush-left, 'l l' not widened."""
    prepared = prepare([Run("l l ll l", SERIF)])
    flush = break_lines(prepared, 0.9, 0.9, False, False, word_breaks, flush_left=True)
    assert len(flush) == 3
    lines = set_lines(
        prepared, ParagraphSetting(9.0, 10.0, hyphenate=False, expansion=0.25, flush_left=True)
    )
    assert [line.text for line in lines] == ["l l", "ll l"]
    assert (lines[0].scale, lines[0].word_space) == (1.0, 0.0)
    assert lines[1].scale == pytest.approx(0.9 / 1.18359375)


def test_a_glued_unit_wider_than_the_line_does_not_make_flush_left_text_the_shortest():
    """'ab', then a unit of three glued words (34 letters) that sticks out of lines of 10,
    then 'cc dd ee ff': flush-left takes 4 lines; justified text, 'cc dd ee ff' narrowed by
    up to 10 %, 3, and is set (the unit on its line counts as one line, not three)."""
    text = "ab " + "p" * 30 + "\u00a0qq\u00a0rr cc dd ee ff"
    prepared = prepare([Run(text, MONO)])
    width = 10 * MONO_EM
    assert len(_flush_lines(prepared, 10 * MONO_EM, hyphenate=False)) == 4
    choice, spans = _flush_choice(prepared, width, width, False, 0.1)
    assert choice == "justified"
    lines = set_lines(
        prepared, ParagraphSetting(width, 1.0, hyphenate=False, expansion=0.1, flush_left=True)
    )
    expected = ["ab", "p" * 30 + " qq rr", "cc dd ee ff"]
    assert [line.text for line in lines] == [_text(prepared, s) for s in spans] == expected


def test_an_empty_paragraph_set_flush_left_has_no_lines():
    """No words, no lines (and no bound on them to compute)."""
    assert (
        set_lines(prepare([]), ParagraphSetting(100.0, 10.0, expansion=0.1, flush_left=True)) == ()
    )


# ---------------------------------------------------------------- how a justified line is set


def test_a_justified_line_of_one_glued_unit_shrinks_its_space_but_keeps_its_glyphs():
    """'tvor' glued to 'hodí' (9 characters) on a line of 8.9, up to 10 % narrower: one
    unit, so its glyphs keep their width and its space shrinks by the 0.1 character."""
    prepared = prepare([Run("tvor\u00a0hodí", MONO)])
    (line,) = set_lines(prepared, ParagraphSetting(8.9 * 10 * MONO_EM, 10.0, expansion=0.1))
    assert line.scale == 1.0
    assert line.word_space == pytest.approx(-0.1 * MONO_EM * 10)


def test_a_justified_line_narrower_than_an_em_widens_its_glyphs_too():
    """'l l' (0.88671875 em in Charis) on the first of two lines 0.9 em wide, up to 10 %
    wider: its glyphs widen to fill the line (a scale of 0.9 / 0.88671875), its space not."""
    lines = set_lines(prepare([Run("l l l l", SERIF)]), ParagraphSetting(9.0, 10.0, expansion=0.1))
    assert [line.text for line in lines] == ["l l", "l l"]
    assert lines[0].scale == pytest.approx(0.9 / 0.88671875)
    assert lines[0].word_space == pytest.approx(0.0, abs=1e-12)


def test_after_a_broken_word_a_font_change_starts_one_word_space_on(mono_bold):
    """'úspěš-|ném hodí' ('hodí' in another font) on lines of 10: the second line, 8 of 10
    with one space, stretches it by 2 characters, so 'hodí' starts at 4 + 2 characters."""
    runs = [Run("úspěšném ", MONO), Run("hodí", mono_bold), Run(" dlouhý", MONO)]
    em = MONO_EM * 10
    lines = set_lines(prepare(runs), ParagraphSetting(10 * em, 10.0))
    assert [line.text for line in lines] == ["úspěš-", "ném hodí", "dlouhý"]
    assert lines[1].word_space == pytest.approx(2 * em)
    assert [(run.text, run.font) for run in lines[1].runs] == [("ném ", MONO), ("hodí", mono_bold)]
    assert lines[1].runs[1].x == pytest.approx(6 * em)


def test_flush_left_text_is_never_longer_than_justified_text_within_its_tolerance():
    """'l l' in Charis, up to 25 % narrower, on a line 0.9e-9 pt short of its width
    narrowed and shrunk: justified (to within 1e-9 pt) it is one line, flush-left two,
    so it is set on one (the bound on the lines allows for that tolerance)."""
    prepared = prepare([Run("l l", SERIF)])
    natural, space = 2 * 0.296875 + 0.29296875, 0.29296875
    width = 0.75 * natural - SHRINK * space - 0.9e-9
    justified = break_lines(prepared, width, width, True, True, word_breaks, 0.25, None, True)
    assert len(justified) == 1
    assert _flush_lines(prepared, width) == ["l", "l"]
    lines = set_lines(prepared, ParagraphSetting(width, 1.0, expansion=0.25, flush_left=True))
    assert [line.text for line in lines] == ["l l"]
