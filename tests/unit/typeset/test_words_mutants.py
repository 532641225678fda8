"""Words (cards/typeset/words.py): tests written to kill what mutation runs (bench/mutation.py)
of czech.py and words.py left alive: the dice pattern, enclitics after a word's own hyphen,
its breaks measured, the values frozen. Oracles by hand (the mono font's glyphs are all 0.602 em).
"""

from __future__ import annotations

import dataclasses

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cards.resources import resource
from cards.typeset.words import Piece, Run, WordBreak, prepare, word_breaks
from tests.conftest import MONO_EM as EM
from tests.conftest import MONO_FONT


def test_a_counted_word_stays_whole_but_an_adjective_after_dice_may_break():
    """ "1 minuta" never breaks as "1 mi-"; in "8k8 psychického" the adjective may."""
    prepared = prepare([Run("Utrpí 8k8 psychického zranění, 1 minuta trvá.", "Helvetica")])
    last_words = [prepared.words[end] for end in prepared.ends]
    whole = dict(zip(last_words, prepared.whole, strict=True))
    assert whole["minuta"] is True
    assert whole["psychického"] is False


MONO = "WordsMutantsMono"  # every glyph 0.60205078125 em wide
BOLD = "WordsMutantsBold"  # another font (Charis SIL Bold)


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    registered = pdfmetrics.getRegisteredFontNames()
    if MONO not in registered:
        pdfmetrics.registerFont(TTFont(MONO, str(MONO_FONT)))
    if BOLD not in registered:
        pdfmetrics.registerFont(TTFont(BOLD, str(resource("fonts", "CharisSIL-Bold.ttf"))))


@pytest.mark.parametrize("word", ["kdo-ž", "kdo-ž,", "Sešleš-li", "viděl-s", "Proč-Li"])
def test_no_line_starts_with_an_enclitic_after_the_word_own_hyphen(word):
    """ "-ž", "-li", "-s" never begin a line: no break after the hyphen before them."""
    assert all(b.at != word.index("-") + 1 for b in word_breaks(word, MONO))


def test_a_word_own_hyphen_is_a_break_repeated_on_the_next_line():
    """ "modro-|zelená": after the own hyphen (no hyphen added, the hyphen repeated), and
    pyphen's "modro-ze-|lená" with an added hyphen; widths counted in glyphs."""
    assert word_breaks("modro-zelená", MONO) == (
        WordBreak(6, 6 * EM, 0.0, EM),
        WordBreak(8, 8 * EM, EM, 0.0),
    )


@pytest.mark.parametrize("value", [Run("a", MONO), Piece("a", MONO, 1.0), WordBreak(1, 1.0, 0, 0)])
def test_words_values_are_immutable(value):
    field = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, getattr(value, field))


def test_a_prepared_paragraph_is_immutable_and_compared_by_identity():
    one, two = prepare([Run("Slovo a slovo.", MONO)]), prepare([Run("Slovo a slovo.", MONO)])
    assert one == one and one != two
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.text = "jiné"  # type: ignore[misc]


def test_only_a_non_breaking_space_glues_in_a_run_that_holds_one():
    """A run with a non-breaking space is split chunk by chunk: a double space or a line
    break there is still an ordinary, breakable space."""
    prepared = prepare([Run("3\u00a0sáhy  daleko\nod tebe", MONO)])
    assert prepared.words == ("3", "sáhy", "daleko", "od", "tebe")
    assert prepared.breakable == (False, True, True, True)


@pytest.mark.parametrize(
    ("runs", "breakable"),
    [
        ((("slovo ", MONO), (" další", BOLD)), (True,)),
        ((("slovo\u00a0", MONO), (" další", BOLD)), (False,)),
        ((("slovo ", MONO), ("\u00a0další", BOLD)), (False,)),
    ],
)
def test_white_space_across_runs_is_one_space_in_the_font_of_its_first_run(runs, breakable):
    """ "slovo " + " další": one space, in the first run's font, breakable unless either
    part of it is a non-breaking space."""
    prepared = prepare([Run(text, font) for text, font in runs])
    assert prepared.words == ("slovo", "další")
    assert prepared.space_fonts == (MONO,)
    assert prepared.breakable == breakable


