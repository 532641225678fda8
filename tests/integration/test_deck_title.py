"""`cards deck --title`: the deck's name in the PDF's title and page footers (the web page's)."""

from __future__ import annotations

from click.testing import CliRunner

from cards.cli import main
from tests.support.pdfread import open_pdf


def test_title_names_the_deck(tmp_path):
    """--title "Druid 0–2" puts the name in the footer instead of "Připravená kouzla"."""
    listing = tmp_path / "list.txt"
    listing.write_text("Štít\n", encoding="utf-8")
    out = tmp_path / "druid.pdf"
    result = CliRunner().invoke(
        main, ["deck", str(listing), "--title", "Druid 0–2", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    with open_pdf(out) as document:
        text = document.pages[0].extract_text()
    assert "Druid 0–2" in text
    assert "Připravená kouzla" not in text


def test_without_title_the_default(tmp_path):
    """Without --title the footer says "Připravená kouzla", as before."""
    listing = tmp_path / "list.txt"
    listing.write_text("Štít\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    assert CliRunner().invoke(main, ["deck", str(listing), "-o", str(out)]).exit_code == 0
    with open_pdf(out) as document:
        assert "Připravená kouzla" in document.pages[0].extract_text()
