"""A name line too long for a name is an error naming it, not a paragraph of the spell above."""

from __future__ import annotations

from cards.compendium import parse_compendium

SPELL = """{name}

Sparkling greeting

Kouzla naší družiny

Iluze 0. úrovně

Vyvolání: 1 akce

Dosah: 2 sáhy

Složky: V, P

Trvání: 1 minuta

Povolání: Bard, Čaroděj

Nad tvou dlaní vytryskne sprška barevných jisker, která pozdraví tvora podle tvé volby.
"""


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