def test_white_space_before_the_first_word_is_no_space_between_words():
    prepared = prepare([Run(" slovo další ", MONO)])
    assert prepared.words == ("slovo", "další")
    assert prepared.space_fonts == (MONO,)
    assert prepared.breakable == (True,)
    assert prepared.gaps == (0.0, EM)


def test_a_glued_space_is_not_breakable():
    """ "v domě": a one-letter preposition glues the space after it (False, not just falsy)."""
    prepared = prepare([Run("šel v domě", MONO)])
    assert prepared.breakable == (True, False)
    assert prepared.breakable[1] is False
    assert prepared.ends == (0, 2)


def test_a_counted_word_at_the_paragraph_start_stays_whole():
    """ "1 minuta trvá": the first unit is "1 minuta", ending at word 1, and stays whole."""
    prepared = prepare([Run("1 minuta trvá.", MONO)])
    assert prepared.ends == (1, 2)
    assert prepared.whole == (True, False)


def test_words_one_font_through_their_space_share_a_style():
    """ "a b" in one font, then " c" in another (its space in the other font too): a and b
    are one style, c another; a space in another font parts two words of one font."""
    prepared = prepare([Run("a b", MONO), Run(" c", BOLD)])
    assert prepared.space_fonts == (MONO, BOLD)
    a, b, c = prepared.styles
    assert a == b != c
    a, b = prepare([Run("a", MONO), Run(" ", BOLD), Run("b", MONO)]).styles
    assert a != b


def test_a_word_continued_by_a_run_of_its_own_font_stays_one_font():
    """ "ab" + "cd" in one font: the word "abcd" in that font, no pieces, one width."""
    prepared = prepare([Run("ab", MONO), Run("cd", MONO)])
    assert prepared.words == ("abcd",)
    assert prepared.fonts == (MONO,)
    assert prepared.pieces == ((),)
    assert prepared.widths == (4 * EM,)


def test_a_word_across_fonts_keeps_every_chunk_and_merges_only_the_last_piece():
    """ "a" mono, "b" bold, "c" mono, "d" mono: the word "abcd" (font "": it mixes fonts)
    in the pieces a, b, cd; the last two chunks, one font, are one piece."""
    bold = pdfmetrics.stringWidth("b", BOLD, 1.0)
    prepared = prepare([Run("a", MONO), Run("b", BOLD), Run("c", MONO), Run("d wort", MONO)])
    assert prepared.words == ("abcd", "wort")
    assert prepared.text == "abcd wort"
    assert prepared.fonts == ("", MONO)
    assert prepared.pieces[0] == (
        Piece("a", MONO, EM),
        Piece("b", BOLD, bold),
        Piece("cd", MONO, 2 * EM),
    )
    assert prepared.widths[0] == pytest.approx(3 * EM + bold)


def _own(word: str) -> list[WordBreak]:
    """The breaks after the word's own hyphen (the hyphen repeated, none added)."""
    return [b for b in word_breaks(word, MONO) if b.repeat]


@pytest.mark.parametrize(
    ("word", "at"),
    [
        ("a-b", 2),  # shorter than LEFT_LETTERS + RIGHT_LETTERS, no pyphen point: still breaks
        ("abcd-x", 5),  # a hyphen one before the end
        ("modro-k", 6),
        ("e-mailem", 2),  # a hyphen right after the first letter
        ("-modro-zelená", 7),  # a leading hyphen is no break, the inner one is
        ("kdo-žX", 4),  # only punctuation is stripped before "ž" is judged an enclitic
    ],
)
def test_a_word_own_hyphen_anywhere_inside_it_is_a_break(word, at):
    assert _own(word) == [WordBreak(at, at * EM, 0.0, EM)]


def test_a_short_word_with_its_own_hyphen_has_just_that_break():
    assert word_breaks("a-b", MONO) == (WordBreak(2, 2 * EM, 0.0, EM),)
    assert word_breaks("abcd-x", MONO) == (WordBreak(5, 5 * EM, 0.0, EM),)


def test_a_font_may_have_any_name():
    """A paragraph in a font registered as "XXXX" is one style throughout, like any other."""
    if "XXXX" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("XXXX", str(MONO_FONT)))
    prepared = prepare([Run("a b", "XXXX"), Run(" c", MONO)])
    a, b, c = prepared.styles
    assert a == b != c
