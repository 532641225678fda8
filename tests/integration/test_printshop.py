"""Print shops through the command line: PDF/X presets, image presets, preflight, read back."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from cards.cli import main
from cards.inks import profile_bytes
from cards.messages import say
from cards.printshop import list_presets, load_preset

MM = 72 / 25.4
DECK = "Ohnivá koule\nMagická ústa\nSmršť\n"
PDF_PRESETS = [name for name in list_presets() if load_preset(name).format == "pdf"]
IMAGE_PRESETS = [name for name in list_presets() if load_preset(name).format == "images"]


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("shop") / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def built(deck_file) -> dict[str, Path]:
    """Every PDF preset's file of the deck, with backs."""
    files = {}
    for name in PDF_PRESETS:
        out = deck_file.parent / f"{name}.pdf"
        result = run("deck", str(deck_file), "--print-shop", name, "--backs", "-q", "-o", str(out))
        assert result.exit_code == 0, result.output
        files[name] = out
    return files


def _operators(pdf) -> set[str]:
    return {
        str(operator) for page in pdf.pages for _, operator in pikepdf.parse_content_stream(page)
    }


def _box_mm(page, name: str) -> list[float]:
    x0, y0, x1, y1 = (float(v) for v in page.obj[name])
    return [round((x1 - x0) / MM, 2), round((y1 - y0) / MM, 2)]


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_a_preset_writes_only_cmyk_ink(built, name):
    """No RGB or grey colour operator, no image, on any page: CMYK ink only."""
    with pikepdf.open(built[name]) as pdf:
        operators = _operators(pdf)
        images = [
            x
            for page in pdf.pages
            for _, x in (page.Resources.get("/XObject") or {}).items()
            if x.get("/Subtype") == "/Image"
        ]
    assert {"k", "K"} & operators
    assert not {"rg", "RG", "g", "G", "sc", "scn", "SC", "SCN", "cs", "CS"} & operators
    assert images == []


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_a_preset_has_the_output_intent_and_its_pdfx_keys(built, name):
    """The FOGRA39 output intent with the shipped profile, GTS_PDFXVersion, Trapped, XMP."""
    shop = load_preset(name)
    with pikepdf.open(built[name]) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert intent.DestOutputProfile.read_bytes() == profile_bytes()
        assert int(intent.DestOutputProfile.N) == 4
        version = str(pdf.docinfo.GTS_PDFXVersion)
        assert version == {"PDF/X-4": "PDF/X-4", "PDF/X-1a:2003": "PDF/X-1:2003"}[shop.standard]
        assert pdf.docinfo.Trapped == pikepdf.Name("/False")
        xmp = pdf.Root.Metadata.read_bytes().decode()
        assert pdf.pdf_version == ("1.6" if shop.standard == "PDF/X-4" else "1.4")
    if shop.standard == "PDF/X-4":
        assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    else:
        assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2003"


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_every_page_has_the_card_as_trim_and_the_bleed_around_it(built, name):
    """TrimBox 63 x 88 mm, BleedBox the card and the preset's bleed on every side."""
    bleed = load_preset(name).bleed_mm
    with pikepdf.open(built[name]) as pdf:
        assert len(pdf.pages) >= 4
        for page in pdf.pages:
            assert _box_mm(page, "/TrimBox") == [63.0, 88.0]
            assert _box_mm(page, "/BleedBox") == pytest.approx(
                [63.0 + 2 * bleed, 88.0 + 2 * bleed], abs=0.01
            )
            trim = [float(v) for v in page.obj.TrimBox]
            assert trim[0] == pytest.approx(bleed * MM, abs=0.001)


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_every_font_is_embedded_as_a_subset(built, name):
    """Each font of each page has its font file and a subset tag (ABCDEF+Name)."""
    with pikepdf.open(built[name]) as pdf:
        fonts = {
            str(font.BaseFont): font
            for page in pdf.pages
            for _, font in page.Resources.Font.items()
        }
        assert fonts
        for base, font in fonts.items():
            assert base[7] == "+", base
            assert "/FontFile2" in font.FontDescriptor, base


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_the_text_keeps_its_czech_letters(built, name):
    """pdftotext reads "Ohnivá koule" and "úrovně" back from the PDF/X file (poppler-utils:
    .ci/run installs it)."""
    text = subprocess.run(
        ["pdftotext", str(built[name]), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Ohnivá koule" in text and "úrovně" in text


def test_print_shop_alone_takes_the_default_preset(deck_file, built, tmp_path):
    """--print-shop with no name is tiskarna: PDF/X-4, the same bytes."""
    out = tmp_path / "default.pdf"
    assert (
        run("deck", str(deck_file), "--print-shop", "--backs", "-q", "-o", str(out)).exit_code == 0
    )
    assert out.read_bytes() == built["tiskarna"].read_bytes()


def test_a_preset_build_is_deterministic(deck_file, built, tmp_path):
    """The same deck and preset give the same bytes."""
    out = tmp_path / "again.pdf"
    args = ("deck", str(deck_file), "--print-shop", "drivethrucards", "--backs", "-q")
    assert run(*args, "-o", str(out)).exit_code == 0
    assert out.read_bytes() == built["drivethrucards"].read_bytes()


def test_the_safe_zone_is_kept_at_fit_time(built):
    """No glyph of the Czech shop's file lies within 5 mm of the cut; poker alone has 3.4 mm."""
    import pypdfium2

    for name, safe in (("tiskarna", 5.0), ("polska", 4.0)):
        document = pypdfium2.PdfDocument(str(built[name]))
        with pikepdf.open(built[name]) as pdf:
            trims = [[float(v) for v in page.obj.TrimBox] for page in pdf.pages]
        least = 99.0
        for page, trim in zip(document, trims, strict=True):
            text = page.get_textpage()
            for index in range(text.count_chars()):
                if text.get_text_range(index, 1).isspace():
                    continue
                left, bottom, right, top = text.get_charbox(index)
                edge = min(left - trim[0], bottom - trim[1], trim[2] - right, trim[3] - top)
                least = min(least, edge / MM)
        document.close()
        assert safe <= least < safe + 1.0, name


def test_a_two_file_preset_writes_fronts_and_backs_apart(built):
    """tiskarna-dva-soubory: the fronts in the file asked for, the backs in NAME-rub.pdf."""
    fronts = built["tiskarna-dva-soubory"]
    backs = fronts.with_name("tiskarna-dva-soubory-rub.pdf")
    with pikepdf.open(fronts) as front, pikepdf.open(backs) as back:
        assert len(front.pages) == len(back.pages) >= 4
        assert "/OutputIntents" in back.Root
    with pikepdf.open(built["tiskarna"]) as alternating:
        assert len(alternating.pages) == 2 * len(front.pages)


def test_a_polish_preset_prints_the_backs_without_being_asked(deck_file, tmp_path):
    """polska: front, back, front, back … even without --backs."""
    out = tmp_path / "pl.pdf"
    assert (
        run("deck", str(deck_file), "--print-shop", "polska", "-q", "-o", str(out)).exit_code == 0
    )
    with pikepdf.open(out) as pdf:
        labels = [page.label for page in pdf.pages]
    assert labels[:4] == ["1", "1 rub", "2", "2 rub"]


@pytest.mark.parametrize("name", IMAGE_PRESETS)
def test_an_image_preset_writes_its_exact_pixels(name, tmp_path):
    """cards images --print-shop NAME: every PNG at the shop's pixel size and dpi."""
    shop = load_preset(name)
    result = run("images", "Ohnivá koule", "Smršť", "--print-shop", name, "-q", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) >= 4
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == (shop.width_px, shop.height_px)
            assert round(image.info["dpi"][0]) == shop.dpi


def test_an_image_preset_bleeds_the_school_colour_to_the_edge(tmp_path):
    """The Game Crafter's front: the school colour at every edge pixel (the bleed), no white."""
    run(
        "images",
        "Ohnivá koule",
        "--print-shop",
        "thegamecrafter",
        "--no-backs",
        "-q",
        "-o",
        str(tmp_path),
    )
    (front,) = tmp_path.glob("*-front.png")
    with Image.open(front) as image:
        rgb = image.convert("RGB")
        edges = [
            rgb.getpixel((x, y)) for x, y in ((0, 0), (824, 0), (0, 1124), (824, 1124), (412, 0))
        ]
    assert set(edges) == {(0xBE, 0x00, 0x16)}


def test_an_image_preset_refuses_a_pdf_and_a_card_of_another_size(deck_file, tmp_path):
    """A PDF asked of an image shop, and mini cards for a poker-sized shop: clear errors."""
    result = run(
        "deck", str(deck_file), "--print-shop", "thegamecrafter", "-o", str(tmp_path / "x.pdf")
    )
    assert result.exit_code == 2
    assert say("print_shop_images", shop="thegamecrafter") in result.output
    result = run(
        "images",
        "Ohnivá koule",
        "--print-shop",
        "thegamecrafter",
        "--layout",
        "mini",
        "-o",
        str(tmp_path),
    )
    assert result.exit_code == 1 and "63 × 88 mm" in result.output and "mini" in result.output


def test_an_unknown_preset_is_a_usage_error_listing_the_presets(deck_file, tmp_path):
    """--print-shop nic: exit 2, the presets named, nothing written."""
    out = tmp_path / "x.pdf"
    result = run("deck", str(deck_file), "--print-shop", "nic", "-o", str(out))
    assert result.exit_code == 2
    assert "neznámá tiskárna „nic“" in result.output and "drivethrucards" in result.output
    assert not out.exists()


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_preflight_passes_the_presets_own_files(built, name):
    """cards preflight FILE --print-shop NAME: exit 0 on the file that preset wrote."""
    result = run("preflight", str(built[name]), "--print-shop", name)
    assert result.exit_code == 0, result.output
    assert say("preflight_passed") in result.output


def test_preflight_fails_an_rgb_file(deck_file, tmp_path):
    """A single-card file with bleed but in RGB, without an output intent: exit 1, said why."""
    out = tmp_path / "rgb.pdf"
    run("deck", str(deck_file), "--sheet", "none", "--bleed", "3", "-q", "-o", str(out))
    result = run("preflight", str(out))
    assert result.exit_code == 1
    assert say("preflight_rgb", pages="1, 2, 3, 4, 5") in result.output
    assert say("preflight_no_intent") in result.output
    assert "nevložená písma: Helvetica" in result.output
    assert say("preflight_failed") in result.output


def test_preflight_fails_a_file_without_bleed(built, tmp_path):
    """The Czech shop's file read against a shop wanting more bleed; a file with none."""
    result = run("preflight", str(built["tiskarna"]), "--print-shop", "drivethrucards")
    assert result.exit_code == 1
    assert "spadávka jen 3,0 mm, tiskárna chce 3,175 mm" in result.output
    assert (
        say("preflight_wrong_version", version="PDF/X-4", wanted="PDF/X-1a:2003") in result.output
    )
    with pikepdf.open(built["tiskarna"]) as pdf:
        for page in pdf.pages:
            page.obj.MediaBox = page.obj.TrimBox
            del page.obj["/BleedBox"]
        pdf.save(tmp_path / "trimmed.pdf")
    result = run("preflight", str(tmp_path / "trimmed.pdf"))
    assert result.exit_code == 1
    assert "chybí rámeček spadávky (BleedBox)" in result.output
    assert "spadávka jen 0,0 mm, tiskárna chce 3 mm" in result.output


def test_preflight_finds_text_in_the_safe_zone_and_low_images(tmp_path):
    """A page of text 2 mm from the cut and an image at 100 dpi fail the Czech shop's check."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from cards.layout import load_layout

    layout = load_layout("poker")
    path = tmp_path / "edited.pdf"
    canvas = Canvas(str(path), pagesize=(69 * mm, 94 * mm))
    canvas.setCropBox([3 * mm, 3 * mm, 66 * mm, 91 * mm], name="trim")
    canvas.setCropBox([0, 0, 69 * mm, 94 * mm], name="bleed")
    canvas.setFont(layout.fonts["body"], 9)
    canvas.drawString(5 * mm, 50 * mm, "Okraj")
    image = Image.new("RGB", (100, 100), (200, 30, 30))
    canvas.drawInlineImage(image, 20 * mm, 20 * mm, 25.4 * mm, 25.4 * mm)
    canvas.save()
    result = run("preflight", str(path))
    assert result.exit_code == 1
    assert "text blíž ořezu než 5 mm (bezpečná zóna) na stranách 1 (2,1 mm)" in result.output
    assert say("preflight_images_low", dpi=300, images="1 (100 dpi)") in result.output
    assert say("preflight_rgb", pages="1") in result.output


def test_preflight_of_something_not_a_pdf_is_a_clear_error(deck_file):
    """A text file: exit 1 and a Czech message naming it, no traceback."""
    result = run("preflight", str(deck_file))
    assert result.exit_code == 1
    assert say("preflight_unreadable", file=deck_file) in result.output
