"""Placed labels the furniture, the backs and the index share: one ending at a point, one
centred on it."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label


def right_label(text: str, font: str, size: float, right: float, y: float, colour: str) -> Label:
    """Return a label whose right end is at `right`."""
    return Label(text, font, size, right - stringWidth(text, font, size), y, colour)


def centred_label(text: str, font: str, size: float, centre: float, y: float, colour: str) -> Label:
    """Return a one-font label centred on `centre`."""
    return Label(text, font, size, centre - stringWidth(text, font, size) / 2, y, colour)
