"""Tests for cards.typeset: Czech hyphenation, glued spaces, justification, lossless lines."""

import weakref
from pathlib import Path

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cards.typeset import (
    ParagraphSetting,
    Run,
    TypesetContext,
    cost,
    hyphenation_points,
    line_splits,
    line_text,
    prepare,
    set_lines,
    totalfit,
)
from cards.typeset.czech import pattern_positions as patterns
from cards.typeset.words import word_breaks
from tests.support.examples import examples
from tests.support.fonts import BOLD, MONO, MONO_EM, SERIF
from tests.support.pdfread import open_pdf
from tests.support.typeset import WIDTHS, mono_lines

CZ = pyphen.Pyphen(lang="cs_CZ", left=2, right=3)
ONE_LETTER = set("kKsSvVzZoOuUaAiI")
COLUMN = 51 * mm
SIZE = 7.5

AGANAZZAR = (
    "V libovolném směru od tebe se zažehne ohnivý proud, dlouhý 6 sáhů a široký 1 sáh. "
    "Každý tvor, zasažený tímto proudem, si musí hodit záchranný hod na Obratnost. "
    "Zasažený tvor utrpí 3k8 ohnivého zranění, nebo poloviční zranění při úspěšném "
    "záchranném hodu. Sešleš-li toto kouzlo použitím pozice kouzla 3. či vyšší úrovně, "
    "za každou další úroveň pozice nad 2. se zranění zvýší o 1k8. Vyzařuje z tebe léčivá "
    "energie v auře o poloměru 6 sáhů. Můžeš použít bonusovou akci a jednomu tvorovi "
    "v auře (včetně sebe) pomocí ní obnovit 2k6 životů, 1k4 + 3 nebo 2k6 + 4 a diamant "
    "v hodnotě aspoň 50 zl. Trvá 1 minuta nebo 10 minut, dosah 3 sáhy, kouzla 2. úrovně, "
    "bonus +5 ke hodu "
    "i u k s z a o nejrůznějších nepředvídatelných okolností."
)


def _words(text: str) -> list[str]:
    return text.replace("\u00a0", " ").split()


def _all_lines(text: str = AGANAZZAR, font: str = SERIF):
    prepared = prepare([Run(text, font)])
    for width in WIDTHS:
        yield width, set_lines(prepared, ParagraphSetting(width, SIZE))


def _draw_and_read(line, out: Path) -> list[dict]:
    """Draw one line as the module docstring says, at x = 20, and read its glyphs back."""
    canvas = Canvas(str(out), invariant=1)
    text = canvas.beginText()
    text.setWordSpace(line.word_space)
    for run in line.runs:
        text.setTextOrigin(20 + run.x, 700)
        text.setFont(run.font, SIZE)
        text.textOut(run.text)
    canvas.drawText(text)
    canvas.save()
    with open_pdf(out) as pdf:
        return pdf.pages[0].chars


def test_word_space_widens_spaces_of_reportlab_ttf_subsets(tmp_path):
    """Drawing runs with setWordSpace puts the last glyph at the justified line end."""
    lines = set_lines(
        prepare([Run("Žluťoučký kůň", BOLD), Run(" " + AGANAZZAR, SERIF)]),
        ParagraphSetting(COLUMN, SIZE),
    )
    line = lines[0]
    assert line.word_space > 0.5 and len(line.runs) == 2
    chars = _draw_and_read(line, tmp_path / "line.pdf")
    assert "".join(c["text"] for c in chars) == line.text
    assert chars[-1]["x1"] - 20 == pytest.approx(COLUMN, abs=0.01)


def test_negative_word_space_narrows_spaces_in_the_pdf(tmp_path):
    """A shrunk line, drawn, ends at the column edge too."""
    width, line = next(
        (width, line) for width, lines in _all_lines() for line in lines if line.word_space < 0
    )
    chars = _draw_and_read(line, tmp_path / "line.pdf")
    assert "".join(c["text"] for c in chars) == line.text
    assert chars[-1]["x1"] - 20 == pytest.approx(width, abs=0.01)


def test_hyphenation_points_come_from_czech_pyphen_with_2_before_3_after():
    """Points are pyphen's, at least 2 letters in and 3 letters from the end."""
    assert hyphenation_points("nejrůznějších") == (3, 6, 9)
    assert hyphenation_points("záchranný") == (2,)  # "zá-chran-ný": "ný" is too short
    assert hyphenation_points("zranění.") == (3,)  # the full stop is not a letter


