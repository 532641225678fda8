"""The deck builder fits through the same persistent cache as the CLI (issue 21).

Each test uses a homebrew spell of a name no other test fits, so its cache entry can only have
come from the request the test makes (the cache folder is the run's, shared by every worker).
"""

from __future__ import annotations

import os

from cards.cache import FitCache, fit_key, layout_key
from cards.layout import load_layout
from cards.source.library import read_spell_file
from tests.support.web import HOMEBREW, homebrew


def _entry(tmp_path, name: str):
    """The cached fit of the homebrew spell `name` on poker, or None."""
    path = tmp_path / "druzina.txt"
    path.write_text(HOMEBREW.replace("Jiskřivý pozdrav", name), encoding="utf-8")
    (spell,) = read_spell_file(path, any_book=True).spells
    layout = load_layout("poker")
    key = fit_key(spell, layout_key(layout), continue_on_back=False)
    return FitCache(os.environ["CARDS_CACHE_DIR"]).get(key, spell, layout)


def test_a_pdf_request_fills_the_cache_the_cli_reads(client, tmp_path):
    """POST /api/pdf stores the fitted cards where `cards deck` looks for them."""
    name = "Pozdrav mezipaměti pro PDF"
    assert _entry(tmp_path, name) is None
    response = client.post("/api/pdf", json={"spells": [name], "add": homebrew(name)})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert _entry(tmp_path, name) is not None


def test_a_preview_fills_the_cache_too(client, tmp_path):
    """A preview fits through the cache as well: the PDF of the same deck then reads it."""
    name = "Pozdrav mezipaměti pro náhled"
    assert _entry(tmp_path, name) is None
    response = client.post("/api/preview", json={"spell": name, "dpi": 72, "add": homebrew(name)})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert _entry(tmp_path, name) is not None
