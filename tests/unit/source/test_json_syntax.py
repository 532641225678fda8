"""A JSON spell file that is not JSON is named in Czech: never the json module's English."""

from __future__ import annotations

import pytest

from cards.source.json import parse_json

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
