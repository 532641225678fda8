"""Czech rules (cards/typeset/czech.py): the spaces a line must not break at and the points a
word may be hyphenated at, checked against what a Czech typesetter writes by hand."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cards.errors import CardsError
from cards.inputs import MAX_SETTINGS, InputError
from cards.typeset.czech import (
    ExceptionsError,
    core_positions,
    glued_spaces,
    hyphenation_points,
    parse_exceptions,
    pattern_positions,
    prefix_rule,
    read_exceptions,
)


def _glued(text: str) -> dict[str, str]:
    """The glued spaces of a text as "word before" -> rule."""
    words = text.split()
    return {words[i]: rule for i, rule in glued_spaces(words).items()}


@pytest.mark.parametrize("letter", list("kKsSvVzZoOuUaAiI"))
def test_a_one_letter_preposition_or_conjunction_keeps_the_next_word(letter):
    """ "v domě", "a pak": no line ends after a one-letter word (ČSN 01 6910)."""
    assert _glued(f"jde {letter} domů") == {letter: "letter"}


def test_a_one_letter_word_in_brackets_or_quotes_keeps_the_next_word():
    """ "(v noci)", "„a pak" glue as the bare letters do."""
    assert _glued("jde (v noci) „a pak") == {"(v": "letter", "„a": "letter"}


def test_other_one_letter_words_and_the_last_word_glue_nothing():
    """ "b" is not a Czech one-letter word; a paragraph's last word has no space after it."""
    assert _glued("písmeno b je") == {}
    assert _glued("jde v") == {}


def test_a_number_keeps_its_unit():
    """ "3 sáhy", "+5 k hodu", "−2 k": a number is not torn from what it counts."""
    assert _glued("dosah 3 sáhy") == {"3": "number"}
    assert _glued("získá +5 k hodu") == {"získá": "sign", "+5": "number", "k": "letter"}


def test_a_number_ending_a_clause_or_sentence_glues_nothing():
    """ "3, pak" and "do 3. Pak" end a clause or a sentence: the line may break there."""
    assert _glued("tvorů 3, pak") == {}
    assert _glued("až 3. Pak") == {}
    assert _glued("na 3. úrovni") == {"3.": "number"}


def test_an_operator_between_numbers_is_glued_on_both_sides():
    """ "2k6 + 3": the sum stays on one line."""
    assert _glued("utrpí 2k6 + 3 zranění") == {"2k6": "number", "+": "number", "3": "number"}


def test_a_dash_between_words_never_starts_a_line():
    """ "slovo – další": the space before the dash is glued."""
    assert _glued("světlo – tma") == {"světlo": "dash"}


def test_words_with_digits_are_not_hyphenated():
    """Dice and numbers ("3k8", "120") never break."""
    assert hyphenation_points("3k8") == ()
    assert hyphenation_points("kouzelník") != ()
    assert hyphenation_points("kouzelník20") == ()


@pytest.mark.parametrize(
    "word",
    ["kouzelník", "neobhospodařovávaný", "pravděpodobnost", "zaklínání", "Vrhneš", "soustředění"],
)
def test_hyphenation_leaves_two_letters_before_and_three_after(word):
    """No point closer than 2 letters to the start or 3 to the end; points are inside."""
    points = hyphenation_points(word)
    assert points, word
    assert all(2 <= p <= len(word) - 3 for p in points), (word, points)
    assert list(points) == sorted(set(points))


def test_short_words_and_capitals_are_not_hyphenated():
    """Words under five letters and all-capital words (names, abbreviations) keep whole."""
    assert hyphenation_points("koule") in ((), (2,))  # five letters: at most "ko-ule"
    assert hyphenation_points("kout") == ()
    assert hyphenation_points("ZAKLÍNÁNÍ") == ()


def test_a_compound_with_a_hyphen_breaks_in_each_part_at_its_own_offsets():
    """ "česko-slovenský": the points of each part, counted from the whole word's start."""
    word = "zaklínací-kouzelnický"
    first, second = word.split("-")
    points = hyphenation_points(word)
    offset = len(first) + 1
    assert [p for p in points if p < offset] == list(hyphenation_points(first))
    assert [p - offset for p in points if p > offset] == list(hyphenation_points(second))


