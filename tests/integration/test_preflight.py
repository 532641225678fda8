"""`cards preflight` (cards/preflight.py) on files no preset wrote: what fails and why, in Czech.

The preflight of each preset's own files is in test_printshop.py, beside the builds it reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cards.cli import main
from cards.messages import say

DECK = "Ohnivá koule\nMagická ústa\nSmršť\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("preflight") / "deck.txt"
    path.write_text(DECK, encoding="utf-8")
    return path


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
