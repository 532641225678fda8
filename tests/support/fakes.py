"""Fake card faces and stand-in painters for the imposition, backs, index and PDF tests."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm


@dataclass(frozen=True)
class FakeFace:
    """A card face with only what imposition, the backs and the index read: a size, a spell
    (a name, a Spell record, or None for a deck's common back) and its part."""

    spell: object
    part: int = 1
    parts: int = 1
    width: float = 63 * mm
    height: float = 88 * mm


def fake_faces(
    *parts: int, width: float = 63 * mm, height: float = 88 * mm
) -> tuple[FakeFace, ...]:
    """Return faces of spells "s0", "s1", ... with the given number of parts each."""
    return tuple(
        FakeFace(f"s{index}", part, count, width, height)
        for index, count in enumerate(parts)
        for part in range(1, count + 1)
    )


def face_code(face) -> float:
    """A number in [0, 1) that tells fake faces apart by colour: spell and part."""
    return ((int(face.spell[1:]) % 50) * 2 + face.part % 2) / 100


def draw_box(canvas, face, x, y, *, bleed=0.0, **_):
    """Stand in for draw_face: a rectangle with its bleed, coloured by face_code."""
    canvas.setFillColorRGB(0.8, 0.2, face_code(face))
    canvas.rect(
        x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed, stroke=0, fill=1
    )


def draw_back_box(canvas, face, x, y, *, bleed=0.0, **_):
    """Stand in for draw_back: a rectangle with its bleed, coloured by face_code."""
    canvas.setFillColorRGB(0.2, 0.8, face_code(face))
    canvas.rect(
        x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed, stroke=0, fill=1
    )
