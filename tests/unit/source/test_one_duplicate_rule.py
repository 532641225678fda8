"""One duplicate rule for every format: a name (any case) again from a book it already has."""

from __future__ import annotations

import json
import unicodedata

import pytest

from cards.source.duplicates import clashes
from cards.source.json import parse_json
from cards.source.library import parse_spell_text
from cards.source.problems import Compendium
from cards.source.text import parse_compendium
from tests.support.spells import homebrew_text

PHB, JAD = "Příručka hráče", "Jeskyně a draci"


def _text(name: str, books: tuple[str, ...]) -> str:
    return homebrew_text(name, ", ".join(books))


def _record(name: str, books: tuple[str, ...]) -> dict:
    return {
        "name": name,
        "name_en": "Sparkling greeting",
        "sources": list(books),
        "school": "Iluze",
        "level": 0,
        "ritual": False,
        "casting_time": "1 akce",
        "range": "2 sáhy",
        "components": {"verbal": True, "somatic": True, "material": False, "material_text": ""},
        "duration": "1 minuta",
        "concentration": False,
        "classes": ["Bard", "Čaroděj"],
        "blocks": [{"type": "paragraph", "heading": "", "text": "Jiskry.", "kind": "text"}],
    }


def _as_text(pairs) -> Compendium:
    return parse_compendium("\n".join(_text(n, b) for n, b in pairs), "z.txt")


def _as_json(pairs) -> Compendium:
    return parse_json(json.dumps([_record(n, b) for n, b in pairs], ensure_ascii=False), "z.json")


def _duplicates(compendium: Compendium) -> list:
    return [p for p in compendium.problems if p.kind == "duplicate"]


CASES = [
    ((("Zkouška", (PHB, JAD)), ("Zkouška", (PHB,))), 1),  # shares Příručka hráče
    ((("Zkouška", (PHB,)), ("Zkouška", (PHB, JAD))), 1),
    ((("Zkouška", (PHB,)), ("ZKOUŠKA", (PHB,))), 1),  # case only
    ((("Zkouška", (PHB,)), (unicodedata.normalize("NFD", "Zkouška"), (PHB,))), 1),  # NFD
    ((("Zkouška", (PHB,)), ("Zkouška", (JAD,))), 0),  # two books: two spells ("Světlo")
    ((("Zkouška", (PHB,)), ("Zkoušky", (PHB,))), 0),
]


@pytest.mark.parametrize("parse", [_as_text, _as_json], ids=["text", "json"])
@pytest.mark.parametrize(("pairs", "expected"), CASES)
def test_the_text_and_json_formats_judge_duplicates_alike(parse, pairs, expected):
    """ "Zkouška (PHB, JaD)" then "Zkouška (PHB)": a duplicate in a text file and in JSON alike."""
    compendium = parse(pairs)
    found = _duplicates(compendium)
    assert len(found) == expected, compendium.problems
    if expected:
        assert all(p.severity == "error" for p in found)
        assert found[0].line == compendium.spells[1].origin.line


@pytest.mark.parametrize(("pairs", "expected"), CASES)
def test_files_added_one_after_another_judge_duplicates_alike(pairs, expected):
    """The first spell in a text file, the second in a JSON file: the same verdict as in one."""
    first = _as_text(pairs[:1])
    second = _as_json(pairs[1:])
    assert len([p for p in clashes([first, second]) if p.kind == "duplicate"]) == expected


def test_a_file_is_read_by_its_content_in_either_format():
    """parse_spell_text reads JSON and the text format, whatever the file is called."""
    as_json = json.dumps([_record("Zkouška", (PHB,))], ensure_ascii=False)
    (from_json,) = parse_spell_text(as_json, "a.txt").spells
    (from_text,) = parse_spell_text(_text("Zkouška", (PHB,)), "a.json").spells
    assert from_json.blocks[0].text == "Jiskry."
    assert from_text.blocks[0].text.startswith("Nad tvou dlaní")