def test_prefix_rule_drops_the_point_one_letter_after_a_prefix_before_a_vowel():
    """ "ne-uspěje" not "neu-spěje"; "roze-" keeps its own e ("roz" + "e" is not a vowel start)."""
    assert prefix_rule("neuspěje", [3, 5]) == [5]
    assert prefix_rule("zaostřit", [3, 5]) == [5]
    assert prefix_rule("rozestavět", [4, 6]) == [4, 6]
    assert prefix_rule("kouzlo", [3]) == [3]


def test_load_rules_reads_the_patterns_and_exceptions_before_any_word():
    """Worker processes forked after `load_rules` find the patterns and exceptions read."""
    from cards.typeset import czech

    czech._trie.cache_clear()
    czech.exceptions.cache_clear()
    czech.load_rules()
    assert czech._trie.cache_info().currsize == 1
    assert czech.exceptions.cache_info().currsize == 1
    czech.core_positions("neuspokojivě")
    assert czech._trie.cache_info().misses == 1  # not read again


# ------------------------------------------------------------------------------------------
# Czech rules (cards/typeset/czech.py): tests written to kill what a mutation run left alive.
#
# Oracles by hand: which spaces Czech typography glues (a one-letter preposition or conjunction,
# a number with what follows it, an operator between numbers, the space before a dash) and where
# a word may be hyphenated; and that characters outside those lists trigger no rule.


def test_every_one_letter_word_in_a_line_is_glued_not_only_the_first():
    assert glued_spaces(["a", "šel", "v", "dům", "k", "řece"]) == {
        0: "letter",
        2: "letter",
        4: "letter",
    }


@pytest.mark.parametrize("operator", ["+", "-", "−", "–", "×"])
def test_an_operator_between_numbers_is_glued_with_any_of_five_signs(operator):
    """ "3 − 1", "2 × 3": the expression stays on one line, with any of the five signs."""
    assert glued_spaces(["je", "3", operator, "1", "metr"]) == {
        1: "number",
        2: "number",
        3: "number",
    }


@pytest.mark.parametrize("dash", ["–", "—"])
def test_no_line_starts_with_a_dash_between_words(dash):
    assert glued_spaces(["slovo", dash, "další"]) == {0: "dash"}


def test_a_signed_number_with_letters_after_its_digit_is_still_a_number():
    """ "+1k6 bodů": a sign, a digit, then anything: the space after it is glued (and the one
    before it is the soft "sign" glue: a line may end there only at a price)."""
    assert glued_spaces(["získá", "+1k6", "bodů"]) == {0: "sign", 1: "number"}
    assert glued_spaces(["získá", "±2", "body"]) == {0: "sign", 1: "number"}


def test_a_number_ending_in_a_letter_is_still_a_number_only_punctuation_ends_it():
    assert glued_spaces(["o", "5X", "sáhů"]) == {0: "letter", 1: "number"}
    assert glued_spaces(["o", "5,", "sáhů"]) == {0: "letter"}


def test_a_character_outside_the_lists_triggers_no_rule():
    """X is no preposition, no opening punctuation, no sign, no operator and no dash."""
    assert glued_spaces(["Písmeno", "X", "je"]) == {}
    assert glued_spaces(["slovo", "(Xa", "b"]) == {}  # only brackets and quotes are stripped
    assert glued_spaces(["slovo", "(X5", "b"]) == {}  # X before a digit is no sign
    assert glued_spaces(["3", "X", "1"]) == {0: "number"}  # X between numbers: no operator
    assert glued_spaces(["slovo", "X", "b"]) == {}  # nor a dash


@pytest.mark.parametrize(
    ("word", "points"),
    [("nabídka", (2,)), ("dosahu", (2,)), ("minuta", (2,)), ("sešle", (2,))],
)
def test_two_letters_may_stand_before_a_hyphen(word, points):
    """ "na-bídka", "do-sahu", "mi-nuta", "se-šle": Czech breaks after two letters."""
    assert tuple(core_positions(word)) == points
    assert hyphenation_points(word) == points


def test_an_operator_glues_the_number_before_it_and_itself_only():
    """ "3 + 1," ends the phrase at the comma; "3 + úroveň" joins 3 and +; an operator with no
    number before it (the first word) glues nothing."""
    assert glued_spaces(["je", "3", "+", "1,", "metr"]) == {1: "number", 2: "number"}
    assert glued_spaces(["3", "+", "úroveň", "kouzla"]) == {0: "number", 1: "number"}
    assert glued_spaces(["×", "slovo", "3"]) == {}


