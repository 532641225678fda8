"""Czech rules (cards/typeset/czech.py): the spaces a line must not break at and the points a
word may be hyphenated at, checked against what a Czech typesetter writes by hand."""

from __future__ import annotations

import pytest

from cards.typeset.czech import glued_spaces, hyphenation_points, prefix_rule


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
