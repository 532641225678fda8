"""lint names a printed field the cards cannot hold (the fitter's width rule), at file:line;
Spell.description_missing marks a spell whose source lost its description."""

from __future__ import annotations

import pytest

from cards.layout import load_layout
from cards.lint.files import lint_spells
from cards.source.library import read_compendium
from cards.source.text import parse_compendium
from tests.support.spells import homebrew_text

# The width rule shrinks a field to its floor, then wraps it: a 77-character English name or a
# 58-character book prints (WRAPPED_*); four times that book, or a range over four lines, does not
# (an English name over 120 characters is refused by the parser before any width rule).
WRAPPED_ENGLISH = "A very long English name of a spell " * 2 + "indeed"  # 77 characters
WRAPPED_BOOK = "Kouzla naší družiny a jejích přátel z dalekých hor a údolí"  # 58 characters
LONG_BOOK = " ".join([WRAPPED_BOOK] * 4)
LONG_RANGE = "sto sáhů od tebe nebo od tvého spojence, " * 6 + "podle volby"


def _file(
    tmp_path,
    name: str = "Jiskřivý pozdrav",
    english: str = "Sparkling greeting",
    book: str = "Kouzla naší družiny",
    range_: str = "2 sáhy",
):
    text = homebrew_text(name).replace("Sparkling greeting", english)
    text = text.replace("Dosah: 2 sáhy", f"Dosah: {range_}")
    path = tmp_path / "moje.txt"
    path.write_text(text.replace("Kouzla naší družiny", book), encoding="utf-8")
    return path


def _long(problems):
    return [p for p in problems if p.kind == "long"]


@pytest.mark.parametrize(
    ("change", "field", "starts"),
    [
        ({"range_": LONG_RANGE}, "dosah", "Dosah:"),
        ({"book": LONG_BOOK}, "zdroj (kniha)", "Kouzla naší"),
    ],
)
def test_a_field_too_long_for_the_card_is_a_lint_error_at_its_line(tmp_path, change, field, starts):
    """A range or book more lines long than its field may take: an error naming spell and
    field, at the field's own line."""
    path = _file(tmp_path, **change)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(starts))
    assert line > 1
    (problem,) = _long(lint_spells(add=[path], layout=load_layout("poker")))
    assert (problem.file, problem.line, problem.severity) == (str(path), line, "error")
    assert problem.message.startswith("Jiskřivý pozdrav (Kouzla naší družiny")
    assert field in problem.message and "zkraťte ho" in problem.message


def test_fields_the_card_holds_pass(tmp_path):
    """A 38- or 77-character English name, a 58-character book fit: no problem (nor without a
    layout, whatever the length)."""
    path = _file(tmp_path, english="A long English name of a spell, indeed")
    assert _long(lint_spells(add=[path], layout=load_layout("poker"))) == []
    for change in ({"english": WRAPPED_ENGLISH}, {"book": WRAPPED_BOOK}):
        path = _file(tmp_path, **change)
        assert _long(lint_spells(add=[path], layout=load_layout("poker"))) == []
    assert _long(lint_spells(add=[_file(tmp_path, book=LONG_BOOK)])) == []


@pytest.mark.parametrize("layout", ["poker", "mini", "large-print"])
def test_the_shipped_compendium_has_no_field_too_long(layout):
    """Every field of the shipped compendium prints on each layout's cards."""
    assert _long(lint_spells(layout=load_layout(layout))) == []


def test_description_missing_marks_a_stat_block_without_description():
    """Drobný služebník prints only its stat block: the one spell so marked."""
    marked = [spell.name for spell in read_compendium().spells if spell.description_missing]
    assert marked == ["Drobný služebník"]


def test_description_missing_looks_before_the_stat_block_only():
    """A paragraph before "Akce" is a description; "Akce" first is not."""
    text = homebrew_text("Zkouška").replace(
        "Nad tvou dlaní", "Akce\n\nKousnutí. Zraní.\n\nNad tvou dlaní"
    )
    (spell,) = parse_compendium(text, "k.txt", any_book=True).spells
    assert spell.description_missing
    (spell,) = parse_compendium(
        homebrew_text("Zkouška") + "\nAkce\n\nKousnutí. Zraní.\n",
        "k.txt",
        any_book=True,
    ).spells
    assert not spell.description_missing


def test_a_heading_other_than_a_stat_block_section_is_not_a_missing_description():
    """ "Účinek" above the text is a sub-heading of the description, not a stat block."""
    text = homebrew_text("Zkouška").replace("Nad tvou dlaní", "Účinek\n\nNad tvou dlaní")
    (spell,) = parse_compendium(text, "k.txt", any_book=True).spells
    assert spell.blocks[0].text == "Účinek" and not spell.description_missing
