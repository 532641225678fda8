"""The compact run-in stat grid is taken for a spell where it saves a card, as squeeze is."""

from __future__ import annotations

import pytest

from cards.fit import fit_spell, search
from cards.layout import load_layout
from cards.select import find_spell
from cards.source.library import read_compendium


def _spell(name: str):
    return find_spell(read_compendium().spells, name)


def test_a_spell_the_run_in_grid_saves_a_card_takes_it(monkeypatch):
    """Hromokrok on poker takes two cards with the grid of labels above values, one with
    the run-in grid: it is set on one."""
    layout = load_layout("poker")
    faces = fit_spell(_spell("Hromokrok"), layout)
    assert len(faces) == 1 and faces[0].run_in
    monkeypatch.setattr(search, "RUN_IN_FALLBACK", False)
    assert len(fit_spell(_spell("Hromokrok"), layout)) == 2


@pytest.mark.parametrize(("layout_name", "name"), [("poker", "Přání"), ("poker", "Štít")])
def test_a_spell_it_saves_nothing_keeps_the_layouts_grid(layout_name, name):
    """Přání (three cards either way) and Štít (one card) keep the labels above values."""
    faces = fit_spell(_spell(name), load_layout(layout_name))
    assert not any(face.run_in for face in faces)


def test_a_layout_with_the_run_in_grid_tries_no_other():
    """Mini has the run-in grid: the denser setters are only the squeezed one."""
    setter = search.SpellSetter(_spell("Teleport"), load_layout("mini"))
    assert [s.style.run_in for s in search._denser(setter)] == [True]


def test_the_run_in_grid_is_taken_before_squeezing_with_it():
    """Rozklad on poker fits one card with the run-in grid and its paragraph gaps as they
    are: it is not squeezed as well."""
    layout = load_layout("poker")
    (face,) = fit_spell(_spell("Rozklad"), layout)
    assert face.run_in
    assert face.squeeze == 0.0


def test_a_run_in_grid_that_stacks_a_value_under_its_label_is_not_taken():
    """Ovládni plameny on bridge: its long duration ("Ihned, nebo 1 hodina") would stand under
    its label in the run-in grid, too close below it; it keeps the layout's grid."""
    faces = fit_spell(_spell("Ovládni plameny"), load_layout("bridge"))
    assert not any(face.run_in for face in faces)
