"""The width rule every printed field ends in: a label that leaves the card's safe area is an
error naming the spell and the field, never text printed over the edge.

The furniture shrinks and wraps what it can (cards/fit/furniture.py); whatever still sticks out
(a 77-character English name, a 58-character book of one's own) is caught here, once, for every
field, rather than field by field.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.errors import CardsError
from cards.face import CardFace, Label, TextLine
from cards.messages import say
from cards.typeset.normalise import normalise

TOLERANCE = 0.5  # points: rounding of positions computed in mm


class FieldTooWide(CardsError):
    """A printed field (a name, a book, the classes) wider than the card's safe area."""


def _field(face: CardFace, text: str) -> str:
    spell = face.spell
    candidates = (
        ("název", spell.name),
        ("anglický název", spell.name_en),
        ("zdroj (kniha)", ", ".join(spell.sources)),
        ("povolání", ", ".join(spell.classes)),
    )
    for field, value in candidates:
        value = normalise(value)  # as printed: "Bigby’s hand"
        if value and (text in value or value in text):
            return field
    return "text"


def _boxes(face: CardFace) -> list[tuple[float, float, float, float, str]]:
    """Return (left, right, baseline, size, text) of the labels and one-line fields."""
    boxes = []
    for item in face.items:
        if isinstance(item, Label):
            width = stringWidth(item.text, item.font, item.size)
            boxes.append((item.x, item.x + width, item.y, item.size, item.text))
        elif isinstance(item, TextLine) and item.role in (
            "title",
            "footer",
        ):  # a run-in stat is indented
            width = item.line.width * item.scale
            boxes.append((item.x, item.x + width, item.y, item.size, item.line.text))
    return boxes


def _overlap(face: CardFace) -> tuple[str, str] | None:
    """Return the texts of two fields printed over each other, or None."""
    boxes = sorted(_boxes(face))
    for n, (_left, right, y, size, text) in enumerate(boxes):
        for other_left, _right, other_y, other_size, other in boxes[n + 1 :]:
            if other_left >= right - TOLERANCE:
                break
            if abs(y - other_y) < 0.7 * min(size, other_size):
                return text, other
    return None


def _at(spell) -> str:
    """Where a spell is written: file:line."""
    return f"{spell.origin.file}:{spell.origin.line}"


def require_inside(faces: Sequence[CardFace], safe_margin: float) -> None:
    """Raise FieldTooWide when a label of the faces leaves the safe area (left or right) or
    two fields are printed over each other."""
    for face in faces:
        clash = _overlap(face)
        if clash is not None:
            spell = face.spell
            first, second = (f"{_field(face, text)} ({text!r})" for text in clash)
            raise FieldTooWide(
                say(
                    "field_over_field", at=_at(spell), label=spell.label, first=first, second=second
                )
            )
        right = face.width - safe_margin + TOLERANCE
        for item in face.items:
            if not isinstance(item, Label):
                continue
            width = stringWidth(item.text, item.font, item.size)
            if item.x >= safe_margin - TOLERANCE and item.x + width <= right:
                continue
            spell = face.spell
            over = max(safe_margin - item.x, item.x + width - right + TOLERANCE)
            raise FieldTooWide(
                say(
                    "field_off_card",
                    at=_at(spell),
                    label=spell.label,
                    field=f"{_field(face, item.text)} ({item.text!r})",
                    over=f"{over:.0f}",
                )
            )
