"""Tests for cards.typeset.metrics: reportlab's private face tables read in one guarded place."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import getAscent, getDescent, stringWidth

from cards.layout import load_layout
from cards.lint import glyphs
from cards.typeset import metrics
from tests.support.fonts import MONO_EM as EM
from tests.support.fonts import SERIF, register_mono

ROOT = Path(__file__).resolve().parents[3]
WORDS = ("nejrůznějších", "Sešleš-li", "Ωmega’s", "x")


def _by_string_width(word: str) -> list[float]:
    return [stringWidth(word[:n], SERIF, 1.0) for n in range(len(word) + 1)]


def test_prefix_widths_are_what_string_width_gives():
    """The face's advances summed per character equal stringWidth of every prefix."""
    for word in WORDS:
        assert metrics.prefix_widths(word, SERIF) == _by_string_width(word)


def test_a_font_without_the_private_table_is_measured_by_string_width(monkeypatch):
    """When reportlab's face has no charWidths (another release), the widths stay the same."""

    class Bare:
        pass

    monkeypatch.setattr(metrics, "getFont", lambda name: Bare())
    assert metrics._advances(SERIF) is None
    for word in WORDS:
        assert metrics.prefix_widths(word, SERIF) == _by_string_width(word)


def test_only_metrics_imports_reportlab_in_typeset():
    """No other module of cards/typeset imports reportlab."""
    importers = set()
    for path in (ROOT / "cards" / "typeset").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name.split(".")[0] == "reportlab" for name in names):
                importers.add(path.name)
    assert importers == {"metrics.py"}


def test_reportlab_has_an_upper_version_bound():
    """pyproject.toml bounds reportlab above: its private face tables may change."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (requirement,) = [d for d in project["project"]["dependencies"] if d.startswith("reportlab")]
    assert re.search(r"<\s*\d", requirement), requirement


# ------------------------------------------------------------------------------------------
# Metrics (cards/typeset/metrics.py): tests written to kill what a mutation run (bench/mutation.py)
# of metrics.py left alive. The module reads a TrueType face's tables because the public API is
# slow (a stringWidth call per prefix, a caught AttributeError per getAscent/getDescent call);
# these tests pin that the face is read for the fonts the cards are set in (the public functions
# made to fail) and that a face of another shape is not read but measured the slow way. Oracles
# by hand (the mono font's glyphs are all 0.602 em; its OS/2 ascender and descender 1556 and 492
# units of 2048) or reportlab's public API asked before it is made to fail.


MONO = "MetricsMutantsMono"  # every glyph 0.60205078125 em wide
FONTS = sorted(set(load_layout("poker").fonts.values()))  # the cards' own fonts (Charis SIL)
WORD = "Žluťoučký"  # nine characters


@pytest.fixture(scope="module", autouse=True)
def _mono():
    register_mono(MONO)


def _refuse(*args):
    raise AssertionError("reportlab's public API asked for what the face has")


def test_the_mono_font_is_measured_from_its_face(monkeypatch):
    """A TrueType font's prefix widths are its face's advances summed, stringWidth never asked."""
    monkeypatch.setattr(metrics, "stringWidth", _refuse)
    assert metrics.prefix_widths(WORD, MONO) == [n * EM for n in range(len(WORD) + 1)]


@pytest.mark.parametrize("font", FONTS)
def test_the_cards_fonts_are_measured_from_their_face(font, monkeypatch):
    """The layouts' fonts give stringWidth's prefix widths with stringWidth never asked."""
    expected = [pdfmetrics.stringWidth(WORD[:n], font, 1.0) for n in range(len(WORD) + 1)]
    monkeypatch.setattr(metrics, "stringWidth", _refuse)
    assert metrics.prefix_widths(WORD, font) == expected


def test_the_mono_font_ascent_and_descent_are_read_from_its_face(monkeypatch):
    """DejaVu Sans Mono's ascent and descent (1556 and 492 of 2048 units), getAscent and
    getDescent never asked."""
    monkeypatch.setattr(metrics, "getAscent", _refuse)
    monkeypatch.setattr(metrics, "getDescent", _refuse)
    assert (metrics.ascent(MONO), metrics.descent(MONO)) == (1556 / 2048, 492 / 2048)


@pytest.mark.parametrize("font", FONTS)
def test_the_cards_fonts_ascent_and_descent_are_read_from_their_face(font, monkeypatch):
    """The layouts' fonts give getAscent's and getDescent's values with neither asked."""
    expected = pdfmetrics.getAscent(font) / 1000, -pdfmetrics.getDescent(font) / 1000
    monkeypatch.setattr(metrics, "getAscent", _refuse)
    monkeypatch.setattr(metrics, "getDescent", _refuse)
    assert (metrics.ascent(font), metrics.descent(font)) == expected


class _Face:
    def __init__(self, widths, default):
        self.charWidths, self.defaultWidth = widths, default


class _Font:
    def __init__(self, face):
        self.face = face


@pytest.mark.parametrize(
    ("widths", "default"),
    [([602] * 256, 1000), ({}, None), ({}, "602"), ({}, True)],
    ids=["widths-a-list", "default-none", "default-a-string", "default-a-bool"],
)
def test_advances_of_another_shape_are_not_read(widths, default, monkeypatch):
    """A face whose advances are not a dict and a number (another reportlab) is measured by
    stringWidth: the mono font's widths all the same."""
    monkeypatch.setattr(metrics, "getFont", lambda name: _Font(_Face(widths, default)))
    assert metrics.prefix_widths(WORD, MONO) == [n * EM for n in range(len(WORD) + 1)]


# ------------------------------------------------------------------------------------------
# cards.typeset.metrics reads a font's ascent, descent and character map, guarded, for all.


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