def test_hyphenation_points_equal_pyphen_for_every_compendium_word():
    """The fast pattern matcher agrees with pyphen on the whole compendium vocabulary.

    (`pattern_positions` is pyphen's; the exceptions and the prefix rule come on top of it.)
    """
    text = (Path(__file__).resolve().parents[3] / "data" / "kouzla.txt").read_text("utf-8")
    words = {w for w in text.split() if w.isalpha() and not any(c.isupper() for c in w[1:])}
    assert len(words) > 5000
    differ = [w for w in words if list(hyphenation_points(w, patterns)) != CZ.positions(w)]
    assert differ == []


def test_hyphenation_points_skip_digits_and_inner_capitals():
    """Words with a digit or an inner capital have no hyphenation points."""
    assert hyphenation_points("nejrůznějších2") == ()
    assert hyphenation_points("JaDnejrůznějších") == ()
    assert hyphenation_points("Nejrůznějších") == (3, 6, 9)


def test_hyphenated_line_ends_are_pyphen_points_with_enough_letters():
    """Every inserted hyphen at every width sits at a pyphen point of the word."""
    seen = 0
    for _, lines in _all_lines():
        for line, following in zip(lines, lines[1:], strict=False):
            if not line.hyphenated:
                continue
            seen += 1
            left = line.text[:-1].split(" ")[-1]
            right = following.text.split(" ")[0]
            word = (left + right).strip(".,()")
            cut = len(left.lstrip("("))
            assert cut in CZ.positions(word), (left, right)
            assert cut >= 2 and len(word) - cut >= 3
    assert seen > 10


def test_hyphenation_takes_the_longest_part_that_fits_with_its_hyphen():
    """ "nej-růz-něj-ších" after "ab " breaks at the last point whose part and hyphen fit."""
    assert mono_lines("ab nejrůznějších xy", 10) == ["ab nejrůz-", "nějších xy"]
    assert mono_lines("ab nejrůznějších xy", 13) == ["ab nejrůzněj-", "ších xy"]


def test_line_width_is_what_reportlab_measures_for_its_text():
    """Natural widths, hyphen included, equal stringWidth of the drawn text."""
    for _, lines in _all_lines():
        for line in lines:
            assert line.width == pytest.approx(pdfmetrics.stringWidth(line.text, SERIF, SIZE))


def test_hyphen_width_is_measured():
    """A part that fits only without its hyphen is not taken."""
    # "ab nejrůz" is 9 characters, "ab nejrůz-" is 10.
    assert mono_lines("ab nejrůznějších", 9) == ["ab nej-", "různěj-", "ších"]


def test_word_with_digit_is_never_hyphenated():
    """A word containing a digit that fits a line goes whole onto the next one."""
    lines = set_lines(
        prepare([Run("ab 1234567890x1234", MONO)]), ParagraphSetting(16 * 10 * MONO_EM, 10)
    )
    assert [line.text for line in lines] == ["ab", "1234567890x1234"]
    assert not any(line.overfull or line.forced for line in lines)


def test_a_word_wider_than_the_line_is_broken_as_a_last_resort_with_a_hyphen():
    """No line sticks out: a word with no hyphenation point is cut where the line ends."""
    lines = set_lines(
        prepare([Run("ab 1234567890x1234", MONO)]), ParagraphSetting(6 * 10 * MONO_EM, 10)
    )
    assert [line.text for line in lines] == ["ab", "12345-", "67890-", "x1234"]
    assert [line.forced for line in lines] == [False, True, True, False]
    assert not any(line.overfull for line in lines)
    assert line_text(lines) == "ab 1234567890x1234"


def test_a_url_breaks_after_a_slash_or_a_dot_without_a_hyphen():
    """A URL wider than the line breaks after "/" or "." where it can, adding nothing."""
    url = "https://www.dndbeyond.com/spells/fireball"
    lines = set_lines(prepare([Run(url, MONO)]), ParagraphSetting(18 * 10 * MONO_EM, 10))
    assert [line.text for line in lines] == ["https://www.", "dndbeyond.com/", "spells/fireball"]
    assert line_text(lines) == url


