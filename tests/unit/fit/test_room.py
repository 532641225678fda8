"""cards/fit/room.py: the choices made in a spell's cards (here: per-card sizes and holes)."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import TextLine
from cards.fit import fit_spell
from cards.fit.room import HOLE
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium


def _worst_space(faces, space: float) -> float:
    """The widest space of the faces' stretched lines, as a multiple of its width."""
    ratios = [
        (space * item.size + item.line.word_space) * item.line.scale / (space * item.size)
        for face in faces
        for item in face.items
        if isinstance(item, TextLine) and item.line.word_space > 0
    ]
    return max(ratios, default=1.0)


def test_a_card_at_its_own_size_opens_no_hole():
    """Naplánovaná iluze on poker: set at its own, larger size, its second card began with
    "Spouštěcí okolnost může být natolik" at 3.07 times the space; a larger card is not worth
    a hole, so the cards keep the spell's size where that is what it takes."""
    layout = load_layout("poker")
    spell = find_spell(read_compendium().spells, "Naplánovaná iluze")
    faces = fit_spell(spell, layout)
    assert len(faces) == 2
    assert _worst_space(faces, stringWidth(" ", layout.fonts["body"], 1.0)) <= HOLE
