"""Czech word breaks and paragraph ends a proof-reader passes (issue 18)."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

import cards.typeset.cost as cost
from cards.build import build_pdf
from cards.layout import load_layout
from cards.source.library import read_compendium
from cards.typeset import ParagraphSetting, prepare, set_lines
from cards.typeset.czech import (
    Exceptions,
    ExceptionsError,
    core_positions,
    exceptions,
    hyphenation_points,
    parse_exceptions,
    pattern_positions,
)
from cards.typeset.normalise import normalise
from cards.typeset.words import Piece, Run, WordBreak, word_breaks
from tests.support.fonts import BOLD, MONO, MONO_FONT, SERIF
from tests.support.fonts import MONO_EM as EM
from tests.support.typeset import mono_lines

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("bench_words", ROOT / "bench" / "bench_words.py")
bench_words = sys.modules.setdefault("bench_words", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(bench_words)
NONE = Exceptions({}, {}, 0)  # no exceptions: pyphen's patterns and the prefix rule alone


@pytest.mark.parametrize("wrong", bench_words.WRONG_BREAKS)
def test_a_listed_wrong_break_is_no_hyphenation_point(wrong):
    """Every break of the list a Czech reader stops at ("neu-spěje") is not a point."""
    head, tail = wrong.split("-")
    assert len(head) not in hyphenation_points(head + tail)


def test_the_prefix_rule_drops_a_break_one_letter_after_a_prefix_before_a_vowel():
    """ "neu-spěl", "zaú-točil", "neo-slepl": pyphen has the point, the rule drops it."""
    for word, point in (("neuspěl", 3), ("zaútočil", 3), ("neoslepl", 3), ("bezohledný", 4)):
        assert point in pattern_positions(word)
        assert point not in core_positions(word, NONE)
    assert 2 in core_positions("neuspěl", NONE)  # "ne-uspěl" stays


def test_the_prefix_rule_keeps_the_prefixes_own_e():
    """ "roze-hnat", "ode-mkne" keep the break after the prefix's own e."""
    assert 4 in core_positions("rozehnat", NONE)
    assert 3 in core_positions("odemkne", NONE)


def test_an_exception_word_gives_its_points_and_a_stem_holds_inside_it():
    """An entry replaces pyphen's points; a stem's hold inside it, pyphen's after it."""
    table = parse_exceptions("# comment\nne-ús-pě-chu\npo-už*\n")
    assert core_positions("neúspěchu", table) == [2, 4, 6]
    assert core_positions("Neúspěchu", table) == [2, 4, 6]  # matched lower-cased
    assert pattern_positions("použiješ") == [2, 3, 5]  # "pou-" too
    assert core_positions("použiješ", table) == [2, 5]
    assert core_positions("použiješ", NONE) == [2, 3, 5]


def test_the_shipped_exceptions_are_read():
    """layouts/hyphenation.txt is shipped and read: okamžitě breaks "okam-žitě"."""
    assert "okamžit" in exceptions().stems
    assert hyphenation_points("okamžitě") == (4,)


def test_a_bad_exception_line_is_named():
    """A line that is not a lower-case word with hyphens names the file and the line."""
    with pytest.raises(ExceptionsError, match=r"^x.txt:2: má být slovo malými písmeny"):
        parse_exceptions("ne-ús-pě-chu\nNe 2\n", "x.txt")


def test_li_z_s_never_begin_a_line():
    """ "Sešleš-li", "tentýž-ž"… never break at their own hyphen; "modro-zelený" does."""
    assert [b.at for b in word_breaks("Sešleš-li", SERIF) if not b.hyphen] == []
    assert [b.at for b in word_breaks("Sešleš-li,", SERIF) if not b.hyphen] == []
    assert [b.at for b in word_breaks("co-s", SERIF) if not b.hyphen] == []
    assert 6 in [b.at for b in word_breaks("modro-zelený", SERIF) if not b.hyphen]


@pytest.mark.parametrize(
    ("text", "chars"),
    [
        ("Cíl má výhodu k ověřením Charismatu.", 28),
        ("Kouzlo nepůsobí na nemrtvé ani výtvory.", 33),
        ("a cíl ukončí toto kouzlo předčasně.", 30),
    ],
)
def test_no_paragraph_ends_on_a_words_tail_alone(text, chars):
    """ "…ověřením Cha-" / "rismatu." is set "…ověřením" / "Charismatu."."""
    lines = mono_lines(text, chars)
    assert not lines[-2].endswith("-")


def test_no_paragraph_ends_on_a_tail_even_where_a_line_gapes_instead():
    """Nezranitelnost's "…veškerému zra-" / "nění." is never set, at any width the whole
    last word fits: not even where keeping it whole leaves a loose line above (issue 35).
    Only a word wider than the line may leave its tail on the last line."""
    text = "Po dobu trvání kouzla jsi imunní vůči veškerému zranění."
    for chars in range(9, 40):
        lines = mono_lines(text, chars)
        assert not (lines[-2].endswith("-") and " " not in lines[-1]), (chars, lines)
    lines = mono_lines("ab nejrůznějších", 10)  # 13 letters on a line of 10
    assert lines == ["ab nejrůz-", "nějších"]


def test_no_last_line_under_two_ems(monkeypatch):
    """ "3." alone is not a last line: the word before it goes along."""
    text = "Cíl si hodí záchranný hod na Moudrost 3."
    assert mono_lines(text, 36)[-1] == "rost 3."
    monkeypatch.setattr(cost, "SHORT_LAST_DEMERITS", 0)
    assert mono_lines(text, 36)[-1] == "3."


