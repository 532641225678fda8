"""Helpers shared by the fit tests: one-word names near a room's width, the body sizes the
size search sets a description at, and poker's style set in the fixed-width test font."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.fit import setter
from cards.fit.style import CardStyle, card_style
from cards.layout import load_layout
from cards.typeset import TypesetContext
from tests.conftest import register_mono


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


@pytest.fixture
def recorded(monkeypatch) -> list[float]:
    """The body sizes the search sets the description at (outlined or set), in order."""
    sizes: list[float] = []
    real = setter.description

    def recording(style, blocks, size, context, **options):
        sizes.append(size)
        return real(style, blocks, size, context, **options)

    monkeypatch.setattr(setter, "description", recording)
    return sizes
