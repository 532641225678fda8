"""A build and Python's garbage collector: no pass afterwards that grows with the deck."""

from __future__ import annotations

import gc

from cards.build import build_pdf
from cards.source.library import read_compendium


def test_a_build_leaves_the_collector_nothing_young_to_walk(tmp_path):
    """The collector is paused during a build; afterwards its young generations hold
    (almost) nothing the build made, so the first pass after it does not walk them all."""
    spells = read_compendium().spells[::8]
    gc.collect()
    build_pdf(spells, tmp_path / "deck.pdf", sheet="none", cache=None)
    young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
    assert young < 1000  # the build made millions; 11,456 were left young before the freeze
    assert gc.isenabled()


def test_fitting_leaves_no_garbage_in_cycles():
    """With the collector paused, what a build makes must go by reference counting alone:
    garbage in cycles would stay until the build ends, memory growing with the deck."""
    from cards.build import fit_spells
    from cards.layout import load_layout

    spells, layout = read_compendium().spells, load_layout("poker")
    fit_spells(spells[:2], layout, cache=None, jobs=1)  # modules and caches set up
    gc.collect()
    gc.disable()
    try:
        fit_spells(spells[::12], layout, cache=None, jobs=1)
        assert gc.collect() == 0
    finally:
        gc.enable()
