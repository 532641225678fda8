"""The JSON format both ways, checked against the original records, not against its own writer."""

from __future__ import annotations

import json
import re

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
