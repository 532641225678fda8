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