@pytest.mark.parametrize("prefix", ["ne", "za", "roz", "od", "bez", "nad", "pod", "pře"])
def test_no_point_one_letter_after_a_prefix_a_vowel_follows(prefix):
    """ "roz-ár-", never "roz-á|r": the point one letter past each prefix goes, the others stay."""
    n = len(prefix)
    word = f"{prefix}ámkovat"
    assert prefix_rule(word, [n, n + 1, n + 3]) == [n, n + 3]


@pytest.mark.parametrize("prefix", ["ne", "za", "roz", "od", "bez", "nad", "pod", "pře"])
def test_a_consonant_after_a_prefix_keeps_every_point(prefix):
    n = len(prefix)
    assert prefix_rule(f"{prefix}tkovat", [n, n + 1, n + 3]) == [n, n + 1, n + 3]


@pytest.mark.parametrize("prefix", ["roz", "od", "bez", "pod"])
def test_the_prefix_own_e_is_no_vowel_after_it(prefix):
    """ "roze-hnat", "ode-mkne", "beze-tný", "pode-psat": the point after the e stays."""
    n = len(prefix)
    assert prefix_rule(f"{prefix}ehnat", [n + 1, n + 3]) == [n + 1, n + 3]


@pytest.mark.parametrize("prefix", ["ne", "za", "nad", "pře"])
def test_an_e_after_other_prefixes_is_a_vowel(prefix):
    """ "nad-e|chne" is wrong ("na-dechne"): nad's e is not its own, unlike roz's."""
    n = len(prefix)
    assert prefix_rule(f"{prefix}echne", [n + 1, n + 3]) == [n + 3]


def test_a_word_that_only_starts_like_a_longer_prefix_loses_only_its_own_point():
    """ "neo" + a vowel drops the point after its fourth letter; "ne" + "o" the one after the
    third: both rules apply to "neoúplný", each to its own point."""
    assert prefix_rule("neoúplný", [2, 3, 4, 5]) == [2, 5]
    assert prefix_rule("neúplný", [2, 3, 4]) == [2, 4]


@pytest.mark.parametrize("entry", ["Ne-ús-pě-chu", "ne-Ús-pě-chu", "po-UŽ*", "po-užX", "po-užX*"])
def test_an_exception_with_a_capital_letter_is_refused(entry):
    """A malformed line is the project's error, in Czech, with file:line and what was expected."""
    with pytest.raises(ExceptionsError) as error:
        parse_exceptions(f"# hlavička\n{entry}\n", "x.txt")
    assert isinstance(error.value, CardsError)
    assert str(error.value) == (
        "x.txt:2: má být slovo malými písmeny se spojovníky v místech dělení "
        f"(ne-ús-pě-chu, nebo kmen po-už*), je {entry!r}"
    )


