"""The page's own views (HTML fragments htmx swaps in), through Flask's test client."""

from __future__ import annotations

from tests.web.conftest import HOMEBREW


def test_an_uploaded_file_with_no_spell_is_named_in_czech(client):
    """An empty upload is refused with the file's name and a Czech reason, not English."""
    response = client.post("/vlastni", data={"name": "C:\\hry\\prazdny.txt", "text": "\n\n"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "prazdny.txt" in page and "hry" not in page
    assert "soubor je prázdný" in page
    assert "compendium is empty" not in page and "holds no spell" not in page


def test_an_uploaded_file_adds_its_spells(client):
    """A good upload lists what it adds, with the Czech plural."""
    response = client.post("/vlastni", data={"name": "druzina.txt", "text": HOMEBREW})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Jiskřivý pozdrav" in page and "1 kouzlo" in page
    assert "prázdný" not in page
