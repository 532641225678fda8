"""A name line too long for a name is an error naming it, not a paragraph of the spell above."""

from __future__ import annotations

from cards.compendium import parse_compendium
from tests.conftest import HOMEBREW_TEMPLATE

SPELL = HOMEBREW_TEMPLATE


def test_a_czech_name_over_120_characters_is_an_error():
    """A 130-character name: an error on its line, not a paragraph of the previous spell."""
    long_name = "Velmi dlouhé jméno " * 7  # 133 characters
    text = SPELL.format(name="Krátké jméno") + "\n" + SPELL.format(name=long_name.strip())
    compendium = parse_compendium(text, "k.txt", any_book=True)
    errors = [p for p in compendium.errors if p.kind == "name"]
    assert errors and errors[0].line == text.splitlines().index(long_name.strip()) + 1
    assert "120" in errors[0].message
    first = compendium.spells[0]
    assert all(long_name.strip() not in getattr(b, "text", "") for b in first.blocks)


def test_a_book_name_with_a_glyph_the_fonts_lack_stops_the_build(tmp_path):
    """A book of one's own named with ☃ is a missing-glyph error like one in the text."""
    from cards.glyphs import spell_problems
    from cards.layout import load_layout

    text = SPELL.format(name="Sněhulák").replace("Kouzla naší družiny", "Kouzla ☃ družiny")
    spells = parse_compendium(text, "k.txt", any_book=True).spells
    problems = spell_problems(spells, load_layout("poker"))
    assert problems and "U+2603" in problems[0].message and "(kniha kouzla" in problems[0].message


def test_nan_in_an_icon_view_box_is_refused(tmp_path):
    """viewBox="0 0 nan nan" would write 'nan nan m' into the PDF: refused naming the file."""
    import pytest

    from cards.icons import IconError, load_icon

    for box in ("0 0 nan nan", "0 0 inf 512", "0 0 0 0", "nan 0 512 512"):
        path = tmp_path / "x.svg"
        path.write_text(f'<svg viewBox="{box}"><path d="M0 0L1 1Z"/></svg>', encoding="utf-8")
        with pytest.raises(IconError, match="viewBox"):
            load_icon(path)
    path.write_text('<svg viewBox="0 0 10 10"><path d="M0 0Lnan 1Z"/></svg>', encoding="utf-8")
    with pytest.raises(IconError):
        load_icon(path)


def _spell_with(name_en: str = "Sparkling greeting", book: str = "Kouzla naší družiny"):
    text = SPELL.format(name="Jiskřivý pozdrav").replace("Sparkling greeting", name_en)
    return parse_compendium(text.replace("Kouzla naší družiny", book), "k.txt", any_book=True)


def test_an_english_name_too_wide_for_the_card_is_an_error():
    """A 77-character English name is an error naming the spell and the field, not text off
    the card."""
    import pytest

    from cards.bounds import FieldTooWide
    from cards.fit import fit_spell
    from cards.layout import load_layout

    spell = _spell_with(name_en="A very long English name of a spell " * 2 + "indeed").spells[0]
    with pytest.raises(FieldTooWide, match=r"k.txt:\d+: Jiskřivý pozdrav.*anglický název"):
        fit_spell(spell, load_layout("poker"))


def test_a_book_name_too_wide_for_the_card_is_an_error():
    """A 58-character book of one's own is an error naming the field."""
    import pytest

    from cards.bounds import FieldTooWide
    from cards.fit import fit_spell
    from cards.layout import load_layout

    spell = _spell_with(book="Kouzla naší družiny a jejích přátel z dalekých hor a údolí").spells[0]
    with pytest.raises(FieldTooWide, match=r"zdroj \(kniha\)"):
        fit_spell(spell, load_layout("poker"))
