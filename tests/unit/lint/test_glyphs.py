"""Characters a layout's fonts cannot draw (cards/lint/glyphs.py): named with line and place."""

from __future__ import annotations

import pytest

from cards.layout import load_layout
from cards.lint.glyphs import check_file, require_drawable, spell_problems
from cards.source.problems import CompendiumError
from cards.source.text import parse_compendium
from tests.support.spells import homebrew_text


def test_a_book_name_with_a_glyph_the_fonts_lack_stops_the_build(tmp_path):
    """A book of one's own named with ☃ is a missing-glyph error like one in the text."""
    text = homebrew_text("Sněhulák").replace("Kouzla naší družiny", "Kouzla ☃ družiny")
    spells = parse_compendium(text, "k.txt", any_book=True).spells
    problems = spell_problems(spells, load_layout("poker"))
    assert problems and "U+2603" in problems[0].message and "(kniha kouzla" in problems[0].message


def _spells(text: str):
    return parse_compendium(text, "k.txt", any_book=True).spells


def test_a_missing_character_is_named_once_per_spell_at_its_first_line():
    """☃ in the description twice and in the English name: one problem, at the spell's first
    line (where the name is), naming the character and the spell."""
    text = homebrew_text("Sněhulák").replace("barevných jisker", "☃ jisker ☃")
    text = text.replace("Sparkling greeting", "Snowman ☃")
    (problem,) = spell_problems(_spells(text), load_layout("poker"))
    assert (problem.file, problem.line, problem.kind) == ("k.txt", 1, "glyph")
    assert "'☃' (U+2603 SNOWMAN)" in problem.message and "Sněhulák" in problem.message


def test_a_clean_spell_has_no_problem_and_may_be_printed():
    """The homebrew spell as written: nothing to report, require_drawable returns."""
    spells = _spells(homebrew_text("Jiskřivý pozdrav"))
    assert spell_problems(spells, load_layout("poker")) == []
    require_drawable(spells, load_layout("poker"))


def test_a_spell_to_print_with_a_missing_character_is_refused():
    """require_drawable raises CompendiumError carrying the problems."""
    spells = _spells(homebrew_text("Srdce ♥"))
    with pytest.raises(CompendiumError) as caught:
        require_drawable(spells, load_layout("poker"))
    assert "U+2665" in str(caught.value)


def test_a_file_is_checked_line_by_line(tmp_path):
    """check_file names each line with a missing character, once a character a line; a space
    the fonts lack (U+3000) is no problem."""
    path = tmp_path / "k.txt"
    text = homebrew_text("Sněhulák") + "\nA ☃ a ☃ a ♥.\n\nJen\u3000text.\n\nZase ☃.\n"
    path.write_text(text, encoding="utf-8")
    problems = check_file(path, load_layout("poker"))
    assert [(p.line, p.excerpt) for p in problems] == [
        (21, "A ☃ a ☃ a ♥."),
        (21, "A ☃ a ☃ a ♥."),
        (25, "Zase ☃."),
    ]
    assert [p.message.count("U+") for p in problems] == [1, 1, 1]
    assert "U+2603" in problems[0].message and "U+2665" in problems[1].message
