"""A preview of a spell of many cards wraps into rows, and its pixels are bounded."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cards.backs import card_backs
from cards.fit import fit_spell
from cards.layout import load_layout
from cards.paint.preview import COLUMNS, PreviewError, render_preview
from cards.select import find_spell
from cards.source.library import read_compendium


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
