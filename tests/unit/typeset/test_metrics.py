"""Tests for cards.typeset.metrics: reportlab's private face tables read in one guarded place."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.layout import load_layout
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