def test_glued_words_wider_than_the_line_break_at_a_glued_space_first():
    """A unit of glued words ("a a 01−05 x") too wide for a line breaks between its words."""
    text = "a a a a a a a a 01−05 nepřátelský"
    lines = set_lines(prepare([Run(text, MONO)]), ParagraphSetting(20 * 10 * MONO_EM, 10))
    assert [line.text for line in lines] == ["a a a a a a a a", "01−05 nepřátelský"]
    assert not any(line.overfull for line in lines)
    assert line_text(lines) == text


def test_word_broken_at_its_own_hyphen_repeats_it_on_the_next_line():
    """ "Sešleš-lo" breaks as "Sešleš-" / "-lo" (ČSN 01 6910); no hyphen is added or lost."""
    lines = set_lines(
        prepare([Run("ab Sešleš-lo xy", MONO)]), ParagraphSetting(10 * 10 * MONO_EM, 10)
    )
    assert [line.text for line in lines] == ["ab Sešleš-", "-lo xy"]
    assert not lines[0].hyphenated and lines[0].split_word and not lines[0].repeated_hyphen
    assert lines[1].repeated_hyphen and not lines[1].split_word
    assert line_text(lines) == "ab Sešleš-lo xy"


def test_repeated_hyphen_is_measured_with_its_line():
    """ "-lo abcd" is 8 characters: set at 8, never at 7, though "li abcd" would fit 7."""
    assert mono_lines("Sešleš-lo abcd ef", 8) == ["Sešleš-", "-lo abcd", "ef"]
    assert all(len(line) <= 7 for line in mono_lines("Sešleš-lo abcd ef", 7))
    lines = set_lines(
        prepare([Run("Sešleš-lo abcd ef", MONO)]), ParagraphSetting(8 * 10 * MONO_EM + 1e-6, 10)
    )
    assert lines[1].width == pytest.approx(8 * 10 * MONO_EM)


def test_repeated_hyphen_is_drawn_in_the_font_of_the_word_and_moves_later_runs():
    """The repeated hyphen opens the word's run; a run after it starts where "-lo " ends."""
    runs = [Run("ab Sešleš-lo ", MONO), Run("cd", SERIF)]
    lines = set_lines(prepare(runs), ParagraphSetting(10 * 10 * MONO_EM + 1e-6, 10))
    assert [(r.text, r.font) for r in lines[1].runs] == [("-lo ", MONO), ("cd", SERIF)]
    assert lines[1].runs[1].x == pytest.approx(4 * 10 * MONO_EM)
    assert line_text(lines) == "ab Sešleš-lo cd"


def test_break_at_a_words_own_hyphen_counts_as_a_hyphenated_line():
    """Lines ending at a word's own hyphen ("Sešleš-") count in the run of hyphenated lines."""
    text = "nejrůznějších Sešleš-lo Sešleš-lo Sešleš-lo Sešleš-lo ab cd ef gh ij kl"
    for chars in range(10, 16):
        ends = [line.endswith("-") for line in mono_lines(text, chars)]
        assert not any(all(ends[i : i + 3]) for i in range(len(ends) - 2)), chars
    # Without the two hyphens before it, that line would have ended at "Sešleš-".
    assert mono_lines("ších Sešleš-lo Sešleš-lo ab cd ef gh ij kl", 12)[1] == "-lo Sešleš-"


def test_no_more_than_two_hyphenated_lines_in_a_row():
    """Long words at a narrow width never give three hyphen endings in a row."""
    text = " ".join(["nejrůznějších nepředvídatelných"] * 4)
    ends = [line.endswith("-") for line in mono_lines(text, 16)]
    assert sum(ends) >= 4
    assert not any(all(ends[i : i + 3]) for i in range(len(ends) - 2))


def test_no_word_is_broken_when_hyphenation_is_off():
    """hyphenate=False never ends a line inside a word; a too wide word is overfull."""
    lines = set_lines(
        prepare([Run("ab nejrůznějších Sešleš-lo", MONO)]),
        ParagraphSetting(10 * 10 * MONO_EM, 10, hyphenate=False),
    )
    assert [line.text for line in lines] == ["ab", "nejrůznějších", "Sešleš-lo"]
    assert [line.overfull for line in lines] == [False, True, False]
    prepared = prepare([Run(AGANAZZAR, SERIF)])
    for width in WIDTHS:
        lines = set_lines(prepared, ParagraphSetting(width, SIZE, hyphenate=False))
        assert not any(line.split_word for line in lines)
        assert len(line_splits(prepared, ParagraphSetting(width, SIZE, hyphenate=False))) == len(
            lines
        )


