"""Tests for cards.typeset.metrics: reportlab's private face tables read in one guarded place."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.typeset import metrics
from tests.unit.typeset.test_typeset import SERIF

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
