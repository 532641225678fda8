"""What the API answers besides errors (cards/web/records.py): spells, summaries, messages."""

from __future__ import annotations

from cards.web.records import for_web


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


def test_a_message_for_the_web_keeps_only_the_names_of_files_on_any_system():
    """Folders go, POSIX or Windows, the file's name stays; words with a slash stay."""
    assert for_web("/usr/lib/cards/layouts/poker.toml:3: chyba") == "poker.toml:3: chyba"
    assert for_web(r"C:\Users\Eva\archy\a4.toml: chyba") == "a4.toml: chyba"
    assert for_web("a/nebo b") == "a/nebo b"


def test_a_pdf_says_its_summary_in_an_ascii_header(client):
    """X-Cards-Summary gives spells, cards and sheets of the deck as ASCII."""
    response = client.post("/api/pdf", json={"spells": ["Štít", "Ohnivá koule"]})
    assert response.status_code == 200
    assert response.headers["X-Cards-Summary"] == "spells=2; cards=2; sheets=1"
    count = client.post("/api/count", json={"spells": ["Štít", "Ohnivá koule"]}).get_json()
    assert count == {"spells": 2, "cards": 2, "sheets": 1, "text": "2 kouzla, 2 karty, 1 arch"}


def test_a_listed_spell_is_a_record_of_its_facts(client):
    """GET /api/spells gives each spell's name, English name, level, school, books, classes."""
    (record,) = [s for s in client.get("/api/spells").get_json() if s["name"] == "Ohnivá koule"]
    assert record["english"] == "Fireball"
    assert (record["level"], record["school"]) == (3, "Zaklínání")
    assert record["source"] == record["sources"][0]
    assert "Čaroděj" in record["classes"]
    assert (record["ritual"], record["concentration"]) == (False, False)