def test_capitalised_word_is_hyphenated():
    """Czech practice allows hyphenating a capitalised word."""
    assert mono_lines("ab Nejrůznějších", 10) == ["ab Nejrůz-", "nějších"]


def test_no_one_letter_preposition_or_conjunction_ends_a_line():
    """k s v z o u a i and capitals never end a line, unless nothing else fits (`forced`)."""
    for width, lines in _all_lines():
        for line in lines:
            if line.forced:  # a glued unit wider than the line: broken as a last resort
                continue
            last = line.text.split(" ")[-1].lstrip("(")
            assert last not in ONE_LETTER, (width, line.text)


def test_one_letter_word_moves_to_the_next_line_with_its_word():
    """ "a" that would fit at the end goes down with the following word."""
    assert mono_lines("abc def a ghijkl", 9) == ["abc def", "a ghijkl"]
    assert mono_lines("abc def (v ghijkl", 9) == ["abc def", "(v ghijkl"]


def test_glued_space_stretches_like_the_others():
    """A line holding a glued space spreads the extra width over every space."""
    text = "abc v ghi jkl mnopqrstu"
    lines = set_lines(prepare([Run(text, MONO)]), ParagraphSetting(15 * 10 * MONO_EM, 10))
    first = lines[0]
    assert first.text == "abc v ghi jkl"
    assert first.word_space == pytest.approx(2 * 10 * MONO_EM / 3)


@pytest.mark.parametrize(
    "unit",
    [
        "6 sáhů",
        "50 zl",
        "2. úrovně",
        "1 minuta",
        "10 minut",
        "3 sáhy",
        "3k8",
        "1k4 + 3",
        "2k6 + 4",
        "+5 ke",
    ],
)
def test_number_and_what_it_counts_and_dice_stay_on_one_line(unit):
    """No width separates a number from its word or splits dice notation.

    The counted word itself may be hyphenated at a high cost ("1 mi-" / "nuta"): the number
    keeps the word's first part.
    """
    number, _, word = unit.partition(" ")
    head = unit if not word[:1].isalpha() else f"{number} {word[:2]}"
    for width, lines in _all_lines():
        texts = [line.text for line in lines]
        assert any(head in t for t in texts), (width, unit, texts)


def test_number_at_clause_end_is_not_glued():
    """ "6," ends a clause: the next word may go to the next line."""
    assert mono_lines("abcd 6, efghij", 8) == ["abcd 6,", "efghij"]


def test_counted_word_is_hyphenated_only_at_a_high_cost_but_the_word_after_dice_may_be():
    """ "1 mi-nutami" costs COUNTED_HYPHEN_PENALTY; "8k8 psy-chického" (an adjective) a hyphen."""
    prepared = prepare([Run("ab 1 minutami 8k8 psychického", MONO)])
    breaks = totalfit.paragraph_breaks(prepared, True, word_breaks)
    penalties = {
        (prepared.words[breaks.word[j]], breaks.penalty[j])
        for j in range(len(breaks))
        if breaks.hyphen[j]
    }
    assert penalties == {("minutami", cost.COUNTED_HYPHEN_PENALTY), ("psychického", 0.0)}
    assert mono_lines("ab 1 minutami", 14) == ["ab 1 minutami"]
    assert "2. úrovněmi" in mono_lines("bonus ke hodu na 2. úrovněmi kouzla pro tvory", 12)
    assert mono_lines("ab 8k8 psychického", 12) == ["ab 8k8 psy-", "chického"]


def test_a_dash_never_starts_a_line():
    """A dash between words stays at the end of the line, with the word before it."""
    assert mono_lines("abcd efgh – ijkl", 10) == ["abcd", "efgh –", "ijkl"]
    assert mono_lines("abcd efgh – ijkl", 13) == ["abcd efgh –", "ijkl"]


def test_number_at_sentence_end_is_not_glued_but_an_ordinal_is():
    """ "40." before a capital ends a sentence; "2." before a small letter stays with it."""
    assert mono_lines("abcd 40. Efghij", 9) == ["abcd 40.", "Efghij"]
    assert mono_lines("abcd 2. úrovně", 9) == ["abcd", "2. úrovně"]


def test_source_non_breaking_space_is_respected_and_drawn_as_a_space():
    """U+00A0 keeps its words together and is drawn as an ordinary space."""
    lines = mono_lines("abcd efg\u00a0hijk", 10)
    assert lines == ["abcd", "efg hijk"]


