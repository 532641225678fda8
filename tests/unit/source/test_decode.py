"""Bytes -> text -> checked lines (cards/source/decode.py): encodings, binary files, each line's
characters, spaces and dice, as a reader of a spell file meets them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.lint.files import lint_compendium
from cards.source.decode import check_line, read_text
from cards.source.library import read_compendium
from cards.source.problems import CompendiumError
from cards.source.text import parse_compendium
from tests.support.examples import examples
from tests.support.spells import HOMEBREW_SPELL, write_spell_file

# A spell of a shipped book; its first line, "Jiskřivý pozdrav", is not ASCII.
SAMPLE = HOMEBREW_SPELL.replace("Kouzla naší družiny", "Příručka hráče")


def _problems(tmp_path, data: bytes | str):
    with pytest.raises(CompendiumError) as info:
        read_compendium(write_spell_file(tmp_path, data))
    return info.value.problems


def test_a_cp1250_file_is_named_with_its_first_bad_line_and_likely_encoding(tmp_path):
    """A file in Windows-1250 is an error naming the first bad line and the likely encoding."""
    (problem,) = _problems(tmp_path, SAMPLE.encode("cp1250"))
    assert (problem.kind, problem.line) == ("encoding", 1)
    assert "CP1250" in problem.message and "UTF-8" in problem.message
    assert problem.excerpt.startswith("Jisk")


def test_a_utf16_file_with_a_byte_order_mark_is_read_and_without_one_named(tmp_path):
    """UTF-16 with a byte order mark (Notepad) is read; without one it is named as UTF-16."""
    path = write_spell_file(tmp_path, SAMPLE.encode("utf-16"))
    clean = read_compendium(write_spell_file(tmp_path, SAMPLE, "clean.txt")).spells
    assert read_compendium(path).spells == clean
    (problem,) = _problems(tmp_path, SAMPLE.encode("utf-16-le"))
    assert problem.kind == "encoding" and "UTF-16" in problem.message


def test_a_binary_file_is_not_a_text_compendium(tmp_path):
    """Bytes with a NUL, or text of more than 1 % control characters: a binary file, once."""
    assert [p.kind for p in _problems(tmp_path, bytes(range(256)) * 4)] == ["binary"]
    assert [p.kind for p in _problems(tmp_path, SAMPLE + "\x01\x02" * 400)] == ["binary"]
    # past one character in a hundred: 40 controls in some 3,400 characters
    assert [p.kind for p in _problems(tmp_path, SAMPLE + "a" * 3000 + "\x01" * 40)] == ["binary"]


def test_a_nul_byte_is_named_at_its_line(tmp_path):
    """A NUL on the book's line (5): a binary file, at that line."""
    (problem,) = _problems(tmp_path, SAMPLE.replace("Příručka hráče", "Příručka\x00hráče"))
    assert (problem.kind, problem.line) == ("binary", 5)


def test_a_missing_file_raises_from_read_and_is_a_problem_from_lint(tmp_path):
    """read_text names no text and says why; read_compendium raises; lint reports it."""
    name, text, problems = read_text(tmp_path / "none.txt")
    assert text is None and [p.kind for p in problems] == ["file"]
    with pytest.raises(CompendiumError, match="soubor neexistuje"):
        read_compendium(tmp_path / "none.txt")
    assert [p.kind for p in lint_compendium(tmp_path / "none.txt")] == ["file"]


def test_a_bom_crlf_and_stray_whitespace_read_like_the_clean_text(tmp_path):
    """A BOM, CRLF line ends and stray spaces and tabs parse like the clean text."""
    messy = "\ufeff" + "\r\n".join("  " + line + " \t" for line in SAMPLE.split("\n"))
    path = write_spell_file(tmp_path, messy)
    clean = parse_compendium(SAMPLE, str(path))
    assert read_compendium(path).spells == clean.spells


def test_a_form_feed_is_a_stray_character_not_a_line_break():
    """Only CR and LF end lines, so line numbers match an editor's; a form feed is reported."""
    text = SAMPLE.replace("Dosah: 2 sáhy", "Dosah: 2\x0c sáhy")
    problems = parse_compendium(text).problems
    assert [(p.kind, p.line) for p in problems] == [("character", 11)]


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("Hodíš 3k 6 a zasáhneš.", ["dice"]),
        ("Hodíš 3k6 a zasáhneš.", []),
        ("Maelström a Tübingen", []),  # foreign letters of real names
        ("Zásah ø", ["character"]),
        ("Text\xa0 s mezerou", ["nbsp"]),
        ("o 5\xa0sáhů", []),
        ("řádek\x07", ["character"]),
    ],
)
def test_each_line_is_checked_for_stray_letters_spaces_and_dice(line, kinds):
    """check_line reports dice written with a space, a stray letter or control character and
    a non-breaking space beside a space; a glued one and Czech or known foreign letters pass."""
    assert [p.kind for p in check_line(line)] == kinds


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_raise_only_compendium_error(tmp_path_factory, data):
    """Reading arbitrary bytes either succeeds or raises CompendiumError with problems."""
    path = tmp_path_factory.mktemp("fuzz") / "k.txt"
    path.write_bytes(data)
    try:
        read_compendium(path)
    except CompendiumError as error:
        assert error.problems