def test_an_exceptions_file_is_read_through_the_input_gate(tmp_path):
    """read_exceptions takes a UTF-8 file, and refuses a directory, a file over the cap and
    bytes that are not text with the input gate's Czech messages."""
    good = tmp_path / "h.txt"
    good.write_text("ne-ús-pě-chu\n", encoding="utf-8")
    assert dict(read_exceptions(good).words) == {"neúspěchu": (2, 4, 6)}
    bad = tmp_path / "bad.txt"
    bad.write_text("# ok\nPo-už*\n", encoding="utf-8")
    with pytest.raises(ExceptionsError, match=rf"^{re.escape(str(bad))}:2: má být "):
        read_exceptions(bad)
    with pytest.raises(
        InputError, match=rf"^{re.escape(str(tmp_path))}: složka, ne obyčejný soubor"
    ):
        read_exceptions(tmp_path)
    big = tmp_path / "big.txt"
    big.write_bytes(b"a-b\n" * (MAX_SETTINGS // 4 + 1))
    with pytest.raises(InputError, match=rf"^{re.escape(str(big))}: soubor je větší než 1 MB"):
        read_exceptions(big)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("ne-ús-pě-chu\n".encode("cp1250"))
    with pytest.raises(
        InputError, match=rf"^{re.escape(str(latin))}:1: text není v kódování UTF-8"
    ):
        read_exceptions(latin)


def test_an_exception_file_reads_words_stems_and_the_longest_stem():
    table = parse_exceptions("ne-ús-pě-chu  # komentář\n\npo-už*\nod-u-mřít*\n", "x.txt")
    assert dict(table.words) == {"neúspěchu": (2, 4, 6)}
    assert dict(table.stems) == {"použ": (2,), "odumřít": (2, 3)}
    assert table.longest == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.longest = 3  # type: ignore[misc]  (immutable, as its docstring says)


def test_only_a_plus_minus_or_plus_minus_sign_makes_a_signed_number_after_a_word():
    """ "postih −4", "bonusem +1", "±2": soft glue; a letter or a dash before the digit: none."""
    assert glued_spaces(["postih", "−4"]) == {0: "sign"}
    assert glued_spaces(["bonusem", "+1"]) == {0: "sign"}
    assert glued_spaces(["hod", "±2"]) == {0: "sign"}
    assert glued_spaces(["postih", "–4"]) == {}  # an en dash: a range, not a bonus


def test_a_stem_points_hold_inside_it_and_pyphen_points_from_its_end_on():
    """pyphen breaks "po-u-ži-tím" at 2, 3 and 5. With the stem "po-u*" (three letters) the
    stem's own point 2 holds, and pyphen's 3 (at the stem's end) and 5 follow it; with the
    stem "po-už*" pyphen's 3 lies inside the stem and goes."""
    assert pattern_positions("použitím") == [2, 3, 5]
    assert core_positions("použitím", parse_exceptions("po-u*")) == [2, 3, 5]
    assert core_positions("použitím", parse_exceptions("po-už*")) == [2, 5]
    assert core_positions("použitím", parse_exceptions("pou*")) == [3, 5]


def test_the_longest_stem_that_starts_a_word_wins():
    table = parse_exceptions("po-už*\npou-ži-t*\n")
    assert core_positions("použitím", table) == [3, 5]
    assert core_positions("použ", table) == []  # too short for any point: 2 + 3 letters


def test_an_exception_point_needs_two_letters_before_and_three_after_it():
    """ "ne-ús-pě-chu" keeps 2, 4 and 6 (6 = 9 - 3, three letters after it); in "neúspěch"
    (8 letters) 6 leaves two letters after it and goes; "n-eús-pě-chy" loses 1."""
    table = parse_exceptions("ne-ús-pě-chu\nne-ús-pě-ch\nn-eús-pě-chy\n")
    assert core_positions("neúspěchu", table) == [2, 4, 6]
    assert core_positions("neúspěch", table) == [2, 4]
    assert core_positions("neúspěchy", table) == [4, 6]
    stems = parse_exceptions("ne-ús-pě-ch*\nn-eú*\n")
    assert core_positions("neúspěch", stems)[:2] == [2, 4]
    assert core_positions("neúspěchu", stems)[:3] == [2, 4, 6]  # 6 = 9 - 3 holds in a stem
    assert 6 not in core_positions("neúspěch", stems)
    assert 1 not in core_positions("neúprosný", stems)
    assert core_positions("Neúspěchu", table) == [2, 4, 6]  # looked up in lower case


def test_a_signed_number_glues_to_a_word_ending_in_a_letter_whatever_comes_before_it():
    """Only the last character of the word before counts: "je-li +1" and "viděl-s +1" glue,
    "(5)" after a word is no signed number."""
    assert glued_spaces(["je-li", "+1"]) == {0: "sign"}
    assert glued_spaces(["viděl-s", "+1"]) == {0: "sign"}
    assert glued_spaces(["bod", "(5)"]) == {}


@pytest.mark.parametrize(
    ("word", "points"),
    [
        ("(nabídka,", (3,)),  # "na-bídka" shifted past the bracket; the comma is no letter
        ("„(nabídka“),", (4,)),
        ("nabídka…", (2,)),
        ("aktivovat,", (2, 4, 6)),  # only the comma is stripped: "aktivo-vat" keeps its 6
        ("modro-zelená-nabídka", (8, 15)),  # each part on its own: zele-, naby- at 6 + 2, 13 + 2
        ("NAbídka", ()),  # capitals inside a word (an abbreviation): never hyphenated
        ("Nabídka", (2,)),
    ],
)
def test_hyphenation_points_count_from_the_word_start_past_punctuation_and_hyphens(word, points):
    assert hyphenation_points(word) == points