def _drawn(line) -> float:
    """Return the width of a line as drawn: natural width plus its word spacing."""
    return line.width + line.text.count(" ") * line.word_space


def test_justified_lines_fill_the_width_and_the_last_is_natural():
    """Every line with word spacing ends exactly at the column edge; none passes it."""
    for width, lines in _all_lines():
        for line in lines:
            if line.word_space:
                assert _drawn(line) == pytest.approx(width)
            assert (_drawn(line) > width) if line.overfull else (_drawn(line) <= width + 1e-6)
        assert lines[-1].word_space <= 0


def test_spaces_shrink_to_no_less_than_80_percent():
    """A justified line may shrink its spaces, by at most a fifth of their width."""
    space = pdfmetrics.stringWidth(" ", SERIF, SIZE)
    shrunk = [line.word_space for _, lines in _all_lines() for line in lines if line.word_space < 0]
    assert shrunk
    assert min(shrunk) >= -0.2 * space - 1e-9


def test_a_line_shrinks_rather_than_stretch_much_more():
    """Six spaces shrink by 5/6 of their limit rather than stretch 1.2 times their limit."""
    lines = set_lines(
        prepare([Run("ab cd ef gh ij kl mno pqrs", MONO)]), ParagraphSetting(20 * 10 * MONO_EM, 10)
    )
    assert lines[0].text == "ab cd ef gh ij kl mno"
    assert lines[0].word_space == pytest.approx(-10 * MONO_EM / 6)


def test_a_line_stretches_rather_than_shrink_past_the_limit():
    """One space cannot absorb a whole character: the word goes to the next line."""
    lines = mono_lines("abcdefg hijkl mno", 12)
    assert lines == ["abcdefg", "hijkl mno"]


def test_most_lines_are_justified():
    """Left-aligned lines are the exception (single units), not the rule."""
    lines = set_lines(prepare([Run(AGANAZZAR, SERIF)]), ParagraphSetting(COLUMN, SIZE))
    assert sum(line.word_space != 0 for line in lines[:-1]) >= len(lines) - 2


def test_single_unit_line_is_left_aligned():
    """A line holding only a glued unit is not stretched."""
    lines = set_lines(
        prepare([Run("abcdef 2k6 + 4, ghijklm", MONO)]), ParagraphSetting(10 * 10 * MONO_EM, 10)
    )
    assert [line.text for line in lines] == ["abcdef", "2k6 + 4,", "ghijklm"]
    assert lines[1].word_space == 0


def test_ragged_when_not_justified():
    """justify=False leaves every line at its natural width, within the column."""
    lines = set_lines(
        prepare([Run(AGANAZZAR, SERIF)]), ParagraphSetting(COLUMN, SIZE, justify=False)
    )
    assert all(line.word_space == 0 and line.width <= COLUMN for line in lines)


def test_too_wide_units_are_broken_as_a_last_resort_and_marked_forced():
    """At a tiny width nothing is lost and nothing sticks out; lines broken anyhow say so."""
    lines = set_lines(prepare([Run(AGANAZZAR, SERIF)]), ParagraphSetting(6 * mm, SIZE))
    assert any(line.forced for line in lines)
    assert not any(line.overfull for line in lines)
    assert all(line.width <= 6 * mm + 1e-6 for line in lines)
    assert line_text(lines) == " ".join(_words(AGANAZZAR))


def test_without_hyphenation_a_too_wide_word_sticks_out_marked_overfull():
    """hyphenate=False (names, stats: the caller retries) never cuts a word: overfull instead."""
    lines = set_lines(
        prepare([Run(AGANAZZAR, SERIF)]), ParagraphSetting(6 * mm, SIZE, hyphenate=False)
    )
    assert any(line.overfull for line in lines)
    assert all(line.width > 6 * mm for line in lines if line.overfull)
    assert line_text(lines) == " ".join(_words(AGANAZZAR))


def test_text_is_not_parsed_as_markup():
    """ "<", ">", "&" and quotes appear as written."""
    text = 'a <b>tučně</b> & "uvozovky" „české“ 5 > 3'
    lines = set_lines(prepare([Run(text, SERIF)]), ParagraphSetting(COLUMN, SIZE))
    assert line_text(lines) == text


