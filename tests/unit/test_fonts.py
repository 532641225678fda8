"""Tests for the bundled fonts: licence, TrueType outlines, coverage of the compendium."""

from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from cards.layout import FONT_DIR, load_layout
from cards.typeset.metrics import covered

COMPENDIUM = Path(__file__).resolve().parents[2] / "data" / "kouzla.txt"
ROLES = ("body", "bold", "italic", "bold_italic", "title")


def test_licence_is_bundled():
    """The fonts ship with their SIL Open Font License."""
    text = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text


def test_only_used_fonts_are_bundled():
    """fonts/ holds the four faces the layouts use, nothing else."""
    used = set()
    for name in ("poker", "bridge", "mini", "tarot"):
        used |= set(load_layout(name).fonts.values())
    assert {path.stem for path in FONT_DIR.glob("*.ttf")} == used


@pytest.mark.parametrize("role", ROLES)
def test_font_covers_every_character_of_the_compendium(role):
    """Every character of data/kouzla.txt has a glyph in every face (Cyrillic у, ı, „ ...)."""
    glyphs = covered(load_layout().fonts[role])
    characters = set(COMPENDIUM.read_text(encoding="utf-8")) - {"\n", "\r"}
    missing = sorted(c for c in characters if ord(c) not in glyphs)
    assert missing == []


@pytest.mark.parametrize("role", ROLES)
def test_font_covers_the_card_furniture(role):
    """Characters the cards add themselves (bullets, separators, stars) have glyphs."""
    glyphs = covered(load_layout().fonts[role])
    assert all(ord(c) in glyphs for c in "•·*–—×/0123456789ÁÍŘŠŽČĚŮÚÝ")


def test_fonts_are_truetype_with_glyf_outlines():
    """reportlab reads every bundled file as TrueType (CFF .otf would be refused)."""
    for path in sorted(FONT_DIR.glob("*.ttf")):
        font = TTFont(f"check-{path.stem}", str(path))
        assert font.face.charToGlyph
