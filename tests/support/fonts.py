"""The tests' fonts: the fixed-width test font (exact breaks by counting letters) and Charis SIL
under test names (registered on import); poker's style in the fixed-width font."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cards.fit.style import CardStyle, card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext

TEST_FONTS = Path(__file__).resolve().parents[1] / "fonts"
MONO_FONT = TEST_FONTS / "DejaVuSansMono.ttf"
MONO_EM = 0.60205078125  # every glyph of MONO_FONT is this wide, in ems: exact breaks by counting


def register_mono(name: str) -> str:
    """Register the fixed-width test font under `name` (once a process); return the name."""
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(MONO_FONT)))
    return name


FONTS = Path(__file__).resolve().parents[2] / "fonts"  # the shipped fonts
SERIF = "TypesetTestSerif"
BOLD = "TypesetTestBold"
MONO = "TypesetTestMono"  # MONO_FONT: every glyph MONO_EM wide


def _register(name: str, *candidates: Path) -> None:
    if name in pdfmetrics.getRegisteredFontNames():
        return
    path = next((p for p in candidates if p.exists()), None)
    if path is None:
        pytest.fail(f"no font for {name}: looked for {[str(p) for p in candidates]}")
    pdfmetrics.registerFont(TTFont(name, str(path)))


_register(SERIF, FONTS / "CharisSIL-Regular.ttf")
_register(BOLD, FONTS / "CharisSIL-Bold.ttf")
_register(MONO, MONO_FONT)


def mono_poker(font: str, **changes) -> CardStyle:
    """Poker's style with every face the fixed-width test font (registered as `font`), and
    `changes` made: widths in it are counts of letters."""
    poker = card_style(load_layout("poker"), "Zaklínání")
    return replace(poker, fonts=dict.fromkeys(poker.fonts, register_mono(font)), **changes)


def near_widths(
    font: str, size: float, room: float, context: TypesetContext, slack: float
) -> tuple[str, str]:
    """Return two one-word names: one at most `slack` pt narrower than `room` at `size` (it
    just fits), one at most `slack` pt wider (it just does not)."""
    fits = wider = None
    for m in range(80):
        for n in range(8):
            for i in range(8):
                word = "Z" + "m" * m + "n" * n + "i" * i
                width = size * context.width(word, font)
                if room - slack <= width <= room - 0.01 and fits is None:
                    fits = word
                if room + 0.01 <= width <= room + slack and wider is None:
                    wider = word
                if fits and wider:
                    return fits, wider
    raise AssertionError(f"no names near {room} pt")