def test_runs_keep_their_fonts_and_positions_include_word_space():
    """A bold run-in heading then regular text: each run starts where the previous ended."""
    heading = "Na vyšších úrovních."
    lines = set_lines(
        prepare([Run(heading + " ", BOLD), Run(AGANAZZAR, SERIF)]), ParagraphSetting(COLUMN, SIZE)
    )
    first = lines[0]
    bold, regular = first.runs
    assert (bold.font, regular.font) == (BOLD, SERIF)
    assert bold.text == heading + " "
    natural = pdfmetrics.stringWidth(bold.text, BOLD, SIZE)
    assert regular.x == pytest.approx(natural + 3 * first.word_space)


def test_space_between_runs_takes_the_font_of_the_run_it_is_in():
    """The space after a bold heading, written in the regular run, is measured regular."""
    prepared = prepare([Run("Akce.", BOLD), Run(" Text", SERIF)])
    line = set_lines(prepared, ParagraphSetting(COLUMN, SIZE))[0]
    expected = pdfmetrics.stringWidth("Akce.", BOLD, SIZE) + pdfmetrics.stringWidth(
        " Text", SERIF, SIZE
    )
    assert line.width == pytest.approx(expected)
    assert [r.text for r in line.runs] == ["Akce.", " Text"]


def test_indents_narrow_the_lines_and_shift_the_runs():
    """first_indent applies to the first line, indent to the others."""
    prepared = prepare([Run(AGANAZZAR, SERIF)])
    lines = set_lines(prepared, ParagraphSetting(COLUMN, SIZE, indent=8, first_indent=3))
    assert lines[0].runs[0].x == 3
    assert all(line.runs[0].x == 8 for line in lines[1:])
    assert _drawn(lines[0]) == pytest.approx(COLUMN - 3)
    assert all(_drawn(line) <= COLUMN - 8 + 1e-6 for line in lines[1:])


def test_lines_scale_with_size():
    """Breaking at twice the size in twice the width gives the same lines, twice as wide."""
    prepared = prepare([Run(AGANAZZAR, SERIF)])
    small = set_lines(prepared, ParagraphSetting(COLUMN, SIZE))
    large = set_lines(prepared, ParagraphSetting(2 * COLUMN, 2 * SIZE))
    assert [line.text for line in small] == [line.text for line in large]
    assert large[0].width == pytest.approx(2 * small[0].width)


def test_word_across_runs_keeps_both_fonts_and_stays_whole():
    """A word whose first letters are bold is one word: one space each side, never split."""
    prepared = prepare([Run("ab Nej", BOLD), Run("různějších cd", SERIF)])
    lines = set_lines(prepared, ParagraphSetting(COLUMN, SIZE))
    assert [(r.text, r.font) for r in lines[0].runs] == [("ab Nej", BOLD), ("různějších cd", SERIF)]
    narrow = set_lines(prepared, ParagraphSetting(12 * mm, SIZE))
    assert line_text(narrow) == "ab Nejrůznějších cd"
    assert any(line.text == "Nejrůznějších" for line in narrow)


def test_line_splits_agree_with_set_lines():
    """line_splits gives each set line's split_word, at every width, hyphenated or not.

    No context: nothing is cached, so each side breaks the paragraph on its own.
    """
    prepared = prepare([Run(AGANAZZAR, SERIF)])
    seen = set()
    for width in WIDTHS:
        for hyphenate in (True, False):
            lines = set_lines(
                prepared, ParagraphSetting(width, SIZE, indent=4, hyphenate=hyphenate)
            )
            expected = tuple(line.split_word for line in lines)
            assert (
                line_splits(prepared, ParagraphSetting(width, SIZE, indent=4, hyphenate=hyphenate))
                == expected
            )
            seen.update(expected)
    assert seen == {True, False}


def test_prepared_paragraph_is_not_kept_once_unused():
    """prepare's cache holds a paragraph only while it is in use: its cached lines go with it."""
    prepared = prepare([Run("Zcela jedinečný odstavec, který nikdo jiný nepoužije.", SERIF)])
    set_lines(prepared, ParagraphSetting(40 * mm, SIZE))
    gone = weakref.ref(prepared)
    del prepared
    assert gone() is None


def test_a_context_keeps_one_prepared_paragraph_per_text():
    """Equal texts give one prepared paragraph per context; another context has its own."""
    context = TypesetContext()
    first = context.paragraph(AGANAZZAR, SERIF)
    assert context.paragraph(AGANAZZAR, SERIF) is first
    assert context.paragraph(AGANAZZAR, SERIF, "Nadpis.", BOLD) is not first
    assert TypesetContext().paragraph(AGANAZZAR, SERIF) is not first