def test_flush_left_lines_never_stretch_and_never_take_more_lines():
    """flush_left: ragged (spaces never wider), no more lines than justified text."""
    text = (
        "Pokud sešleš toto kouzlo s použitím pozice 3. nebo vyšší úrovně, zranění se zvýší o 1k6."
    )
    for chars in range(18, 40):
        flush = set_lines(
            prepare([Run(text, MONO)]),
            ParagraphSetting(chars * 6.0205078125 + 1e-6, 10, flush_left=True),
        )
        justified = set_lines(
            prepare([Run(text, MONO)]), ParagraphSetting(chars * 6.0205078125 + 1e-6, 10)
        )
        assert all(line.word_space <= 1e-9 for line in flush)
        assert len(flush) <= len(justified)
    ragged = mono_lines(text, 30, flush_left=True)
    assert any(len(line) < 29 for line in ragged[:-1])  # some lines end short: flush-left


def test_flush_left_lines_narrow_their_glyphs_before_falling_back_to_justified():
    """With `expansion`, a panel that ragged would take a line more is broken as if 2 %
    wider and set with its glyphs narrowed (never stretched spaces), not justified."""
    text = (
        "Pokud sešleš toto kouzlo s použitím pozice 3. nebo vyšší úrovně, zranění se zvýší"
        " o 1k6 za každou úroveň pozice nad 2."
    )
    prepared = prepare([Run(text, SERIF)])
    assert (
        len(set_lines(prepared, ParagraphSetting(188, 7, flush_left=True))) == 3
    )  # ragged, not narrowed
    narrowed = set_lines(prepared, ParagraphSetting(188, 7, flush_left=True, expansion=0.02))
    assert len(narrowed) == len(set_lines(prepared, ParagraphSetting(188, 7, expansion=0.02))) == 2
    assert all(line.word_space <= 1e-9 for line in narrowed)
    assert any(line.scale < 1 for line in narrowed)
    assert all(line.scale >= 0.98 - 1e-9 for line in narrowed)
    assert " ".join(line.text for line in narrowed) == text


def test_flush_left_text_never_ends_on_a_tail_alone():
    """The line-by-line breaker of flush-left text keeps the last word whole."""
    lines = mono_lines("Cíl má výhodu k ověřením Charismatu.", 16, flush_left=True)
    assert lines == ["Cíl má výhodu", "k ověřením", "Charismatu."]


def test_a_minus_before_a_digit_is_the_minus_sign_glued_to_its_word():
    """ "postih –2", "| -5 |" -> U+2212 (glued softly: test_paragraph_ends); ranges stay."""
    assert normalise("utrpí postih –2 k OČ") == "utrpí postih \u22122 k OČ"
    assert normalise("-5") == "\u22125"
    assert normalise("(–2)") == "(\u22122)"
    assert normalise("2 - 6") == "2\u20136"
    assert normalise("Bigby's hand") == "Bigby\u2019s hand"


@pytest.fixture(scope="module")
def compendium_figures(tmp_path_factory):
    """The compendium on poker, one card per page, read back as bench/bench_words.py does."""
    path = tmp_path_factory.mktemp("words") / "none.pdf"
    build_pdf(read_compendium().spells, path, layout="poker", sheet="none")
    return bench_words.figures(path, load_layout("poker"))


@pytest.mark.slow
def test_the_compendium_prints_no_listed_wrong_break(compendium_figures):
    """None of the breaks a Czech reader stops at is printed, nor a line opening "-li"."""
    assert compendium_figures["wrong breaks"] == 0
    assert compendium_figures["enclitic starts"] == 0


@pytest.mark.slow
def test_the_compendium_has_few_tails_alone_and_short_last_lines(compendium_figures):
    """Paragraph ends: no tail alone (from 60; the last one, Zlepši vlastnost's, is set as
    two ragged lines: totalfit.ragged_pair) and no more than 10 last lines under 2 em (from
    25)."""
    assert compendium_figures["paragraphs"] > 1300
    assert compendium_figures["fragment ends"] == 0
    assert compendium_figures["short last lines"] <= 10


def test_a_higher_levels_panel_is_set_flush_left():
    """The panel of Ohnivá koule on poker: its lines never stretch their spaces, some end short."""
    from cards.face import TextLine
    from cards.fit import fit
    from cards.select import find_spell

    layout = load_layout("poker")
    spell = find_spell(read_compendium().spells, "Ohnivá koule")
    left = layout.safe_margin
    panel = [
        item
        for face in fit(spell, layout).faces
        for item in face.items
        if isinstance(item, TextLine) and item.role == "body" and item.x > left + 1
    ]
    assert len(panel) >= 2
    assert all(item.line.word_space <= 1e-9 for item in panel)


# ------------------------------------------------------------------------------------------
# Words (cards/typeset/words.py): tests written to kill what mutation runs (bench/mutation.py)
# of czech.py and words.py left alive: the dice pattern, enclitics after a word's own hyphen,
# its breaks measured, the values frozen. Oracles by hand (the mono font's glyphs are all 0.602 em).


def test_a_counted_word_stays_whole_but_an_adjective_after_dice_may_break():
    """ "1 minuta" never breaks as "1 mi-"; in "8k8 psychického" the adjective may."""
    prepared = prepare([Run("Utrpí 8k8 psychického zranění, 1 minuta trvá.", "Helvetica")])
    last_words = [prepared.words[end] for end in prepared.ends]
    whole = dict(zip(last_words, prepared.whole, strict=True))
    assert whole["minuta"] is True
    assert whole["psychického"] is False


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
