"""The type scale: one size a spell, below its name, up to the layout's top; justified up to
type.justify_max and flush-left above it; stat values grown with a large body."""

from __future__ import annotations

import pytest

from cards.build import fit_all
from cards.face import TextLine
from cards.fit import fit_spell
from cards.fit.search import STAT_REFERENCE, STAT_SCALE_FROM
from cards.layout import load_layout
from cards.model import Paragraph
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.spells import SENTENCE, make_spell

LAYOUTS = ("poker", "bridge", "tarot", "mini", "large-print", "ink-saver")


def _stat_sizes(face) -> set[float]:
    return {i.size for i in face.items if isinstance(i, TextLine) and i.role == "stat"}


def _titles(face) -> list[float]:
    return [i.size for i in face.items if isinstance(i, TextLine) and i.role == "title"]


@pytest.fixture(scope="module", params=LAYOUTS)
def deck(request, compendium):
    """Every spell of the compendium fitted in one layout (through the run's fit cache)."""
    layout = load_layout(request.param)
    return layout, fit_all(compendium, layout)


@pytest.mark.slow
def test_every_card_of_a_spell_has_one_size(deck):
    """A deck reads as one book: no spell changes its body size from card to card."""
    _, fits = deck
    uneven = [f.faces[0].spell.name for f in fits if len({c.body_size for c in f.faces}) > 1]
    assert uneven == []


@pytest.mark.slow
def test_the_body_is_smaller_than_the_spells_name(deck):
    """On every card the body is set smaller than the title's smallest line, and within
    body_min..body_max."""
    layout, fits = deck
    wrong = [
        (face.spell.name, face.part, face.body_size, min(_titles(face)))
        for fit in fits
        for face in fit.faces
        if face.body_size >= min(_titles(face)) - 1e-9
        or not layout.body_min - 1e-9 <= face.body_size <= layout.body_max + 1e-9
    ]
    assert wrong == []


def test_large_print_is_large():
    """Large print sets every body at 10 pt or more, Ohnivá koule included."""
    layout = load_layout("large-print")
    assert layout.body_min >= 10.0
    faces = fit_spell(find_spell(read_compendium().spells, "Ohnivá koule"), layout)
    assert min(f.body_size for f in faces) >= 10.0


def _stretched(faces) -> list[TextLine]:
    return [
        i
        for f in faces
        for i in f.items
        if isinstance(i, TextLine) and i.role == "body" and i.line.word_space > 1e-6
    ]


def test_above_justify_max_the_text_is_flush_left():
    """A short spell on poker takes a size above type.justify_max and is set flush-left: no
    line's spaces are stretched; a long one at or below it is justified."""
    layout = load_layout("poker")
    short = fit_spell(make_spell(Paragraph(SENTENCE * 2)), layout)
    assert short[0].body_size > layout.sizes.justify_max
    assert _stretched(short) == []
    long = fit_spell(make_spell(*(Paragraph(SENTENCE * 5) for _ in range(3))), layout)
    assert long[0].body_size <= layout.sizes.justify_max
    assert _stretched(long) != []


def test_a_short_spell_grows_its_stat_values_with_its_body():
    """Štít, one of the most cast spells, takes poker's top size (below its 11 pt name) and its
    stat values grow in proportion (type.stat is drawn for an 8.5 pt body)."""
    layout = load_layout("poker")
    (face,) = fit_spell(find_spell(read_compendium().spells, "Štít"), layout)
    assert face.body_size == layout.body_max < min(_titles(face))
    (size,) = _stat_sizes(face)
    assert size == pytest.approx(layout.sizes.stat * layout.body_max / STAT_REFERENCE)


def test_stats_keep_their_size_below_the_threshold():
    """A spell set below STAT_SCALE_FROM keeps the layout's stat size."""
    layout = load_layout("poker")
    spells = read_compendium().spells
    faces = fit_spell(find_spell(spells, "Teleport"), layout)
    assert faces[0].body_size < STAT_SCALE_FROM
    assert _stat_sizes(faces[0]) == {layout.sizes.stat}


@pytest.mark.parametrize(
    ("name", "spell"),
    [("bridge", "Mlžný krok"), ("bridge", "Léčivé slovo"), ("poker", "Spěšný ústup")],
)
def test_grown_stat_values_never_wrap(name, spell):
    """On bridge's narrower grid "1 bonusová akce" grown for a 10 pt body wraps onto two
    lines: the values take the next smaller step's growth instead, one line each, and are
    still larger than the layout's own stat size."""
    layout = load_layout(name)
    (face,) = fit_spell(find_spell(read_compendium().spells, spell), layout)
    values = [i for i in face.items if isinstance(i, TextLine) and i.role == "stat"]
    assert len(values) == 4  # one line per cell
    assert "1 bonusová akce" in {v.line.text for v in values}
    (size,) = _stat_sizes(face)
    assert layout.sizes.stat < size <= layout.sizes.stat * face.body_size / STAT_REFERENCE


def test_the_size_search_does_not_set_a_size_its_bound_rules_out(recorded):
    """Ovládni vodu takes three cards at 7.5 pt; its height there, grown only with the leading,
    already passes the three cards' room at 8 pt, so the search never sets it larger (the
    big steps cost the whole-compendium build its time; without the bound, GROWTH = 0, it
    sets 8 pt)."""
    faces = fit_spell(find_spell(read_compendium().spells, "Ovládni vodu"), load_layout("poker"))
    assert [f.body_size for f in faces] == [7.5, 7.5, 7.5]
    assert max(recorded) == 7.5
