"""The page's own views (HTML fragments htmx swaps in), through Flask's test client."""

from __future__ import annotations

import io

from tests.support.web import HOMEBREW


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


def test_the_form_offers_the_print_shops_and_prints_their_pdfx(client):
    """ "Pro tiskárnu": every PDF preset offered; the chosen one gives its PDF/X, paper ignored."""
    import pikepdf

    from cards.printshop import list_presets, load_preset

    page = client.get("/").get_data(as_text=True)
    assert "Pro tiskárnu" in page
    for name in list_presets():
        offered = f'<option value="{name}">' in page
        assert offered == (load_preset(name).format == "pdf")
    form = {"spells": ["Ohnivá koule"], "sheet": "a4", "print_shop": "drivethrucards"}
    response = client.post("/pdf", data=form)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pikepdf.open(io.BytesIO(response.data)) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1:2003"
        assert "/OutputIntents" in pdf.Root


def test_an_unknown_print_shop_is_refused_in_czech(client):
    """The API names the presets it takes."""
    response = client.post("/api/pdf", json={"spells": ["Ohnivá koule"], "print_shop": "nic"})
    assert response.status_code == 400
    assert "neznámá tiskárna" in response.get_data(as_text=True)
