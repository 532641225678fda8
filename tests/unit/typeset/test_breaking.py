"""The line-by-line breaker (cards/typeset/breaking.py, ragged and flush-left text), in a
font whose glyphs are all one width, so that what fits a line is counted in characters."""

from __future__ import annotations

import pytest

from cards.typeset import ParagraphSetting, Run, prepare, set_lines
from tests.unit.typeset.test_typeset import MONO, MONO_EM

# Long Czech words without hyphens of their own: a line ending in "-" was hyphenated.
LONG_WORDS = (
    "nejneobhospodařovávatelnějšími protipovětrnostními neobhospodařovávanými "
    "zdokumentovatelnými nejpravděpodobnějšími nejnezodpovědnějšími "
    "nejroztomilejšími nepřekonatelnými znovuzrozenými nejzapomenutelnějšími "
    "zpravodajskými nevysvětlitelnými nejneuvěřitelnějšími spoluodpovědnými "
) * 3


def _ragged_lines(text: str, chars: int, **options) -> list[str]:
    """Set text ragged (the line-by-line breaker) on lines `chars` glyphs wide."""
    width = chars * 10 * MONO_EM + 1e-6
    lines = set_lines(
        prepare([Run(text, MONO)]), ParagraphSetting(width, 10, justify=False, **options)
    )
    return [line.text for line in lines]


@pytest.mark.parametrize("chars", range(31, 47))
@pytest.mark.parametrize("flush_left", [False, True], ids=["ragged", "flush-left"])
def test_never_three_hyphenated_lines_in_a_row(chars, flush_left):
    """At most two lines in a row end in a hyphen when every word fits a line whole."""
    assert max(len(word) for word in LONG_WORDS.split()) <= chars  # no forced break
    lines = _ragged_lines(LONG_WORDS, chars, flush_left=flush_left)
    ends = "".join("h" if line.endswith("-") else "." for line in lines)
    assert "h" in ends  # the text does hyphenate at these widths: the rule is exercised
    assert "hhh" not in ends, (chars, lines)


@pytest.mark.parametrize("chars", range(31, 47, 3))
def test_ragged_lines_keep_every_letter_in_order_within_the_width(chars):
    """Joined again (a hyphen at a line end removed), the lines give the text; none is wider."""
    lines = _ragged_lines(LONG_WORDS, chars)
    assert all(len(line) <= chars for line in lines)
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert joined.split() == LONG_WORDS.split()


def test_without_hyphenation_no_line_ends_inside_a_word():
    """hyphenate=False: every line holds whole words only."""
    lines = _ragged_lines(LONG_WORDS, 36, hyphenate=False)
    assert all(word in LONG_WORDS.split() for line in lines for word in line.split())
    assert not any(line.endswith("-") for line in lines)


PANEL = "Na vyšších úrovních. Sešleš-li toto kouzlo, když dosáhneš nepřátelského tvora."


def _letters(text: str) -> int:
    return sum(c.isalpha() for c in text)


@pytest.mark.parametrize("chars", range(12, 31))
def test_flush_left_text_hyphenates_only_long_words_into_parts_not_too_short(chars):
    """A flush-left panel never sets "Se-" / "šleš-li" nor "do-" / "sáhneš" (issue 35): a
    word breaks only with 8 letters or more, 3 at least on each line."""
    lines = _ragged_lines(PANEL, chars, flush_left=True)
    for above, below in zip(lines, lines[1:], strict=False):
        if above.endswith("-") and not above.endswith("š-"):  # "Sešleš-" keeps its own
            before, after = above.split()[-1], below.split()[0]
            assert _letters(before) >= 3 and _letters(after) >= 3, (above, below)
            assert _letters(before + after) >= 8, (above, below)


def test_flush_left_text_still_hyphenates_a_long_word():
    """ "nepřátel-" / "ského": a long word still breaks where a line would gape."""
    assert "když dosáhneš nepřátel-" in _ragged_lines(PANEL, 23, flush_left=True)


def test_ragged_text_still_breaks_at_a_words_own_hyphen():
    """ "Sešleš-" / "-lo": the word's own hyphen is no hyphenation, so the long-word rule
    leaves it alone (6 letters before it, 2 after)."""
    assert _ragged_lines("ab Sešleš-lo xy", 10, flush_left=True) == ["ab Sešleš-", "-lo xy"]
    assert _ragged_lines("ab Sešleš-lo xy", 10) == ["ab Sešleš-", "-lo xy"]
