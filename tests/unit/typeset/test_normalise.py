"""Tests for cards.typeset.normalise: Czech dashes, ranges and glued signs as text is set."""

import pytest

from cards.typeset import ParagraphSetting, TypesetContext, set_lines
from cards.typeset.normalise import NBSP, changes, normalise
from tests.support.fonts import MONO, MONO_EM


def test_spaced_hyphen_between_words_becomes_an_en_dash_glued_to_the_word_before():
    """ "kouzlo - zvané": an en dash that stays on the line of "kouzlo"."""
    assert normalise("Dané kouzlo - zvané podmínečné") == f"Dané kouzlo{NBSP}– zvané podmínečné"
    assert normalise("kousek - velký asi jako článek palce - těla") == (
        f"kousek{NBSP}– velký asi jako článek palce{NBSP}– těla"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2 - 6 sáhů", "2–6 sáhů"),
        ("| 9 – 10 |", "| 9–10 |"),
        ("01 − 05", "01–05"),
        ("01−05", "01–05"),
    ],
)
def test_ranges_of_numbers_are_closed_up_with_an_en_dash(text, expected):
    """A hyphen, en dash or minus between two numbers is a range: "2–6"."""
    assert normalise(text) == expected


def test_arithmetic_hyphens_and_words_own_hyphens_are_left_alone():
    """Dice arithmetic and a word's own hyphen are not dashes or ranges (a minus: test_words)."""
    for text in ("2k6 - 4 zranění", "Sešleš-li toto", "1k4 + 3", "3.-5."):
        assert normalise(text) == text


def test_a_sign_is_left_to_the_breaker():
    """ "bonus +2": normalise glues no space before a signed number (czech.glued_spaces
    does, softly: tests/unit/typeset/test_paragraph_ends.py)."""
    assert normalise("získá bonus +2 k OČ") == "získá bonus +2 k OČ"
    assert normalise("bonus ±1") == "bonus ±1"


def test_od_with_an_ordinal_and_its_word_stays_together():
    """ "Od 5. úrovně" and "Od 11. Úrovně" are glued; "od 3. do" is not."""
    assert normalise("Od 5. úrovně se zvýší") == f"Od{NBSP}5.{NBSP}úrovně se zvýší"
    assert normalise("rvu. Od 11. Úrovně můžeš") == f"rvu. Od{NBSP}11.{NBSP}Úrovně můžeš"
    assert normalise("od 3. do 5. úrovně") == f"od 3. do 5.{NBSP}úrovně"


def test_an_ordinal_stays_with_its_noun_in_any_capitalisation():
    """ "11. Úrovně", "Pozice 8. Stupně", "5. Úrovni", "11. kruhu" are glued; an ordinal
    ending a sentence before another word ("klesne na 0. Kouzlo") is not."""
    assert normalise("a 11. Úrovně") == f"a 11.{NBSP}Úrovně"
    assert normalise("Pozice 8. Stupně") == f"Pozice 8.{NBSP}Stupně"
    assert normalise("na 5. Úrovni") == f"na 5.{NBSP}Úrovni"
    assert normalise("(2k6), 11. úrovně") == f"(2k6), 11.{NBSP}úrovně"
    assert normalise("v 11. kruhu, 2. kolo, 3. tahu, 3. dne") == (
        f"v 11.{NBSP}kruhu, 2.{NBSP}kolo, 3.{NBSP}tahu, 3.{NBSP}dne"
    )
    assert normalise("klesne na 0. Kouzlo skončí") == "klesne na 0. Kouzlo skončí"


def test_a_capitalised_ordinal_noun_never_starts_a_line():
    """Set at any width, "dosáhneš 11. Úrovně" and "Pozice 8. Stupně" never break after the
    ordinal (the Jeskyně a draci texts capitalise the noun)."""
    context = TypesetContext()
    text = "Zranění se zvýší, když dosáhneš 11. Úrovně a Pozice 8. Stupně kouzla."
    prepared = context.paragraph(text, MONO)
    for chars in range(12, 40):
        lines = set_lines(
            prepared, ParagraphSetting(chars * 10 * MONO_EM + 1e-6, 10), context=context
        )
        texts = [line.text for line in lines]
        assert not any(text.endswith(("11.", "8.")) for text in texts), texts


def test_changes_counts_each_rule():
    """Each place a rule changes is counted under its name."""
    counts = changes("Od 5. úrovně bonus +1, 2 - 6 a 7 - 8, kouzlo - zvané, Bigby's, postih -2")
    assert counts == {
        "from level": 1,
        "ordinal": 1,
        "range": 2,
        "dash": 1,
        "minus": 1,
        "apostrophe": 1,
    }


def test_the_context_sets_the_normalised_text():
    """The typesetting context sets what normalise gives, keeping the glued spaces."""
    context = TypesetContext()
    prepared = context.paragraph("ab cd kouzlo - zvané Od 5. úrovně", MONO)
    assert "–" in prepared.words
    # A dash never starts a line, and "Od 5. úrovně" never breaks, at any width it fits.
    for chars in range(12, 30):
        lines = set_lines(
            prepared, ParagraphSetting(chars * 10 * MONO_EM + 1e-6, 10), context=context
        )
        texts = [line.text for line in lines]
        assert not any(text.startswith("–") for text in texts), texts
        assert not any(text.endswith(("Od", "Od 5.")) for text in texts), texts
