"""Font measurement at 1 pt: the one guarded reader of reportlab's font tables for layout.

reportlab's public `stringWidth` measures a whole string; `getAscent` and `getDescent` give a
font's ascent and descent, but slowly (each call catches an AttributeError). Hyphenation
wants the width of every prefix of a word, and the glyph check the characters a font has
glyphs for: neither has public API. So this module reads the TrueType face (`TTFontFace`):
`prefix_widths` its advances (`charWidths`, `defaultWidth`, through `_advances`), `ascent`
and `descent` its `ascent` and `descent`, `covered` its character map (`charToGlyph`). Each
checks the shape of what it reads and, when a reportlab release changes it, falls back on
the public API (`stringWidth` for every prefix, `getAscent`/`getDescent`: slower, the same
values) or, for `covered`, answers None (nothing to check glyphs against:
tests/unit/typeset/test_metrics_faces.py fails on such a reportlab). pyproject.toml bounds
reportlab to the major versions this was checked with (4 and 5). The painter (cards/draw.py)
and the fit cache's font digest read reportlab's fonts for their own ends; the test lists
who may.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import getAscent, getDescent, getFont, stringWidth


def string_width(text: str, font: str) -> float:
    """Return the width of text at 1 pt, as reportlab measures it."""
    return stringWidth(text, font, 1.0)


def prefix_widths(word: str, font: str) -> list[float]:
    """Return the width at 1 pt of every prefix of word, as stringWidth gives it."""
    advances = _advances(font)
    if advances is None:
        return [string_width(word[:n], font) for n in range(len(word) + 1)]
    # The sum stringWidth makes for TTF fonts, kept at every character.
    get, default = advances
    total = 0
    widths = [0.0]
    for char in word:
        total += get(ord(char), default)
        widths.append(0.001 * total)
    return widths


def _advances(font: str) -> tuple[Callable[[int, float], float], float] | None:
    """Return the lookup of a TrueType font's advances (1/1000 em by code) and its default
    advance, or None when the font has no such table (a Type 1 font, another reportlab)."""
    face = getattr(getFont(font), "face", None)
    widths = getattr(face, "charWidths", None)
    default = getattr(face, "defaultWidth", None)
    if not isinstance(widths, dict) or isinstance(default, bool):
        return None
    if not isinstance(default, int | float):
        return None
    return widths.get, default


def ascent(font: str) -> float:
    """Return a font's ascent in ems, as reportlab reads it from the font file."""
    return _face_metric(font, "ascent", getAscent) / 1000


def descent(font: str) -> float:
    """Return a font's descent in ems (positive below the baseline), as PDF readers compute
    line boxes."""
    return -_face_metric(font, "descent", getDescent) / 1000


def _face_metric(font: str, name: str, public: Callable[[str], float]) -> float:
    """Return the TrueType face's ascent or descent (1/1000 em), read straight from the face
    where it is a number (the public getter costs a caught AttributeError a call: the fitter
    asks for the descent thousands of times), else from reportlab's public getter."""
    value = getattr(getattr(getFont(font), "face", None), name, None)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return public(font)


def covered(font: str) -> frozenset[int] | None:
    """Return the code points a TrueType font has glyphs for, or None when reportlab's face
    keeps no character map of the shape read here (a Type 1 font, another reportlab)."""
    face = getattr(getFont(font), "face", None)
    table = getattr(face, "charToGlyph", None)
    if not isinstance(table, dict):
        return None
    return frozenset(table)
