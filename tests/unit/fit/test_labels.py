"""cards/fit/labels.py on its own: a label ending at a point, and one centred on it."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label
from cards.fit.labels import centred_label, right_label
from cards.fit.style import card_style
from cards.layout import load_layout


@pytest.fixture(scope="module")
def bold() -> str:
    return card_style(load_layout("poker"), "Zaklínání").fonts["bold"]


def test_a_right_label_ends_at_its_point(bold):
    """Its left end is the point less the text's width; font, size, baseline, colour kept."""
    width = stringWidth("2/3", bold, 7.0)
    assert width > 5.0
    label = right_label("2/3", bold, 7.0, 100.0, 40.0, "#123456")
    assert label == Label("2/3", bold, 7.0, 100.0 - width, 40.0, "#123456")


def test_a_centred_label_has_half_its_width_each_side_of_its_point(bold):
    """Its left end is the centre less half the text's width."""
    width = stringWidth("Zaklínání", bold, 6.8)
    label = centred_label("Zaklínání", bold, 6.8, 100.0, 40.0, "#654321")
    assert label == Label("Zaklínání", bold, 6.8, 100.0 - width / 2, 40.0, "#654321")
    assert label.x + width == pytest.approx(100.0 + width / 2)
