"""Czech rules (cards/typeset/czech.py): tests written to kill what a mutation run left alive.

Oracles by hand: which spaces Czech typography glues (a one-letter preposition or conjunction,
a number with what follows it, an operator between numbers, the space before a dash) and where
a word may be hyphenated; and that characters outside those lists trigger no rule.
"""

from __future__ import annotations

import pytest

from cards.typeset.czech import core_positions, glued_spaces, hyphenation_points


def test_every_one_letter_word_in_a_line_is_glued_not_only_the_first():
    assert glued_spaces(["a", "šel", "v", "dům", "k", "řece"]) == {
        0: "letter",
        2: "letter",
        4: "letter",
    }


@pytest.mark.parametrize("operator", ["+", "-", "−", "–", "×"])
def test_an_operator_between_numbers_is_glued_on_both_sides(operator):
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
