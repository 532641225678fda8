"""Duplicate spells: a name already present from the same book, also when the two names differ
only in case, is an error in a text compendium, in a JSON file and across --add files."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cards.source.duplicates import clashes
from cards.source.json import parse_json, spell_to_dict
from cards.source.problems import Compendium
from cards.source.text import parse_compendium, spell_text


@pytest.fixture(scope="module")
def pair(compendium):
    """A one-book spell and its copy with the name in capitals (same book, same text)."""
    spell = next(s for s in compendium if len(s.sources) == 1 and s.name.isascii() is False)
    return spell, dataclasses.replace(spell, name=spell.name.upper())


def _duplicates(problems) -> list:
    return [p for p in problems if p.kind == "duplicate" and p.severity == "error"]


def test_text_compendium_reports_a_name_differing_only_in_case(pair):
    """Two records "Xyz" and "XYZ" from one book in one text file: one duplicate error."""
    spell, shouting = pair
    text = spell_text(spell) + "\n" + spell_text(shouting)
    result = parse_compendium(text, "dvojice.txt", any_book=True)
    assert len(result.spells) + len(_duplicates(result.problems)) >= 2
    assert len(_duplicates(result.problems)) == 1


def test_json_file_reports_a_name_differing_only_in_case(pair):
    """The same two records as JSON: one duplicate error, as in the text format."""
    spell, shouting = pair
    text = json.dumps([spell_to_dict(spell), spell_to_dict(shouting)], ensure_ascii=False)
    result = parse_json(text, "dvojice.json", any_book=True)
    assert len(_duplicates(result.problems)) == 1


def test_added_file_clashes_with_a_name_differing_only_in_case(pair):
    """--add of "XYZ" from the book "Xyz" came from: a duplicate naming both places."""
    spell, shouting = pair
    base = Compendium("kouzla.txt", (spell,), ())
    added = Compendium("moje.txt", (shouting,), ())
    (problem,) = _duplicates(clashes([base, added]))
    assert shouting.name in problem.message
    assert f"{spell.origin.file}:{spell.origin.line}" in problem.message


def test_same_name_from_another_book_is_a_second_spell(pair):
    """Not a duplicate: the name in capitals from another book (as "Světlo" is in two)."""
    spell, shouting = pair
    other = "Příručka hráče" if spell.sources != ("Příručka hráče",) else "Jeskyně a draci"
    elsewhere = dataclasses.replace(shouting, sources=(other,))
    base = Compendium("kouzla.txt", (spell,), ())
    assert _duplicates(clashes([base, Compendium("moje.txt", (elsewhere,), ())])) == []
