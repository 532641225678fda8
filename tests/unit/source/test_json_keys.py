"""A JSON record with one key twice is an error at the record's line: json.loads would keep the
last value without a word ("level": 0, "level": 5 printed a level-5 card)."""

from __future__ import annotations

from cards.source.json import parse_json


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
