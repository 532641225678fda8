"""Type as big as the card allows: poker, bridge, tarot and large print up to 12 pt, stat
values grown with it."""

from __future__ import annotations

import pytest

from cards.face import TextLine
from cards.fit import fit_spell
from cards.fit.search import STAT_REFERENCE, STAT_SCALE_FROM
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium


def _stat_sizes(face) -> set[float]:
    return {i.size for i in face.items if isinstance(i, TextLine) and i.role == "stat"}


@pytest.mark.parametrize("name", ["poker", "bridge"])
def test_a_short_spell_is_set_at_12_pt_with_larger_stats(name):
    """Štít, one of the most cast spells, takes the 12 pt step and its stat values grow in
    proportion (type.stat is drawn for an 8.5 pt body)."""
    layout = load_layout(name)
    (face,) = fit_spell(find_spell(read_compendium().spells, "Štít"), layout)
    assert face.body_size == 12.0 == layout.body_max
    (size,) = _stat_sizes(face)
    assert size == pytest.approx(layout.sizes.stat * 12.0 / STAT_REFERENCE)


def test_stats_keep_their_size_below_the_threshold():
    """A spell set below STAT_SCALE_FROM keeps the layout's stat size."""
    layout = load_layout("poker")
    spells = read_compendium().spells
    faces = fit_spell(find_spell(spells, "Teleport"), layout)
    assert faces[0].body_size < STAT_SCALE_FROM
    assert _stat_sizes(faces[0]) == {layout.sizes.stat}


def test_tarot_has_every_half_point_step():
    """Tarot's steps run 12 to 6.5: whole points above 10 pt (only short spells are set
    there), below 10 pt no gap wider than half a point (8 and 7 included)."""
    steps = load_layout("tarot").sizes.size_steps
    assert steps[:3] == (12.0, 11.0, 10.0) and 8.0 in steps and 7.0 in steps
    small = [s for s in steps if s <= 10.0]
    assert all(a - b <= 0.5 + 1e-9 for a, b in zip(small, small[1:], strict=False))


def test_the_size_search_does_not_set_a_size_its_bound_rules_out(recorded):
    """Ovládni vodu takes three cards at 7.5 pt; its height there, grown only with the leading,
    already passes the three cards' room at 8 pt, so the search never sets it larger (the
    big steps cost the whole-compendium build its time; without the bound, GROWTH = 0, it
    sets 8 pt)."""
    faces = fit_spell(find_spell(read_compendium().spells, "Ovládni vodu"), load_layout("poker"))
    assert [f.body_size for f in faces] == [7.5, 7.5, 7.5]
    assert max(recorded) == 7.5


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


@pytest.mark.parametrize("spell", ["Písečná zeď", "Najdi jed a nemoc", "Chůze po vodě"])
def test_grown_stats_keep_the_material_in_its_cell(spell):
    """Grown for their 10 or 11 pt body, the components of these spells would push their
    material note below the grid; grown for 9.25 pt they keep it in its cell, still larger
    than type.stat (before, the values stayed at type.stat)."""
    layout = load_layout("poker")
    (face,) = fit_spell(find_spell(read_compendium().spells, spell), layout)
    assert face.body_size >= 10.0
    assert not any(isinstance(i, TextLine) and i.role == "material" for i in face.items)
    (size,) = _stat_sizes(face)
    assert size == pytest.approx(layout.sizes.stat * 9.25 / STAT_REFERENCE)
