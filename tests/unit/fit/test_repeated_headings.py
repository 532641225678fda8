"""A numbered item or an action that goes on to the next card is named there again, "(pokr.)"."""

from __future__ import annotations

import pytest

from cards.face import TextLine
from cards.fit import fit_spell, setter
from cards.fit.blocks import HEADING_CONTINUED, continued_heading
from cards.layout import load_layout
from cards.model import Paragraph
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.spells import SENTENCE, make_spell


def _body_lines(face) -> list[TextLine]:
    lines = [i for i in face.items if isinstance(i, TextLine) and i.role == "body"]
    return sorted(lines, key=lambda i: -i.y)


def test_the_heading_is_marked_as_going_on():
    """ "3. Žlutá." is repeated as "3. Žlutá (pokr.)": its full stop dropped, the mark added."""
    assert continued_heading("3. Žlutá.") == "3. Žlutá (pokr.)"
    assert continued_heading("Akce:") == f"Akce {HEADING_CONTINUED}"


def test_a_split_item_begins_its_next_card_with_its_heading():
    """A long numbered item split over two cards: the second card's first line is its
    heading marked "(pokr.)", in bold, and the item's text goes on below it."""
    spell = make_spell(
        Paragraph(SENTENCE * 2),
        Paragraph(SENTENCE * 14, heading="3. Žlutá."),
    )
    faces = fit_spell(spell, load_layout("poker"))
    assert len(faces) == 2
    first, *rest = _body_lines(faces[1])
    assert first.line.text == "3. Žlutá (pokr.)"
    assert all("Bold" in run.font for run in first.line.runs)
    assert rest and "(pokr.)" not in " ".join(line.line.text for line in rest)
    assert not any("(pokr.)" in line.line.text for line in _body_lines(faces[0]))


def test_a_card_that_begins_a_paragraph_repeats_nothing():
    """Paragraphs with headings that each begin a card: no heading is said twice."""
    spell = make_spell(*(Paragraph(SENTENCE * 3, heading=f"{n}. Bod.") for n in range(1, 9)))
    for face in fit_spell(spell, load_layout("poker")):
        texts = [line.line.text for line in _body_lines(face)]
        if texts[0].endswith(HEADING_CONTINUED):
            assert face.part > 1


@pytest.mark.parametrize(
    ("layout_name", "name"),
    [("mini", "Hněv živlů"), ("mini", "Ovládni vodu"), ("poker", "Bigbyho ruka")],
)
def test_a_repeated_heading_never_costs_a_card(monkeypatch, layout_name, name):
    """Spells whose repeated headings would take a card more (at the minimum size) are set
    without them: as many cards as with no heading ever repeated (nor the cue of a card
    begun inside a sentence, which gives way last)."""
    layout = load_layout(layout_name)
    spell = find_spell(read_compendium().spells, name)
    shipped = fit_spell(spell, layout)
    real = setter.description
    bare = {"headings": False, "cues": False}
    monkeypatch.setattr(setter, "description", lambda *a, **k: real(*a, **{**k, **bare}))
    assert len(shipped) == len(fit_spell(spell, layout))
