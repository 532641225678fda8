"""Tests for cards.source.json: the JSON format both ways, checked against the original records
(not against its own writer), and JSON spell files held to what the text format allows."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.model import BulletList, Components, Heading, Origin, Paragraph, Spell, Table
from cards.source.json import parse_json, spell_to_dict
from cards.source.library import read_compendium
from cards.source.text import spell_lines

# Written by hand, as a user writes a spell file: every kind of block and of paragraph.
ORIGINAL = """[
  {
    "name": "Mrazivý polibek",
    "name_en": "Frosty kiss",
    "sources": ["Kouzla naší družiny"],
    "school": "Zaklínání",
    "level": 2,
    "ritual": true,
    "casting_time": "1 akce",
    "range": "Dotyk",
    "components": {"verbal": true, "somatic": false, "material": true, "material_text": "rampouch"},
    "duration": "1 minuta (soustředění)",
    "concentration": true,
    "classes": ["Druid", "Kouzelník"],
    "blocks": [
      {"type": "paragraph", "heading": "", "text": "Tvůj dotek zmrazí cíl.", "kind": "text"},
      {"type": "heading", "text": "Akce"},
      {"type": "paragraph", "heading": "Dech.", "text": "Mráz v kuželu.", "kind": "text"},
      {"type": "bullets", "items": ["první mráz", "druhý mráz"]},
      {"type": "table", "header": ["k6", "účinek"], "rows": [["1", "jinovatka"], ["2", "led"]]},
      {"type": "paragraph", "heading": "Na vyšších úrovních.", "text": "O 1k6 víc.",
       "kind": "higher_levels"}
    ]
  }
]
"""

EXPECTED = Spell(
    name="Mrazivý polibek",
    name_en="Frosty kiss",
    sources=("Kouzla naší družiny",),
    school="Zaklínání",
    level=2,
    ritual=True,
    casting_time="1 akce",
    range="Dotyk",
    components=Components(True, False, True, "rampouch"),
    duration="1 minuta (soustředění)",
    concentration=True,
    classes=("Druid", "Kouzelník"),
    blocks=(
        Paragraph("Tvůj dotek zmrazí cíl.", "", "text", 2),
        Heading("Akce", 2),
        Paragraph("Mráz v kuželu.", "Dech.", "text", 2),
        BulletList(("první mráz", "druhý mráz"), 2),
        Table(("k6", "účinek"), (("1", "jinovatka"), ("2", "led")), 2),
        Paragraph("O 1k6 víc.", "Na vyšších úrovních.", "higher_levels", 2),
    ),
    origin=Origin("moje.json", 2),
)


def test_a_hand_written_record_reads_as_the_spell_it_describes():
    """Every field and block of a hand-written record reaches the Spell, at the record's line."""
    result = parse_json(ORIGINAL, "moje.json", any_book=True)
    assert [p.severity for p in result.problems] == ["warning"]  # a book of one's own
    (spell,) = result.spells
    assert spell == EXPECTED
    assert spell.origin == Origin("moje.json", 2)


def test_a_hand_written_record_is_written_back_as_it_was():
    """The writer gives back the original record, key for key (with the origin added)."""
    (spell,) = parse_json(ORIGINAL, "moje.json", any_book=True).spells
    written = spell_to_dict(spell)
    assert written.pop("origin") == {"file": "moje.json", "line": 2}
    assert written == json.loads(ORIGINAL)[0]
    assert list(written) == list(json.loads(ORIGINAL)[0])  # the keys in the published order


def _record_lines(lines: list[str], start: int, stop: int) -> list[str]:
    """The original text record: its non-empty lines, cleaned as the parser cleans them."""
    out = []
    for raw in lines[start - 1 : stop - 1]:
        line = re.sub(r"[ \t\xa0]{2,}", " ", raw.strip(" \t\xa0\ufeff"))
        if re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line.replace(" ", "")):
            line = "| rule |"
        if line:
            out.append(line)
    return out


def _written_lines(spell: Spell) -> list[str]:
    out = []
    for block in spell_lines(spell):
        for line in block.split("\n"):
            line = line.strip()
            out.append("| rule |" if re.fullmatch(r"\|( --- \|)+", line) else line)
    return out


