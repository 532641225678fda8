"""Tests for cards.build: fitting a deck (from the cache or anew, in one process or more) and
writing its PDF: the same bytes whichever way the cards were fitted."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cards.build import build_pdf, fit_all, fit_spells
from cards.cache import FitCache
from cards.impose import PrintOptions
from cards.layout import load_layout
from cards.model import Paragraph
from tests.support.spells import SENTENCE, make_spell


@pytest.fixture(scope="module")
def deck():
    """Four spells: three short, one over three cards."""
    short = [make_spell(Paragraph(SENTENCE * n), name=f"Kouzlo {n}") for n in (1, 2, 3)]
    return [*short, make_spell(*[Paragraph(SENTENCE * 6)] * 5, name="Dlouhé kouzlo")]


def test_a_built_pdf_has_the_pages_it_reports(tmp_path, deck):
    """One card a page with backs: spells, cards, sheets and pages as the file holds them."""
    faces = fit_spells(deck, load_layout("poker"), cache=None)
    result = build_pdf(
        deck, tmp_path / "k.pdf", sheet="none", options=PrintOptions(backs=True), cache=None
    )
    assert (result.spells, result.cards, result.sheets) == (4, len(faces), len(faces))
    assert len(faces) >= 6 and result.pages == 2 * len(faces)
    assert len(PdfReader(tmp_path / "k.pdf").pages) == result.pages


def test_the_same_deck_gives_the_same_bytes_cached_or_not(tmp_path, deck):
    """Built without a cache, into a new cache, from it, and in two processes: one PDF."""
    cache = FitCache(tmp_path / "cache")
    paths = [tmp_path / f"{n}.pdf" for n in range(4)]
    build_pdf(deck, paths[0], cache=None, jobs=1)
    build_pdf(deck, paths[1], cache=cache, jobs=1)
    cache.stats.hits = cache.stats.misses = 0
    build_pdf(deck, paths[2], cache=cache, jobs=1)
    assert (cache.stats.hits, cache.stats.misses) == (4, 0)
    build_pdf(deck, paths[3], cache=None, jobs=2)
    first = paths[0].read_bytes()
    assert all(path.read_bytes() == first for path in paths[1:])


def test_fit_all_keeps_the_order_given_and_counts_progress(deck):
    """A fit per spell in the order asked, each of that spell; progress called once a spell."""
    seen: list[int] = []
    fits = fit_all(list(reversed(deck)), load_layout("mini"), seen.append, cache=None, jobs=1)
    assert [fit.faces[0].spell.name for fit in fits] == [s.name for s in reversed(deck)]
    assert all(
        {face.spell for face in fit.faces} == {spell}
        for fit, spell in zip(fits, reversed(deck), strict=True)
    )
    assert sum(seen) == len(deck)


def test_fit_all_reads_back_from_the_cache_the_faces_it_stored(tmp_path, deck):
    """A second fit of the deck is four hits and no miss, face for face the first one."""
    cache = FitCache(tmp_path / "cache")
    layout = load_layout("poker")
    first = fit_all(deck, layout, cache=cache, jobs=1)
    cache.stats.hits = cache.stats.misses = 0
    again = fit_all(deck, layout, cache=cache, jobs=1)
    assert (cache.stats.hits, cache.stats.misses) == (4, 0)
    assert [fit.faces for fit in again] == [fit.faces for fit in first]
