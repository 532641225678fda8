"""Tests for cards.paint.preview: size and layout of the PNG, determinism, a golden real spell."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw
from reportlab.lib.units import mm

from cards.backs import card_backs
from cards.fit import fit_spell
from cards.layout import load_layout
from cards.paint.preview import COLUMNS, GAP, MARGIN, PreviewError, render_preview
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.fakes import draw_back_box, draw_box, fake_faces

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
GOLDEN_SPELL = "Časovaná ohnivá koule"  # two cards: both parts and both backs are compared
GOLDEN_DPI = 80
# Rasterisers differ a little in anti-aliasing; a pixel counts as changed only past THRESHOLD
# (0-255, in any channel), and at most a TOLERANCE share of the pixels may change.
THRESHOLD = 48
TOLERANCE = 0.0002


def preview(tmp_path: Path, faces, *, backs=True, **options) -> Image.Image:
    """Render faces with the stand-in drawers (each face its own stand-in back), open the PNG."""
    (path,) = render_preview(
        faces,
        tmp_path / "p.png",
        backs=faces if backs else (),
        draw_front=draw_box,
        draw_back=draw_back_box,
        **options,
    )
    return Image.open(path)


def changed_share(first: Image.Image, second: Image.Image) -> float:
    """Share of pixels of two same-sized pictures that differ by more than THRESHOLD."""
    diff = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    strongest = _channel_max(diff)
    changed = strongest.point(lambda value: 255 if value > THRESHOLD else 0)
    return changed.histogram()[255] / (first.width * first.height)


def _channel_max(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def check_golden(image: Image.Image, path: Path, refresh: bool) -> None:
    """Compare a picture with its stored reference, or store it when refreshing."""
    if refresh:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path)
    assert path.is_file(), f"no reference {path}: run pytest --refresh-golden once"
    reference = Image.open(path)
    assert reference.size == image.size, f"{path.name} is {reference.size}, not {image.size}"
    share = changed_share(reference, image)
    assert share <= TOLERANCE, (
        f"{share:.2%} of the pixels differ from {path.name}; if the design changed on purpose, "
        "look at the new picture and run pytest --refresh-golden"
    )


def test_size_follows_cards_and_dpi(tmp_path):
    """Three cards with backs at 72 dpi: three cards wide, two high, plus gaps and margins."""
    image = preview(tmp_path, fake_faces(3), dpi=72)
    width = 2 * MARGIN + 3 * 63 * mm + 2 * GAP
    height = 2 * MARGIN + 2 * 88 * mm + GAP
    assert image.size == (math.ceil(width), math.ceil(height))  # PDFium rounds up


def test_fronts_on_top_backs_below(tmp_path):
    """Fronts fill the top row and their backs the row below; white paper around them."""
    image = preview(tmp_path, fake_faces(2), dpi=36).convert("RGB")
    scale = 36 / 72
    for index in range(2):
        x = (MARGIN + index * (63 * mm + GAP) + 63 * mm / 2) * scale
        top = (MARGIN + 88 * mm / 2) * scale
        bottom = (MARGIN + 88 * mm + GAP + 88 * mm / 2) * scale
        red, green, _ = image.getpixel((round(x), round(top)))
        assert red > 180 and green < 80
        red, green, _ = image.getpixel((round(x), round(bottom)))
        assert green > 180 and red < 80
    assert image.getpixel((1, 1)) == (255, 255, 255)


def test_without_backs_one_row(tmp_path):
    """Without backs the picture has one row of cards."""
    image = preview(tmp_path, fake_faces(1), dpi=72, backs=False)
    assert image.size == (math.ceil(2 * MARGIN + 63 * mm), math.ceil(2 * MARGIN + 88 * mm))


def test_deterministic_bytes(tmp_path):
    """The same faces give a byte-identical PNG."""
    (first,) = render_preview(fake_faces(2), tmp_path / "a.png", dpi=50, draw_front=draw_box)
    (second,) = render_preview(fake_faces(2), tmp_path / "b.png", dpi=50, draw_front=draw_box)
    assert first.read_bytes() == second.read_bytes()


def test_backs_must_match_the_faces(tmp_path):
    """A back for each face, or none: a preview never guesses the backs it lacks."""
    with pytest.raises(PreviewError, match="^2 stran karet, ale 1 rubů$"):
        render_preview(fake_faces(2), tmp_path / "x.png", backs=fake_faces(1))


def test_no_faces_is_an_error(tmp_path):
    """Previewing nothing raises PreviewError, in Czech."""
    with pytest.raises(PreviewError, match="^není co ukázat: kouzlo nemá žádnou stranu karty$"):
        render_preview((), tmp_path / "x.png")


def test_a_resolution_below_one_is_an_error_in_czech(tmp_path):
    """dpi 0 raises PreviewError, in Czech."""
    with pytest.raises(PreviewError, match="^rozlišení musí být kladné, zadáno 0 dpi$"):
        render_preview(fake_faces(1), tmp_path / "x.png", dpi=0, draw_front=draw_box)


def test_golden_check_tolerates_noise_but_not_change(tmp_path):
    """The golden comparison accepts a few changed pixels and rejects a changed picture."""
    reference = preview(tmp_path, fake_faces(2), dpi=40).convert("RGB")
    stored = tmp_path / "golden.png"
    check_golden(reference, stored, refresh=True)
    noisy = reference.copy()
    noisy.putpixel((5, 5), (0, 0, 0))
    check_golden(noisy, stored, refresh=False)
    changed = reference.copy()
    ImageDraw.Draw(changed).rectangle((0, 0, changed.width // 3, changed.height // 3), fill="black")
    with pytest.raises(AssertionError):
        check_golden(changed, stored, refresh=False)


def test_golden_preview_of_a_real_spell(tmp_path, refresh_golden):
    """The preview of a two-card spell matches tests/golden/ (pytest --refresh-golden renews it)."""
    from cards.backs import card_backs
    from cards.fit import fit_spell
    from cards.layout import load_layout
    from cards.source.library import read_compendium

    (spell,) = [s for s in read_compendium().spells if s.name == GOLDEN_SPELL]
    faces = fit_spell(spell, load_layout("poker"))
    assert len(faces) == 2
    backs = card_backs(faces, load_layout("poker"))
    (path,) = render_preview(faces, tmp_path / "golden.png", dpi=GOLDEN_DPI, backs=backs)
    check_golden(Image.open(path), GOLDEN / "preview-casovana-ohniva-koule.png", refresh_golden)


# ------------------------------------------------------------------------------------------
# A preview of a spell of many cards wraps into rows, and its pixels are bounded.


@pytest.fixture(scope="module")
def face():
    layout = load_layout("poker")
    return fit_spell(find_spell(read_compendium().spells, "blesk"), layout)[0]


def test_many_cards_wrap_into_rows(face, tmp_path):
    """20 cards: COLUMNS to a row, each row of fronts with its backs below."""
    out = tmp_path / "p.png"
    render_preview([face] * 20, out, dpi=50, backs=card_backs([face] * 20, load_layout("poker")))
    image = Image.open(io.BytesIO(out.read_bytes()))
    card_w = face.width * 50 / 72
    card_h = face.height * 50 / 72
    rows = -(-20 // COLUMNS)
    assert image.width < (COLUMNS + 1) * card_w * 1.2
    assert image.height > 2 * rows * card_h
    assert image.height < 2 * rows * card_h * 1.3


def test_a_preview_too_large_is_refused_with_a_dpi_that_fits(face, tmp_path):
    """155 cards at 1200 dpi would be gigapixels: refused, naming a --dpi that fits."""
    with pytest.raises(
        PreviewError,
        match=r"^náhled 155 karet při 1200 dpi by měl \d+ milionů "
        r"pixelů, víc než 100 milionů; zvolte --dpi \d+ nebo menší$",
    ):
        render_preview([face] * 155, tmp_path / "p.png", dpi=1200, backs=[face] * 155)
    assert not (tmp_path / "p.png").exists()