def test_every_spell_through_json_gives_back_its_original_text_record():
    """The compendium as JSON, read again: each spell's lines are its lines in kouzla.txt."""
    compendium = read_compendium()
    records = [spell_to_dict(spell) for spell in compendium.spells]
    again = parse_json(json.dumps(records, ensure_ascii=False, indent=2), "x.json")
    assert again.problems == ()
    lines = open(compendium.path, encoding="utf-8").read().split("\n")
    starts = [spell.origin.line for spell in compendium.spells] + [len(lines) + 1]
    assert len(again.spells) == 492
    for k, spell in enumerate(again.spells):
        original = _record_lines(lines, starts[k], starts[k + 1])
        assert _written_lines(spell) == original, compendium.spells[k].name


# ------------------------------------------------------------------------------------------
# A JSON record with one key twice is an error at the record's line: json.loads would keep the
# last value without a word ("level": 0, "level": 5 printed a level-5 card).


def test_a_key_given_twice_is_an_error_naming_it():
    """The duplicate key is named, at the first line of its record."""
    text = '[\n  {"name": "A", "level": 0},\n  {"name": "B",\n   "level": 0, "level": 5}\n]\n'
    compendium = parse_json(text, "k.json", any_book=True)
    assert not compendium.spells
    (problem,) = compendium.problems
    assert (problem.file, problem.line, problem.severity) == ("k.json", 3, "error")
    assert problem.message == "klíč 'level' je v záznamu dvakrát; ponechte jen jeden"


def test_a_key_twice_in_a_nested_object_is_found_too():
    """components {"verbal": true, "verbal": false} is caught as well."""
    text = '[{"name": "A", "components": {"verbal": true, "verbal": false}}]'
    (problem,) = parse_json(text, "k.json").problems
    assert problem.message == "klíč 'verbal' je v záznamu dvakrát; ponechte jen jeden"


# ------------------------------------------------------------------------------------------
# JSON spell files are held to what the text format allows: whole levels, a description
# that does not end in a heading, names selectable by their own book.


def _record() -> dict:
    result = CliRunner().invoke(main, ["show", "fireball", "--json"], catch_exceptions=False)
    record = json.loads(result.output)
    record["sources"] = ["Kouzla naší družiny"]
    record["name"] = "Ohnivá koulička"
    return record


def test_a_level_written_as_3_0_is_refused():
    """JSON "level": 3.0 would print "3.0": refused like the text format's "3,0. úrovně"."""
    record = _record()
    record["level"] = 3.0
    compendium = parse_json(json.dumps([record]), "k.json", any_book=True)
    assert not compendium.spells
    assert any("level: čekáno celé číslo" in p.message for p in compendium.errors)


def test_a_description_of_only_a_heading_is_refused():
    """Blocks that end in a heading (no text after it) are refused, as in the text format."""
    record = _record()
    record["blocks"] = [{"type": "heading", "text": "Účinek"}]
    compendium = parse_json(json.dumps([record]), "k.json", any_book=True)
    assert not compendium.spells
    assert any("končí nadpisem" in p.message for p in compendium.errors)


# ------------------------------------------------------------------------------------------
# A JSON spell file that is not JSON is named in Czech: never the json module's English.


ENGLISH = ("Expecting", "Unterminated", "Invalid", "Extra data", "delimiter", "Illegal")


@pytest.mark.parametrize(
    "text, czech",
    [
        ('[{"name": "x', "text v uvozovkách nemá konec"),
        ("[{name: 1}]", "čekán klíč v dvojitých uvozovkách"),
        ('[{"name": "a\\qb"}]', "chybné zpětné lomítko"),
        ('[{"name": "a\tb"}]', "řídicí znak (konec řádku, tabulátor) uvnitř textu"),
        ('[{"name": "a\\u12"}]', "chybné \\uXXXX"),
        ("[1,]", "čekána hodnota"),
        ('[{"a": 1} {"b": 2}]', "čekána čárka mezi položkami"),
        ('[{"a" 1}]', "čekána dvojtečka za klíčem"),
        ("[1] x", "za polem záznamů je ještě něco"),
        ("{", "čekán klíč v dvojitých uvozovkách"),
    ],
)
def test_a_json_syntax_error_is_said_in_czech(text, czech):
    """Each kind of syntax error has its Czech words, with the column; no English left."""
    (problem,) = parse_json(text, "k.json").problems
    assert problem.message.startswith(f"není platný JSON: {czech}")
    assert "(sloupec " in problem.message
    assert not any(word in problem.message for word in ENGLISH)


def test_a_record_that_is_no_object_is_named_in_czech():
    """[NaN]: the whole record is "záznam", not the schema's English "record"."""
    problems = parse_json("[NaN]", "k.json").problems
    assert problems and all("record" not in p.message for p in problems)
    assert problems[0].message.startswith("záznam: ")