def test_a_context_keeps_a_short_recurring_paragraph_across_spells():
    """A stat's value ("1 akce") is prepared and set once a build: forgetting a spell's
    paragraphs keeps it and its lines, but drops a long paragraph and one with a heading."""
    context = TypesetContext()
    short = context.paragraph("1 akce", SERIF)
    lines = set_lines(short, ParagraphSetting(COLUMN, SIZE, justify=False), context=context)
    long = context.paragraph(AGANAZZAR, SERIF)
    long_lines = set_lines(long, ParagraphSetting(COLUMN, SIZE), context=context)
    headed = context.paragraph("1 akce", SERIF, "Nadpis.", BOLD)
    context.forget_paragraphs()
    assert context.paragraph("1 akce", SERIF) is short
    assert (
        set_lines(short, ParagraphSetting(COLUMN, SIZE, justify=False), context=context) is lines
    )  # kept too
    assert set_lines(long, ParagraphSetting(COLUMN, SIZE), context=context) is not long_lines
    assert context.paragraph(AGANAZZAR, SERIF) is not long
    assert context.paragraph("1 akce", SERIF, "Nadpis.", BOLD) is not headed


def test_a_context_keeps_set_lines_and_gives_the_same_lines_as_none():
    """Lines set through a context come from its cache the second time, equal to uncached ones."""
    context = TypesetContext()
    prepared = context.paragraph(AGANAZZAR, SERIF)
    lines = set_lines(prepared, ParagraphSetting(COLUMN, SIZE), context=context)
    assert set_lines(prepared, ParagraphSetting(COLUMN, SIZE), context=context) is lines
    assert set_lines(prepared, ParagraphSetting(COLUMN, SIZE)) == lines
    assert set_lines(prepared, ParagraphSetting(COLUMN, SIZE)) is not lines


def test_empty_paragraph_sets_no_lines():
    """White space only gives no lines."""
    assert set_lines(prepare([Run("  \n ", SERIF)]), ParagraphSetting(COLUMN, SIZE)) == ()


WORD = st.text(
    alphabet=st.sampled_from(list("aábcčdďeéěfghiíjklmnňoóprřsštťuúůvxyýzžAKSVZ0123456789-.,(<&+")),
    min_size=1,
    max_size=18,
)
SEPARATOR = st.sampled_from(["", " ", "  ", "\u00a0", "\n", " \u00a0"])
CHUNKS = st.lists(st.tuples(WORD, SEPARATOR, st.booleans()), min_size=1, max_size=40)


@settings(max_examples=examples(200), deadline=None)
@given(chunks=CHUNKS, width=st.floats(min_value=5, max_value=250), size=st.floats(5, 12))
def test_the_breaker_never_loses_a_word(chunks, width, size):
    """Joining the lines gives back every input word, in order, at any width and size."""
    runs = [Run(word + sep, BOLD if bold else SERIF) for word, sep, bold in chunks]
    text = "".join(run.text for run in runs)
    prepared = prepare(runs)
    lines = set_lines(prepared, ParagraphSetting(width, size))
    assert line_text(lines) == " ".join(_words(text))
    assert len(line_splits(prepared, ParagraphSetting(width, size))) == len(lines)


@settings(max_examples=examples(100), deadline=None)
@given(chunks=CHUNKS, width=st.floats(min_value=5, max_value=250), size=st.floats(5, 12))
def test_lines_fit_and_runs_are_placed_where_the_text_ends(chunks, width, size):
    """Every line fits unless marked overfull; each run starts where the previous ends."""
    runs = [Run(word + sep, BOLD if bold else SERIF) for word, sep, bold in chunks]
    for line in set_lines(prepare(runs), ParagraphSetting(width, size)):
        assert line.overfull or _drawn(line) <= width + 1e-6
        for before, run in zip(line.runs, line.runs[1:], strict=False):
            drawn = pdfmetrics.stringWidth(before.text, before.font, size)
            drawn += before.text.count(" ") * line.word_space
            assert run.x == pytest.approx(before.x + drawn)
        last = line.runs[-1]
        end = last.x + pdfmetrics.stringWidth(last.text, last.font, size)
        end += last.text.count(" ") * line.word_space
        assert end == pytest.approx(_drawn(line))
