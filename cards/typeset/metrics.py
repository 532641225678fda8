"""Font measurement at 1 pt: the one module of typeset that reads reportlab's fonts.

reportlab's public `stringWidth` measures a whole string. Hyphenation wants the width of
every prefix of a word, which `stringWidth` would give only by measuring each prefix again;
the advances it sums are in the TrueType face (`TTFontFace.charWidths`, `defaultWidth`),
which is not public API. Only `prefix_widths` reads them, through `_advances`, which
checks their shape and answers None when a reportlab release changes them: then every
prefix is measured with `stringWidth` (slower, the same widths). pyproject.toml bounds
reportlab to the major versions this was checked with (4 and 5).
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth


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
