"""One limit, stated once; one answer per mistake: the page and the API take the same bodies."""

from __future__ import annotations

import io
import json
import time

import pytest

from tests.support.web import HOMEBREW


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"spell": "Štít", "dpi": 1e999}', "dpi"),
        ('{"spell": "Štít", "part": 1e999}', "part"),
        ('{"spell": "Štít", "dpi": -1e999}', "dpi"),
        ('{"spells": ["Štít"], "back_offset": [null, null]}', "back_offset"),
        ('{"spells": ["Štít"], "back_offset": [1e999, 0]}', "back_offset"),
        ('{"spells": ["Štít"], "bleed": 1e999}', "bleed"),
    ],
)
def test_infinite_or_null_numbers_are_400_naming_the_field(client, body, field):
    """JSON numbers out of any range (1e999) or null where a number goes: 400 naming the field."""
    path = "/api/preview" if '"spell"' in body else "/api/count"
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["field"] == field


def test_a_405_says_which_methods_are_allowed(client):
    """GET on a POST-only address: 405 with the Allow header RFC 9110 requires."""
    response = client.get("/api/pdf")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]


def test_a_list_over_the_deck_limit_is_refused_at_once(client):
    """/api/read-list of 60,000 lines: 400 naming the 5,000-spell limit of `cards deck`."""
    from cards.inputs import MAX_DECK_SPELLS

    started = time.monotonic()
    text = "Ohnivá koule\n" * 60_000
    response = client.post("/api/read-list", json={"text": text})
    assert time.monotonic() - started < 5
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "text" and f"nejvýše {MAX_DECK_SPELLS} kouzel" in body["error"]


def test_the_page_takes_a_form_as_large_as_a_json_body(client):
    """A form field of 620 kB (a homebrew file the upload accepted) is no 413 on the page."""
    big = HOMEBREW + "\n" + "x" * 620_000
    response = client.post("/hledat", data={"q": "štít", "homebrew": big, "homebrew_name": "a.txt"})
    assert response.status_code != 413


def test_the_page_takes_a_form_of_a_thousand_and_more_spells(client):
    """A deck of 1,500 spells posts 1,500 form parts: counted, not refused by a part limit."""
    labels = [s["label"] for s in client.get("/api/spells").get_json()]
    form = {"spells": (labels * 4)[:1500]}
    response = client.post("/balicek", data=form)
    assert response.status_code == 200
    assert "1500 kouzel" in response.get_data(as_text=True).replace("\xa0", " ")


def test_a_chunked_body_over_the_cap_is_413_not_cut(client):
    """A body without Content-Length (chunked) over 2 MiB: 413, never linted as if cut short."""
    text = (HOMEBREW + "\n") * 8000
    data = json.dumps({"name": "velky.txt", "text": text}, ensure_ascii=False).encode()
    assert len(data) > 2 * 1024 * 1024
    response = client.post(
        "/api/lint",
        input_stream=io.BytesIO(data),
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
        environ_base={"wsgi.input_terminated": True},  # as a server that reads chunks sets it
    )
    assert response.status_code == 413


def test_a_body_nested_past_the_parser_is_400(client):
    """A JSON body nested 100,000 deep: the 400 of a body that is no request, not a 500."""
    body = b'{"spells":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    response = client.post("/api/count", data=body, content_type="application/json")
    assert response.status_code == 400
    assert "objekt JSON" in response.get_json()["error"]


def test_a_library_refusal_shows_no_install_path_nor_cli_advice(client):
    """A bleed the sheet has no room for: a 400 without the server's paths or CLI options."""
    from pathlib import Path

    import cards

    response = client.post("/api/count", json={"spells": ["Štít"], "bleed": 5})
    assert response.status_code == 400
    text = response.get_json()["error"]
    assert "a4.toml" in text and "spadávk" in text
    assert str(Path(cards.__file__).parent.parent) not in text
    assert "--sheet" not in text and "SOUBOR" not in text
