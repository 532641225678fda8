"""cards.typeset.metrics reads a font's ascent, descent and character map, guarded, for all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import getAscent, getDescent

from cards.layout import load_layout
from cards.lint import glyphs
from cards.typeset import metrics

ROOT = Path(__file__).resolve().parents[3]
FONTS = sorted(set(load_layout("poker").fonts.values()))
# Who may ask reportlab for a font object (and so read its private face): the one guarded
# reader, the painter (its subset codes) and the two that read a font's file (cache, workers).
FONT_READERS = {
    "cards/typeset/metrics.py",
    "cards/paint/draw.py",
    "cards/cache.py",
    "cards/build.py",
}


class _Bare:
    """A font as another reportlab release might give it: no face tables."""


@pytest.mark.parametrize("font", FONTS)
def test_ascent_and_descent_are_reportlabs_in_ems(font):
    """The face's ascent and descent per 1000, the descent positive: what getAscent and
    getDescent say."""
    assert metrics.ascent(font) == getAscent(font) / 1000
    assert metrics.descent(font) == -getDescent(font) / 1000
    assert 0 < metrics.descent(font) < 0.5 < metrics.ascent(font) < 1.5


def test_without_the_face_ascent_and_descent_come_from_the_public_getters(monkeypatch):
    """When the face keeps no ascent or descent (another release), the values stay the same."""
    font = FONTS[0]
    expected = metrics.ascent(font), metrics.descent(font)
    monkeypatch.setattr(metrics, "getFont", lambda name: _Bare())
    assert (metrics.ascent(font), metrics.descent(font)) == expected


@pytest.mark.parametrize("font", FONTS)
def test_a_font_covers_czech_and_not_private_use(font):
    """Charis SIL has ř, Ů and „“ and nothing in the private use area."""
    covered = metrics.covered(font)
    assert covered is not None
    assert {ord(c) for c in "řŮ„“ÁÍŽ"} <= covered
    assert 0xE000 not in covered and 0xF8FF not in covered


def test_a_font_without_a_character_map_covers_unknown(monkeypatch):
    """No character map of the known shape: None, and the glyph check has nothing to say."""
    monkeypatch.setattr(metrics, "getFont", lambda name: _Bare())
    monkeypatch.setattr(glyphs, "_covered", metrics.covered)
    assert metrics.covered(FONTS[0]) is None
    assert glyphs.drawable({"body": FONTS[0]}) is None
    assert glyphs.glyph_problems("漢", "f.txt", {"body": FONTS[0]}, "poker") == []


def test_the_glyph_check_reads_coverage_through_metrics():
    """A character outside a font's map is a problem: the check sees what metrics says."""
    problems = glyphs.glyph_problems("ok 漢\n", "f.txt", {"body": FONTS[0]}, "poker")
    assert [(p.line, p.kind) for p in problems] == [(1, "glyph")]


def test_only_the_font_readers_ask_reportlab_for_a_font():
    """getFont (the door to reportlab's private face) is called in the listed modules only."""
    callers = set()
    for path in sorted((ROOT / "cards").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "id", None) or getattr(node, "attr", None)
            if isinstance(node, ast.Name | ast.Attribute) and name == "getFont":
                callers.add(path.relative_to(ROOT).as_posix())
    assert callers == FONT_READERS
