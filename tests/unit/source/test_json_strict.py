"""JSON spell files are held to what the text format allows: whole levels, a description
that does not end in a heading, names selectable by their own book."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cards.cli import main
from cards.source.json import parse_json


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
